@testable import AllinCLI
import AllinStore
import Foundation
import Testing

/// What is typed while a session plays in the line-based prompts: every line is read, in order, as
/// it comes; a stop word stops, a line the crisis check does not clear opens support at once.
@Suite("allin --plain: lines typed while a session plays")
struct PlainSessionLinesTests {
    /// Up to "Press Enter to start" and Enter: the session (read along, no player) plays.
    static let toTheSession = ["20", "1", "exam tomorrow", "5", "", "1", "4", ""]

    func plain(_ lines: [String], positions: String? = nil) async -> (Int32, String) {
        let dir = PlainJournalTests.dataDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        if let positions {
            try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try? Data(positions.utf8).write(to: dir.appendingPathComponent("playback-positions.json"))
        }
        let buffer = BufferIO(input: Data((lines.joined(separator: "\n") + "\n").utf8))
        let env = ["LANG": "en_GB.UTF-8", "ALLIN_PLAYER": "none", "ALLIN_DATA_DIR": dir.path,
                   "ALLIN_CATALOG": BinaryRunner.root.appendingPathComponent("catalog").path]
        let status = await CLI(environment: env, io: buffer).run(["--plain", "--region", "GB"])
        return (status, buffer.stdout)
    }

    /// Lines that are neither a stop word nor flagged are kept, in order, for the questions after the
    /// session; the stop word behind them still stops it, and the line after the stop word waits too.
    @Test func everyLineIsReadAndOnlyTheStopWordActs() {
        let io = BufferIO(input: Data("hello\n7\nq\n6\n".utf8))
        let lines = PlayLines(io: io) { _ in false }
        #expect(lines.read(timeout: 0.05) == [.stop])
        #expect(lines.heard == nil)
        #expect([io.readInputLine(), io.readInputLine(), io.readInputLine(), io.readInputLine()] == ["hello", "7", "6", nil])
    }

    @Test func aLineTheCallerMustReadStopsTheSessionAndIsHeard() {
        let io = BufferIO(input: Data("p\nfine\nI want to kill myself\nq\n".utf8))
        let lines = PlayLines(io: io) { $0.contains("kill") }
        #expect(lines.read(timeout: 0.05) == [.togglePause, .stop])
        #expect(lines.heard == "I want to kill myself")
        #expect([io.readInputLine(), io.readInputLine()] == ["fine", "q"])
    }

    /// A crisis statement typed while the session reads along stops it and opens support before the
    /// session would have ended; 'continue' goes on to the mood after.
    @Test(arguments: ["I want to kill myself", "help", "not safe"])
    func aCrisisStatementDuringTheSessionOpensSupportAtOnce(line: String) async {
        let (status, out) = await plain(Self.toTheSession + [line, "continue", "6", ""])
        #expect(status == 0)
        let stopped = out.range(of: "Stopped at 0:0"), lines = out.range(of: "116 123")
        #expect(stopped != nil && lines != nil && stopped!.lowerBound < lines!.lowerBound, "\(out)")
        #expect(!out.contains("Finished."), "\(out)")
        #expect(out.contains("And now? How do you feel"), "\(out)")
    }

    /// A line that is no stop word ("hello") no longer holds back the 'q' behind it.
    @Test func aStopWordAfterAnotherLineStillStops() async {
        let (status, out) = await plain(Self.toTheSession + ["hello", "q", "6", "", ""])
        #expect(status == 0)
        #expect(out.contains("Stopped at 0:0") && !out.contains("Finished."), "\(out)")
        // "hello" waited for the question after the session, and was answered as any line there is.
        #expect(out.contains("And now? How do you feel, from 1 to 10? (Enter to skip) hello"), "\(out)")
    }
}

extension PlainSessionLinesTests {
    /// A session stopped part-way earlier today: the start prompt says where it goes on and offers
    /// 'restart' (the --plain prompts take no --from-start, so the hint never names it).
    @Test func theStartPromptOffersRestartWhereTheSessionResumes() async {
        let c = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        let day = String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
        let positions = #"[{"slug":"cooling_the_fire","day":"\#(day)","position":60}]"#
        let (_, resumed) = await plain(Self.toTheSession + ["q", "", ""], positions: positions)
        #expect(resumed.contains("Press Enter to start Cooling the Fire (it goes on from 0:57, a little before where you stopped earlier today; "
            + "type 'restart' to begin again)"), "\(resumed)")
        #expect(resumed.contains("Resuming at 0:57, a little before where you stopped earlier today.\n"), "\(resumed)")
        #expect(!resumed.contains("--from-start"))
        let (_, restarted) = await plain(Self.toTheSession.dropLast() + ["restart", "q", "", ""], positions: positions)
        #expect(!restarted.contains("Resuming") && restarted.contains("Stopped at 0:00."), "\(restarted)")
    }
}

extension PlainSessionLinesTests {
    /// A session resumed part-way and stopped at once read nothing in this check-in (found from
    /// outside: the position it resumed from, 0:57, was recorded as read).
    @Test func aResumedSessionStoppedAtOnceRecordsNothingRead() async throws {
        let dir = PlainJournalTests.dataDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let c = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        let day = String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
        try Data(#"[{"slug":"cooling_the_fire","day":"\#(day)","position":60}]"#.utf8)
            .write(to: dir.appendingPathComponent("playback-positions.json"))
        let env = ["LANG": "en_GB.UTF-8", "ALLIN_PLAYER": "none", "ALLIN_DATA_DIR": dir.path,
                   "ALLIN_CATALOG": BinaryRunner.root.appendingPathComponent("catalog").path]
        let lines = Self.toTheSession + ["q", "", ""]
        let io = BufferIO(input: Data((lines.joined(separator: "\n") + "\n").utf8))
        _ = await CLI(environment: env, io: io).run(["--plain", "--region", "GB"])
        #expect(io.stdout.contains("Resuming at 0:57"), "\(io.stdout)")
        let shown = BufferIO()
        _ = await CLI(environment: env, io: shown).run(["journal", "show", "1"])
        #expect(shown.stdout.contains("nothing heard or read of 4:"), "\(shown.stdout)")
    }
}

extension PlainSessionLinesTests {
    /// A bad sound setting is named and left out: the session is still read along (found from outside:
    /// 'rate = 999' printed a type's dump and nothing of the session).
    @Test func aBadSoundSettingIsLeftOut() async throws {
        let dir = PlainJournalTests.dataDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config/allin")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("rate = 999\n".utf8).write(to: config.appendingPathComponent("config"))
        let env = ["LANG": "en_GB.UTF-8", "ALLIN_PLAYER": "none", "ALLIN_DATA_DIR": dir.path,
                   "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path,
                   "ALLIN_CATALOG": BinaryRunner.root.appendingPathComponent("catalog").path]
        let lines = Self.toTheSession + ["q", "", ""]
        let io = BufferIO(input: Data((lines.joined(separator: "\n") + "\n").utf8))
        _ = await CLI(environment: env, io: io).run(["--plain", "--region", "GB"])
        #expect(io.stdout.contains("reading along instead") && !io.stdout.contains("can't play here"), "\(io.stdout)")
        #expect(io.stderr.contains("'rate'") && io.stderr.contains("left out until it is fixed"), "\(io.stderr)")
    }
}

/// The same through the built binary, its input a pipe: a line typed seconds into the session.
@Suite("allin --plain: a line typed while a session plays, through a pipe")
struct PlainSessionPipeTests {
    @Test func aCrisisStatementTypedDuringTheSessionOpensSupportWithinSeconds() throws {
        let dir = PlainJournalTests.dataDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try SpawnedPlain(dataDir: dir)
        run.type(PlainSessionLinesTests.toTheSession)
        try #require(run.waitFor("reading along instead"), "\(run.output)")
        run.type(["I want to kill myself"])
        #expect(run.waitFor("116 123", timeout: 10), "\(run.output)")
        #expect(run.output.contains("Stopped at "), "\(run.output)")
        run.type(["quit"])
        #expect(run.waitFor("Take care."), "\(run.output)")
        run.process.waitUntilExit()
        #expect(run.process.terminationStatus == 0)
    }
}
