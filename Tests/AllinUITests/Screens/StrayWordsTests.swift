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
        let effects = press(&s, .enter)
        #expect(s.screen == .support && s.stray == nil)
        // The journal keeps it as a handoff of its own (tier and time); F2 alone is not kept.
        let kept = effects.contains { if case let .recordHandoff(_, r) = $0 { return r.kind == .safetyHandoff } else { return false } }
        #expect(kept, "\(effects)")
        var asked = TestCatalog.state()
        #expect(!press(&asked, .function(2)).contains { if case .recordHandoff = $0 { return true } else { return false } })
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

    /// On the player, a paste is words, read at once.
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

    /// Every screen and question where there is no field, each as a person meets it.
    static func screensOfKeys() async -> [(String, AppState)] {
        /// `state` after its key's letter, typed then Enter.
        func after(_ state: AppState, _ letter: Character) -> AppState {
            var s = state
            command(&s, letter)
            return s
        }
        var list: [(String, AppState)] = [("home", TestCatalog.state())]
        for step in [Step.intent, .intensity, .consent] { list.append(("\(step)", ScreenStates.on(step))) }
        let result = await ScreenStates.recommendation()
        list.append(("recommendation", result))
        list.append(("trace", after(result, "t")))
        list.append(("go home?", after(result, "h")))
        list.append(("mood before", await ScreenStates.moodBefore()))
        let playing = await ScreenStates.playing()
        list.append(("player", playing))
        let stopping = after(playing, "x")
        list.append(("stop?", stopping))
        let moodAfter = after(stopping, "y")
        list.append(("mood after", moodAfter))
        var done = moodAfter
        press(&done, .char("7"), .enter, .enter)
        list.append(("done", done))
        let asked = ScreenStates.askedGently()
        list.append(("are you safe?", asked))
        var leavingSupport = TestCatalog.state()
        press(&leavingSupport, .function(2), .escape)
        list.append(("leave support?", leavingSupport))
        return list
    }

    /// A sentence typed key by key, wherever there is no field, is words from its first letter: no
    /// letter of it acts as a key, and Enter reads all of it (found from outside: "please help…" opened
    /// the safety plan at its 'p' on home, "the rope…" the trace at its 't').
    @Test func aSentenceTypedKeyByKeyIsReadWholeOnEveryScreenOfKeys() async {
        let screens = await Self.screensOfKeys()
        #expect(screens.count == 14)
        for sentence in ["please help me i want to die", "the rope is ready, i will hang myself tonight",
                         "quit living, i have the pills counted out", "yes i am going to kill myself"] {
            for (name, state) in screens {
                var s = state
                #expect(StrayWords.takesLetters(s), "\(name)")
                let (screen, overlay) = (s.screen, s.overlay)
                let effects = type(&s, sentence)
                #expect(effects.isEmpty && s.screen == screen && s.overlay == overlay, "\(name): \(sentence)")
                #expect(App.view(s, size: s.size).text.contains("You typed:"), "\(name)")
                press(&s, .enter)
                #expect(s.screen == .support && s.support?.confirmingLeave == false, "\(name): \(sentence) → \(s.screen)")
            }
        }
    }

    /// Every letter alone, capitals too, is words on those screens: none acts before Enter.
    @Test func noLetterActsAloneWhereThereIsNoField() async {
        let letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        for (name, state) in await Self.screensOfKeys() {
            for letter in letters {
                var s = state
                let before = s
                let effects = press(&s, .char(letter))
                #expect(effects.isEmpty, "\(name): \(letter)")
                // Only the words changed (on a short list, its filter holds them).
                #expect(s.screen == before.screen && s.overlay == before.overlay && s.result == before.result
                        && s.session == before.session && s.checkIn?.flow == before.checkIn?.flow
                        && s.safetyQuestion == before.safetyQuestion && s.home == before.home,
                        "\(name): \(letter) changed more than the words")
                #expect(s.stray != nil || s.checkIn?.lists != before.checkIn?.lists, "\(name): \(letter) went nowhere")
            }
        }
    }

    /// A key's letter, or its name, then Enter does what the key says once read; the line says so first.
    @Test func aKeysLetterThenEnterDoesWhatItSays() async {
        var s = TestCatalog.state()
        type(&s, "q")
        #expect(screen(s).contains("You typed: q  · Enter: quit, Esc clears"))
        #expect(press(&s, .enter) == [.quit])
        var named = TestCatalog.state()
        type(&named, "safety plan")
        press(&named, .enter)
        #expect(named.screen == .safetyPlan)
        // Capitals differ: J is the journal, j (no key of its own here) is words that do nothing.
        var j = TestCatalog.state()
        command(&j, "j")
        #expect(j.screen == .home && j.notice?.contains("weren't used") == true)
        // On the recommendation, "t" then Enter opens the trace; a word that only Enter gives
        // ("start") never starts the session.
        var r = await ScreenStates.recommendation()
        type(&r, "start")
        press(&r, .enter)
        #expect(r.screen == .recommendation)
        command(&r, "t")
        #expect(r.screen == .trace)
        // On a short list, "y" then Enter answers yes to the consent question.
        var consent = ScreenStates.on(.consent)
        command(&consent, "y")
        #expect(step(consent) != .consent && consent.checkIn?.flow.answers.consent == true,
                "\(String(describing: consent.checkIn?.flow.answers.consent))")
        // The footer and the help say how.
        let home = TestCatalog.state()
        #expect(screen(home).line(home.size.height - 1).contains("q⏎ quit"))
        #expect(HelpOverlay.rows(home.helpTable).contains { $0.0 == "q⏎" })
    }

    /// Words longer than the row show their end, marked "…" where the start is cut.
    @Test func longWordsShowTheirEndMarked() {
        var words = TextField(limit: StrayWords.limit)
        _ = words.insert("i have been thinking about this for a very long time now and tonight is the night")
        let line = StrayWords.line(words, width: 40)
        #expect(TextWidth.of(line) <= 40 && line.hasPrefix("You typed: …") && line.hasSuffix("tonight is the night"), "\(line)")
    }

    /// A question takes its answer in words too: "no", "nope.", "Yeah", "not sure" (read first).
    @Test func questionsTakeYesAndNoInWords() {
        for (typed, stays) in [("no", true), ("Nope.", true), ("not sure", true), ("yeah", false), ("go back", false)] {
            var s = TestCatalog.state()
            press(&s, .function(2), .escape)
            #expect(s.support?.confirmingLeave == true)
            type(&s, typed)
            press(&s, .enter)
            #expect((s.screen == .support && s.support?.confirmingLeave == false) == stays, "\(typed)")
            #expect((s.screen == .home) == !stays, "\(typed)")
        }
        for (typed, support) in [("yeah", false), ("I'm fine", false), ("nope", true), ("dunno", true)] {
            var t = ScreenStates.askedGently()
            type(&t, typed)
            press(&t, .enter)
            #expect(t.safetyQuestion == (support ? .support : nil), "\(typed)")
        }
        // Everyday words on support are thanked, not told off.
        var s = TestCatalog.state()
        press(&s, .function(2))
        type(&s, "long day at work")
        press(&s, .enter)
        #expect(s.notice?.hasPrefix("Thank you for writing it.") == true)
        // A notice on support never covers the emergency number, at any size.
        for size in [Size(width: 40, height: 12), Size(width: 80, height: 24), Size(width: 200, height: 60)] {
            var sized = s
            _ = App.update(&sized, .terminalResized(size))
            sized.notice = "No country matches what was typed, so the lines stay as they were, and this is long."
            #expect(screen(sized).contains("Call 999"), "\(size)")
            #expect(screen(sized).contains("116 123"), "\(size)")
        }
    }

    /// Digits pressed as keys just before a letter begin its words: the scale moved, and the words are
    /// read whole (found from outside: "40 tablets in me already" on a rating set it to 10 and was
    /// read as "tablets in me already").
    @Test func digitsBeforeTheWordsAreReadWithThem() {
        var s = ScreenStates.on(.intensity)
        type(&s, "40 tablets in me already")
        #expect(s.stray?.text == "40 tablets in me already", "\(s.stray?.text ?? "-")")
        press(&s, .enter)
        #expect(s.screen == .support)
        // A digit alone is still a key, and a digit then another key forgets it.
        var t = ScreenStates.on(.intensity)
        press(&t, .char("4"), .right)
        type(&t, "hello")
        #expect(t.stray?.text == "hello" && t.checkIn?.flow.answers.intensity == 5)
    }

    /// Support opened with F2 is not kept; words typed there that would open it are, once.
    @Test func wordsTypedOnSupportOpenedByF2AreKept() {
        var s = TestCatalog.state()
        press(&s, .function(2))
        type(&s, "going to kill myself tonight")
        let effects = press(&s, .enter)
        #expect(effects.contains { if case .recordHandoff = $0 { return true } else { return false } }, "\(effects)")
        type(&s, "i mean it, i will kill myself")
        #expect(!press(&s, .enter).contains { if case .recordHandoff = $0 { return true } else { return false } }, "once")
    }
}
