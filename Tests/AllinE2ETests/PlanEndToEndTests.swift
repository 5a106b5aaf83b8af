import Foundation
import Testing

/// The beliefs plan through the real binary in tmux: intake → plan → first step → reflection, and a
/// crisis statement typed into an answer.
@Suite("The beliefs plan end to end (tmux)", .enabled(if: Paths.tmuxAvailable, "tmux is not installed"))
struct PlanEndToEndTests {
    static let answers = [
        ["deadlines pile up and my boss adds more", "I must never let anyone down", "a tight chest on Sundays", "to leave on time"],
        ["the bills keep coming", "I will never catch up", "dread when I open the app", "a budget I can keep"],
        ["I sit alone at lunch", "they probably prefer the others", "flat", "to feel part of the team"],
    ]

    /// Chooses the first three areas and answers everything but the last answer of the last area.
    func intake(_ t: TmuxSession, last: String) {
        t.keys("b")
        t.waitFor("Press Enter to make your plan")
        t.keys("Enter")
        t.waitFor("Choose three")
        t.keys("Space", "Down", "Space", "Down", "Space", "Enter")
        for area in 0..<3 {
            t.waitFor("Area \(area + 1) of 3", "from 1 (struggling) to 10")
            t.keys(area == 0 ? "3" : "6", "Enter")
            for q in 0..<4 {
                t.waitFor("question \(q + 1) of 4")
                t.type(area == 2 && q == 3 ? last : Self.answers[area][q])
                t.keys("Enter")
            }
        }
    }

    @Test func intakePlanFirstStepAndReflection() throws {
        let place = SessionPlace()
        let t = TmuxSession(appEnv: place.env(player: "none"))
        t.waitFor("Start a check-in")
        intake(t, last: Self.answers[2][3])
        t.waitFor("Your plan is ready", "0 of 10 steps played", "Next: step 1", timeout: 30)
        t.keys("Enter")
        t.waitFor("Before you start")
        t.keys("4", "Enter")
        t.waitFor("▶ Playing", "read along", timeout: 30)
        t.keys("x")
        t.waitFor("Stop the session now?")
        t.keys("y")
        t.waitFor("And now? How do you feel")
        t.keys("7", "Enter")
        t.type("a little lighter")
        t.keys("Enter")
        t.waitFor("Step 1 of your plan complete", "4 before, 7 after (+3)", "Kept with your plan")
        t.keys("h")
        t.waitFor("Start a check-in")
        t.keys("b")
        t.waitFor("1 of 10 steps played", "mood +3")
        // From outside: the plan and the step as stored.
        let show = spawn([Paths.allin, "plan", "show", "--json"], env: place.env())
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(show.output.utf8)) as? [String: Any])
        let steps = try #require(plan["steps"] as? [[String: Any]])
        #expect(steps.count == 10 && steps[0]["played"] as? Bool == true)
        #expect(steps[0]["moodBefore"] as? Int == 4 && steps[0]["moodAfter"] as? Int == 7)
        #expect(steps[1]["played"] as? Bool == false)
        let export = spawn([Paths.allin, "export"], env: place.env())
        #expect(export.output.contains("a little lighter"))
        // No check-in was written for the plan step.
        #expect(spawn([Paths.allin, "journal"], env: place.env()).output.contains("No check-ins yet"))
    }

    @Test func aCrisisStatementInAnAnswerOpensSupportAndMakesNoPlan() {
        let place = SessionPlace()
        let t = TmuxSession(appEnv: place.env(player: "none"))
        t.waitFor("Start a check-in")
        intake(t, last: "honestly i want to kill myself")
        t.waitFor("116 123", "Call 999")
        let show = spawn([Paths.allin, "plan", "show"], env: place.env())
        #expect(show.output.contains("No plan yet"))
        t.keys("Escape")
        t.waitFor("Are you safe right now?")
        t.keys("y")
        t.waitFor("Your words are still here", "question 4 of 4")
    }

    /// Killed outright (SIGKILL) while a step plays: the plan and the step's start are already on disk.
    @Test func progressSurvivesSIGKILL() throws {
        let place = SessionPlace()
        let t = TmuxSession(appEnv: place.env(player: "none"))
        t.waitFor("Start a check-in")
        intake(t, last: Self.answers[2][3])
        t.waitFor("Next: step 1", timeout: 30)
        t.keys("Enter")
        t.waitFor("Before you start")
        t.keys("4", "Enter")
        t.waitFor("▶ Playing", timeout: 30)
        let pid = try #require(t.appPID())
        kill(pid, SIGKILL)
        let show = spawn([Paths.allin, "plan", "show", "--json"], env: place.env())
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(show.output.utf8)) as? [String: Any])
        let steps = try #require(plan["steps"] as? [[String: Any]])
        #expect(steps.count == 10 && steps[0]["played"] as? Bool == true && steps[0]["moodBefore"] as? Int == 4)
    }
}
