import AllinCore
import Foundation
import Testing

@Suite("allin route diff (spawns the built binary)")
struct RouteDiffCLITests {
    /// Routed to a clarity session by the real catalog (the README's example).
    static let checkIn = #"{"emotion":"stressed","triggerText":"three deadlines this week and my manager keeps adding more","intensity":5,"intent":"clarity","claritySubTap":"too_much_on_my_plate"}"#
    static let crisis = #"{"customEmotion":"i want to end it all","intensity":8}"#

    /// The real catalog, and a copy in a temporary directory without the session the check-in goes to.
    struct Catalogs: Sendable {
        var before: String
        var after: String
        var removed: String
    }

    static let catalogs: Catalogs = {
        do { return try makeCatalogs() } catch { fatalError("cannot build the test catalogs: \(error)") }
    }()

    static let workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("allin-diff-\(UUID().uuidString)")

    static func makeCatalogs() throws -> Catalogs {
        let real = BinaryRunner.root.appendingPathComponent("catalog")
        let routed = try BinaryRunner.route(checkIn, ["--json"])
        let json = try #require(routed.json as? [String: Any])
        let removed = try #require((json["session"] as? [String: Any])?["slug"] as? String)
        let after = workDirectory.appendingPathComponent("after")
        // The catalogs are shared by every test in the process; they go when it exits.
        atexit { try? FileManager.default.removeItem(at: RouteDiffCLITests.workDirectory) }
        for name in Catalog.fileNames {
            let target = after.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: real.appendingPathComponent(name), to: target)
        }
        let sessionsURL = after.appendingPathComponent(Catalog.sessionsFile)
        var sessions = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sessionsURL)) as? [String: Any])
        var list = try #require(sessions["sessions"] as? [[String: Any]])
        let lane = list.first { $0["slug"] as? String == removed }?["lane"] as? String
        list.removeAll { $0["slug"] as? String == removed }
        var defaults = try #require(sessions["laneDefaults"] as? [String: String])
        if let lane, defaults[lane] == removed {
            defaults[lane] = list.first { $0["lane"] as? String == lane }?["slug"] as? String
        }
        sessions["sessions"] = list
        sessions["laneDefaults"] = defaults
        try JSONSerialization.data(withJSONObject: sessions, options: [.prettyPrinted]).write(to: sessionsURL)
        return Catalogs(before: real.path, after: after.path, removed: removed)
    }

    /// Three check-ins: the one that changes (twice, the first with an id) and a crisis handoff that cannot.
    static let lines = """
    \(checkIn.dropLast()),"id":"a"}
    \(crisis.dropLast()),"id":7}

    \(checkIn)

    """

    func diff(_ extra: [String], stdin: String = lines) throws -> BinaryRunner.Result {
        try BinaryRunner.run(["route", "diff", "--before", Self.catalogs.before, "--after", Self.catalogs.after] + extra,
                             stdin: Data(stdin.utf8))
    }

    @Test func textShowsEachChangeWithBothTracesAndTheCounts() throws {
        let removed = Self.catalogs.removed
        let r = try diff([])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Replayed 3 check-ins from standard input"))
        #expect(r.stdout.contains("2 of 3 check-ins change"))
        #expect(r.stdout.contains("Check-in 1 (line 1, id \"a\"): session changed"))
        #expect(r.stdout.contains("Check-in 3 (line 4): session changed"))
        #expect(!r.stdout.contains("Check-in 2"))
        #expect(r.stdout.contains("  before  ") && r.stdout.contains("(\(removed)), clarity lane"))
        // Not a terminal: the traces one after the other; identical gates marked, differing ones in full.
        #expect(r.stdout.contains("    = crisisA     clear"))
        #expect(r.stdout.contains("      choice\n        before  ") && r.stdout.contains("slug=\(removed)"))
        #expect(r.stdout.contains("Lanes, before → after:\n  clarity  2 → 2\n  none     1 → 1\n"))
        let lost = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("  \(removed) ") })
        #expect(lost.contains("2 → 0") && lost.contains("-2") && lost.hasSuffix("lost"))
        #expect(r.stdout.contains("gained"))
    }

    @Test func jsonForScripts() throws {
        let removed = Self.catalogs.removed
        let r = try diff(["--json", "-"])
        #expect(r.status == 0, "\(r.stderr)")
        let obj = try #require(r.json as? [String: Any])
        for key in ["checkIns", "changed", "shown", "changes", "lanes", "sessions", "sessionsGained", "sessionsLost"] {
            #expect(obj.keys.contains(key), "missing \(key)")
        }
        #expect(obj["checkIns"] as? Int == 3 && obj["changed"] as? Int == 2)
        let changes = try #require(obj["changes"] as? [[String: Any]])
        #expect(changes.map { $0["index"] as? Int } == [1, 3])
        #expect(changes[0]["id"] as? String == "a" && changes[0]["line"] as? Int == 1 && changes[1]["id"] == nil)
        let before = try #require(changes[0]["before"] as? [String: Any])
        let after = try #require(changes[0]["after"] as? [String: Any])
        #expect((before["session"] as? [String: Any])?["slug"] as? String == removed)
        let now = try #require((after["session"] as? [String: Any])?["slug"] as? String)
        #expect(now != removed)
        #expect((after["trace"] as? [[String: Any]])?.last?["gate"] as? String == "choice")
        let sessions = try #require(obj["sessions"] as? [String: [String: Int]])
        #expect(sessions[removed] == ["before": 2, "after": 0, "delta": -2])
        #expect(sessions[now]?["after"] == 2 && sessions["safety_handoff"]?["after"] == 1)
        #expect(obj["sessionsLost"] as? [String] == [removed])
        let lanes = try #require(obj["lanes"] as? [String: [String: Int]])
        #expect(lanes["clarity"] == ["before": 2, "after": 2, "delta": 0])

        let limited = try diff(["--json", "--limit", "1"])
        let l = try #require(limited.json as? [String: Any])
        #expect(l["changed"] as? Int == 2 && l["shown"] as? Int == 1 && (l["changes"] as? [Any])?.count == 1)
    }

    @Test func replaysTheJournalsOwnCheckInsSkippingHandoffs() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-diff-journal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        for input in [Self.checkIn, Self.crisis] {
            let r = try BinaryRunner.run(["journal", "record", "--data-dir", dir.path], stdin: Data(input.utf8))
            #expect(r.status == 0, "\(r.stderr)")
        }
        let r = try diff(["--journal", "--data-dir", dir.path, "--json"], stdin: "")
        #expect(r.status == 0, "\(r.stderr)")
        let obj = try #require(r.json as? [String: Any])
        #expect(obj["checkIns"] as? Int == 1 && obj["changed"] as? Int == 1 && obj["skippedHandoffs"] as? Int == 1)
        #expect((obj["changes"] as? [[String: Any]])?.first?["id"] as? Int == 1)
    }

    @Test("errors name the option, catalog or line and exit 2", arguments: [
        (["route", "diff", "--after", "x"], "--before"),
        (["route", "diff", "--before", "x"], "--after"),
        (["route", "diff", "--before", "x", "--after", "y", "--colour"], "--colour"),
        (["route", "diff", "--before", "x", "--after", "y", "--data-dir", "/tmp"], "--journal"),
        (["route", "diff", "--before", "/nonexistent/catalog", "--after", "y"], "--before catalog '/nonexistent/catalog'"),
    ])
    func usageErrors(args: [String], named: String) throws {
        let r = try BinaryRunner.run(args)
        #expect(r.status == 2)
        #expect(r.stderr.contains(named), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    /// The lines are read as `allin route --jsonl` reads them: "localHour" too (late evening lets a
    /// sleep session fit), checked the same way.
    @Test func theLocalHourIsReadAsRouteReadsIt() throws {
        let late = #"{"emotion":"down","intensity":3,"intent":"soothe","localHour":23}"#
        let r = try diff(["--json"], stdin: late + "\n")
        #expect(r.status == 0, "\(r.stderr)")
        let routed = try BinaryRunner.route(late, ["--json"])
        let slug = ((routed.json as? [String: Any])?["session"] as? [String: Any])?["slug"] as? String
        let sessions = try #require((r.json as? [String: Any])?["sessions"] as? [String: [String: Int]])
        #expect(slug != nil && sessions[slug!]?["before"] == 1, "the same session as allin route chose: \(sessions)")
        let bad = try diff([], stdin: #"{"emotion":"down","intensity":3,"localHour":25}"# + "\n")
        #expect(bad.status == 2 && bad.stderr.contains("line 1: 'localHour'"), "\(bad.stderr)")
    }

    @Test func invalidCatalogAndBadLinesExit2() throws {
        _ = Self.catalogs
        let broken = Self.workDirectory.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        for name in [Catalog.vocabularyFile, Catalog.sessionsFile] {
            try? FileManager.default.copyItem(atPath: Self.catalogs.before + "/" + name, toPath: broken.appendingPathComponent(name).path)
        }
        try Data(#"{"laneDefaults":{},"sessions":[]}"#.utf8).write(to: broken.appendingPathComponent(Catalog.sessionsFile))
        let c = try BinaryRunner.run(["route", "diff", "--before", broken.path, "--after", Self.catalogs.after])
        #expect(c.status == 2 && c.stderr.contains("--before catalog '\(broken.path)' is not valid"), "\(c.stderr)")
        #expect(c.stderr.contains("laneDefaults"))

        let r = try diff([], stdin: "\(Self.checkIn)\n{\"intensity\":5,\"mood\":3}\nnot json\n")
        #expect(r.status == 2 && r.stdout.isEmpty)
        #expect(r.stderr.contains("line 2: 'mood'") && r.stderr.contains("line 3: '(input)'"), "\(r.stderr)")
        #expect(!r.stderr.contains("line 1"))
    }

    @Test func helpIsListedWhereRouteIs() throws {
        let own = try BinaryRunner.run(["route", "diff", "--help"])
        #expect(own.status == 0 && own.stdout.hasPrefix("Usage: allin route diff"))
        #expect(try BinaryRunner.run(["route", "--help"]).stdout.contains("allin route diff"))
        #expect(try BinaryRunner.run(["--help"]).stdout.contains("route diff   Replay check-ins through two catalogs"))
    }
}
