import AllinTestSupport
import Testing
@testable import AllinCore
@testable import AllinUI

/// Characters a text field's limit refuses are still read by the crisis check when the field is left,
/// by any way out, in every limited field: a terminal that pastes as keystrokes sends them as keys.
@Suite("Text fields: what the limit refuses is still read")
struct FieldLimitTests {
    static let words = " honestly i want to kill myself"

    /// Everyday words up to exactly `limit` characters.
    static func filler(_ limit: Int) -> String {
        String(String(repeating: "work has been awful and ", count: limit / 24 + 1).prefix(limit))
    }

    /// Fills the field on screen to its limit (pasted), then types the words as keys, all refused.
    static func fillThenType(_ s: inout AppState, limit: Int) {
        _ = App.update(&s, .textPasted(filler(limit)))
        type(&s, words)
    }

    @Test func theFieldKeepsWhatItRefused() {
        var field = TextField("abcdef", limit: 4)
        #expect(field.text == "abcd" && field.checkedText == "abcdef")
        field.insert("gh")
        #expect(field.text == "abcd" && field.refused == Array("efgh") && field.checkedText == "abcdefgh")
        #expect(field.insertReporting("ij") == 2)
        #expect(TextField("abc", limit: 4).checkedText == "abc")
    }

    /// The reported case: own feeling words typed past the 200-character limit as keystrokes.
    @Test func ownFeelingWordsTypedPastTheLimitAreRead() {
        var s = checkInState()
        press(&s, .tab)
        #expect(s.checkIn?.focus == .text && s.checkIn?.editor.limit == 200)
        type(&s, String(repeating: "work has been awful and ", count: 8) + "honestly i want to kill myself")
        #expect(s.checkIn?.editor.count == 200 && s.checkIn?.message?.contains("full") == true)
        press(&s, .enter)
        #expect(s.screen == .support && s.overlay == nil)
        // "Yes, go back" answers for them: the check-in goes on without asking again.
        press(&s, .escape); command(&s, "y")
        #expect(s.screen == .checkIn && step(s) == .emotion)
        press(&s, .enter)
        #expect(s.screen == .checkIn && s.overlay != .concern)
    }

    @Test(arguments: [Key.enter, .escape, .tab])
    func situationWordsPastTheLimitAreRead(_ key: Key) {
        var s = ScreenStates.on(.situation)
        press(&s, .tab)
        Self.fillThenType(&s, limit: TextLimits.freeText)
        press(&s, key)
        #expect(s.screen == .support, "\(key)")
    }

    @Test func quittingReadsThemToo() {
        var s = checkInState()
        press(&s, .tab)
        Self.fillThenType(&s, limit: 200)
        #expect(!press(&s, .ctrl("c")).contains(.quit))
        #expect(s.screen == .support)
    }

    @Test func theNote() {
        var s = LibraryTests.open()
        press(&s, .enter)
        s.model.goTo(.note)
        Self.fillThenType(&s, limit: SessionState.noteLimit)
        press(&s, .enter)
        #expect(s.screen == .support)
    }

    @Test(arguments: [Key.enter, .escape])
    func theSafetyPlan(_ key: Key) {
        var s = TestCatalog.state()
        command(&s, "p")
        s.modify(\.plan) { $0.cursor = SafetyPlan.Part.allCases.firstIndex(of: .reasons)! }
        press(&s, .enter)
        Self.fillThenType(&s, limit: SafetyPlan.partLimit)
        press(&s, key)
        #expect(s.screen == .support, "\(key)")
        #expect(s.plan?.editing?.text == Self.filler(SafetyPlan.partLimit))
    }

    @Test(arguments: [Key.enter, .escape])
    func theTenStepPlansAnswers(_ key: Key) {
        var s = BeliefsTests.toRatings()
        press(&s, .enter)
        Self.fillThenType(&s, limit: TextLimits.freeText)
        press(&s, key)
        #expect(s.screen == .support, "\(key)")
    }

    @Test(arguments: [Key.enter, .escape])
    func theLibrarySearch(_ key: Key) {
        var s = LibraryTests.open()
        Self.fillThenType(&s, limit: s.library.query.limit)
        press(&s, key)
        #expect(s.screen == .support, "\(key)")
    }

    @Test(arguments: [Key.enter, .escape])
    func theJournalSearch(_ key: Key) {
        var s = JournalFixtures.opened(JournalFixtures.populated())
        press(&s, .char("/"))
        Self.fillThenType(&s, limit: JournalState.searchLimit)
        press(&s, key)
        #expect(s.screen == .support, "\(key)")
    }

    @Test(arguments: [Key.enter, .escape])
    func theCountrySearch(_ key: Key) {
        var s = TestCatalog.state()
        press(&s, .function(2)); command(&s, "r")
        Self.fillThenType(&s, limit: 40)
        press(&s, key)
        #expect(s.support?.picker == nil && s.support?.reason.tier == .crisis, "\(key)")
    }
}
