import AllinRuntime
import AllinTestSupport
import Foundation
@testable import AllinCore
@testable import AllinUI

/// Journals in memory at a fixed moment: Monday 20 May 2024, 20:00 in London.
enum JournalFixtures {
    static let zone = TimeZone(identifier: "Europe/London")!
    static let today = LocalDay(year: 2024, month: 5, day: 20)!
    static let now = at(today, 20, 0)

    /// `hour:minute` local time on `day` in London.
    static func at(_ day: LocalDay, _ hour: Int, _ minute: Int) -> Date {
        let guess = Date(timeIntervalSince1970: Double(day.number * 86_400 + hour * 3600 + minute * 60))
        return guess.addingTimeInterval(-Double(zone.secondsFromGMT(for: guess)))
    }

    static func session(_ slug: String) -> Session { TestCatalog.real.sessions.first { $0.slug == slug }! }

    static let stressed = CheckIn(emotion: "stressed", situation: "work", triggerText: "three deadlines this week",
                                  intensity: 5, body: ["head", "shoulders"], intent: "soothe")
    static let worried = CheckIn(emotion: "worried", triggerText: "the quarterly review", intensity: 6, intent: "unblock",
                                 consent: true, belief: "not_good_enough", pattern: "I work late", origin: "school",
                                 kinder: "I am learning, not failing")
    static let ownWords = CheckIn(customEmotion: "wobbly", intensity: 3, intent: "embody", confidenceSubTap: "speaking_up",
                                  embodyNew: "I speak slowly and clearly")

    /// A route to `slug` as the router would record it, with a short trace.
    static func routed(_ slug: String, sootheFirst: Bool = false) -> Recommendation {
        let s = session(slug)
        return Recommendation(kind: .audio, lane: s.lane, intentLane: s.lane, valence: .unpleasant, sootheFirst: sootheFirst,
                              session: s, crisis: nil, concern: nil, trace: [
                                  TraceEntry(gate: "crisisA", decision: "clear", details: [("scanned", .array([.string("triggerText")]))]),
                                  TraceEntry(gate: "affect", decision: "unpleasant", details: [("rule", .string("chip"))]),
                                  TraceEntry(gate: "candidates", decision: s.lane.rawValue,
                                             details: [("count", .int(3)), ("lane", .string(s.lane.rawValue))]),
                                  TraceEntry(gate: "choice", decision: "picker", details: [("matched", .array([.string("deadline")]))]),
                              ])
    }

    static let handoff = recommendation(kind: .safetyHandoff, session: nil, crisis: CrisisDecision(
        finding: CrisisFinding(layer: .a, tier: .crisis, rule: "A.selfModalAct", matched: "kill myself"), field: "triggerText"))

    /// Stores one check-in and, unless it is a handoff, completes it.
    @discardableResult
    static func add(_ journal: MemoryJournal, _ day: LocalDay, hour: Int = 9, minute: Int = 30, _ checkIn: CheckIn,
                    _ r: Recommendation, before: Int? = nil, after: Int? = nil, note: String? = nil,
                    finished: Bool = true) -> Int64 {
        let start = at(day, hour, minute)
        let id = try! journal.begin(checkIn, recommendation: r, moodBefore: before, at: start, timeZone: zone)
        if finished { try! journal.complete(id, moodAfter: after, note: note, at: start.addingTimeInterval(900)) }
        return id
    }

    /// Three weeks of check-ins: a streak of six days with one rest day (17 May) ending today, two
    /// handoffs, own words, a note with a line break and a hostile escape sequence, and one unfinished.
    static func populated() -> MemoryJournal {
        let j = MemoryJournal()
        let breath = routed("box_breath_reset")
        let deadline = routed("deadline_pressure_valve", sootheFirst: true)
        let story = routed("rewrite_an_old_story")
        func day(_ back: Int) -> LocalDay { today.adding(days: -back) }
        add(j, day(40), worried, story, before: 4, after: 5, note: "first try")
        add(j, day(25), hour: 22, minute: 5, stressed, breath, before: 3, after: 6, note: "slept better after")
        add(j, day(25), hour: 23, minute: 40, CheckIn(), handoff)
        add(j, day(12), stressed, deadline, before: 4, after: 7, note: "walked by the river at lunch")
        add(j, day(10), ownWords, story, before: 5, after: 5)
        add(j, day(8), worried, story, before: 3, after: 4, note: "talked to Sam\nfelt lighter")
        add(j, day(6), stressed, deadline, before: 2, after: 6, note: "river walk again, calmer")
        add(j, day(5), worried, story, before: 5, after: 7)
        add(j, day(4), hour: 21, minute: 15, CheckIn(), handoff)
        add(j, day(2), stressed, breath, before: 4, after: 8, note: "note with \u{1B}[31mred\u{1B}[0m in it")
        add(j, day(1), stressed, deadline, before: 6, after: 7)
        add(j, day(0), hour: 8, minute: 5, worried, story, before: 5, note: nil, finished: true)
        add(j, day(0), hour: 19, minute: 45, stressed, breath, before: 3, finished: false)
        return j
    }

    /// `n` check-ins, one a day back from today.
    static func many(_ n: Int) -> MemoryJournal {
        let j = MemoryJournal()
        let deadline = routed("deadline_pressure_valve")
        for back in (0..<n).reversed() {
            add(j, today.adding(days: -back), stressed, deadline, before: back % 10 + 1, after: (back * 7) % 10 + 1)
        }
        return j
    }

    static func reader(_ journal: any JournalStoring, rules: StreakRules = .standard) -> JournalReader {
        JournalReader(journal, now: now, timeZone: zone, rules: rules)
    }

    /// Answers the journal effects the way the runtime does, until none are left.
    static func run(_ state: inout AppState, _ effects: [Effect], _ reader: JournalReader) {
        var pending = effects
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            if let msg = reader.answer(effect) { pending += App.update(&state, msg) }
        }
    }

    /// The journal screen opened from home with `J` and loaded from `journal`.
    static func opened(_ journal: any JournalStoring, width: Int = 80, height: Int = 24, lang: String = "en_GB.UTF-8",
                       rules: StreakRules = .standard) -> AppState {
        var s = TestCatalog.state(width: width, height: height, lang: lang)
        run(&s, command(&s, "J"), reader(journal, rules: rules))
        return s
    }

    /// Keys pressed on the journal screen, with any loading or searching they ask for answered.
    static func keys(_ state: inout AppState, _ journal: any JournalStoring, _ keys: Key...) {
        for key in keys { run(&state, App.update(&state, .keyPressed(key)), reader(journal)) }
    }

    static func typing(_ state: inout AppState, _ journal: any JournalStoring, _ text: String) {
        for c in text { run(&state, App.update(&state, .keyPressed(.char(c))), reader(journal)) }
    }
}
