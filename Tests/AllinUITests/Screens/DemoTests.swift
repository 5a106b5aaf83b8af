import AllinTestSupport
import Testing
@testable import AllinCore
@testable import AllinUI

@Suite("Demo: banner and scripted check-ins")
struct DemoTests {
    static func demoState(width: Int = 80, height: Int = 24) -> AppState {
        var context = TestCatalog.context()
        context.demo = true
        context.demoScenarios = [
            DemoScenario(id: "calm", title: "Wanting to calm down", shows: "the soothe lane", expect: "audio:soothe",
                         checkIn: CheckIn(emotion: "uneasy", situation: "home", triggerText: "noisy neighbours",
                                          intensity: 5, intent: "soothe")),
            DemoScenario(id: "crisis", title: "A clear statement", shows: "a full handoff", expect: "handoff",
                         checkIn: CheckIn(emotion: "down", triggerText: "i want to kill myself", intensity: 8, intent: "soothe")),
        ]
        return AppState(context: context, size: Size(width: width, height: height))
    }

    @Test func theBannerIsOnEveryScreen() {
        var s = Self.demoState()
        #expect(screen(s).text.contains("DEMO, nothing is saved"))
        press(&s, .function(2))
        #expect(screen(s).text.contains("DEMO, nothing is saved"))
        #expect(!screen(TestCatalog.state()).text.contains("DEMO"))
    }

    /// At 40x12 the banner is whole on every screen, and the home menu scrolls to every item (found
    /// from outside: "allin DEMO, nothing is sav", and the library left out of the menu unseen).
    @Test func atFortyByTwelveTheBannerIsWholeAndEveryItemReachable() {
        var s = Self.demoState(width: 40, height: 12)
        #expect(screen(s).text.split(separator: "\n").first?.contains("DEMO, nothing is saved") == true)
        #expect(screen(s).text.contains("▼"))
        for _ in 0..<12 { press(&s, .down) }
        #expect(screen(s).text.contains("Quit") && screen(s).text.contains("▲"))
        command(&s, "c")
        #expect(screen(s).text.split(separator: "\n").first?.contains("DEMO, nothing is saved") == true)
    }

    @Test func aScenarioStartsTheRealCheckInAtItsLastStep() {
        var s = Self.demoState()
        command(&s, "d")
        #expect(s.screen == .demo && screen(s).text.contains("A clear statement"))
        press(&s, .down, .enter)
        #expect(s.screen == .checkIn && s.checkIn?.flow.answers.triggerText == "i want to kill myself")
        #expect(s.notice?.contains("a full handoff") == true)
        // Enter goes on through the real gates and router.
        let effects = press(&s, .enter)
        #expect(s.screen == .support || effects.contains { if case .routeCheckIn = $0 { return true } else { return false } })
    }

    /// The demo never says it saved (found from outside: "Saved to your journal on this computer."
    /// and "Saved." under its own "nothing is saved" banner).
    @Test func theDemoNeverSaysSaved() async {
        var s = Self.demoState()
        _ = PlanUpdate.saved(&s, SafetyPlan([.warningSigns: "not sleeping"]), problem: nil)
        #expect(s.notice?.hasPrefix("Kept for this demo only.") == true && s.notice?.contains("Saved") == false)
        var done = await ScreenStates.playing()
        done.context.demo = true
        command(&done, "x", "y", "s"); press(&done, .enter)
        _ = App.update(&done, .journalCompleted(summary: nil, problem: nil))
        #expect(done.screen == .done)
        let text = screen(done).text
        #expect(text.contains("Kept for this demo only") && !text.contains("Saved to your journal"), "\(text)")
    }

    /// Nor that a check-in "will be kept in your journal" (found from outside): the demo's own words.
    @Test func theDemoNeverPromisesTheJournal() {
        for leaving in [Leaving.quitKept, .homeKept] {
            #expect(!leaving.question(demo: true).contains("journal"))
            #expect(leaving.question(demo: false).contains("journal"))
        }
        #expect(Leaving.quit.question(demo: true) == Leaving.quit.question)
    }

    @Test func withoutTheDemoThereIsNoScriptedList() {
        var s = TestCatalog.state()
        command(&s, "d")
        #expect(s.screen == .home)
    }

    /// F3 on every screen of the demo, text fields included: what the crisis check reads now and what it
    /// would do, why support is open, why this session.
    @Test func theWhyIsOneKeyAwayOnEveryScreen() {
        var s = Self.demoState()
        #expect(screen(s).line(s.size.height - 1).contains("F3 why"))
        press(&s, .function(3))
        #expect(s.overlay == .demoTrace && screen(s).text.contains("Nothing typed yet"))
        press(&s, .escape)
        #expect(s.overlay == nil && s.screen == .home)
        // Typing in a text field: F3 reads the words not yet left, and changes nothing.
        command(&s, "c"); press(&s, .tab)
        type(&s, "i want to die")
        let before = s.checkIn
        press(&s, .function(3))
        #expect(screen(s).text.contains("So it would: open crisis support"), "\(screen(s).text)")
        #expect(screen(s).text.contains("i want to die"))
        press(&s, .escape)
        #expect(s.checkIn == before && s.screen == .checkIn)
        // Support says why it opened.
        press(&s, .enter)
        #expect(s.screen == .support)
        press(&s, .function(3))
        #expect(screen(s).text.contains("Why support is open"))
        #expect(screen(s).text.contains("a clear statement"))
    }

    @Test func theWhyTellsAQuestionFromAHandoffAndAClearAnswer() {
        let check = Self.demoState().context.gates!.check
        let catalog = Self.demoState().context.catalog
        func outcome(_ text: String) -> String {
            DemoTrace.rows(check: check, texts: [("triggerText", text)], answered: [], support: nil, recommendation: nil,
                           answers: nil, catalog: catalog).map(\.0).first { $0.hasPrefix("So it would") } ?? ""
        }
        #expect(outcome("deadline at work tomorrow").contains("go on"))
        #expect(outcome("i have the pills in my hand right now").contains("emergency number first"))
        #expect(outcome("i want to kill myself").contains("open crisis support"))
    }

    /// A scenario with words in the situation list's filter starts there; Enter reads them with the one
    /// crisis check and opens support.
    @Test func aFilterScenarioStartsInTheListAndEnterChecksTheWords() {
        var context = TestCatalog.context()
        context.demo = true
        context.demoScenarios = [DemoScenario(id: "f", title: "Typed into a list", shows: "filter words are read",
                                              expect: "handoff", checkIn: CheckIn(emotion: "down"),
                                              filter: "i dont want to be alive anymore")]
        var s = AppState(context: context, size: Size(width: 80, height: 24))
        command(&s, "d"); press(&s, .enter)
        #expect(s.screen == .checkIn && step(s) == .situation)
        #expect(s.checkIn?.lists[.situation]?.filter == "i dont want to be alive anymore")
        press(&s, .enter)
        #expect(s.screen == .support)
    }

    @Test func withoutTheDemoF3DoesNothing() {
        var s = TestCatalog.state()
        press(&s, .function(3))
        #expect(s.overlay == nil)
        #expect(!screen(s).text.contains("F3"))
    }

    /// Every home item can be reached at the smallest size, in the demo (one item more) too: the item
    /// under the cursor is always on screen, and a menu that does not fit is marked.
    @Test func theHomeMenuReachesEveryItemAt40x12() {
        for var s in [TestCatalog.state(width: 40, height: 12), Self.demoState(width: 40, height: 12)] {
            let items = HomeItem.items(s)
            #expect(items.contains { $0.choice == .library })
            for (i, item) in items.enumerated() {
                #expect(s.home.cursor == i && screen(s).text.contains(item.title), "\(item.title) at 40x12, demo \(s.context.demo)")
                press(&s, .down)
            }
        }
    }
}
