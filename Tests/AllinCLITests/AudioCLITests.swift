import Foundation
import Testing

/// A temporary catalog (the real one plus test scripts) and private XDG directories.
final class AudioSandbox: @unchecked Sendable {
    let root: URL
    let catalog: URL
    static let fixtures = BinaryRunner.root.appendingPathComponent("Tests/AllinAudioTests/Fixtures")
    static var fakePlayer: String { fixtures.appendingPathComponent("fake-player").path }

    /// `scripts` maps catalog slugs to fixture script names.
    init(scripts: [String: String] = ["box_breath_reset": "tiny_test"]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("allin-audio-cli-\(UUID().uuidString)")
        catalog = root.appendingPathComponent("catalog")
        try FileManager.default.copyItem(at: BinaryRunner.root.appendingPathComponent("catalog"), to: catalog)
        let dir = catalog.appendingPathComponent("scripts")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (slug, fixture) in scripts {
            try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("scripts/\(fixture).txt"),
                                             to: dir.appendingPathComponent("\(slug).txt"))
        }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var env: [String: String] {
        ["ALLIN_CATALOG": catalog.path, "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
         "XDG_DATA_HOME": root.appendingPathComponent("data").path,
         "XDG_CONFIG_HOME": root.appendingPathComponent("config").path, "XDG_RUNTIME_DIR": root.appendingPathComponent("run").path]
    }

    func run(_ args: [String], env extra: [String: String] = [:]) throws -> BinaryRunner.Result {
        try BinaryRunner.run(args, env: env.merging(extra) { $1 })
    }

    func writeConfig(_ text: String) throws {
        let dir = root.appendingPathComponent("config/allin")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: dir.appendingPathComponent("config"))
    }

    /// Starts `allin` in the background (for signal tests).
    func start(_ args: [String], env extra: [String: String]) throws -> Process {
        let p = Process()
        p.executableURL = BinaryRunner.executable
        p.arguments = args
        p.environment = ["PATH": "/usr/bin:/bin", "HOME": root.path].merging(env) { $1 }.merging(extra) { $1 }
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = try FileHandle(forWritingTo: touch("out"))
        p.standardError = try FileHandle(forWritingTo: touch("err"))
        try p.run()
        return p
    }

    func touch(_ name: String) -> URL {
        let url = root.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        return url
    }

    func text(_ name: String) -> String {
        String(decoding: FileManager.default.contents(atPath: root.appendingPathComponent(name).path) ?? Data(), as: UTF8.self)
    }
}

private let renderTools = FileManager.default.isExecutableFile(atPath: "/usr/bin/espeak-ng")
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/sox")

/// Polls until `condition` holds or `timeout` seconds pass.
private func eventually(timeout: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

private func alive(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
    return !stat.contains(") Z ")
}

@Suite("Audio commands: help and bad input")
struct AudioCLIContractTests {
    @Test(arguments: [["play", "--help"], ["audio", "--help"], ["audio", "render", "--help"], ["audio", "players", "--help"],
                      ["audio", "check", "--help"]])
    func help(args: [String]) throws {
        let r = try BinaryRunner.run(args)
        #expect(r.status == 0)
        #expect(r.stdout.contains("Usage: allin \(args.dropLast().joined(separator: " "))"))
    }

    @Test func helpViaTheHelpCommandAndTheCommandList() throws {
        #expect(try BinaryRunner.run(["help", "play"]).stdout == (try BinaryRunner.run(["play", "--help"]).stdout))
        let main = try BinaryRunner.run(["--help"])
        #expect(main.stdout.contains("play ") && main.stdout.contains("audio "))
    }

    @Test("bad input exits 2 and names the field", arguments: [
        (["play"], "needs SLUG (the session to play"),
        (["play", "a", "b"], "unexpected argument 'b'"),
        (["play", "no_such_session"], "'SLUG': no session 'no_such_session'"),
        (["play", "box_breath_reset", "--speed", "99"], "'--speed': expected a number from 0.5 to 10"),
        (["play", "box_breath_reset", "--text", "--player", "mpv"], "choose one of --text and --player"),
        (["play", "box_breath_reset", "--player", "no-such-player-xyz"], "'--player': the player 'no-such-player-xyz' was not found"),
        (["play", "box_breath_reset", "--player", "mpv 'oops"], "'--player': the value has an unclosed quote"),
        (["audio", "frob"], "unknown command 'frob' (audio has: render, players, check)"),
        (["audio", "render"], "name one or more sessions (SLUG) or use --all"),
        (["audio", "render", "--all", "box_breath_reset"], "name sessions or use --all, not both"),
        (["audio", "render", "nope"], "'SLUG': no session 'nope'"),
        (["audio", "players", "--colour"], "unknown option '--colour'"),
    ])
    func badInput(args: [String], message: String) throws {
        let r = try BinaryRunner.run(args)
        #expect(r.status == 2, "stderr: \(r.stderr)")
        #expect(r.stderr.contains(message), "stderr: \(r.stderr)")
    }

    @Test func aMissingPlayerInTheEnvironmentOrConfigIsNamed() throws {
        let box = try AudioSandbox()
        let env = try box.run(["play", "box_breath_reset"], env: ["ALLIN_PLAYER": "no-such-player-xyz"])
        #expect(env.status == 2 && env.stderr.contains("'ALLIN_PLAYER': the player 'no-such-player-xyz' was not found"))
        try box.writeConfig("# mine\nplayer = no-such-player-xyz\n")
        let config = try box.run(["audio", "players"])
        #expect(config.status == 2 && config.stderr.contains("config line 2 (player)"), "\(config.stderr)")
        try box.writeConfig("rate = fast\n")
        let bad = try box.run(["audio", "players"])
        #expect(bad.status == 2 && bad.stderr.contains("config line 1': 'rate': expected words per minute"), "\(bad.stderr)")
    }

    @Test func playersListsTheTableAndTheChoice() throws {
        let box = try AudioSandbox()
        let r = try box.run(["audio", "players", "--player", AudioSandbox.fakePlayer])
        #expect(r.status == 0)
        for name in ["mpv", "ffplay", "play", "paplay", "aplay"] { #expect(r.stdout.contains("\n  \(name) ")) }
        #expect(r.stdout.contains("Would use: fake-player (\(AudioSandbox.fakePlayer)), chosen by --player."))
        let none = try box.run(["audio", "players"], env: ["ALLIN_PLAYER": "none"])
        #expect(none.stdout.contains("Would use: no player: ALLIN_PLAYER is 'none'"))
    }
}

@Suite("Audio commands end to end (espeak-ng, sox, the fake player)", .enabled(if: renderTools, "espeak-ng or sox is not installed"))
struct AudioCLIEndToEndTests {
    @Test func renderThenCachedThenForced() throws {
        let box = try AudioSandbox()
        let first = try box.run(["audio", "render", "box_breath_reset"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("rendered box_breath_reset: 0:"))
        #expect(!first.stdout.contains("\u{1B}"), "no terminal codes when stdout is not a terminal")
        let again = try box.run(["audio", "render", "box_breath_reset"])
        #expect(again.stdout.contains("cached   box_breath_reset") && again.stdout.contains("0 rendered, 1 already cached"))
        let forced = try box.run(["audio", "render", "box_breath_reset", "--force"])
        #expect(forced.stdout.contains("rendered box_breath_reset"))
        let all = try box.run(["audio", "render", "--all"])
        #expect(all.status == 1)
        #expect(all.stderr.contains("failed   five_senses_anchor: session 'five_senses_anchor' has no script yet"))
        #expect(all.stdout.contains("0 rendered, 1 already cached, 53 failed"))
    }

    @Test func checkListsMissingScripts() throws {
        let box = try AudioSandbox()
        let r = try box.run(["audio", "check"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("scripts/five_senses_anchor.txt: missing"))
        #expect(r.stderr.contains("scripts/box_breath_reset.txt: has 6 words"))
    }

    @Test func readAlongTextWithoutAPlayer() throws {
        let box = try AudioSandbox()
        let r = try box.run(["play", "box_breath_reset", "--speed", "10"], env: ["ALLIN_PLAYER": "none"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("“Box Breath Reset” (0:") == true)
        #expect(lines.first?.hasSuffix("no audio: ALLIN_PLAYER is 'none': read-along text; reading along instead.") == true)
        #expect(lines.dropFirst() == ["[0:03] Breathe in slowly.", "[0:06] Breathe out slowly.", "Finished."])
    }

    @Test func playsWithThePlayerAndStopsItCleanlyOnSigint() throws {
        let box = try AudioSandbox()
        let log = box.touch("fake.log")
        let p = try box.start(["play", "box_breath_reset", "--player", AudioSandbox.fakePlayer],
                              env: ["FAKE_PLAYER_LOG": log.path])
        // The render runs first; on a loaded machine it can take a while (a wait for the condition, not a sleep).
        try #require(eventually(timeout: 60) { box.text("fake.log").contains("start ") }, "the player never started: \(box.text("err"))")
        let started = try #require(box.text("fake.log").split(separator: "\n").first { $0.hasPrefix("start ") })
        let pid = try #require(Int32(started.dropFirst(6)))
        #expect(box.text("fake.log").contains("arg \(box.root.path)/cache/allin/audio/box_breath_reset-"))
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        #expect(p.terminationStatus == 130)
        #expect(box.text("fake.log").contains("TERM"))
        #expect(!alive(pid), "the player outlived allin")
        #expect(box.text("out").contains("Starting “Box Breath Reset” (0:") && box.text("out").contains("Stopped at 0:"))
    }

    @Test func thePlayerDiesWithAllinEvenOnSigkill() throws {
        let box = try AudioSandbox()
        let log = box.touch("fake.log")
        let p = try box.start(["play", "box_breath_reset", "--player", AudioSandbox.fakePlayer],
                              env: ["FAKE_PLAYER_LOG": log.path])
        #expect(eventually { box.text("fake.log").contains("start ") })
        let pid = Int32(box.text("fake.log").split(separator: "\n").first { $0.hasPrefix("start ") }!.dropFirst(6))!
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(eventually(timeout: 5) { !alive(pid) }, "the player outlived a SIGKILLed allin")
    }

    /// A player that ignores SIGTERM and forks a helper that ignores it too: SIGKILL reaches the
    /// player through its parent-death signal, and the helper through the guardian (cprocess.c),
    /// which kills the player's whole group once allin is gone. SIGTERM to allin ends both as well.
    @Test(arguments: [SIGKILL, SIGTERM])
    func aForkingPlayerAndItsHelperDieWithAllin(signal: Int32) throws {
        let box = try AudioSandbox()
        let log = box.touch("fake.log")
        let p = try box.start(["play", "box_breath_reset", "--player", AudioSandbox.fakePlayer],
                              env: ["FAKE_PLAYER_LOG": log.path, "FAKE_PLAYER_MODE": "forks"])
        try #require(eventually(timeout: 60) { box.text("fake.log").contains("child ") }, "the player never forked: \(box.text("err"))")
        let lines = box.text("fake.log").split(separator: "\n")
        let player = try #require(lines.first { $0.hasPrefix("start ") }.flatMap { Int32($0.dropFirst(6)) })
        let helper = try #require(lines.first { $0.hasPrefix("child ") }.flatMap { Int32($0.dropFirst(6)) })
        #expect(alive(helper) && getpgid(helper) == player, "the helper runs in the player's group")
        kill(p.processIdentifier, signal)
        p.waitUntilExit()
        #expect(eventually(timeout: 10) { !alive(player) }, "the player outlived allin")
        #expect(eventually(timeout: 10) { !alive(helper) }, "the player's helper outlived allin")
    }

    @Test func aPlayerFailingAtOnceIsReportedAndTheSessionIsReadAlong() throws {
        let box = try AudioSandbox()
        let r = try box.run(["play", "box_breath_reset", "--player", AudioSandbox.fakePlayer, "--speed", "10"],
                            env: ["FAKE_PLAYER_MODE": "crash"])
        #expect(r.status == 0, "\(r.stderr)")
        // The cause in plain words; the player's own complaint stays in its log.
        #expect(r.stdout.contains("no audio: fake-player couldn't open an audio device (details in ~/.local/state/allin/player.log); reading along instead."))
        #expect(!r.stdout.contains("cannot open the audio device"))
        #expect(r.stdout.contains("] Breathe out slowly.") && r.stdout.hasSuffix("Finished.\n"), "\(r.stdout)")
        // The words are timed as the render speaks them: one length on both lines (found from outside:
        // "(7:33) with mpv", then "(7:45): no audio").
        let lengths = r.stdout.split(separator: "\n").filter { $0.contains("Box Breath Reset”") }
            .compactMap { line in line.range(of: #"\(\d+:\d\d\)"#, options: .regularExpression).map { String(line[$0]) } }
        #expect(lengths.count == 2 && Set(lengths).count == 1, "\(lengths)")
    }

    /// The output before and after the line that hands a part-way failure over to the words.
    static func aroundTheHandOver(_ out: String) -> [String] {
        let parts = out.components(separatedBy: "reading along from 0:")
        guard parts.count == 2, let end = parts[1].firstIndex(of: "\n") else { return parts }
        return [parts[0], String(parts[1][parts[1].index(after: end)...])]
    }

    @Test func aPlayerFailingPartWayHandsOverToTheWordsFromThere() throws {
        let box = try AudioSandbox()
        let r = try box.run(["play", "box_breath_reset", "--player", AudioSandbox.fakePlayer, "--speed", "10"],
                            env: ["FAKE_PLAYER_MODE": "fail-after", "FAKE_PLAYER_FAIL_AFTER": "4"])
        #expect(r.status == 0, "\(r.stderr)")
        // Heard, then lost: said so, never "no audio" (found from outside).
        #expect(r.stdout.contains("the sound stopped: fake-player lost the audio device (details in ~/.local/state/allin/player.log); reading along from 0:0"), "\(r.stdout)")
        // The sound stopped about 4 s in, during the line at 0:03: the words go on from that line.
        let parts = Self.aroundTheHandOver(r.stdout)
        #expect(parts.count == 2 && parts[0].contains("[0:03] Breathe in slowly.\n"))
        #expect(parts.last?.hasPrefix("[0:03] Breathe in slowly.\n") == true && parts.last?.contains("] Breathe out slowly.\nFinished.") == true)
        #expect(r.stdout.hasSuffix("Finished.\n"), "\(r.stdout)")
    }

    @Test func aPlayerEndingWithStatusZeroBeforeTheEndIsNotFinished() throws {
        // The same rule as the full-screen app: exit status 0 at 2 s of the session is an early end,
        // and the words go on from there.
        let box = try AudioSandbox(scripts: ["box_breath_reset": "short_test"])
        let r = try box.run(["play", "box_breath_reset", "--player", AudioSandbox.fakePlayer, "--speed", "10"],
                            env: ["FAKE_PLAYER_MODE": "play", "FAKE_PLAYER_SECONDS": "2"])
        #expect(r.status == 0, "\(r.stderr)")
        let parts = Self.aroundTheHandOver(r.stdout)
        #expect(parts.count == 2, "\(r.stdout)")
        #expect(parts[0].contains("the sound stopped: fake-player stopped at 0:0") && parts[0].contains(", before the end (details in "))
        #expect(!parts[0].contains("Finished."), "\(r.stdout)")
    }

    @Test func resumesTheSameDayUnlessFromStart() throws {
        let box = try AudioSandbox(scripts: ["box_breath_reset": "short_test"])
        let data = box.root.appendingPathComponent("data/allin")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let day = { () -> String in
            let c = Calendar.current.dateComponents([.year, .month, .day], from: Date())
            return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
        }()
        try Data(#"[{"slug":"box_breath_reset","day":"\#(day)","position":30}]"#.utf8)
            .write(to: data.appendingPathComponent("playback-positions.json"))
        // The read-along estimate of this script is about 28 s: too near the end to resume, so lengthen it.
        try Data((String(repeating: "A slow and steady line to read along with today.\n[pause 5]\n", count: 8)).utf8)
            .write(to: box.catalog.appendingPathComponent("scripts/box_breath_reset.txt"))
        let r = try box.run(["play", "box_breath_reset", "--text", "--speed", "10"])
        #expect(r.stdout.contains("Resuming at 0:27, a little before where you stopped earlier today"), "\(r.stdout)")
        let fresh = try box.run(["play", "box_breath_reset", "--text", "--speed", "10", "--from-start"])
        #expect(!fresh.stdout.contains("Resuming") && fresh.stdout.contains("[0:03] A slow and steady line"))
    }
}
