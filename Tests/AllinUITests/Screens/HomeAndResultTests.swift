import AllinTestSupport
import Testing
@testable import AllinCore
@testable import AllinUI

@Suite("Home, recommendation, trace and session screens: update")
struct HomeAndResultTests {
    @Test func homeMenuMovesAndChooses() {
        var s = TestCatalog.state()
        // c, J, p, b, a, l, s: the sixth row down is crisis support.
        press(&s, .down, .down, .down, .down, .down, .down)
        #expect(s.home.cursor == 6)
        press(&s, .enter)
        #expect(s.screen == .support)
        #expect(s.support?.reason == .asked && s.covered == .home)
    }

    @Test("home keys", arguments: [
        (Key.char("c"), ScreenID.checkIn), (.char("l"), .lab), (.char("s"), .support), (.function(2), .support),
        (.ctrl("g"), .support), (.char("p"), .safetyPlan),
    ])
    func homeKeys(key: Key, screen: ScreenID) {
        var s = TestCatalog.state()
        if let letter = key.character { command(&s, letter) } else { press(&s, key) }
        #expect(s.screen == screen)
    }

    @Test func quitFromHomeAndCtrlCAnywhere() {
        var s = TestCatalog.state()
        #expect(command(&s, "q") == [.quit])
        var deep = ScreenStates.on(.origin)
        #expect(press(&deep, .ctrl("c")) == [.quit])
        #expect(press(&deep, .ctrl("z")) == [.suspend])
    }

    @Test func homeOffersToContinueAKeptCheckIn() {
        var s = ScreenStates.on(.intensity)
        press(&s, .escape, .escape, .escape)
        // Leaving from the first step asks first.
        #expect(s.overlay == .leave(.home))
        #expect(screen(s).contains("Leave this check-in for now?"))
        command(&s, "y")
        #expect(s.screen == .home)
        #expect(screen(s).contains("Continue your check-in"))
        let kept = s.checkIn?.flow.answers
        // A new check-in over a kept one asks before clearing it; no keeps it.
        command(&s, "n")
        #expect(s.overlay == .leave(.startOver) && s.screen == .home)
        command(&s, "n")
        #expect(s.overlay == nil && s.checkIn?.flow.answers == kept)
        command(&s, "q")
        #expect(s.overlay == .leave(.quit))
        press(&s, .escape)
        command(&s, "n", "y")
        #expect(step(s) == .emotion)
        #expect(s.checkIn?.flow.answers == CheckIn())
    }

    /// `q` mid check-in asks, as the README says, with the question `h` and Esc on the first step use;
    /// no stays on the same step, yes quits.
    @Test("q mid check-in asks before quitting", arguments: [Step.intensity, .intent, .claritySubTap, .consent])
    func qMidCheckInAsksFirst(at target: Step) {
        var s = ScreenStates.on(target)
        // Keys typed on past the q are read, never taken as the answer (`Effect.discardPendingInput`).
        #expect(command(&s, "q") == [.discardPendingInput])
        #expect(s.overlay == .leave(.quit))
        #expect(screen(s).contains("Quit now? This check-in isn't finished"))
        command(&s, "n")
        #expect(s.overlay == nil && s.screen == .checkIn && step(s) == target)
        #expect(command(&s, "q", "y") == [.discardPendingInput, .quit])
        #expect(s.keyTable.contains { $0.keys.contains(.char("q")) && $0.action == .quit }, "? lists it")
    }

    /// In a text field, or a list typed into to filter it, q is a letter.
    @Test func qWhileTypingIsALetter() {
        var words = ScreenStates.on(.situation)
        press(&words, .tab)
        type(&words, "quiet")
        #expect(words.overlay == nil && words.checkIn?.editor.text.hasSuffix("quiet") == true)
        var filter = checkInState()
        type(&filter, "q")
        #expect(filter.overlay == nil && filter.checkIn?.lists[.emotion]?.filter == "q")
        var embody = ScreenStates.on(.embodyNew)
        type(&embody, "q")
        #expect(embody.overlay == nil && embody.checkIn?.editor.text.hasSuffix("q") == true)
    }

    /// After the recommendation, quitting keeps the check-in in the journal (its session not played):
    /// the question says so, on the recommendation, the trace and the mood before alike.
    @Test func qAfterTheRecommendationAsksAndSaysTheCheckInIsKept() async {
        var r = await ScreenStates.recommendation()
        command(&r, "q")
        #expect(r.overlay == .leave(.quitKept))
        // "Go home?" from the 'h' of "have the rope ready": the rest is read, not the answer.
        var home = await ScreenStates.recommendation()
        #expect(command(&home, "h") == [.discardPendingInput] && home.overlay == .leave(.homeKept))
        #expect(screen(r).text.contains("This check-in will be kept in"), "\(screen(r).text)")
        var trace = await ScreenStates.recommendation()
        command(&trace, "t", "q")
        #expect(trace.overlay == .leave(.quitKept) && trace.screen == .trace)
        var mood = await ScreenStates.moodBefore()
        #expect(command(&mood, "q") == [.discardPendingInput])
        #expect(mood.overlay == .leave(.quitKept) && mood.screen == .moodBefore)
        command(&mood, "n")
        #expect(mood.overlay == nil && mood.screen == .moodBefore)
        #expect(command(&mood, "q", "y") == [.discardPendingInput, .quit])
    }

    /// Home from the recommendation keeps the finished check-in in the journal (its session not
    /// played), as q does there, and the question says so.
    @Test func goingHomeFromTheRecommendationKeepsTheCheckIn() async {
        var s = await ScreenStates.recommendation()
        command(&s, "h")
        #expect(s.overlay == .leave(.homeKept) && s.screen == .recommendation)
        #expect(screen(s).text.replacingOccurrences(of: "\n", with: " ").contains("kept in your journal"))
        command(&s, "n")
        #expect(s.screen == .recommendation && s.result != nil)
        let answers = s.checkIn!.flow.answers
        let r = s.result!.recommendation
        let session = SessionState(routed: r.session!)
        command(&s, "h")
        #expect(command(&s, "y") == [.keepCheckIn(answers, r.played(session.player.session, extra: []), moodBefore: nil,
                                                       session.player.record(.notPlayed), mergingHandoff: nil)])
        #expect(s.screen == .home && s.checkIn == nil)
        #expect(s.notice == nil, "home says it is kept only once the journal answers")
        _ = App.update(&s, .checkInKept(problem: nil))
        #expect(screen(s).text.contains("Kept in your journal, its session not played."))
        // A mood before given and then gone back from goes with it.
        var mood = await ScreenStates.moodBefore()
        press(&mood, .char("6"), .escape)
        #expect(mood.screen == .recommendation)
        command(&mood, "h")
        guard case let .keepCheckIn(_, _, moodBefore, record, _)? = command(&mood, "y").first else {
            Issue.record("not kept"); return
        }
        #expect(moodBefore == 6 && record.outcome == .notPlayed)
    }

    @Test func recommendationShowsSessionAimAndWhy() async {
        let s = await ScreenStates.recommendation()
        #expect(s.screen == .recommendation)
        let r = s.result!.recommendation
        #expect(r.kind == .audio && r.lane == .soothe)
        let text = screen(s).text
        #expect(text.contains(r.session!.title))
        #expect(text.contains("to calm your body and mind"), "what the session is for, in the intent's words")
        #expect(!text.contains("lane"), "no lane names on a person's screen")
        #expect(text.contains("Why this session"))
        #expect(text.contains("You said you feel "), "what the person told us is said back first")
    }

    @Test func startingTheSessionAsksTheMoodFirst() async {
        var s = await ScreenStates.recommendation()
        let session = s.result!.recommendation.session!
        #expect(press(&s, .enter) == [])
        #expect(s.screen == .moodBefore)
        #expect(s.session?.player.routed == session && s.session?.moodBefore == nil)
        #expect(screen(s).contains("How do you feel right now"))
        press(&s, .escape)
        #expect(s.screen == .recommendation && s.session != nil)
    }

    @Test func theFullTraceScrollsAndCloses() async {
        var s = await ScreenStates.recommendation(height: 14)
        command(&s, "t")
        #expect(s.screen == .trace)
        #expect(screen(s).contains("Step by step") && !screen(s).contains("crisisA"))
        press(&s, .pageDown, .down)
        #expect(s.result!.traceScroll > 0)
        press(&s, .up)
        press(&s, .escape)
        #expect(s.screen == .recommendation)
    }

    /// Every row of the full trace fits a 40-column window: the last line was cut ("the routing la").
    @Test func theFullTraceWrapsAtFortyColumns() async {
        let s = await ScreenStates.recommendation(width: 40, height: 12)
        let rows = TraceView.rows(s, width: 40)
        #expect(rows.allSatisfy { TextWidth.of($0.0) <= 40 }, "\(rows.map(\.0).filter { TextWidth.of($0) > 40 })")
        #expect(rows.map(\.0).joined(separator: " ").contains("the routing lab (l then Enter, from home)."))
    }

    @Test func scrollingStopsAtTheEndSoOneKeyComesBack() async {
        var s = await ScreenStates.recommendation(height: 14)
        command(&s, "t")
        for _ in 0..<50 { press(&s, .pageDown) }
        let bottom = s.result!.traceScroll
        #expect(bottom > 0 && bottom < 50)
        press(&s, .up)
        #expect(s.result!.traceScroll == bottom - 1)
        var help = TestCatalog.state(height: 14)
        press(&help, .char("?"))
        for _ in 0..<40 { press(&help, .down) }
        #expect(help.helpScroll < 40)
        var support = TestCatalog.state(height: 14)
        press(&support, .function(2))
        for _ in 0..<40 { press(&support, .pageDown) }
        let end = support.support!.scroll
        press(&support, .up)
        #expect(support.support!.scroll == end - 1)
        #expect(screen(support).contains("Call 999"))
    }

    @Test func editAnswersGoesBackIntoTheCheckIn() async {
        var s = await ScreenStates.recommendation()
        press(&s, .escape)
        #expect(s.screen == .checkIn && s.result == nil)
        #expect(step(s) == .intent)
        #expect(s.checkIn?.flow.answers.intent == "soothe")
    }

    @Test func aHandoffFromTheRouterOpensSupport() {
        var s = ScreenStates.on(.intent)
        press(&s, .char("1"))
        let decision = CrisisDecision(finding: CrisisFinding(layer: .b, tier: .immediate, rule: "B.x", matched: "tonight"),
                                      field: "triggerText")
        _ = App.update(&s, .checkInRouted(recommendation(kind: .safetyHandoff, session: nil, crisis: decision)))
        #expect(s.screen == .support)
        #expect(s.support?.reason == .router(decision))
        #expect(s.support?.emergencyFirst == true)
        // The way back is the check-in, with the words still there.
        #expect(s.covered == .checkIn)
    }

    /// Support opened for the answers read together: "yes, go back" answers for all of them, so going
    /// on does not read them together and open support again.
    @Test func aHandoffForTheAnswersTogetherIsNoTrap() {
        var s = ScreenStates.on(.intent)
        press(&s, .char("1"))
        let decision = CrisisDecision(finding: CrisisFinding(layer: .b, tier: .immediate, rule: "B.method.recentActAgo",
                                                             matched: "took them all"), field: "all")
        _ = App.update(&s, .checkInRouted(recommendation(kind: .safetyHandoff, session: nil, crisis: decision)))
        #expect(s.screen == .support)
        press(&s, .escape); command(&s, "y")
        #expect(s.screen == .checkIn)
        let trigger = try? #require(s.checkIn?.flow.answers.triggerText)
        #expect(trigger.map { s.checkIn?.answered.contains($0) == true } == true, "\(String(describing: s.checkIn?.answered))")
    }

    @Test func aConcernAsksTheInlineQuestion() {
        var s = ScreenStates.on(.intent)
        press(&s, .char("1"))
        let concern = CrisisDecision(finding: CrisisFinding(layer: .a, tier: .concern, rule: "A.hopeless"), field: "triggerText")
        _ = App.update(&s, .checkInRouted(recommendation(concern: concern)))
        #expect(s.screen == .recommendation && s.overlay == .concern)
        let text = screen(s).text.replacingOccurrences(of: "\n", with: " ")
        #expect(text.contains("Are you safe"))
        #expect(screen(s).line(s.size.height - 1).contains("F2 support"))
        // Other keys don't slip past the question.
        press(&s, .enter); command(&s, "t")
        #expect(s.overlay == .concern && s.screen == .recommendation)
        // Esc goes back to the answers, answering nothing: going on again asks again; "h" typed and
        // Enter is words that answer nothing, so the question stays.
        var typedH = s
        command(&typedH, "h")
        #expect(typedH.overlay == .concern && typedH.notice?.contains("answer y, n or s, then Enter") == true)
        for key in [Key.escape] {
            var back = s
            press(&back, key)
            #expect(back.overlay == nil && back.screen == .checkIn, "\(key)")
            #expect(back.checkIn?.flow.answers == s.checkIn?.flow.answers && back.checkIn?.answered == s.checkIn?.answered)
            #expect(back.notice?.contains("still here") == true)
        }
        // Ctrl-C quits, as everywhere (the question is not asked again).
        var quitting = s
        #expect(press(&quitting, .ctrl("c")) == [.quit])
        var safe = s
        command(&safe, "y")
        #expect(safe.overlay == nil && safe.result?.concernDismissed == true)
        #expect(safe.notice?.contains("F2") == true)
        for key in [Key.char("n"), .char("s")] {
            var notSafe = s
            command(&notSafe, key.character!)
            #expect(notSafe.screen == .support && notSafe.covered == .recommendation)
            // "No" is danger now: the emergency number first; "not sure" as the router's question.
            if key == .char("n") {
                guard case let .notSafe(hit)? = notSafe.support?.reason else { Issue.record("\(String(describing: notSafe.support?.reason))"); continue }
                #expect(hit.finding.tier == .immediate && notSafe.support?.emergencyFirst == true)
            } else {
                #expect(notSafe.support?.reason == .concernConfirmed && notSafe.support?.emergencyFirst == false)
            }
        }
    }

    /// Support shown for the words, then "yes, I'm safe": the `t` screen says so, rather than
    /// "Nothing called for crisis support".
    @Test func theTraceSaysThePersonSaidTheyAreSafe() async {
        var s = ScreenStates.on(.situation)
        press(&s, .tab)
        type(&s, "i just want to disappear")
        press(&s, .enter)
        #expect(s.screen == .support)
        press(&s, .escape)
        command(&s, "y")
        press(&s, .enter)
        #expect(step(s) == .intensity)
        press(&s, .char("5"), .char(" "), .enter)
        let effects = press(&s, .char("1"))
        await route(&s, effects)
        #expect(s.screen == .recommendation)
        command(&s, "t")
        let text = screen(s).text.replacingOccurrences(of: "\n", with: " ")
        #expect(text.contains("You told us you are safe right now"))
        #expect(!text.contains("Nothing called for crisis support"))
    }

    @Test func aLateRouteAnswerIsIgnored() {
        var s = TestCatalog.state()
        _ = App.update(&s, .checkInRouted(recommendation()))
        #expect(s.screen == .home && s.result == nil)
    }
}
