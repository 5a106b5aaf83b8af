import AllinTestSupport
import Foundation
import Testing
@testable import AllinCore
@testable import AllinUI

/// The beliefs plan screen: intake, the crisis rule on every answer, the plan, and a step played.
@Suite("The beliefs plan screen")
struct BeliefsTests {
    static let slugs = ["finding_your_direction", "your_needs_count_too", "values_compass", "saying_no_with_care",
                        "the_first_small_step", "there_is_room_for_you", "letting_people_in", "good_enough_is_good",
                        "loosening_money_fear", "clear_head_for_money_choices"]

    static func storedPlan(played: Int = 0) -> StoredPlan {
        let intake = PlanIntake(areas: ["work", "relationships", "family"].map {
            PlanIntake.Area(area: $0, rating: 5, answers: ["one", "two", "three", "four"])
        })
        let steps = slugs.enumerated().map { i, slug in
            StoredPlan.Step(step: PlanStep(index: i + 1, area: ["work", "relationships", "family"][i % 3], type: .at(i + 1),
                                           slug: slug, fallback: nil),
                            playedAt: i < played ? Date(timeIntervalSince1970: 0) : nil, moodBefore: i < played ? 4 : nil,
                            moodAfter: i < played ? 6 : nil)
        }
        return StoredPlan(id: 7, createdAt: Date(timeIntervalSince1970: 0), active: true, intake: intake, steps: steps)
    }

    /// Home → b → no plan → Enter → three areas chosen.
    static func toRatings(width: Int = 80, height: Int = 24) -> AppState {
        var s = TestCatalog.state(width: width, height: height)
        #expect(command(&s, "b") == [.loadPlan])
        _ = App.update(&s, .planLoaded(nil))
        #expect(screen(s).text.contains("Press Enter to make your plan"))
        press(&s, .enter)
        press(&s, .char(" "), .down, .char(" "), .down, .enter)
        #expect(s.beliefs.intake?.chosen == ["work", "relationships", "family"])
        press(&s, .enter)
        return s
    }

    /// Enter on an area already chosen says so and how many are left (it did nothing, with no word why).
    @Test func enterOnAChosenAreaSaysWhatIsLeft() {
        var s = TestCatalog.state()
        command(&s, "b")
        _ = App.update(&s, .planLoaded(nil))
        press(&s, .enter, .enter)
        #expect(s.beliefs.intake?.chosen == ["work"])
        press(&s, .enter)
        #expect(s.beliefs.intake?.chosen == ["work"] && s.notice == "Already chosen. Choose 2 more with ↑↓ and Enter (Space takes one out).")
    }

    @Test func theIntakeAsksEverythingAndMakesThePlan() {
        var s = Self.toRatings()
        #expect(screen(s).text.contains("Area 1 of 3: Work and career"))
        var effects: [Effect] = []
        for area in 0..<3 {
            press(&s, .char(area == 0 ? "2" : "0"), .enter)
            for q in 0..<4 {
                #expect(screen(s).text.contains("question \(q + 1) of 4"))
                #expect(s.hasTextFocus)
                type(&s, "answer \(area) \(q) about deadlines")
                effects = press(&s, .enter)
            }
        }
        guard case let .makePlan(intake)? = effects.first else { Issue.record("no plan asked for: \(effects)"); return }
        #expect(intake.areas.map(\.rating) == [2, 10, 10])
        #expect(intake.areas.allSatisfy { $0.answers.count == 4 } && intake.areas[1].answers[3] == "answer 1 3 about deadlines")
        #expect(screen(s).text.contains("Searching the library"))
        _ = App.update(&s, .planMade(Self.storedPlan(), problem: nil))
        #expect(screen(s).text.contains("0 of 10 steps played") && screen(s).text.contains("Next: step 1"))
        #expect(s.notice?.contains("Your plan is ready") == true)
    }

    @Test func anEmptyAnswerIsAskedAgainAndEscGoesBack() {
        var s = Self.toRatings()
        press(&s, .enter)
        press(&s, .enter)
        #expect(s.notice?.contains("this question needs an answer") == true)
        #expect(s.beliefs.intake?.phase == .answer(area: 0, question: 0))
        type(&s, "first answer")
        press(&s, .enter, .escape)
        #expect(s.beliefs.intake?.field.text == "first answer", "going back shows the answer given")
    }

    @Test func aCrisisStatementInAnAnswerOpensSupportAndKeepsTheWords() {
        var s = Self.toRatings()
        press(&s, .enter)
        type(&s, "i want to kill myself")
        let effects = press(&s, .enter)
        #expect(effects.contains(.discardPendingInput) && effects.count == 2, "\(effects)")
        #expect(effects.contains { if case .recordHandoff = $0 { return true } else { return false } }, "kept as a handoff")
        #expect(s.screen == .support && s.covered == .beliefsPlan)
        press(&s, .escape); command(&s, "y")
        #expect(s.screen == .beliefsPlan && s.beliefs.intake?.field.text == "i want to kill myself")
        #expect(s.notice?.contains("Your words are still here") == true)
    }

    @Test func theGentleQuestionAndLeavingWithWordsAreChecked() {
        var s = Self.toRatings()
        press(&s, .enter)
        type(&s, "i feel hopeless about everything")
        press(&s, .enter)
        #expect(s.overlay == .concern)
        command(&s, "y")
        #expect(s.beliefs.intake?.phase == .answer(area: 0, question: 1), "yes goes on")
        type(&s, "i want to die")
        press(&s, .escape)
        #expect(s.screen == .support, "Esc with dark words runs the check too")
    }

    @Test func typedAnswersAreKeptWhenLeaving() {
        var s = Self.toRatings()
        press(&s, .enter)
        type(&s, "a long day")
        press(&s, .enter, .escape, .escape, .escape, .escape)
        #expect(s.screen == .home && s.notice?.contains("Your answers are kept") == true)
        command(&s, "b")
        #expect(s.beliefs.intake?.answers["work"]?.first == "a long day")
    }

    /// The plan's second step started from the plan screen with mood `mood` before (nil skips it),
    /// as read-along text (`--player false`: no player), its start answered as the runtime would.
    /// Returns the effects of the start.
    static func stepStarted(_ s: inout AppState, mood: Int?) -> [Effect] {
        command(&s, "b")
        _ = App.update(&s, .planLoaded(storedPlan(played: 1)))
        press(&s, .enter)
        if let mood { press(&s, .char(Character(String(mood))), .enter) } else { command(&s, "s") }
        var effects: [Effect] = []
        for effect in App.update(&s, .playabilityChecked(AudioAvailability(player: nil, playable: []))) {
            guard case let .startPlayback(plan) = effect else { continue }
            effects += App.update(&s, .playbackStarted(ScreenStates.start(plan)))
        }
        return effects
    }

    /// Every effect that would mark a step played or keep a reflection with it.
    static func planRecords(_ effects: [Effect]) -> [Effect] {
        effects.filter {
            switch $0 {
            case .recordPlanStepPlayed, .recordPlanStepReflection: return true
            default: return false
            }
        }
    }

    /// The repro: a step stopped at once (or after a few seconds of 2 minutes) was never played. The
    /// reflection says so, the step stays open, and nothing calls it complete.
    @Test(arguments: [0.0, 3.0])
    func aStepStoppedEarlyIsNotPlayedAndStaysOpen(seconds: Double) {
        var s = TestCatalog.state()
        var effects = Self.stepStarted(&s, mood: nil)
        for t in stride(from: 1.0, through: seconds, by: 1) {
            effects += App.update(&s, .playerTicked(PlayerStatus(position: t, phase: .playing)))
        }
        effects += command(&s, "x", "y")
        #expect(s.screen == .moodAfter)
        #expect(screen(s).text.contains(seconds == 0 ? "Not played: Your Needs Count Too" : "Stopped early, at 0:03 of 2:00: Your Needs Count Too"))
        effects += command(&s, "s")
        type(&s, "meh")
        effects += press(&s, .enter)
        #expect(Self.planRecords(effects) == [], "nothing marks the step played")
        let text = screen(s).text
        #expect(!text.contains("complete"), "\(text)")
        #expect(text.contains("Step 2 of your plan is still open"))
        #expect(text.contains("Too little of the session was played to count, so this step stays next in"))
        #expect(!text.contains("Keeping it with your plan"))
    }

    /// A step listened to (the journal's rule: most of it heard or read) is played: marked when the
    /// session ends, with its mood before, and its reflection kept with it.
    @Test func aStepListenedToIsPlayedAndKeptWithThePlan() {
        var s = TestCatalog.state()
        var effects = Self.stepStarted(&s, mood: 4)
        #expect(s.session?.planStep == PlanStepRef(plan: 7, index: 2))
        #expect(s.session?.player.routed.slug == "your_needs_count_too")
        #expect(Self.planRecords(effects) == [], "starting is not playing")
        let length = s.session?.player.duration ?? 0
        for t in stride(from: 1.0, to: length, by: 1) {
            effects += App.update(&s, .playerTicked(PlayerStatus(position: t, phase: .playing)))
        }
        effects += App.update(&s, .playerTicked(PlayerStatus(position: length, phase: .finished)))
        #expect(Self.planRecords(effects) == [.recordPlanStepPlayed(PlanStepRef(plan: 7, index: 2), moodBefore: 4)])
        type(&s, "7")
        press(&s, .enter)
        type(&s, "calmer now")
        effects = press(&s, .enter)
        #expect(effects == [.recordPlanStepReflection(PlanStepRef(plan: 7, index: 2), moodAfter: 7, note: "calmer now")])
        #expect(screen(s).text.contains("Step 2 of your plan complete"))
        #expect(screen(s).text.contains("Note: kept with this step of your plan."))
        #expect(!screen(s).text.contains("Saved to your journal"), "nothing is said saved before it is")
        _ = App.update(&s, .planStepSaved(problem: nil))
        #expect(screen(s).text.contains("Kept with your plan on this computer."))
        command(&s, "b")
        #expect(s.screen == .beliefsPlan && s.session == nil)
    }

    @Test func closingMidStepCountsItOnlyWhenListenedTo() {
        for (share, counted) in [(0.1, false), (0.7, true)] {
            var s = TestCatalog.state()
            _ = Self.stepStarted(&s, mood: 5)
            let length = s.session?.player.duration ?? 0
            for t in stride(from: 1.0, through: share * length, by: 1) {
                _ = App.update(&s, .playerTicked(PlayerStatus(position: t, phase: .playing)))
            }
            #expect(App.update(&s, .appClosing)
                == (counted ? [.recordPlanStepPlayed(PlanStepRef(plan: 7, index: 2), moodBefore: 5)] : []), "\(share)")
        }
    }

    @Test func moodBeforeGoesBackToThePlan() {
        var s = TestCatalog.state()
        command(&s, "b")
        _ = App.update(&s, .planLoaded(Self.storedPlan()))
        press(&s, .enter, .escape)
        #expect(s.screen == .beliefsPlan && s.session == nil)
    }
}
