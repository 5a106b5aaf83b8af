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
        expected.overlay = .help(over: nil)
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

    /// A letter with no meaning on the home menu starts words typed there (read by the crisis rule
    /// when left); Esc takes them away again, leaving the model as it was.
    @Test func aKeyWithNoMeaningOnTheHomeMenuChangesNothing() {
        var s = TestCatalog.state()
        let before = s.model
        #expect(send(&s, .keyPressed(.char("z"))).isEmpty)
        #expect(s.stray?.text == "z")
        #expect(send(&s, .keyPressed(.escape)).isEmpty)
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
        command(&third, "t")
        #expect(third.model != first.model)
    }

    /// F2, then Esc and "yes, go back": the calm way out of support.
    func openAndLeaveSupport(_ s: inout AppState) {
        press(&s, .function(2))
        press(&s, .escape); command(&s, "y")
    }

    static let backFromSupport = "Support stays one key away: press F2 at any time."

    @Test func supportCoversTheCheckInAndItsWayBackRestoresItExactly() {
        var s = checkInState()
        type(&s, "overw")
        let before = s.model
        press(&s, .function(2))
        var support = SupportState(reason: .asked, region: s.context.region)
        #expect(s.current == .support(support, over: before.current))
        press(&s, .escape)
        support.confirmingLeave = true
        #expect(s.current == .support(support, over: before.current))
        command(&s, "y")
        var expected = before
        expected.notice = Self.backFromSupport
        #expect(s.model == expected)
    }

    @Test func supportOverTheTraceGoesBackToWhatTheTraceCovers() async {
        var s = await ScreenStates.recommendation()
        let recommendation = s.model
        command(&s, "t")
        guard case let .trace(over) = s.current else { Issue.record("no trace: \(s.screen)"); return }
        #expect(over == recommendation.current)
        openAndLeaveSupport(&s)
        var expected = recommendation
        expected.notice = Self.backFromSupport
        #expect(s.model == expected)
    }

    @Test func theSafetyPlanOpenedFromSupportGoesBackToThatSupport() {
        var s = TestCatalog.state()
        press(&s, .function(2), .down)
        let support = s.model
        command(&s, "p")
        guard case let .safetyPlan(plan, over) = s.current else { Issue.record("no plan: \(s.screen)"); return }
        #expect(plan == PlanEditState() && over == support.current)
        press(&s, .escape)
        #expect(s.model == support)
        press(&s, .escape); command(&s, "y")
        var expected = TestCatalog.state().model
        expected.notice = Self.backFromSupport
        #expect(s.model == expected)
    }

    @Test func aCheckInLeftForHomeIsPausedAndContinuingPutsItBackOnScreen() {
        var s = checkInState()
        guard case let .checkIn(started) = s.current else { Issue.record("no check-in: \(s.screen)"); return }
        press(&s, .escape)
        var expected = TestCatalog.state().model
        expected.paused = started
        // Nothing answered yet: nothing is said to be kept (found from outside: "Your answers are kept").
        expected.notice = nil
        #expect(s.model == expected)
        command(&s, "c")
        expected.paused = nil
        expected.notice = nil
        expected.current = .checkIn(started)
        #expect(s.model == expected)
    }

    @Test func aJournalAnswerArrivingUnderSupportLandsInTheJournalUnderIt() {
        var s = TestCatalog.state()
        let effects = command(&s, "J")
        guard case let .loadJournal(_, revision)? = effects.first, case var .journal(journal) = s.current else {
            Issue.record("no journal: \(effects)"); return
        }
        press(&s, .function(2))
        let page = JournalPage(summary: JournalSummary.compute([], today: LocalDay(year: 2026, month: 12, day: 3)!),
                               entries: [], rules: .standard)
        _ = App.update(&s, .journalLoaded(revision: revision, .success(page)))
        journal.load = .loaded(page)
        #expect(s.current == .support(SupportState(reason: .asked, region: s.context.region), over: .journal(journal)))
        press(&s, .escape); command(&s, "y")
        #expect(s.current == .journal(journal))
    }

    @Test func backFromTheMoodQuestionKeepsTheSessionWithTheRecommendation() async {
        var s = await ScreenStates.recommendation()
        var expected = s.model
        guard case let .recommendation(result, checkIn, nil) = s.current else { Issue.record("\(s.screen)"); return }
        press(&s, .enter, .char("7"))
        var session = SessionState(routed: result.recommendation.session!)
        session.moodBefore = 7
        #expect(s.current == .session(.moodBefore, session, result, checkIn: checkIn))
        press(&s, .escape)
        expected.current = .recommendation(result, checkIn, kept: session)
        #expect(s.model == expected)
        press(&s, .enter)
        #expect(s.current == .session(.moodBefore, session, result, checkIn: checkIn))
    }

    @Test func aLibrarySessionLeftAtItsMoodQuestionGoesBackToTheLibraryAsItWas() {
        var s = TestCatalog.state()
        command(&s, "a"); press(&s, .down)
        let library = s.model
        press(&s, .enter)
        guard case let .session(.moodBefore, session, _, nil) = s.current else { Issue.record("\(s.screen)"); return }
        #expect(session.fromLibrary)
        press(&s, .escape)
        #expect(s.model == library)
    }

    @Test func aPausedCheckInIsChangedWhereItWaits() {
        var s = checkInState()
        press(&s, .escape)
        #expect(s.current == .home && s.paused != nil)
        s.modify(\.checkIn) { $0.answered.insert("these words") }
        #expect(s.paused?.answered == ["these words"] && s.checkIn == s.paused)
    }

    @Test func supportOverThePlanOverSupportUnwindsOneScreenAtATime() {
        var s = TestCatalog.state()
        press(&s, .function(2))
        let first = s.model
        command(&s, "p")
        let plan = s.model
        openAndLeaveSupport(&s)
        var expected = plan
        expected.notice = Self.backFromSupport
        #expect(s.model == expected)
        press(&s, .escape)
        expected = first
        expected.notice = nil
        #expect(s.model == expected)
    }
}
