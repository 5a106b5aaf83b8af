import AllinTestSupport
import Testing
@testable import AllinCore
@testable import AllinUI

@Suite("Routing lab: update")
struct LabTests {
    func openLab() -> (AppState, [Effect]) {
        var s = TestCatalog.state(width: 120, height: 40)
        let effects = command(&s, "l")
        return (s, effects)
    }

    @Test func openingRoutesTheEmptyForm() {
        let (s, effects) = openLab()
        #expect(s.screen == .lab)
        #expect(effects == [.routeLab(CheckIn(intensity: 5), revision: 1)])
    }

    @Test func everyEditAsksForAFreshRoute() {
        var (s, _) = openLab()
        #expect(s.lab.field == .emotion)
        var effects = press(&s, .right)
        #expect(s.lab.answers.emotion == s.context.vocabulary.emotions[0].id)
        #expect(effects == [.routeLab(s.lab.answers, revision: 2)])
        press(&s, .down)
        #expect(s.lab.field == .customEmotion)
        effects = type(&s, "ok")
        #expect(s.lab.answers.customEmotion == "ok")
        #expect(effects.count == 2 && s.lab.revision == 4)
        press(&s, .down, .down, .down)
        #expect(s.lab.field == .intensity)
        effects = press(&s, .char("9"))
        #expect(s.lab.answers.intensity == 9)
        #expect(s.lab.flowGates.contains { $0.hasPrefix("express gate: 9 ≥ 7") })
    }

    @Test func onlyTheLatestRevisionIsShown() async {
        var (s, _) = openLab()
        press(&s, .right)
        let router = Router(catalog: s.context.gates!.catalog)
        let old = await router.route(CheckIn(intensity: 5))
        _ = App.update(&s, .labRouted(revision: 1, old))
        #expect(s.lab.result == nil)
        let fresh = await router.route(s.lab.answers)
        _ = App.update(&s, .labRouted(revision: 2, fresh))
        #expect(s.lab.result == fresh)
    }

    @Test func theLabShowsWhichLayerFiredAndOnWhichWords() async {
        var (s, _) = openLab()
        press(&s, .down)
        let effects = type(&s, "i want to kill myself")
        guard case let .routeLab(c, revision) = effects.last else { Issue.record("no route"); return }
        _ = App.update(&s, .labRouted(revision: revision, await Router(catalog: s.context.gates!.catalog).route(c)))
        #expect(s.screen == .lab)
        let text = screen(s).text
        #expect(text.contains("CRISIS SUPPORT: a clear statement"))
        #expect(text.contains("A (phrases): T2"))
        #expect(text.contains("\"kill myself\""))
        #expect(text.contains("C (nothing resolved): not reached"))
        #expect(text.contains("leaving feeling: layer A fired in customEmotion"))
        #expect(text.contains("crisisA → fired"))
        // Support stays one key away, said beside the decision (found from outside: the lab only
        // showed the decision), and F2 opens it from the lab.
        #expect(text.contains("If these words are yours: press F2, and support opens."))
        press(&s, .function(2))
        #expect(s.screen == .support)
    }

    /// The headline follows the crisis rule: words in the ambiguous band go to the session after the
    /// gentle question, and the layer lines say which layer found what (all three layers listed).
    @Test func theHeadlineAgreesWithTheRule() async {
        var (s, _) = openLab()
        press(&s, .down)
        let effects = type(&s, "i feel hopeless about everything lately")
        guard case let .routeLab(c, revision) = effects.last else { Issue.record("no route"); return }
        _ = App.update(&s, .labRouted(revision: revision, await Router(catalog: s.context.gates!.catalog).route(c)))
        let text = screen(s).text
        #expect(text.contains("after the gentle"), "the session, after the gentle question")
        #expect(!text.contains("CRISIS SUPPORT"))
        #expect(text.contains("A (phrases): T1"))
        #expect(text.contains("B (concepts and model)"))
        #expect(text.contains("C (nothing resolved): not needed, a session resolved"))
        #expect(text.contains("the rule: askSafe"))
    }

    @Test func theRegionSwitchChangesTheHandoffPreview() {
        var (s, _) = openLab()
        press(&s, .up)
        #expect(s.lab.field == .region)
        let effects = press(&s, .right)
        #expect(effects.isEmpty)
        #expect(s.lab.region != "GB")
        _ = App.update(&s, .labRouted(revision: 1, recommendation()))
        // Routed to a session, the lines are what a handoff would show, said so.
        let text = screen(s).text
        #expect(text.contains("If it handed off: lines for") && !text.contains("Handoff for"))
        #expect(text.contains("Why, step by step"))
    }

    @Test func typingHelpInTheLabDoesNotLeaveIt() {
        var (s, _) = openLab()
        press(&s, .down)
        type(&s, "help")
        press(&s, .enter)
        #expect(s.screen == .lab)
        #expect(s.lab.flowGates.contains { $0.contains("help request in customEmotion") })
    }

    @Test func resetAndHome() {
        var (s, _) = openLab()
        press(&s, .right, .down)
        type(&s, "x")
        let effects = press(&s, .ctrl("r"))
        #expect(s.lab.answers == CheckIn(intensity: 5))
        #expect(effects.count == 1)
        press(&s, .escape)
        #expect(s.screen == .home)
    }

    /// Leaving the lab reads its words through the one crisis rule, as every text field's are read.
    @Test func leavingTheLabReadsItsWords() {
        var (s, _) = openLab()
        press(&s, .down)
        type(&s, "i want to kill myself")
        press(&s, .escape)
        #expect(s.screen == .support && s.covered == .lab)
        press(&s, .escape); command(&s, "y")
        #expect(s.screen == .lab && s.lab.answers.customEmotion == "i want to kill myself")
        press(&s, .escape)
        #expect(s.screen == .home)
    }

    @Test func quittingFromTheLabReadsItsWordsFirst() {
        var (s, _) = openLab()
        press(&s, .down, .down, .down)
        #expect(s.lab.field == .triggerText)
        type(&s, "i took all my pills an hour ago")
        let effects = press(&s, .ctrl("c"))
        #expect(!effects.contains(.quit))
        #expect(s.screen == .support)
    }

    @Test func helpTypedInTheLabOpensSupportOnceOnLeaving() {
        var (s, _) = openLab()
        press(&s, .down)
        type(&s, "help")
        press(&s, .escape)
        #expect(s.screen == .support)
        press(&s, .escape); command(&s, "y")
        #expect(s.screen == .lab)
        press(&s, .escape)
        #expect(s.screen == .home)
    }

    @Test func theGentleBandAsksOnLeavingTheLab() {
        var (s, _) = openLab()
        press(&s, .down)
        type(&s, "everyone would be better off without me")
        press(&s, .escape)
        #expect(s.overlay == .concern || s.screen == .support)
        if s.overlay == .concern {
            command(&s, "y")
            #expect(s.screen == .home)
        }
    }

    @Test func everydayWordsLeaveTheLabAtOnce() {
        var (s, _) = openLab()
        press(&s, .down)
        type(&s, "tired after a long shift")
        press(&s, .escape)
        #expect(s.screen == .home && s.overlay == nil)
    }
}
