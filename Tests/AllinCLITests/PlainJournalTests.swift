import AllinCLI
import AllinStore
import AllinCore
import Foundation
import Testing

/// What `allin --plain` keeps in the journal when the check-in ends early, and what it says about it:
/// always what is read back from the file.
@Suite("allin --plain: what the journal keeps, and saying so")
struct PlainJournalTests {
    /// The lines up to the note, the session skipped: mood before 4, after 6.
    static let toTheNote = ["20", "1", "exam tomorrow", "5", "", "1", "4", "skip", "6"]

    func plain(_ lines: [String], dataDir: URL, io: (any CommandIO)? = nil) async -> (Int32, String) {
        let buffer = BufferIO(input: Data((lines.joined(separator: "\n") + "\n").utf8))
        let env = ["LANG": "en_GB.UTF-8", "ALLIN_CATALOG": BinaryRunner.root.appendingPathComponent("catalog").path,
                   "ALLIN_DATA_DIR": dataDir.path]
        let status = await CLI(environment: env, io: io ?? buffer).run(["--plain"])
        return (status, (io as? StepIO)?.buffer.stdout ?? buffer.stdout)
    }

    func entries(_ dir: URL) throws -> [JournalEntry] {
        try JournalStore.openForReading(path: dir.appendingPathComponent("journal.sqlite3").path).entries(JournalQuery())
    }

    static func dataDir() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("allin-plainj-\(UUID().uuidString.prefix(8))")
    }

    /// 'quit' and 'back' at the note do what they do at every prompt; neither is kept as the note.
    @Test func quitAndBackAtTheNoteAreNotNotes() async throws {
        let dir = Self.dataDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (_, out) = await plain(Self.toTheNote + ["quit"], dataDir: dir)
        #expect(out.contains("A note for your journal (Enter to skip, 'back' to change your mood, 'quit' to stop)"))
        #expect(out.contains("Stopped. Your check-in is kept in your journal (mood 4→6, session not played, no note)."))
        #expect(try entries(dir).map(\.note) == [nil] && entries(dir).first?.moodAfter == 6)
        let again = Self.dataDir()
        defer { try? FileManager.default.removeItem(at: again) }
        let (_, back) = await plain(Self.toTheNote + ["back", "7", "steadier"], dataDir: again)
        #expect(back.components(separatedBy: "And now? How do you feel").count == 3, "the mood after is asked again")
        #expect(try entries(again).first?.moodAfter == 7 && entries(again).first?.note == "steadier")
    }

    /// A note that got the gentle question is kept only after a clear "yes"; "no", "not sure", the end
    /// of the input or "help" open support, and then the person is told the note was not kept.
    @Test(arguments: [(["i cant go on", "not sure"], false), (["i cant go on", "no"], false), (["i cant go on"], false),
                      (["help"], false), (["i cant go on", "yes"], true)])
    func aNoteSupportOpenedFromIsSaidNotToBeKept(lines: [String], kept: Bool) async throws {
        let dir = Self.dataDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (_, out) = await plain(Self.toTheNote + lines, dataDir: dir)
        #expect(out.contains("Your note was not kept, because support opened from it.") == !kept, "\(out)")
        #expect(try entries(dir).first?.note == (kept ? "i cant go on" : nil))
    }

    /// Stopping after the mood before (quit, or the end of the input) keeps the check-in, marked not
    /// played, as `allin journal --help` says, and the message says so.
    @Test(arguments: [["quit"], []])
    func stoppingBeforeTheSessionKeepsTheCheckIn(ending: [String]) async throws {
        let dir = Self.dataDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (status, out) = await plain(["20", "1", "exam tomorrow", "5", "", "1", "4"] + ending, dataDir: dir)
        #expect(status == 0)
        #expect(out.contains("Stopped before the session. Your check-in is kept in your journal (mood before 4, session not played)."))
        #expect(!out.contains("Nothing was saved"))
        let entry = try #require(try entries(dir).first)
        #expect(entry.moodBefore == 4 && entry.playback?.outcome == .notPlayed)
    }

    /// A journal that can't be used is said before the first question, with what to do; the end says
    /// it was not saved.
    @Test func aDamagedJournalIsSaidAtTheStart() async throws {
        let dir = Self.dataDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x42, count: 8192)
        try garbage.write(to: dir.appendingPathComponent("journal.sqlite3"))
        let (status, out) = await plain(Self.toTheNote + ["a note"], dataDir: dir)
        #expect(status == 0)
        let start = try #require(out.components(separatedBy: "Step 1").first)
        #expect(start.contains("This check-in will run, but it can't be saved:") && start.contains("allin journal --move-aside"))
        #expect(out.contains("Not saved: the journal could not be opened.") && !out.contains("Saved to your journal"))
        #expect(try Data(contentsOf: dir.appendingPathComponent("journal.sqlite3")) == garbage, "the file is untouched")
    }

    @Test func aFileWhereTheDataDirectoryShouldBeIsSaidAtTheStart() async throws {
        let dir = Self.dataDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("x".utf8).write(to: dir)
        let (_, out) = await plain(["quit"], dataDir: dir.appendingPathComponent("allin"))
        #expect(out.components(separatedBy: "Step 1").first?.contains("This check-in will run, but it can't be saved:") == true)
    }

    /// A note the journal refuses (here a trigger another connection added; a full disk in
    /// `FullDiskCLITests`): the check-in is kept, the end says why the note was not, and prints the
    /// note back, escaped like all typed text, so it is not lost.
    @Test func aNoteThatCannotBeSavedIsSaidWithItsReasonAndPrintedBack() async throws {
        let dir = Self.dataDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let note = "a note worth keeping \u{1B}[2J twice"
        let lines = Self.toTheNote + [note]
        let io = StepIO(lines, before: lines.count - 1) {
            try? Database(path: dir.appendingPathComponent("journal.sqlite3").path).run("""
                CREATE TRIGGER refuse_note BEFORE UPDATE OF note ON check_ins WHEN NEW.note IS NOT NULL
                BEGIN SELECT RAISE(ABORT, 'the note was refused'); END
                """)
        }
        let (status, out) = await plain(lines, dataDir: dir, io: io)
        #expect(status == 0)
        #expect(out.contains("Saved to your journal on this computer, but not your note. The journal at ")
                && out.contains("(the note was refused)"), "\(out)")
        #expect(out.contains("Here is your note, to keep somewhere else:\n  a note worth keeping ␛[2J twice\n"), "\(out)")
        #expect(!out.contains("\u{1B}"))
        let entry = try #require(try entries(dir).first)
        #expect(entry.isComplete && entry.moodAfter == 6 && entry.note == nil)
    }

    /// A data directory deleted during the check-in: nothing on disk, so nothing is said to be saved.
    @Test func aSaveIsReadBackBeforeItIsSaid() async throws {
        let dir = Self.dataDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let lines = Self.toTheNote + ["a note"]
        let io = StepIO(lines, before: lines.count - 1) { try? FileManager.default.removeItem(at: dir) }
        let (_, out) = await plain(lines, dataDir: dir, io: io)
        #expect(!out.contains("Saved to your journal") && !out.contains("Streak"))
        #expect(out.contains("Not saved:"))
    }
}

/// Signals at a prompt (spawns the built binary, its input a pipe kept open).
@Suite("allin --plain: a signal at a prompt")
struct PlainSignalTests {
    /// SIGTERM, SIGHUP or Ctrl-C at the note after the mood after was answered: both moods are kept
    /// (the check-in completed without a note, as the full-screen front does on close), and one line
    /// says so; at the first question, that nothing was saved.
    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func aSignalAtTheNoteKeepsBothMoodsAndSaysSo(signal: Int32) throws {
        let dir = PlainJournalTests.dataDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try SpawnedPlain(dataDir: dir)
        run.type(PlainJournalTests.toTheNote)
        try #require(run.waitFor("A note for your journal"), "\(run.output)")
        let status = run.stop(signal)
        #expect(status == 128 + signal)
        #expect(run.output.hasSuffix("Stopped. Your check-in is kept in your journal (mood 4→6, session not played, no note).\n"),
                "\(run.output)")
        let entry = try #require(try JournalStore.openForReading(path: dir.appendingPathComponent("journal.sqlite3").path)
            .entries(JournalQuery()).first)
        #expect(entry.moodBefore == 4 && entry.moodAfter == 6 && entry.isComplete)
    }

    /// After a session has played (stopped by a line 'q'), a signal at a later prompt is still answered
    /// (the play loop's own signal handling once took it away), and one during the read-along too.
    @Test func signalsDuringAndAfterTheSession() throws {
        let dir = PlainJournalTests.dataDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try SpawnedPlain(dataDir: dir)
        run.type(["20", "1", "exam tomorrow", "5", "", "1", "4", "", "q", "6"])
        try #require(run.waitFor("A note for your journal"), "\(run.output)")
        #expect(run.stop(SIGTERM) == 128 + SIGTERM)
        #expect(run.output.hasSuffix("Stopped. Your check-in is kept in your journal (mood 4→6, session stopped early, no note).\n"),
                "\(run.output)")
        let during = PlainJournalTests.dataDir()
        defer { try? FileManager.default.removeItem(at: during) }
        let reading = try SpawnedPlain(dataDir: during)
        reading.type(["20", "1", "exam tomorrow", "5", "", "1", "4", ""])
        try #require(reading.waitFor("reading along instead"), "\(reading.output)")
        #expect(reading.stop(SIGHUP) == 128 + SIGHUP)
        #expect(reading.output.contains("Stopped at 0:0")
                && reading.output.hasSuffix("Stopped. Your check-in is kept in your journal (mood before 4, session stopped early).\n")
                || reading.output.hasSuffix("Stopped. Your check-in is kept in your journal (mood before 4, session not played).\n"),
                "\(reading.output)")
    }

    @Test func aSignalAtTheFirstQuestionSaysNothingWasSaved() throws {
        let dir = PlainJournalTests.dataDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try SpawnedPlain(dataDir: dir)
        try #require(run.waitFor("Type a number or your own word"), "\(run.output)")
        #expect(run.stop(SIGTERM) == 128 + SIGTERM)
        #expect(run.output.hasSuffix("Stopped. Nothing was saved.\n"), "\(run.output)")
    }
}

/// `allin --plain` (or another command) running with a pipe for its input and a file for its output.
final class SpawnedPlain {
    let process = Process()
    let input = Pipe()
    let outURL: URL

    init(dataDir: URL, arguments: [String] = ["--plain"], environment: [String: String] = [:]) throws {
        outURL = FileManager.default.temporaryDirectory.appendingPathComponent("allin-plain-out-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        process.executableURL = BinaryRunner.executable
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": dataDir.path, "LANG": "en_GB.UTF-8", "ALLIN_PLAYER": "none",
                               "ALLIN_CATALOG": BinaryRunner.root.appendingPathComponent("catalog").path,
                               "ALLIN_DATA_DIR": dataDir.path].merging(environment) { $1 }
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = process.standardOutput
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: outURL)
    }

    var output: String { String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self) }

    func type(_ lines: [String]) { input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8)) }

    /// Polls the output until `text` shows (a wait for the condition, not a sleep).
    func waitFor(_ text: String, timeout: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if output.contains(text) { return true }
            usleep(20_000)
        }
        return false
    }

    /// Waits for it to end by itself: its exit status, or -1 when it did not end within `timeout`
    /// seconds (it is then killed).
    func waitForExit(timeout: Double = 30) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return -1
        }
        return process.terminationStatus
    }

    /// Sends `signal` (allin shows a prompt only once it waits at it); its exit status, or -1 when
    /// it did not end within 10 seconds (it is then killed, so a signal ignored fails, never hangs).
    func stop(_ signal: Int32) -> Int32 {
        kill(process.processIdentifier, signal)
        return waitForExit(timeout: 10)
    }
}

/// Standard input as lines, with something done just before one of them is read.
final class StepIO: CommandIO, @unchecked Sendable {
    let buffer: BufferIO
    private let lock = NSLock()
    private var read = 0
    private let before: Int
    private let action: () -> Void
    init(_ lines: [String], before: Int, _ action: @escaping () -> Void) {
        buffer = BufferIO(input: Data((lines.joined(separator: "\n") + "\n").utf8))
        self.before = before
        self.action = action
    }
    func out(_ text: String) { buffer.out(text) }
    func err(_ text: String) { buffer.err(text) }
    func readInput(upTo count: Int) -> Data { buffer.readInput(upTo: count) }
    var inputIsTerminal: Bool { false }
    func readInputLine() -> String? {
        let n = lock.withLock { read += 1; return read - 1 }
        if n == before { action() }
        return buffer.readInputLine()
    }
}
