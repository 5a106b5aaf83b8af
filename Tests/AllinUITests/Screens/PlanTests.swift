import AllinTestSupport
import Testing
@testable import AllinCore
@testable import AllinUI

@Suite("Safety plan screen: update")
struct PlanTests {
    @Test func writtenPartByPartAndSavedOnlyWhenTheJournalSaysSo() {
        var s = TestCatalog.state()
        command(&s, "p")
        #expect(s.screen == .safetyPlan && s.plan?.part == .warningSigns)
        #expect(screen(s).text.contains("My reasons for living"))
        press(&s, .enter)
        #expect(s.hasTextFocus)
        type(&s, "not sleeping, j and k too")
        let effects = press(&s, .enter)
        #expect(effects == [.saveSafetyPlanPart(.warningSigns, "not sleeping, j and k too")])
        #expect(s.plan?.saving == [.warningSigns: "not sleeping, j and k too"] && s.plan?.part == .copingAlone)
        #expect(s.notice == nil, "nothing says saved before the journal answers")
        _ = App.update(&s, .safetyPlanSaved(SafetyPlan([.warningSigns: "not sleeping, j and k too"]), problem: nil))
        #expect(s.notice == "Saved." && s.safetyPlan[.warningSigns] == "not sleeping, j and k too")
        // A failed save says so and keeps the plan as it was.
        press(&s, .enter)
        type(&s, "a walk")
        press(&s, .enter)
        _ = App.update(&s, .safetyPlanSaved(SafetyPlan(), problem: .other(path: "x", detail: "disk full")))
        #expect(s.notice?.hasPrefix("Your plan could not be saved") == true)
        #expect(s.safetyPlan[.copingAlone].isEmpty)
        press(&s, .escape)
        #expect(s.screen == .home && s.plan == nil)
    }

    /// Another allin saved a part while this screen was open: the journal keeps it (only the part
    /// written here is saved) and the screen says so and shows the plan as stored.
    @Test func aPartSavedElsewhereMeanwhileIsKeptAndSaid() {
        var s = TestCatalog.state()
        _ = App.update(&s, .safetyPlanLoaded(SafetyPlan([.reasons: "my kids"])))
        command(&s, "p"); press(&s, .enter)
        type(&s, "a long walk")
        press(&s, .enter)
        _ = App.update(&s, .safetyPlanSaved(SafetyPlan([.warningSigns: "a long walk", .reasons: "my kids and Sam",
                                                        .helpers: "Sam 07700 900123"]), problem: nil))
        #expect(s.notice?.hasPrefix("Saved. Your plan was also changed elsewhere") == true)
        #expect(s.safetyPlan[.helpers] == "Sam 07700 900123" && s.safetyPlan[.reasons] == "my kids and Sam")
        // Saved as begun: just "Saved."
        press(&s, .enter)
        type(&s, "music")
        press(&s, .enter)
        _ = App.update(&s, .safetyPlanSaved(s.safetyPlan.applying([.copingAlone: "music"]), problem: nil))
        #expect(s.notice == "Saved.")
    }

    @Test func escWhileWritingLeavesThePartAsItWas() {
        var s = TestCatalog.state()
        _ = App.update(&s, .safetyPlanLoaded(SafetyPlan([.warningSigns: "old words"])))
        command(&s, "p"); press(&s, .enter)
        type(&s, " and more")
        let effects = press(&s, .escape)
        #expect(effects.isEmpty && s.plan?.editing == nil && s.safetyPlan[.warningSigns] == "old words")
    }

    /// Warning signs are dark words by design: ideation written there asks first, and words answered
    /// for (here through support's "yes, go back") are kept without asking again.
    @Test func darkWordsInWarningSignsAskFirstAndSupportKeepsThemInTheField() {
        var s = TestCatalog.state()
        command(&s, "p"); press(&s, .enter)
        type(&s, "when i want to kill myself")
        #expect(press(&s, .enter) == [.discardPendingInput])
        #expect(s.overlay == .concern)
        command(&s, "n")
        #expect(s.screen == .support)
        press(&s, .escape); command(&s, "y")
        #expect(s.screen == .safetyPlan && s.plan?.editing?.text == "when i want to kill myself")
        #expect(s.notice?.contains("Your words are still here") == true)
        // Answered for: the same words are kept without asking again.
        let effects = press(&s, .enter)
        #expect(s.overlay == nil)
        #expect(effects == [.saveSafetyPlanPart(.warningSigns, "when i want to kill myself")])
    }

    /// An attempt or a plan made now hands off from every part and every way out, as everywhere else.
    @Test(arguments: [Key.enter, .escape, .ctrl("c")])
    func anAttemptHandsOffFromEveryPart(_ key: Key) {
        for part in SafetyPlan.Part.allCases {
            var s = TestCatalog.state()
            command(&s, "p")
            s.modify(\.plan) { $0.cursor = SafetyPlan.Part.allCases.firstIndex(of: part)! }
            press(&s, .enter)
            type(&s, "i took all my pills")
            let effects = press(&s, key)
            #expect(!effects.contains(.quit) && s.overlay == nil, "\(part) \(key)")
            #expect(s.screen == .support && s.support?.reason.tier == .immediate, "\(part) \(key)")
            #expect(s.support?.emergencyFirst == true, "the emergency number first")
            press(&s, .escape); command(&s, "y")
            #expect(s.screen == .safetyPlan && s.plan?.editing?.text == "i took all my pills")
            // Answered for: the way out now goes on without asking again.
            let again = press(&s, key)
            #expect(s.screen != .support && s.overlay == nil, "\(part) \(key)")
            if key == .ctrl("c") { #expect(again.contains(.quit)) }
        }
    }

    /// Outside the parts that name dark things, a clear statement hands off at once.
    @Test func aClearStatementInOtherPartsHandsOff() {
        var s = TestCatalog.state()
        command(&s, "p")
        s.modify(\.plan) { $0.cursor = SafetyPlan.Part.allCases.firstIndex(of: .reasons)! }
        press(&s, .enter)
        type(&s, "i want to kill myself")
        press(&s, .enter)
        #expect(s.screen == .support && s.overlay == nil)
        #expect(SafetyPlan.Part.allCases.filter(\.namesDarkThings) == [.warningSigns, .saferSurroundings])
    }

    @Test func leavingAPartUnkeptStillReadsItsWords() {
        var s = TestCatalog.state()
        command(&s, "p"); press(&s, .enter)
        type(&s, "thinking nobody would notice if i was gone")
        #expect(press(&s, .escape) == [.discardPendingInput])
        #expect(s.overlay == .concern && s.plan?.editing != nil)
        command(&s, "y")
        #expect(s.overlay == nil && s.plan?.editing == nil && s.safetyPlan.isEmpty)
        // Quitting with such words typed asks first too; yes then quits.
        press(&s, .enter)
        type(&s, "i want to die")
        let quit = press(&s, .ctrl("c"))
        #expect(!quit.contains(.quit) && s.overlay == .concern)
        #expect(command(&s, "y") == [.quit])
        // Ordinary words leave at once.
        var calm = TestCatalog.state()
        command(&calm, "p"); press(&calm, .enter)
        type(&calm, "a walk")
        press(&calm, .escape)
        #expect(calm.overlay == nil && calm.plan?.editing == nil)
    }

    @Test func fromSupportAndBack() {
        var s = TestCatalog.state()
        press(&s, .function(2)); command(&s, "p")
        #expect(s.screen == .safetyPlan && s.support != nil)
        press(&s, .escape)
        #expect(s.screen == .support)
    }

    @Test func theKeysAreInTheHelp() {
        var s = TestCatalog.state()
        press(&s, .char("?"))
        #expect(screen(s).text.contains("write or read your safety plan"))
    }
}
