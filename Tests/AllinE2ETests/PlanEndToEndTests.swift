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
        t.keys("b", "Enter")
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

    /// The slug of each step of the active plan, from `allin plan show --json`.
    func stepSlugs(_ place: SessionPlace) throws -> [String] {
        let show = spawn([Paths.allin, "plan", "show", "--json"], env: place.env())
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(show.output.utf8)) as? [String: Any])
        return try #require(plan["steps"] as? [[String: Any]]).compactMap { $0["slug"] as? String }
    }

    @Test func intakePlanFirstStepAndReflection() throws {
        let place = SessionPlace()
        // The fake player plays for 10 s and ends: step 1 has a 10 s recording, so it is heard to its end.
        let t = TmuxSession(appEnv: place.env(extra: ["FAKE_PLAYER_SECONDS": "10"]))
        t.waitFor("Start a check-in")
        intake(t, last: Self.answers[2][3])
        t.waitFor("Your plan is ready", "0 of 10 steps played", "Next: step 1", timeout: 30)
        let slugs = try stepSlugs(place)
        try #require(slugs.count == 10)
        place.addRecording(slugs[0], seconds: 10)
        place.addRecording(slugs[1])
        t.keys("Enter")
        t.waitFor("Before you start")
        t.keys("4", "Enter")
        t.waitFor("The session has finished", "And now? How do you feel", timeout: 30)
        t.keys("7", "Enter")
        t.type("a little lighter")
        t.keys("Enter")
        t.waitFor("Step 1 of your plan complete", "4 before, 7 after (+3)", "Kept with your plan")
        t.keys("b", "Enter")
        t.waitFor("1 of 10 steps played", "mood +3")
        // Step 2 stopped at once was not played: it says so and stays next.
        t.keys("Enter")
        t.waitFor("Before you start")
        t.keys("s", "Enter")
        t.waitFor("▶ Playing")
        t.keys("x", "Enter")
        t.waitFor("Stop the session now?")
        t.keys("y", "Enter")
        t.waitFor("And now? How do you feel")
        t.keys("s", "Enter")
        t.waitFor("A note for your journal")
        t.keys("Enter")
        t.waitFor("Step 2 of your plan is still open", "so this step stays next in")
        t.keys("b", "Enter")
        t.waitFor("1 of 10 steps played", "Next: step 2")
        // From outside: the plan and the steps as stored.
        let show = spawn([Paths.allin, "plan", "show", "--json"], env: place.env())
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(show.output.utf8)) as? [String: Any])
        let steps = try #require(plan["steps"] as? [[String: Any]])
        #expect(steps.count == 10 && steps[0]["played"] as? Bool == true)
        #expect(steps[0]["moodBefore"] as? Int == 4 && steps[0]["moodAfter"] as? Int == 7)
        #expect(steps[1]["played"] as? Bool == false)
        let export = spawn([Paths.allin, "export"], env: place.env())
        #expect(export.output.contains("a little lighter"))
        // No check-in was written for the plan steps.
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
        t.keys("y", "Enter")
        t.waitFor("Your words are still here", "question 4 of 4")
    }

    /// Killed outright (SIGKILL) while a step plays: the plan is already on disk, and the step, which
    /// had only begun, is not counted as played (it is still next).
    @Test func progressSurvivesSIGKILL() throws {
        let place = SessionPlace()
        let t = TmuxSession(appEnv: place.env(player: "none"))
        t.waitFor("Start a check-in")
        intake(t, last: Self.answers[2][3])
        t.waitFor("Next: step 1", timeout: 30)
        t.keys("Enter")
        t.waitFor("Before you start")
        t.keys("4", "Enter")
        t.waitFor("▶ Reading", timeout: 30)
        let pid = try #require(t.appPID())
        kill(pid, SIGKILL)
        let show = spawn([Paths.allin, "plan", "show", "--json"], env: place.env())
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(show.output.utf8)) as? [String: Any])
        let steps = try #require(plan["steps"] as? [[String: Any]])
        #expect(steps.count == 10 && steps[0]["played"] as? Bool == false)
        #expect(spawn([Paths.allin, "plan", "show"], env: place.env()).output.contains("Next: step 1"))
    }
}
