import AllinCore
import AllinRuntime
import AllinStore
import Foundation
import Testing

/// A private data directory for one test, and the binary run against it.
struct JournalSandbox {
    let root: String
    var data: String { root + "/data" }
    var journal: String { data + "/journal.sqlite3" }
    let checkIn: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("allin-journal-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        checkIn = root + "/checkin.json"
        try Data(#"{"emotion":"worried","triggerText":"the quarterly review","intensity":6,"intent":"unblock","consent":true,"belief":"not_good_enough","kinder":"I am learning, not failing"}"#.utf8)
            .write(to: URL(fileURLWithPath: checkIn))
    }

    func cleanup() { try? FileManager.default.removeItem(atPath: root) }

    var env: [String: String] { ["ALLIN_DATA_DIR": data, "TZ": "Europe/London"] }

    func run(_ args: [String], stdin: Data = Data(), env extra: [String: String] = [:]) throws -> BinaryRunner.Result {
        try BinaryRunner.run(args, stdin: stdin, env: env.merging(extra) { $1 })
    }

    /// Records the standard check-in on `day` (noon local time).
    func record(_ day: LocalDay, before: Int = 3, after: Int = 7, note: String = "a walk") throws {
        let r = try run(["journal", "record", "--file", checkIn, "--at", day.iso, "--mood-before", "\(before)",
                         "--mood-after", "\(after)", "--note", note])
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// Runs a shell script with `$ALLIN` set to the built binary (for umask and the like).
    func shell(_ script: String, _ args: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "sh"] + args
        process.environment = env.merging(["PATH": "/usr/bin:/bin", "HOME": root, "ALLIN": BinaryRunner.executable.path,
                                           "ALLIN_CATALOG": BinaryRunner.root.appendingPathComponent("catalog").path]) { $1 }
        let errURL = URL(fileURLWithPath: root + "/shell-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }

    var today: LocalDay { LocalDay(Date(), in: TimeZone(identifier: "Europe/London")!) }

    func bytesOfAllFiles() -> Data {
        JournalFiles.allFiles(of: journal).reduce(into: Data()) { all, file in
            all += FileManager.default.contents(atPath: file) ?? Data()
        }
    }
}

@Suite("journal, export, erase and where, through the built binary")
struct JournalCLITests {
    @Test("every journal command has --help", arguments: ["journal", "export", "erase", "where"])
    func help(command: String) throws {
        let r = try BinaryRunner.run([command, "--help"])
        #expect(r.status == 0 && r.stdout.contains("Usage: allin \(command)"))
        #expect(try BinaryRunner.run(["help", command]).stdout == r.stdout)
        #expect(try BinaryRunner.run(["--help"]).stdout.contains(command))
        #expect(try BinaryRunner.run(["journal", "record", "--help"]).stdout.contains("--mood-before"))
    }

    @Test func theConfigFileSetsTheRestDaysAndABadValueIsNamed() throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        for back in [3, 1, 0] { try box.record(box.today.adding(days: -back)) }
        let config = box.root + "/config/allin"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        let env = ["XDG_CONFIG_HOME": box.root + "/config"]
        try Data("player = none\nrest_days = 0   # strict\n".utf8).write(to: URL(fileURLWithPath: config + "/config"))
        let strict = try box.run(["journal"], env: env)
        #expect(strict.status == 0 && strict.stdout.contains("Streak: 2 days") && strict.stdout.contains("rest days off"))
        #expect(try box.run(["journal", "--rest-days", "1"], env: env).stdout.contains("Streak: 3 days"))
        try Data("rest_days = lots\n".utf8).write(to: URL(fileURLWithPath: config + "/config"))
        // A bad line is named and left out: the journal is still shown, with the usual rest days.
        let bad = try box.run(["journal"], env: env)
        #expect(bad.status == 0 && bad.stdout.contains("Streak: 3 days"), "\(bad.stdout)")
        #expect(bad.stderr.contains("line 1: rest_days must be a whole number from 0 to 6"), "\(bad.stderr)")
        #expect(bad.stderr.contains("found 'lots'") && bad.stderr.contains("That line is left out until it is fixed."))
        #expect(try box.run(["journal", "--rest-days", "2"], env: env).status == 0, "the option needs no config")
    }

    @Test func recordsListAndSummarise() throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        let empty = try box.run(["journal"])
        #expect(empty.status == 0 && empty.stdout.contains("No check-ins yet."))
        #expect(!FileManager.default.fileExists(atPath: box.journal), "reading must not create the journal")
        for back in [3, 1, 0] { try box.record(box.today.adding(days: -back), before: 3, after: 3 + back) }
        let r = try box.run(["journal", "--json"])
        #expect(r.status == 0)
        let json = try #require(r.json as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Any])
        let streak = try #require(summary["streak"] as? [String: Any])
        // Three days back, yesterday, today: the missing day two days back is the week's rest day.
        #expect(streak["days"] as? Int == 3 && streak["checkedInToday"] as? Bool == true)
        #expect((streak["restDays"] as? [String]) == [box.today.adding(days: -2).iso])
        #expect(summary["daysLast7"] as? Int == 3 && summary["daysLast30"] as? Int == 3)
        let mood = try #require(summary["mood"] as? [String: Any])
        #expect((mood["days"] as? [Any])?.count == 30 && mood["averageBefore"] as? Double == 3)
        let heatmap = try #require(summary["heatmap"] as? [String: Any])
        #expect((heatmap["weeks"] as? [Any])?.count == 12)
        let entries = try #require(json["entries"] as? [[String: Any]])
        #expect(entries.count == 3 && entries.first?["day"] as? String == box.today.iso)
        #expect((entries.first?["answers"] as? [String: Any])?["kinder"] as? String == "I am learning, not failing")
        #expect((entries.first?["recommendation"] as? [String: Any])?["trace"] != nil)
        // Rest days off: the gap breaks the run.
        let strict = try #require(try box.run(["journal", "--json", "--rest-days", "0"]).json as? [String: Any])
        #expect(((strict["summary"] as? [String: Any])?["streak"] as? [String: Any])?["days"] as? Int == 2)
        let text = try box.run(["journal"])
        #expect(text.stdout.contains("Streak: 3 days (1 rest day used), checked in today"))
        #expect(text.stdout.contains("Checked in on 3 of the last 7 days"))
        let found = try box.run(["journal", "--search", "walk", "--since", box.today.adding(days: -1).iso, "--json"])
        #expect((found.json as? [String: Any]).flatMap { $0["entries"] as? [Any] }?.count == 2)
        // Plain words by default: why this session, as the recommendation said it, and no ids or
        // scores; the routing lab's trace behind --trace.
        let shown = try box.run(["journal", "show", "1"])
        #expect(shown.status == 0 && shown.stdout.contains("A kinder voice") && shown.stdout.contains("\nWhy this session:\n  - "))
        let session = try #require(entries.last?["session"] as? [String: Any])
        let slug = try #require(session["slug"] as? String)
        for raw in ["Trace:", "rule=", "score=", "slugs=", "(\(slug))", " lane,"] { #expect(!shown.stdout.contains(raw), "\(raw)") }
        let traced = try box.run(["journal", "show", "1", "--trace"])
        #expect(traced.status == 0 && traced.stdout.contains("Trace:") && traced.stdout.contains("rule=") && traced.stdout.contains("(\(slug))"))
        #expect(!traced.stdout.contains("Why this session"))
    }

    @Test func storedTextIsNeverPrintedRaw() throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        let hostile = "bad \u{1B}[2J\u{1B}]0;owned\u{07} \u{9B}31m end\nline two \u{202E}reversed"
        try box.record(box.today, note: hostile)
        for args in [["journal"], ["journal", "show", "1"], ["export", "--format", "md"], ["export", "--format", "csv"], ["export"]] {
            let r = try box.run(args)
            #expect(r.status == 0)
            if args.first == "journal" {
                for byte in r.stdoutBytes { #expect(byte == 0x0A || byte >= 0x20 && byte != 0x7F, "raw control byte \(byte) in \(args)") }
                #expect(!r.stdout.contains("\u{9B}") && !r.stdout.contains("\u{202E}"))
                #expect(r.stdout.contains("␛[2J"))
            }
        }
        // JSON keeps the text exactly, escaped.
        let json = try #require(try box.run(["export"]).json as? [String: Any])
        #expect(((json["entries"] as? [[String: Any]])?.first?["note"] as? String) == hostile)
    }

    @Test func aHandoffKeepsNoWordsAnywhereOnDisk() throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        let secret = "zebra-lighthouse-4417"
        let r = try box.run(["journal", "record", "--mood-before", "2", "--note", "note \(secret)"],
                            stdin: Data(#"{"customEmotion":"I want to kill myself","triggerText":"\#(secret)","intensity":9}"#.utf8))
        #expect(r.status == 0 && r.stdout.contains("Crisis support was shown. Only that and the time are kept."))
        let bytes = box.bytesOfAllFiles()
        #expect(!bytes.isEmpty)
        #expect(bytes.range(of: Data(secret.utf8)) == nil && bytes.range(of: Data("kill myself".utf8)) == nil)
        let json = try #require(try box.run(["export"]).json as? [String: Any])
        let entry = try #require((json["entries"] as? [[String: Any]])?.first)
        #expect(entry["kind"] as? String == "safety_handoff" && entry["crisisTier"] as? String == "T2")
        #expect(entry["answers"] is NSNull && entry["note"] is NSNull && entry["recommendation"] is NSNull)
    }

    /// A check-in `journal record` refuses (an intensity of 11, or not JSON) still has its words read
    /// by the crisis check, and the lines come before the input error; nothing is kept.
    @Test(arguments: [#"{"emotion":"stressed","intensity":11,"triggerText":"I want to kill myself"}"#, "I want to kill myself"])
    func aRefusedCheckInIsReadForDangerFirst(input: String) throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        let r = try box.run(["journal", "record", "--region", "GB"], stdin: Data(input.utf8))
        #expect(r.status == 2)
        let lines = r.stderr.range(of: "116 123"), error = r.stderr.range(of: "invalid input")
        #expect(lines != nil && error != nil && lines!.lowerBound < error!.lowerBound, "\(r.stderr)")
    }

    @Test("bad input names the option and exits 2", arguments: [
        (["journal", "--since", "2024-02-30"], "--since"),
        (["journal", "--since", "yesterday"], "--since"),
        (["journal", "--rest-days", "8"], "--rest-days"),
        (["journal", "--limit", "-1"], "--limit"),
        (["journal", "--search", "!!!"], "--search"),
        (["journal", "frobnicate"], "frobnicate"),
        (["journal", "show", "abc"], "entry number"),
        (["journal", "record", "--mood-before", "11"], "--mood-before"),
        (["journal", "record", "--mood-after", "x"], "--mood-after"),
        (["journal", "record", "--at", "soon"], "--at"),
        (["export", "--format", "xml"], "--format"),
        (["erase", "now"], "now"),
        (["where", "--data-dir", ""], "--data-dir"),
    ])
    func badInput(args: [String], field: String) throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        let r = try box.run(args)
        #expect(r.status == 2, "\(args): \(r.stderr)")
        #expect(r.stderr.contains(field), "\(args): \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: box.journal))
    }

    @Test func aMissingEntryAndABadCheckInFileExit2() throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        try box.record(box.today)
        let missing = try box.run(["journal", "show", "99"])
        #expect(missing.status == 2 && missing.stderr.contains("no journal entry 99"))
        let bad = try box.run(["journal", "record"], stdin: Data(#"{"intensity":12}"#.utf8))
        #expect(bad.status == 2 && bad.stderr.contains("'intensity'"))
    }

    /// One damaged page used to stop the whole export. Now what can be read is exported, what can't
    /// is named (on standard error and in the file), the exit status is 1, and the file is not changed.
    @Test func aDamagedJournalExportsWhatCanBeRead() throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        let made = try box.run(["journal", "record", "--repeat", "200", "--note", "n"],
                               stdin: Data(#"{"emotion":"stressed","intensity":5}"#.utf8))
        #expect(made.status == 0)
        let leaves = try Database(path: box.journal, readOnly: true)
            .query("SELECT pageno FROM dbstat WHERE name = 'check_ins' AND pagetype = 'leaf' ORDER BY path") { $0.int(0) ?? 0 }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: box.journal))
        for page in [leaves[leaves.count / 2], 3] {   // a page of check-ins, and the consent records' (page 3)
            bytes.replaceSubrange((page - 1) * 4096..<page * 4096, with: Data(repeating: 0xAB, count: 4096))
        }
        try bytes.write(to: URL(fileURLWithPath: box.journal))
        let before = box.bytesOfAllFiles()

        let json = try box.run(["export"])
        #expect(json.status == 1)
        let root = json.json as? [String: Any]
        let entries = (root?["entries"] as? [Any])?.count ?? 0
        #expect(entries > 150 && entries < 200, "\(json.stderr)")
        let notRead = root?["notRead"] as? String ?? ""
        #expect(notRead.hasPrefix("the check-ins numbered ") && notRead.hasSuffix(" and the consent records"), "\(notRead)")
        #expect(json.stderr.contains("is damaged") && json.stderr.contains("can't be read: \(notRead)"))
        #expect(json.stderr.contains("\(entries) check-ins"))
        let csv = try box.run(["export", "--format", "csv"])
        #expect(csv.status == 1 && csv.stdout.components(separatedBy: "\r\n").count == entries + 2)
        #expect(box.bytesOfAllFiles() == before, "the damaged journal is only read")
        // Listing still refuses it, and points to the export.
        let list = try box.run(["journal"])
        #expect(list.status == 1 && list.stderr.contains("run 'allin export -o FILE'"))
    }

    @Test func exportWritesPrivateFilesInEveryFormat() throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        try box.record(box.today.adding(days: -1), note: "first, with \"quotes\"\nand a line break")
        try box.record(box.today)
        for format in ["json", "csv", "md"] {
            let out = box.root + "/export.\(format)"
            // Even with umask 000 the file is readable only by its owner.
            let r = try box.shell("umask 000; exec \"$ALLIN\" export --format \(format) -o \"$1\"", [out])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(JournalFiles.mode(out) == 0o600)
            let text = try String(contentsOfFile: out, encoding: .utf8)
            switch format {
            case "json":
                let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
                #expect((json["entries"] as? [Any])?.count == 2 && (json["consents"] as? [Any])?.count == 1)
                #expect(json["schemaVersion"] as? Int == JournalSchema.latestVersion)
            case "csv":
                #expect(text.hasPrefix("Entry,Day,Started") && text.contains("\"first, with \"\"quotes\"\"\nand a line break\""))
                // Words, not keys or ids.
                #expect(text.contains("Feeling,") && text.contains("Worried") && !text.contains("triggerText"))
            default:
                #expect(text.contains("# allin journal") && text.contains("> first, with \"quotes\""))
                #expect(text.contains("- About: ") || text.contains("- In my words: the quarterly review"))
                #expect(!text.contains("triggerText") && !text.contains("not_good_enough") && !text.contains("`"))
            }
        }
        let nowhere = try box.run(["export", "-o", box.root + "/no/such/dir/x.json"])
        #expect(nowhere.status == 2 && nowhere.stderr.contains("no such directory"))
    }

    @Test func eraseAsksRefusesWithoutATerminalAndRemovesEveryFile() throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        try box.record(box.today)
        let before = box.bytesOfAllFiles()
        let refused = try box.run(["erase"])
        #expect(refused.status == 2 && refused.stderr.contains("--yes"))
        #expect(box.bytesOfAllFiles() == before)
        // Keep another reader open so -wal and -shm exist while erasing.
        let reader = try JournalStore.open(path: box.journal)
        #expect(FileManager.default.fileExists(atPath: box.journal + "-wal"))
        let erased = try box.run(["erase", "--yes"])
        #expect(erased.status == 0 && erased.stdout.contains("Erased 1 check-in and 1 consent record"))
        for file in JournalFiles.allFiles(of: box.journal) { #expect(!FileManager.default.fileExists(atPath: file), "\(file)") }
        _ = reader
        let again = try box.run(["erase", "--yes"])
        #expect(again.status == 0 && again.stdout.contains("Nothing to erase"))
    }

    @Test func whereShowsThePaths() throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        let r = try box.run(["where", "--json"], env: ["XDG_CACHE_HOME": "/c", "XDG_CONFIG_HOME": "/k", "XDG_STATE_HOME": box.root + "/s"])
        let json = try #require(r.json as? [String: Any])
        #expect(json["data"] as? String == box.data && json["dataFrom"] as? String == "ALLIN_DATA_DIR")
        #expect(json["cache"] as? String == "/c/allin" && json["config"] as? String == "/k/allin")
        #expect(json["journalExists"] as? Bool == false)
        #expect(json["playerLog"] as? String == box.root + "/s/allin/player.log")
        let text = try box.run(["where"], env: ["XDG_STATE_HOME": box.root + "/s"])
        #expect(text.stdout.contains("player log") && text.stdout.contains(box.root + "/s/allin/player.log"), "\(text.stdout)")
        let opt = try box.run(["where", "--data-dir", box.root + "/other"])
        #expect(opt.stdout.contains(box.root + "/other/journal.sqlite3") && opt.stdout.contains("--data-dir"))
        let xdg = try BinaryRunner.run(["where", "--json"], env: ["XDG_DATA_HOME": box.root + "/xdg"])
        #expect((xdg.json as? [String: Any])?["data"] as? String == box.root + "/xdg/allin")
    }

    @Test func filesArePrivateWhateverTheUmask() throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        let r = try box.shell("umask 000; exec \"$ALLIN\" journal record --file \"$1\" --repeat 3", [box.checkIn])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(JournalFiles.mode(box.data) == 0o700 && JournalFiles.mode(box.journal) == 0o600)
        let reader = try JournalStore.open(path: box.journal)
        for suffix in ["-wal", "-shm"] { #expect(JournalFiles.mode(box.journal + suffix) == 0o600, "\(suffix)") }
        #expect(try reader.count() == 3)
    }

    /// `--repeat` stores its copies a second apart, the last at --at, as its help says (found from
    /// outside: the help said a minute, and a large count ran into the next day).
    @Test func repeatsAreASecondApartEndingAtTheTimeGiven() throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        let r = try box.run(["journal", "record", "--file", box.checkIn, "--repeat", "3", "--at", "2026-03-01T10:00:00Z"])
        #expect(r.status == 0, "\(r.stderr)")
        let starts = try JournalStore.open(path: box.journal).entries(JournalQuery(newestFirst: false)).map(\.startedAt)
        let last = ISO8601DateFormatter().date(from: "2026-03-01T10:00:00Z")!
        #expect(starts == [last.addingTimeInterval(-2), last.addingTimeInterval(-1), last])
    }

    /// The full screen's journal says why a file it can't use shows nothing (found from outside: a
    /// damaged journal read "Nothing here yet." over 61 check-ins): the reader asks the journal the
    /// screen uses, whatever its kind, for its problem.
    @Test func theJournalScreenSaysWhyAFileCannotBeUsed() throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        try FileManager.default.createDirectory(atPath: box.data, withIntermediateDirectories: true)
        try Data(String(repeating: "not a database at all\n", count: 300).utf8).write(to: URL(fileURLWithPath: box.journal))
        let reader = JournalReader(OnDemandJournal(path: box.journal), now: Date(), timeZone: TimeZone(identifier: "UTC")!)
        guard case let .success(page) = reader.load(limit: 10) else { Issue.record("the page did not load"); return }
        #expect(page.problem != nil && page.entries.isEmpty)
    }

    @Test func anUnreadableFileIsExplainedAndMovedAsideOnlyWhenAsked() throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        try FileManager.default.createDirectory(atPath: box.data, withIntermediateDirectories: true)
        let garbage = Data(String(repeating: "not a database at all\n", count: 300).utf8)
        try garbage.write(to: URL(fileURLWithPath: box.journal))
        for args in [["journal"], ["export"], ["journal", "record", "--file", box.checkIn]] {
            let r = try box.run(args)
            #expect(r.status == 1 && r.stderr.contains("not a journal allin can read") && r.stderr.contains("--move-aside"), "\(args)")
        }
        // A command that can't move it aside names one that can, and that one takes the option.
        for args in [["library"], ["safety-plan", "show"], ["plan", "show"]] {
            let r = try box.run(args)
            #expect(r.stderr.contains("run 'allin journal --move-aside'"), "\(args): \(r.stderr)")
        }
        let erase = try box.run(["erase", "--yes"])
        #expect(erase.status == 1 && erase.stderr.contains("never deletes"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: box.journal)) == garbage)
        let moved = try box.run(["journal", "--move-aside"])
        #expect(moved.status == 0 && moved.stderr.contains("Moved aside:"))
        let aside = JournalFiles.movedAside(box.journal)
        #expect(aside.count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside[0])) == garbage)
        try box.record(box.today)
        let gone = try box.run(["erase", "--yes"])
        #expect(gone.status == 0 && gone.stdout.contains("moved aside earlier were kept"))
        #expect(FileManager.default.fileExists(atPath: aside[0]))
    }

    @Test func anUnusableDataDirectoryIsReportedInPlainWords() throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        try Data("x".utf8).write(to: URL(fileURLWithPath: box.root + "/file"))
        let r = try box.run(["journal", "record", "--file", box.checkIn], env: ["ALLIN_DATA_DIR": box.root + "/file/allin"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("Cannot use the data directory") && r.stderr.contains("not a directory"))
    }

    @Test func twoWritersShareTheJournal() async throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        async let a = Task.detached { try box.run(["journal", "record", "--file", box.checkIn, "--repeat", "60"]) }.value
        async let b = Task.detached { try box.run(["journal", "record", "--file", box.checkIn, "--repeat", "60"]) }.value
        let (ra, rb) = try await (a, b)
        #expect(ra.status == 0 && rb.status == 0, "\(ra.stderr) \(rb.stderr)")
        let store = try JournalStore.open(path: box.journal)
        #expect(try store.count() == 120 && store.integrityCheck() == ["ok"])
    }
}
