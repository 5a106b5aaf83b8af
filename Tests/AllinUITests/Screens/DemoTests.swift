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

    @Test func aScenarioStartsTheRealCheckInAtItsLastStep() {
        var s = Self.demoState()
        press(&s, .char("d"))
        #expect(s.screen == .demo && screen(s).text.contains("A clear statement"))
        press(&s, .down, .enter)
        #expect(s.screen == .checkIn && s.checkIn?.flow.answers.triggerText == "i want to kill myself")
        #expect(s.notice?.contains("a full handoff") == true)
        // Enter goes on through the real gates and router.
        let effects = press(&s, .enter)
        #expect(s.screen == .support || effects.contains { if case .routeCheckIn = $0 { return true } else { return false } })
    }

    @Test func withoutTheDemoThereIsNoScriptedList() {
        var s = TestCatalog.state()
        press(&s, .char("d"))
        #expect(s.screen == .home)
    }
}
