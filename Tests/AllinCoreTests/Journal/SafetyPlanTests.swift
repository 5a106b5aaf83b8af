import Foundation
import Testing
@testable import AllinCore

@Suite("Safety plan: the parts and how they read")
struct SafetyPlanTests {
    @Test func partsAreOptionalTrimmedAndInOrder() {
        var plan = SafetyPlan()
        #expect(plan.isEmpty)
        plan[.reasons] = "  my kids\n"
        plan[.warningSigns] = "not sleeping"
        plan[.helpers] = "   "
        #expect(!plan.isEmpty)
        #expect(plan[.reasons] == "my kids" && plan[.helpers].isEmpty)
        #expect(plan.written.map(\.part) == [.warningSigns, .reasons])
        plan[.warningSigns] = ""
        #expect(plan.written.map(\.part) == [.reasons])
    }

    @Test func supportReadsReasonsCopingAndPeopleFirst() {
        let plan = SafetyPlan([.warningSigns: "w", .helpers: "Sam 07700 900123", .reasons: "my dog",
                               .copingAlone: "a walk", .professionals: "GP 01632 960000", .saferSurroundings: "s"])
        #expect(plan.forSupport.map(\.part) == [.reasons, .copingAlone, .helpers, .professionals])
    }

    /// "My reasons for living" answered with none asks the gentle question, once, and support leaves it
    /// out; a reason that opens with "nothing" is a reason (found from outside: "nothing anymore",
    /// "none left" and "nothing, that's the problem" were kept unread and shown first on support).
    @Test func reasonsAnsweredWithNoneAsk() throws {
        for text in ["none left", "nothing anymore", "nothing, that's the problem", "no reasons left", "idk", "Nothing.",
                     "nothing, that’s the problem", "can’t think of any"] {
            guard case let .concern(d) = SafetyPlan.Part.reasons.weigh(.clear, text: text) else { Issue.record("\(text)"); continue }
            #expect(d.finding.rule == SafetyPlan.Part.noReasonsRule)
            #expect(SafetyPlan.Part.reasons.weigh(.clear, text: text, answered: [text]) == .clear, "\(text): answered")
            #expect(SafetyPlan.Part.helpers.weigh(.clear, text: text) == .clear, "\(text): only the reasons part")
        }
        for text in ["my kids", "nothing beats my kids' hugs", "no one loves my cat like I do, she needs me", "my mum and my dog"] {
            #expect(SafetyPlan.Part.reasons.weigh(.clear, text: text) == .clear, "\(text)")
        }
        let check = CrisisCheck(detector: try crisisDetector())
        let plan = SafetyPlan([.reasons: "nothing anymore", .helpers: "Sam 07700 900123"])
        #expect(plan.forSupport(checkedBy: check).map(\.part) == [.helpers])
        #expect(plan.forSupport(checkedBy: nil).map(\.part) == [.reasons, .helpers])
    }

    @Test func everyPartHasATitleAPromptAndAnExample() {
        #expect(SafetyPlan.Part.allCases.count == 7)
        for part in SafetyPlan.Part.allCases {
            #expect(!part.title.isEmpty && (part.prompt.hasSuffix(".") || part.prompt.hasSuffix("?")))
            #expect(part.example.hasPrefix("e.g. "))
        }
    }

    @Test func printableListsWrittenPartsUnderTheirHeadings() {
        let text = SafetyPlan([.reasons: "my kids\nthe sea"]).printable(date: "2026-12-04")
        #expect(text == "My safety plan (updated 2026-12-04)\n\nMy reasons for living\n  my kids\n  the sea\n")
        #expect(SafetyPlan().printable(date: nil).contains("Nothing written yet."))
    }

    /// "Making my surroundings safer" asks for the means to put away, and the trained model reads
    /// keeping a means as it reads putting one away: there it is the only layer that notices these,
    /// so its question is asked in that part as everywhere (docs/crisis-check.md). A plan made now
    /// hands off; the part's own example is clear.
    @Test(arguments: [
        ("i'm keeping the rope", "asks"), ("i moved the rope to my car", "asks"),
        ("i want to hold on to the knife", "asks"), ("i still have the blades", "asks"),
        ("i want to die", "asks"), ("i will take all the pills tonight", "hands off"),
        ("ask my partner to keep the spare medicine", "clear"),
    ])
    func makingSurroundingsSaferStillReadsKeepingAMeans(text: String, expected: String) throws {
        let check = CrisisCheck(detector: try crisisDetector())
        let part = SafetyPlan.Part.saferSurroundings
        let verdict = part.weigh(check.check(field: part.rawValue, text: text).verdict)
        switch verdict {
        case .clear: #expect(expected == "clear", "\(text)")
        case .concern: #expect(expected == "asks", "\(text)")
        case .handoff: #expect(expected == "hands off", "\(text)")
        case .askedForHelp: Issue.record("\(text): read as a request for help")
        }
    }

    @Test func theMemoryJournalKeepsThePlanWithItsDate() throws {
        let journal = MemoryJournal()
        #expect(try journal.safetyPlan().isEmpty)
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        try journal.saveSafetyPlan(SafetyPlan([.reasons: "my kids"]), at: at)
        let plan = try journal.safetyPlan()
        #expect(plan[.reasons] == "my kids" && plan.updatedAt == at)
    }
}
