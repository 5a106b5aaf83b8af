import Foundation
@testable import AllinCore

/// A date from local wall-clock text `yyyy-MM-dd HH:mm` in the named zone.
func wallClock(_ text: String, _ zone: String) -> Date {
    let f = DateFormatter()
    f.locale = Locale(identifier: "en_US_POSIX")
    f.timeZone = TimeZone(identifier: zone)!
    f.dateFormat = "yyyy-MM-dd HH:mm"
    guard let d = f.date(from: text) else { fatalError("bad test date \(text) in \(zone)") }
    return d
}

func zone(_ id: String) -> TimeZone { TimeZone(identifier: id)! }

/// `YYYY-MM-DD` as a LocalDay (test input is always valid).
func day(_ iso: String) -> LocalDay { LocalDay(iso: iso)! }

func days(_ isos: String...) -> [LocalDay] { isos.map(day) }

/// A small seeded generator, so property tests are repeatable.
typealias SeededRandom = SplitMix64

/// An audio recommendation for `session` in `lane`, with a one-gate trace.
func audioRoute(_ slug: String = "soothe-breath", lane: Lane = .soothe) -> Recommendation {
    Recommendation(kind: .audio, lane: lane, intentLane: lane, valence: .unpleasant, sootheFirst: false,
                   session: session(slug, lane), crisis: nil, concern: nil,
                   trace: [TraceEntry(gate: "choice", decision: "single", details: [("slug", .string(slug))])])
}

/// A layer-A handoff whose trace quotes the words that fired (which must never be stored).
func handoffRoute(tier: CrisisTier = .crisis) -> Recommendation {
    let finding = CrisisFinding(layer: .a, tier: tier, rule: "A.test", matched: "secret words", reason: "test")
    return Recommendation(kind: .safetyHandoff, lane: nil, intentLane: .unblock, valence: nil, sootheFirst: false,
                          session: nil, crisis: CrisisDecision(finding: finding, field: "triggerText"), concern: nil,
                          trace: [TraceEntry(gate: "crisisA", decision: "fired", details: [("matched", .string("secret words"))])])
}
