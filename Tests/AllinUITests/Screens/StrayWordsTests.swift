import AllinTestSupport
import Testing
@testable import AllinCore
@testable import AllinUI

/// Words typed where there is no field are read by the crisis rule, never pressed as keys (found from
/// outside: on screens of keys, "i wanna die" reached nothing and its letters acted as keys).
@Suite("Words typed where there is no field")
struct StrayWordsTests {
    @Test func onTheHomeMenuACrisisStatementOpensSupport() {
        var s = TestCatalog.state()
        type(&s, "i want to die")
        #expect(s.stray?.text == "i want to die" && s.screen == .home, "the 'a' did not open the library")
        #expect(screen(s).contains("You typed: i want to die"))
        press(&s, .enter)
        #expect(s.screen == .support && s.stray == nil)
    }

    @Test func onTheIntensityScaleTheLettersAreWordsNotKeys() {
        var s = ScreenStates.on(.intensity)
        let before = s.checkIn?.flow.answers
        type(&s, "i want to kill myself")
        #expect(s.checkIn?.flow.answers == before, "no space marked a body place, no h/l moved the scale")
        press(&s, .ctrl("c"))
        #expect(s.screen == .support)
    }

    @Test func everydayWordsAreLetGoWithANotice() {
        var s = TestCatalog.state()
        type(&s, "hello there")
        press(&s, .enter)
        #expect(s.stray == nil && s.screen == .home)
        #expect(s.notice?.contains("weren't used") == true)
        // Backspace takes the words away letter by letter.
        type(&s, "hi")
        press(&s, .backspace, .backspace)
        #expect(s.stray == nil)
    }

    @Test func aPasteWhereThereIsNoFieldIsReadAtOnce() {
        var s = TestCatalog.state()
        _ = App.update(&s, .textPasted("i am going to end my life tonight"))
        #expect(s.screen == .support)
    }

    /// On the player, single keys stay keys, but a paste is words, read at once.
    @Test func aPasteOnThePlayerIsRead() async {
        var s = await ScreenStates.playing()
        _ = App.update(&s, .textPasted("i will jump off a bridge tonight"))
        #expect(s.screen == .support)
    }

    @Test func ctrlCWithEverydayWordsQuits() {
        var s = TestCatalog.state()
        type(&s, "zzz")
        #expect(press(&s, .ctrl("c")) == [.quit])
    }
}
