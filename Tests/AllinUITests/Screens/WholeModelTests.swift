import AllinTestSupport
import Testing
@testable import AllinCore
@testable import AllinUI

/// The app's model is one Equatable value apart from its context, so these tests say exactly what a
/// message changes: the whole model after it is compared with the model before, changed by hand in
/// the one place the message should change it.
@Suite("Whole models: what each message changes, and nothing else")
struct WholeModelTests {
    @discardableResult
    func send(_ state: inout AppState, _ msg: Msg) -> [Effect] { App.update(&state, msg) }

    @Test func helpOpensAndClosesOverTheHomeMenu() {
        var s = TestCatalog.state()
        var expected = s.model
        send(&s, .keyPressed(.char("?")))
        expected.overlay = .help
        #expect(s.model == expected)
        send(&s, .keyPressed(.escape))
        expected.overlay = nil
        #expect(s.model == expected)
    }

    @Test func movingOnTheMenuChangesOnlyTheCursor() {
        var s = TestCatalog.state()
        var expected = s.model
        send(&s, .keyPressed(.down))
        send(&s, .keyPressed(.down))
        expected.home.cursor = 2
        #expect(s.model == expected)
    }

    @Test func aResizeChangesOnlyTheSizeWhateverTheScreen() {
        var s = checkInState()
        type(&s, "overw")
        let before = s.model
        send(&s, .terminalResized(Size(width: 40, height: 12)))
        var expected = before
        expected.size = Size(width: 40, height: 12)
        #expect(s.model == expected)
    }

    @Test func aKeyWithNoMeaningOnTheHomeMenuChangesNothing() {
        var s = TestCatalog.state()
        let before = s.model
        #expect(send(&s, .keyPressed(.char("z"))).isEmpty)
        #expect(s.model == before)
    }

    @Test func answersThatArriveTooLateChangeNothing() {
        var s = TestCatalog.state()
        let before = s.model
        // A lab route for a revision the lab has moved past, and a router answer with no check-in waiting.
        send(&s, .labRouted(revision: s.lab.revision + 5, recommendation()))
        #expect(s.model == before)
        send(&s, .checkInRouted(recommendation()))
        #expect(s.model == before)
    }

    @Test func theSameMessagesFromTheSameStartGiveTheSameModel() async {
        func walk() async -> AppState {
            var s = checkInState()
            type(&s, "overw")
            press(&s, .enter, .enter)
            type(&s, "three deadlines this week")
            press(&s, .enter, .char("5"), .enter)
            await route(&s, press(&s, .char("2"), .char("3")))
            return s
        }
        let first = await walk(), second = await walk()
        #expect(first.screen == .recommendation)
        #expect(first.model == second.model)
        // And one more key moves the two apart, so the comparison can see a difference.
        var third = second
        press(&third, .char("t"))
        #expect(third.model != first.model)
    }
}
