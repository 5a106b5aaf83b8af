import AllinCLI
import Foundation
import Testing

/// `allin plan` from outside: the binary with intakes on standard input.
@Suite("allin plan")
struct PlanCLITests {
    static func intake(_ last: String = "an earlier night") -> String {
        #"{"areas":[{"area":"work","rating":3,"answers":["deadlines pile up and my boss adds more","I must never let anyone down","a tight chest on Sundays","to leave on time"]},"#
            + #"{"area":"money","rating":5,"answers":["the bills keep coming","I will never catch up","dread","a budget I can keep"]},"#
            + #"{"area":"health","rating":8,"answers":["bed too late","resting is lazy","tired all day","\#(last)"]}]}"#
    }

    func dataDir() -> String { FileManager.default.temporaryDirectory.appendingPathComponent("allin-plan-\(UUID().uuidString)").path }

    @Test func newShowExplainAndTheJSONContract() throws {
        let dir = dataDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let made = try BinaryRunner.run(["plan", "new", "--json", "--data-dir", dir], stdin: Data(Self.intake().utf8))
        #expect(made.status == 0, "\(made.stderr)")
        let plan = try #require(made.json as? [String: Any])
        #expect(Set(plan.keys).isSuperset(of: ["id", "createdAt", "active", "steps"]))
        let steps = try #require(plan["steps"] as? [[String: Any]])
        #expect(steps.count == 10)
        #expect(steps.map { $0["index"] as? Int } == Array(1...10).map { Optional($0) })
        #expect(steps.map { $0["type"] as? String } == (1...10).map { $0 % 2 == 1 ? "reset" : "rewire" })
        for s in steps {
            #expect(Set(s.keys) == ["index", "area", "type", "slug", "title", "fallback", "played", "moodBefore", "moodAfter"])
        }
        let areas = steps.compactMap { $0["area"] as? String }
        #expect(zip(areas, areas.dropFirst()).allSatisfy { $0 != $1 }, "\(areas)")
        let shown = try BinaryRunner.run(["plan", "show", "--json", "--data-dir", dir])
        #expect((shown.json as? [String: Any])?["id"] as? Int == plan["id"] as? Int)
        let text = try BinaryRunner.run(["plan", "show", "--data-dir", dir])
        #expect(text.stdout.contains("0 of 10 steps played") && text.stdout.contains("Next: step 1"))
        let explain = try BinaryRunner.run(["plan", "explain", "--data-dir", dir])
        #expect(explain.status == 0 && explain.stdout.contains("query: \"deadlines\" OR"))
        #expect(explain.stdout.contains("score") && explain.stdout.contains("kept: its theme belongs to this area"))
        // A second plan makes the first inactive.
        _ = try BinaryRunner.run(["plan", "new", "--data-dir", dir], stdin: Data(Self.intake().utf8))
        let export = try BinaryRunner.run(["export", "--data-dir", dir])
        let plans = (export.json as? [String: Any])?["plans"] as? [[String: Any]]
        #expect(plans?.map { $0["active"] as? Bool } == [true, false])
        // Left for later: nothing recorded, the same step is next.
        let later = try BinaryRunner.run(["plan", "next", "--data-dir", dir], stdin: Data("5\nlater\n".utf8))
        #expect(later.status == 0 && later.stdout.contains("Left for later: step 1"))
    }

    /// "Press Enter to start" in `plan next` reads what is typed as every `--plain` prompt does: a
    /// crisis statement or a request for help opens support and starts nothing; words are echoed as
    /// typed.
    @Test(arguments: ["I want to die", "not safe", "help"])
    func theStartPromptOpensSupportAndStartsNothing(line: String) throws {
        let dir = dataDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try BinaryRunner.run(["plan", "new", "--data-dir", dir], stdin: Data(Self.intake().utf8))
        let r = try BinaryRunner.run(["plan", "next", "--data-dir", dir, "--region", "GB", "--player", "none"],
                                     stdin: Data("4\n\(line)\nquit\n".utf8))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("or type 'later' to leave this step for another time: \(line)\n"), "\(r.stdout)")
        #expect(r.stdout.contains("116 123") && r.stdout.contains("type 'continue'"), "\(r.stdout)")
        #expect(!r.stdout.contains("While it plays") && !r.stdout.contains("Kept with your plan"), "\(r.stdout)")
        let shown = try BinaryRunner.run(["plan", "show", "--data-dir", dir])
        #expect(shown.stdout.contains("0 of 10 steps played"))
    }

    /// An intake that fails validation (a rating of 11, three answers, a trailing comma) or plain words
    /// typed at the prompt has its words read by the crisis check before the input error is said.
    @Test(arguments: [
        #"{"areas":[{"area":"work","rating":11,"answers":["I want to kill myself","x","y","z"]},{"area":"money","rating":5,"answers":["a","b","c","d"]},{"area":"health","rating":8,"answers":["a","b","c","d"]}]}"#,
        #"{"areas":[{"area":"work","rating":3,"answers":["I want to kill myself","x","y"]}]}"#,
        #"{"areas":[{"area":"work","rating":3,"answers":["I want to kill myself","x","y","z"],}]}"#,
        "I want to kill myself\n",
    ])
    func aRefusedIntakeIsReadForDangerFirst(input: String) throws {
        let dir = dataDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try BinaryRunner.run(["plan", "new", "--data-dir", dir, "--region", "GB"], stdin: Data(input.utf8))
        #expect(r.status == 2)
        let lines = r.stderr.range(of: "116 123"), error = r.stderr.range(of: "invalid input")
        #expect(lines != nil && error != nil && lines!.lowerBound < error!.lowerBound, "\(r.stderr)")
        let calm = try BinaryRunner.run(["plan", "new", "--data-dir", dir, "--region", "GB"],
                                        stdin: Data(input.replacingOccurrences(of: "I want to kill myself", with: "deadlines").utf8))
        #expect(calm.status == 2 && !calm.stderr.contains("116 123"), "\(calm.stderr)")
    }

    /// `plan next` counts a step as played by the journal's rule: a session that could not play was
    /// not played (the step stays next, nothing kept); one heard to its end is.
    @Test func nextCountsAStepOnlyWhenItsSessionWasListenedTo() throws {
        let dir = dataDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let made = try BinaryRunner.run(["plan", "new", "--json", "--data-dir", dir], stdin: Data(Self.intake().utf8))
        let slug = try #require(((made.json as? [String: Any])?["steps"] as? [[String: Any]])?.first?["slug"] as? String)
        // A bad line in the config file is named and left out (the session is read along), and a
        // session stopped at once was not played: the step stays next, nothing kept.
        let config = dir + "-config"
        try FileManager.default.createDirectory(atPath: config + "/allin", withIntermediateDirectories: true)
        try Data("this is not a setting\n".utf8).write(to: URL(fileURLWithPath: config + "/allin/config"))
        defer { try? FileManager.default.removeItem(atPath: config) }
        let failed = try BinaryRunner.run(["plan", "next", "--data-dir", dir], stdin: Data("5\n\nq\n6\n\n".utf8),
                                          env: ["XDG_CONFIG_HOME": config, "ALLIN_PLAYER": "none"])
        #expect(failed.status == 0 && failed.stdout.contains("reading along"), "\(failed.stdout)\(failed.stderr)")
        #expect(failed.stderr.contains("left out until it is fixed"), "\(failed.stderr)")
        #expect(failed.stdout.contains("so step 1 stays next in your plan. Nothing was kept."), "\(failed.stdout)")
        #expect(!failed.stdout.contains("And now? How do you feel"), "no mood is asked for that would be thrown away")
        let open = try BinaryRunner.run(["plan", "show", "--data-dir", dir])
        #expect(open.stdout.contains("0 of 10 steps played") && open.stdout.contains("Next: step 1"))
        // A 3 s recording the fake player plays to its end: played, with both moods.
        try Self.recording(slug, in: dir)
        let played = try BinaryRunner.run(["plan", "next", "--data-dir", dir, "--player", Self.player], stdin: Data("5\n\n6\n\n".utf8),
                                          env: ["FAKE_PLAYER_SECONDS": "3", "XDG_CACHE_HOME": dir + "-cache",
                                                "XDG_RUNTIME_DIR": dir + "-run"])
        defer { try? FileManager.default.removeItem(atPath: dir + "-cache"); try? FileManager.default.removeItem(atPath: dir + "-run") }
        #expect(played.status == 0 && played.stdout.contains("Kept with your plan: step 1 of 10 (mood 5→6)."),
                "\(played.stdout)\(played.stderr)")
        let shown = try BinaryRunner.run(["plan", "show", "--data-dir", dir])
        #expect(shown.stdout.contains("1 of 10 steps played") && shown.stdout.contains("· played, mood 5 → 6 (+1)"))
    }

    /// The fake player, which plays a recording for FAKE_PLAYER_SECONDS.
    static let player = BinaryRunner.root.appendingPathComponent("Tests/AllinAudioTests/Fixtures/fake-player").path

    /// A 3 s recording of session `slug` in the data directory `dir`, for the fake player.
    static func recording(_ slug: String, in dir: String) throws {
        let audio = dir + "/audio"
        try FileManager.default.createDirectory(atPath: audio, withIntermediateDirectories: true)
        let bytes = 8000 * 2 * 3
        func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        let wav = Array("RIFF".utf8) + le32(36 + bytes) + Array("WAVEfmt ".utf8) + le32(16) + [1, 0, 1, 0] + le32(8000)
            + le32(16000) + [2, 0, 16, 0] + Array("data".utf8) + le32(bytes) + [UInt8](repeating: 0, count: bytes)
        try Data(wav).write(to: URL(fileURLWithPath: "\(audio)/\(slug).wav"))
    }

    /// `plan next` while another allin makes a new plan: the step, its moods and note stay with the
    /// plan it was played from, and the end says so (never "kept with your plan" of a plan replaced).
    @Test func aStepFinishedAfterANewPlanSaysItStaysWithTheEarlierPlan() throws {
        let dir = dataDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let made = try BinaryRunner.run(["plan", "new", "--json", "--data-dir", dir], stdin: Data(Self.intake().utf8))
        let first = try #require(made.json as? [String: Any])
        let slug = try #require((first["steps"] as? [[String: Any]])?.first?["slug"] as? String)
        try Self.recording(slug, in: dir)
        let next = try SpawnedPlain(dataDir: URL(fileURLWithPath: dir), arguments: ["plan", "next", "--player", Self.player],
                                    environment: ["FAKE_PLAYER_SECONDS": "3"])
        next.type(["4", ""])
        try #require(next.waitFor("And now? How do you feel"), "\(next.output)")
        // The session played; a new plan is made before the step is finished.
        let second = try BinaryRunner.run(["plan", "new", "--data-dir", dir], stdin: Data(Self.intake("a walk at lunch").utf8))
        #expect(second.status == 0, "\(second.stderr)")
        next.type(["7", "plan A note"])
        #expect(next.waitForExit() == 0, "\(next.output)")
        #expect(next.output.contains("Kept with your earlier plan: step 1 of 10 (mood 4→7, your note). A new plan was made"),
                "\(next.output)")
        #expect(!next.output.contains("Kept with your plan"), "\(next.output)")
        let shown = try BinaryRunner.run(["plan", "show", "--data-dir", dir])
        #expect(shown.stdout.contains("0 of 10 steps played"), "\(shown.stdout)")
        let plans = try #require((try BinaryRunner.run(["export", "--data-dir", dir]).json as? [String: Any])?["plans"] as? [[String: Any]])
        let earlier = try #require(plans.first { $0["id"] as? Int == first["id"] as? Int })
        let step = try #require((earlier["steps"] as? [[String: Any]])?.first)
        #expect(earlier["active"] as? Bool == false && step["moodBefore"] as? Int == 4 && step["moodAfter"] as? Int == 7)
        #expect(step["note"] as? String == "plan A note", "\(step)")
    }

    /// A crisis statement in any answer: the route-shaped handoff, no plan stored, exit 0.
    @Test func aCrisisStatementInAnAnswerHandsOffAndStoresNothing() throws {
        let dir = dataDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try BinaryRunner.run(["plan", "new", "--json", "--data-dir", dir, "--region", "GB"],
                                     stdin: Data(Self.intake("honestly i just want to die").utf8))
        #expect(r.status == 0)
        let obj = try #require(r.json as? [String: Any])
        #expect(obj["kind"] as? String == "safety_handoff")
        #expect((obj["crisis"] as? [String: Any])?["field"] as? String == "areas[2].answers[3]")
        #expect(((obj["resources"] as? [String: Any])?["resources"] as? [Any])?.isEmpty == false)
        #expect(!FileManager.default.fileExists(atPath: dir + "/journal.sqlite3"))
        let text = try BinaryRunner.run(["plan", "new", "--data-dir", dir, "--region", "GB"],
                                        stdin: Data(Self.intake("i will kill myself tonight").utf8))
        #expect(text.stdout.contains("No plan was made") && text.stdout.contains("116 123"))
    }

    @Test("malformed intakes exit 2 naming the field", arguments: [
        ("{", "(input)"), (#"{"areas":[]}"#, "areas"), ("[1]", "(input)"),
        (intake().replacingOccurrences(of: #""rating":5"#, with: #""rating":11"#), "areas[1].rating"),
        (intake().replacingOccurrences(of: #""dread""#, with: "7"), "areas[1].answers[2]"),
        (intake().replacingOccurrences(of: #""area":"money""#, with: #""area":"work""#), "areas[1].area"),
    ])
    func malformed(input: String, field: String) throws {
        let dir = dataDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try BinaryRunner.run(["plan", "new", "--data-dir", dir], stdin: Data(input.utf8))
        #expect(r.status == 2 && r.stderr.contains("'\(field)'"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/journal.sqlite3"))
    }

    @Test func noPlanYetIsSaidPlainly() throws {
        let dir = dataDir()
        let show = try BinaryRunner.run(["plan", "show", "--data-dir", dir])
        #expect(show.status == 0 && show.stdout.contains("No plan yet"))
        // 'allin plan' alone shows the plan, as 'plan show' does (found from outside: it printed the help).
        let bare = try BinaryRunner.run(["plan", "--data-dir", dir])
        #expect(bare.status == 0 && bare.stdout == show.stdout)
        #expect(try BinaryRunner.run(["plan", "show", "--json", "--data-dir", dir]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "null")
        #expect(try BinaryRunner.run(["plan", "next", "--data-dir", dir]).status == 1)
        #expect(try BinaryRunner.run(["plan", "bogus"]).status == 2)
        #expect(!FileManager.default.fileExists(atPath: dir), "looking creates nothing")
    }
}

/// `allin plan next` ended by a signal at a prompt (spawns the built binary, its input a pipe kept
/// open): one line says what is kept with the plan, as `allin --plain` does, and the status is 128 +
/// the signal.
@Suite("allin plan next: a signal at a prompt")
struct PlanNextSignalTests {
    /// A new plan in a fresh data directory, with a 3 s recording of its first step for the fake player.
    func planWithRecording() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-plan-sig-\(UUID().uuidString)")
        let made = try BinaryRunner.run(["plan", "new", "--json", "--data-dir", dir.path], stdin: Data(PlanCLITests.intake().utf8))
        let slug = try #require(((made.json as? [String: Any])?["steps"] as? [[String: Any]])?.first?["slug"] as? String)
        try PlanCLITests.recording(slug, in: dir.path)
        return dir
    }

    func spawn(_ dir: URL) throws -> SpawnedPlain {
        try SpawnedPlain(dataDir: dir, arguments: ["plan", "next", "--player", PlanCLITests.player],
                         environment: ["FAKE_PLAYER_SECONDS": "3"])
    }

    /// After the session: the step is kept as played with what was answered (the mood before, and the
    /// mood after once given).
    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func aSignalAfterTheSessionKeepsTheStepAndSaysSo(signal: Int32) throws {
        let dir = try planWithRecording()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try spawn(dir)
        run.type(["4", ""])
        try #require(run.waitFor("And now? How do you feel"), "\(run.output)")
        #expect(run.stop(signal) == 128 + signal)
        #expect(run.output.hasSuffix("Stopped. Kept with your plan: step 1 of 10 (mood before 4).\n"), "\(run.output)")
        let shown = try BinaryRunner.run(["plan", "show", "--data-dir", dir.path]).stdout
        #expect(shown.contains("1 of 10 steps played"), "\(shown)")
        // At the note, the mood after is kept too.
        let note = try planWithRecording()
        defer { try? FileManager.default.removeItem(at: note) }
        let atNote = try spawn(note)
        atNote.type(["4", "", "6"])
        try #require(atNote.waitFor("A note for your journal"), "\(atNote.output)")
        #expect(atNote.stop(signal) == 128 + signal)
        #expect(atNote.output.hasSuffix("Stopped. Kept with your plan: step 1 of 10 (mood 4→6).\n"), "\(atNote.output)")
    }

    /// Before the session nothing is recorded, and that is said; the step stays next.
    @Test func aSignalBeforeTheSessionSaysNothingWasRecorded() throws {
        let dir = try planWithRecording()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try spawn(dir)
        run.type(["4"])
        try #require(run.waitFor("Press Enter to start"), "\(run.output)")
        #expect(run.stop(SIGTERM) == 128 + SIGTERM)
        #expect(run.output.hasSuffix("Stopped. Nothing was recorded: step 1 is still next.\n"), "\(run.output)")
        let shown = try BinaryRunner.run(["plan", "show", "--data-dir", dir.path]).stdout
        #expect(shown.contains("0 of 10 steps played") && shown.contains("Next: step 1"), "\(shown)")
    }

    /// During the read-along the play loop answers the signal (it says where it stopped); too little
    /// was read to count, and that is said.
    @Test func aSignalDuringTheReadAlongIsAnswered() throws {
        let dir = try planWithRecording()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try SpawnedPlain(dataDir: dir, arguments: ["plan", "next", "--player", "none"])
        run.type(["4", ""])
        try #require(run.waitFor("reading along instead"), "\(run.output)")
        #expect(run.stop(SIGHUP) == 128 + SIGHUP)
        #expect(run.output.hasSuffix("Stopped. Nothing was recorded: step 1 is still next.\n"), "\(run.output)")
    }
}
