import AllinCLI
import Foundation
import Testing

@Suite("allin safety-plan (spawns the built binary)")
struct SafetyPlanCLITests {
    func withDataDir(_ body: (String) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-plan-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try body(dir)
    }

    @Test func lookingCreatesNothingAndSaysHowToStart() throws {
        try withDataDir { dir in
            let r = try BinaryRunner.run(["safety-plan", "--data-dir", dir])
            #expect(r.status == 0 && r.stdout.contains("Nothing written yet.") && r.stdout.contains("allin safety-plan edit"))
            #expect(!FileManager.default.fileExists(atPath: dir))
        }
    }

    @Test func writtenPartByPartThenShownExportedAndErased() throws {
        try withDataDir { dir in
            // Warning signs, coping, (skip), helpers, (skip), (skip), reasons.
            let input = "not sleeping\na walk round the block\n\nSam 07700 900123\n\n\nmy kids\n"
            let edit = try BinaryRunner.run(["safety-plan", "edit", "--data-dir", dir], stdin: Data(input.utf8))
            #expect(edit.status == 0 && edit.stdout.contains("Saved."), "\(edit.stderr)")
            let show = try BinaryRunner.run(["safety-plan", "show", "--data-dir", dir])
            #expect(show.stdout.contains("My reasons for living\n  my kids"))
            #expect(show.stdout.contains("People I can ask for help\n  Sam 07700 900123"))
            // Enter keeps a part, '-' clears it.
            let keep = try BinaryRunner.run(["safety-plan", "edit", "--data-dir", dir], stdin: Data("\n-\nquit\n".utf8))
            #expect(keep.status == 0)
            let after = try BinaryRunner.run(["safety-plan", "--data-dir", dir]).stdout
            #expect(after.contains("not sleeping") && !after.contains("a walk round the block"))
            let md = try BinaryRunner.run(["safety-plan", "export", "--data-dir", dir])
            #expect(md.stdout.hasPrefix("# My safety plan") && md.stdout.contains("## My reasons for living\n\nmy kids"))
            let json = try BinaryRunner.run(["export", "--data-dir", dir])
            let plan = ((json.json as? [String: Any])?["safetyPlan"] as? [String: Any])
            #expect(plan?["reasons"] as? String == "my kids")
            let erase = try BinaryRunner.run(["erase", "--yes", "--data-dir", dir])
            #expect(erase.status == 0)
            #expect(try BinaryRunner.run(["safety-plan", "--data-dir", dir]).stdout.contains("Nothing written yet."))
        }
    }

    /// 'sos' or 'help' typed as a part opens support, and is never written as that part: an empty
    /// part stays empty, a written one keeps what it had; the parts before it are saved.
    @Test(arguments: ["sos", "help", "not safe"])
    func aRequestForHelpIsNotWrittenIntoThePlan(word: String) throws {
        try withDataDir { dir in
            let r = try BinaryRunner.run(["safety-plan", "edit", "--data-dir", dir, "--region", "GB"],
                                         stdin: Data("tense\n\(word)\n".utf8))
            #expect(r.stdout.contains("116 123") && r.stdout.contains("so it was not written into this part."), "\(r.stdout)")
            let show = try BinaryRunner.run(["safety-plan", "show", "--data-dir", dir]).stdout
            #expect(show.contains("My warning signs\n  tense") && !show.contains("to cope"), "\(show)")
            _ = try BinaryRunner.run(["safety-plan", "edit", "--data-dir", dir], stdin: Data("\na walk\nquit\n".utf8))
            _ = try BinaryRunner.run(["safety-plan", "edit", "--data-dir", dir, "--region", "GB"], stdin: Data("\n\(word)\n".utf8))
            let kept = try BinaryRunner.run(["safety-plan", "show", "--data-dir", dir]).stdout
            #expect(kept.contains("to cope\n  a walk") && !kept.contains(word), "\(kept)")
        }
    }

    /// Ctrl-C, SIGTERM or SIGHUP part-way keep the parts entered (as 'quit' does) and say so.
    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func aSignalKeepsThePartsEntered(signal: Int32) throws {
        try withDataDir { dir in
            let run = try SpawnedPlain(dataDir: URL(fileURLWithPath: dir), arguments: ["safety-plan", "edit"])
            run.type(["sign A", "cope B"])
            // At the third part's prompt: the first two were entered.
            try #require(run.waitFor("the football on Saturday\n> "), "\(run.output)")
            #expect(run.stop(signal) == 128 + signal)
            #expect(run.output.hasSuffix("Stopped. What you entered is saved; see it with: allin safety-plan show\n"), "\(run.output)")
            let show = try BinaryRunner.run(["safety-plan", "show", "--data-dir", dir]).stdout
            #expect(show.contains("sign A") && show.contains("cope B"), "\(show)")
        }
    }

    /// Two copies of the editor: one waits at its first part while the other saves a new first part.
    /// Enter in the first keeps the part as stored now (never the text it started with), the part it
    /// writes is saved, and it says the plan was changed elsewhere meanwhile.
    @Test func enterKeepsWhatAnotherCopySavedMeanwhile() throws {
        try withDataDir { dir in
            _ = try BinaryRunner.run(["safety-plan", "edit", "--data-dir", dir], stdin: Data("old signs\nold cope\nquit\n".utf8))
            let first = try SpawnedPlain(dataDir: URL(fileURLWithPath: dir), arguments: ["safety-plan", "edit"])
            try #require(first.waitFor("Now: old signs\n> "), "\(first.output)")
            let second = try BinaryRunner.run(["safety-plan", "edit", "--data-dir", dir],
                                              stdin: Data("NEW SIGNS FROM B\n\n\n\n\n\nmy kids\n".utf8))
            #expect(second.status == 0 && second.stdout.contains("Saved."), "\(second.stdout)\(second.stderr)")
            // The first copy: Enter at its first part, a new second part, Enter at the rest.
            first.type(["", "a walk", "", "", "", "", ""])
            #expect(first.waitForExit() == 0, "\(first.output)")
            #expect(first.output.contains("Saved.") && first.output.contains("changed elsewhere"), "\(first.output)")
            // The parts after the second's save show its words too.
            #expect(first.output.contains("Now: my kids"), "\(first.output)")
            let show = try BinaryRunner.run(["safety-plan", "show", "--data-dir", dir]).stdout
            #expect(show.contains("My warning signs\n  NEW SIGNS FROM B") && show.contains("to cope\n  a walk")
                    && show.contains("My reasons for living\n  my kids") && !show.contains("old"), "\(show)")
        }
    }

    @Test func dangerInAnAnswerAsksFirstAndShowsSupportWhenNotSafe() throws {
        try withDataDir { dir in
            let notSafe = try BinaryRunner.run(["safety-plan", "edit", "--data-dir", dir, "--region", "GB"],
                                               stdin: Data("i want to kill myself\nn\n".utf8))
            #expect(notSafe.status == 0)
            #expect(notSafe.stdout.contains("Are you safe right now?"))
            #expect(notSafe.stdout.contains("116 123") && notSafe.stdout.contains("999"))
            let safe = try BinaryRunner.run(["safety-plan", "edit", "--data-dir", dir],
                                            stdin: Data("\nmusic\nquit\n".utf8))
            #expect(safe.status == 0 && safe.stdout.contains("Saved."))
        }
    }

    /// An attempt hands off at once, as everywhere (no question first), and words past a part's limit
    /// are still read.
    @Test func aClearStatementShowsSupportAtOnceAndWordsPastTheLimitAreRead() throws {
        try withDataDir { dir in
            let attempt = try BinaryRunner.run(["safety-plan", "edit", "--data-dir", dir, "--region", "GB"],
                                               stdin: Data("i took all my pills\n".utf8))
            #expect(attempt.status == 0 && !attempt.stdout.contains("Are you safe right now?"))
            #expect(attempt.stdout.contains("In danger now? Call 999") && attempt.stdout.contains("116 123"))
            let long = String(repeating: "work has been awful and ", count: 90) + "honestly i want to kill myself"
            let reasons = String(repeating: "\n", count: 6) + long + "\n"
            let past = try BinaryRunner.run(["safety-plan", "edit", "--data-dir", dir, "--region", "GB"],
                                            stdin: Data(reasons.utf8))
            #expect(past.stdout.contains("only the first 2000 are kept"))
            #expect(past.stdout.contains("116 123") && !past.stdout.contains("Saved."), "\(past.stdout)")
        }
    }

    /// The same reading of the answer as the check-in's: a yes with crisis words after it is not a yes,
    /// and an ordinary "Yes, I'm safe" is.
    @Test func theSafeQuestionReadsTheWholeAnswer() throws {
        try withDataDir { dir in
            let yesBut = try BinaryRunner.run(["safety-plan", "edit", "--data-dir", dir, "--region", "GB"],
                                              stdin: Data("i want to kill myself\nyes but i want to die\n".utf8))
            #expect(yesBut.stdout.contains("116 123"), "support shows")
            let yes = try BinaryRunner.run(["safety-plan", "edit", "--data-dir", dir, "--region", "GB"],
                                           stdin: Data("i want to kill myself\nYes, I'm safe\nquit\n".utf8))
            #expect(!yes.stdout.contains("116 123") && yes.stdout.contains("Saved."))
        }
    }

    @Test func badUsageIsExit2NamingTheProblem() throws {
        let a = try BinaryRunner.run(["safety-plan", "print"])
        #expect(a.status == 2 && a.stderr.contains("unexpected argument 'print' (safety-plan has: show, edit, export)"))
        let b = try BinaryRunner.run(["safety-plan", "export", "--format", "pdf"])
        #expect(b.status == 2 && b.stderr.contains("--format must be md or text"))
        let c = try BinaryRunner.run(["safety-plan", "--help"])
        #expect(c.status == 0 && c.stdout.contains("Usage: allin safety-plan"))
    }
}
