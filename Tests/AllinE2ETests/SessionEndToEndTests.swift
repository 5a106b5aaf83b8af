import Foundation
import Testing

/// A private data, cache and log place for one end-to-end session test, removed afterwards.
final class SessionPlace {
    let dir: URL
    var data: String { dir.appendingPathComponent("data").path }
    var cache: String { dir.appendingPathComponent("cache").path }
    var runtime: String { dir.appendingPathComponent("run").path }
    var log: String { dir.appendingPathComponent("fake-player.log").path }
    static let fakePlayer = Paths.root.appendingPathComponent("Tests/AllinAudioTests/Fixtures/fake-player").path
    static let mpvAvailable = spawn(["mpv", "--version"], env: ["PATH": "/usr/bin:/bin:/usr/local/bin"]).status == 0

    init() {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-session-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: dir) }

    /// The app's environment: data and cache here, and the player (the fake one logs what it is sent).
    func env(player: String = SessionPlace.fakePlayer, extra: [String: String] = [:]) -> [String: String] {
        ["LANG": "en_GB.UTF-8", "ALLIN_DATA_DIR": data, "XDG_CACHE_HOME": cache, "XDG_RUNTIME_DIR": runtime, "ALLIN_PLAYER": player,
         "FAKE_PLAYER_LOG": log, "FAKE_PLAYER_SECONDS": "600"].merging(extra) { $1 }
    }

    /// A "recording" for `slug` in the data directory (a WAV header claiming `seconds`, ten minutes
    /// unless told), so the session plays at once without a render.
    func addRecording(_ slug: String, seconds: Int = 600) {
        let audio = dir.appendingPathComponent("data/audio")
        try? FileManager.default.createDirectory(at: audio, withIntermediateDirectories: true)
        func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        let rate = 8000, bytes = rate * seconds
        let header: [UInt8] = Array("RIFF".utf8) + le32(36 + bytes) + Array("WAVEfmt ".utf8) + le32(16) + [1, 0, 1, 0]
            + le32(rate) + le32(rate) + [1, 0, 8, 0] + Array("data".utf8) + le32(bytes)
        _ = FileManager.default.createFile(atPath: audio.appendingPathComponent("\(slug).wav").path, contents: Data(header))
    }

    /// Pids of processes whose command line names audio under this place (players allin started).
    func players() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        // A session playing while it renders is read from a pipe in the runtime directory.
        let marks = [cache + "/allin/audio/", data + "/audio/", runtime + "/allin/stream-"]
        return names.compactMap(Int32.init).filter { pid in
            guard let raw = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let cmd = String(decoding: raw.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            // Render tools (espeak-ng, sox) work in `.work-…` folders of the cache; a session
            // playing while it renders has them running beside the player.
            return marks.contains { cmd.contains($0) } && !cmd.contains("/allin/audio/.work-")
        }
    }

    /// The player's pid as the fake player logged it.
    func fakePID() -> Int32? {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").last { $0.hasPrefix("start ") }.flatMap { Int32($0.dropFirst(6)) }
    }

    func logLines() -> [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// `allin journal --json` on this data directory, decoded.
    func journal() -> [String: Any]? {
        let out = spawn([Paths.allin, "journal", "--json"], env: ["PATH": "/usr/bin:/bin", "ALLIN_DATA_DIR": data,
                                                                  "HOME": dir.path, "LANG": "C.UTF-8"])
        return (try? JSONSerialization.jsonObject(with: Data(out.output.utf8))) as? [String: Any]
    }
}

/// Polls `condition` every 50 ms for up to `timeout` seconds.
func eventually(_ timeout: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(50_000)
    }
    return condition()
}

/// From a check-in through the player to the reflection, the end screen and the journal, with the
/// real binary in tmux; and no player left behind on any way out.
@Suite("Session end to end (tmux)", .enabled(if: Paths.tmuxAvailable, "tmux is not installed"))
struct SessionEndToEndTests {
    /// Feeling "Stressed", work with text, intensity 5, soothe: the recommendation, then mood 4.
    func toPlayer(_ t: TmuxSession) {
        t.waitFor("Start a check-in")
        t.keys("c", "Enter")
        t.waitFor("How are you feeling")
        t.type("overw")
        t.waitFor("Filter: overw")
        t.keys("Enter")
        t.waitFor("What is it about?")
        t.keys("Enter")
        t.waitFor("Enter for next")
        t.type("three deadlines this week")
        t.keys("Enter")
        t.waitFor("How strong is it")
        t.keys("5", "Enter")
        t.waitFor("What would help most")
        t.keys("1")
        t.waitFor("Why this session", "Deadline Pressure Valve")
        t.keys("Enter")
        t.waitFor("How do you feel right now")
        t.keys("4")
        t.waitFor("4 of 10")
        t.keys("Enter")
    }

    @Test func aCheckInRendersPlaysReflectsAndLandsInTheJournal() throws {
        let place = SessionPlace()
        let t = TmuxSession(appEnv: place.env())
        toPlayer(t)
        // First play: the audio is rendered with espeak-ng and sox, with progress on screen.
        t.waitFor("Preparing the audio", timeout: 30)
        t.waitFor("▶ Playing", "playing with fake-player", "rendered now", timeout: 60)
        let pid = try #require(eventually { place.fakePID() != nil } ? place.fakePID() : nil)
        #expect(place.players().contains(pid))
        t.keys("Space")
        t.waitFor("‖ Paused")
        #expect(eventually { groupStopped(pid) }, "the player's group is stopped while paused")
        t.keys("Space")
        t.waitFor("▶ Playing")
        #expect(eventually { !groupStopped(pid) })
        t.keys("t", "Enter")
        t.waitFor("Routing trace")
        t.keys("End", "PageDown", "PageDown", "PageDown", "PageDown")
        t.waitFor("It can play here, so it plays.")
        t.keys("Escape")
        t.waitFor("▶ Playing")
        t.keys("x", "Enter")
        t.waitFor("Stop the session now?")
        t.keys("y", "Enter")
        t.waitFor("And now? How do you feel")
        #expect(eventually { place.players().isEmpty }, "the player was stopped and reaped")
        #expect(place.logLines().contains("TERM"))
        t.keys("7", "Enter")
        t.waitFor("A note for your journal")
        t.type("lighter now")
        t.waitFor("lighter now")
        t.keys("Enter")
        t.waitFor("Check-in complete", "Mood: 4 before, 7 after (+3).", "Note: kept", "Saved to your journal", "Streak: 1 day.")
        t.keys("Enter")
        t.waitFor("Start a check-in")
        t.keys("q", "Enter")
        t.waitFor("EXIT=0", "TTY=same")

        let journal = try #require(place.journal())
        let entries = try #require(journal["entries"] as? [[String: Any]])
        #expect(entries.count == 1)
        let entry = try #require(entries.first)
        #expect(entry["moodBefore"] as? Int == 4)
        #expect(entry["moodAfter"] as? Int == 7)
        #expect(entry["note"] as? String == "lighter now")
        #expect(entry["completedAt"] is String)
        #expect((entry["session"] as? [String: Any])?["slug"] as? String == "deadline_pressure_valve")
        let trace = ((entry["recommendation"] as? [String: Any])?["trace"] as? [[String: Any]]) ?? []
        #expect(trace.contains { $0["gate"] as? String == "playability" })
        #expect(place.players().isEmpty)
    }

    /// Where sessions were left today, as either front keeps it in the data directory.
    func positions(_ place: SessionPlace) -> [[String: Any]] {
        let file = URL(fileURLWithPath: place.data).appendingPathComponent("playback-positions.json")
        guard let data = FileManager.default.contents(atPath: file.path) else { return [] }
        return ((try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]]) ?? []
    }

    @Test func oneResumeIsSharedByAllinPlayAndTheFullScreenAppAndAlwaysAsks() throws {
        let place = SessionPlace()
        place.addRecording("deadline_pressure_valve")
        let c = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        let today = String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
        try FileManager.default.createDirectory(atPath: place.data, withIntermediateDirectories: true)
        let saved = #"[{"slug":"deadline_pressure_valve","day":"\#(today)","position":192}]"#
        try saved.write(toFile: place.data + "/playback-positions.json", atomically: true, encoding: .utf8)

        // allin play asks first, resumes a little before where it stopped, and keeps the new place.
        let play = TmuxSession(appEnv: place.env(), args: ["play", "deadline_pressure_valve", "--text"])
        play.waitFor("Resume from 3:09? (Enter resumes, r restarts)")
        play.keys("Enter")
        play.waitFor("Resuming at 3:09")
        // Stopping asks first, as the full screen does; y stops.
        play.keys("q")
        play.waitFor("Stop the session now? y stops, n keeps going.")
        play.keys("n")
        play.waitFor("Going on.")
        play.keys("q")
        play.waitFor("Stop the session now?")
        play.keys("y")
        play.waitFor("Stopped at 3:", "EXIT=0")
        let kept = positions(place).first { $0["slug"] as? String == "deadline_pressure_valve" }
        #expect(((kept?["position"] as? Double) ?? 0) >= 189, "allin play kept its place in the data directory")

        // The full-screen app reads the same place and asks too; r then Enter starts over and forgets it
        // (r alone is words there, and starts nothing).
        let t = TmuxSession(appEnv: place.env())
        toPlayer(t)
        t.waitFor("Resume from 3:", "resumes, r then Enter restarts)")
        #expect(place.players().isEmpty, "nothing plays before the person answers")
        t.keys("r")
        t.waitFor("You typed: r", "Enter: restart")
        #expect(place.players().isEmpty, "r alone starts nothing")
        t.keys("Enter")
        t.waitFor("playing with fake-player")
        #expect(!positions(place).contains { $0["slug"] as? String == "deadline_pressure_valve" })
        t.keys("x", "Enter")
        t.waitFor("Stop the session now?")
        t.keys("y", "Enter")
        t.waitFor("And now? How do you feel")
        t.keys("C-c")
        t.waitFor("EXIT=", "TTY=same")
    }

    @Test("quitting during playback leaves no player running", arguments: ["C-c", "TERM", "HUP"])
    func quitDuringPlayback(how: String) throws {
        let place = SessionPlace()
        place.addRecording("deadline_pressure_valve")
        let t = TmuxSession(appEnv: place.env())
        toPlayer(t)
        t.waitFor("▶ Playing", "your recording")
        let pid = try #require(eventually { place.fakePID() != nil } ? place.fakePID() : nil)
        #expect(place.players().contains(pid))
        try t.close(how: how, ctrlCExit: 130)
        #expect(eventually { place.players().isEmpty }, "a player outlived allin: \(place.players())")
        #expect(processState(pid) == nil)
        #expect(place.logLines().contains("TERM"), "the player was asked to stop")
    }

    @Test func aCrashDuringPlaybackTakesThePlayerWithIt() throws {
        let place = SessionPlace()
        place.addRecording("deadline_pressure_valve")
        let t = TmuxSession(appEnv: place.env())
        toPlayer(t)
        t.waitFor("▶ Playing")
        #expect(eventually { !place.players().isEmpty })
        // A crash (SIGILL, as a runtime trap raises) sent from outside: no test hook in the app.
        let app = try #require(t.appPID())
        kill(app, SIGILL)
        t.waitFor("TTY=same", "EXIT=132")
        #expect(eventually { place.players().isEmpty }, "a player outlived the crash: \(place.players())")
    }

    @Test func ctrlZPausesThePlayerAndFgResumesIt() throws {
        let place = SessionPlace()
        place.addRecording("deadline_pressure_valve")
        let t = TmuxSession(interactiveShellWith: place.env())
        toPlayer(t)
        t.waitFor("▶ Playing")
        let pid = try #require(eventually { place.fakePID() != nil } ? place.fakePID() : nil)
        t.keys("C-z")
        t.waitFor("Stopped")
        #expect(eventually { groupStopped(pid) }, "the player pauses while allin is suspended")
        t.type("fg")
        t.keys("Enter")
        t.waitFor("▶ Playing")
        #expect(eventually { !groupStopped(pid) })
        t.keys("C-c")
        #expect(eventually { place.players().isEmpty })
    }

    @Test func withNoPlayerTheSessionIsReadAlongText() {
        let place = SessionPlace()
        let t = TmuxSession(appEnv: place.env(player: "none"))
        toPlayer(t)
        t.waitFor("Session (read along)", "read along: no sound", "it runs as read-along")
        t.waitFor("› ", timeout: 20)
        t.keys("t", "Enter")
        t.waitFor("Routing trace")
        t.keys("End", "PageDown", "PageDown", "PageDown", "PageDown")
        t.waitFor("No other session that fits can play here.", "So it runs as read-along text.")
        t.keys("Escape")
        t.waitFor("read along: no sound")
        t.keys("Space")
        t.waitFor("‖ Paused")
        t.keys("x", "Enter")
        t.waitFor("Stop the session now?")
        t.keys("y", "Enter")
        t.waitFor("And now? How do you feel")
        t.keys("s", "Enter")
        t.waitFor("A note for your journal")
        t.keys("Enter")
        t.waitFor("Check-in complete", "read along")
    }

    @Test func aSessionThatCannotPlayIsReplacedAndTheTraceSaysSo() throws {
        let place = SessionPlace()
        // A copy of the catalog without the routed session's script: it cannot be rendered.
        let catalog = place.dir.appendingPathComponent("catalog")
        try FileManager.default.copyItem(at: Paths.root.appendingPathComponent("catalog"), to: catalog)
        try FileManager.default.removeItem(at: catalog.appendingPathComponent("scripts/deadline_pressure_valve.txt"))
        let t = TmuxSession(appEnv: place.env(extra: ["ALLIN_CATALOG": catalog.path]))
        toPlayer(t)
        t.waitFor("“Deadline Pressure Valve” can’t be played here", "has no script yet", "instead", timeout: 30)
        t.waitFor("▶ Playing", "playing with fake-player", timeout: 60)
        t.keys("t", "Enter")
        t.waitFor("Routing trace")
        t.keys("End", "PageDown", "PageDown", "PageDown", "PageDown")
        t.waitFor("It can't play here", "Another session plays instead")
        t.keys("Escape")
        t.waitFor("▶ Playing")
        t.keys("x", "Enter")
        t.waitFor("Stop the session now?")
        t.keys("y", "Enter")
        t.waitFor("And now? How do you feel")
        t.keys("s", "Enter")
        t.waitFor("A note for your journal")
        t.keys("Enter")
        t.waitFor("Check-in complete")
        let entries = try #require(place.journal()?["entries"] as? [[String: Any]])
        let slug = (entries.first?["session"] as? [String: Any])?["slug"] as? String
        #expect(slug != nil && slug != "deadline_pressure_valve", "the journal names the session that played")
        t.keys("q", "Enter")
        t.waitFor("EXIT=0", "TTY=same")
        #expect(eventually { place.players().isEmpty })
    }

    @Test func aDamagedJournalSaysSoInOneLineAndTheCheckInStillCompletes() throws {
        let place = SessionPlace()
        place.addRecording("deadline_pressure_valve")
        try FileManager.default.createDirectory(atPath: place.data, withIntermediateDirectories: true)
        let damaged = place.data + "/journal.sqlite3"
        let bytes = Data("this is not a database, and must not be touched\n".utf8)
        _ = FileManager.default.createFile(atPath: damaged, contents: bytes)
        let t = TmuxSession(appEnv: place.env())
        toPlayer(t)
        t.waitFor("▶ Playing", "Not saved: the journal file is not one allin can read.")
        t.keys("x", "Enter")
        t.waitFor("Stop the session now?")
        t.keys("y", "Enter")
        t.waitFor("And now? How do you feel")
        t.keys("8", "Enter")
        t.waitFor("A note for your journal")
        t.type("steadier")
        t.keys("Enter")
        t.waitFor("Check-in complete", "Mood: 4 before, 8 after (+4).", "Not saved: the journal file is not one allin")
        #expect(FileManager.default.contents(atPath: damaged) == bytes, "the damaged file is left as it was")
        t.keys("q", "Enter")
        t.waitFor("EXIT=0", "TTY=same")
    }

    @Test func aPlayerNamedOnTheCommandLineMustExist() {
        let place = SessionPlace()
        let t = TmuxSession(appEnv: place.env(), args: ["--player", "no-such-player-here"])
        t.waitFor("--player: the player 'no-such-player-here' was not found", "EXIT=2", "TTY=same")
    }

    @Test(.enabled(if: SessionPlace.mpvAvailable, "mpv is not installed"))
    func mpvWithoutASoundCardPausesAndSeeksOverItsSocket() throws {
        let place = SessionPlace()
        let t = TmuxSession(appEnv: place.env(player: "mpv --ao=null"))
        toPlayer(t)
        t.waitFor("▶ Playing", "playing with mpv", timeout: 60)
        t.keys("Space")
        t.waitFor("‖ Paused")
        t.keys("Right", "Right")
        t.waitFor("‖ Paused   0:3")
        t.keys("Space")
        t.waitFor("▶ Playing")
        #expect(place.players().count == 1)
        t.keys("q", "Enter")
        t.waitFor("Stop the session now?")
        t.keys("y", "Enter")
        t.waitFor("And now? How do you feel")
        #expect(eventually { place.players().isEmpty })
    }
}

/// The state letter of a process (R, S, T, Z…), or nil when there is no such process.
func processState(_ pid: Int32) -> String? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = text.lastIndex(of: ")") else { return nil }
    return text[text.index(close, offsetBy: 2)...].split(separator: " ").first.map(String.init)
}

/// True when the process group `pgid` is stopped: some process in it stopped (T) and the rest stopped
/// too or waiting in the kernel (D: a shell in vfork while its stopped child holds it).
func groupStopped(_ pgid: Int32) -> Bool {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    var states: [String] = []
    for name in names where Int32(name) != nil {
        guard let text = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { continue }
        let fields = text[text.index(close, offsetBy: 2)...].split(separator: " ")
        if fields.count > 2, Int32(fields[2]) == pgid { states.append(String(fields[0])) }
    }
    return states.contains("T") && states.allSatisfy { $0 == "T" || $0 == "D" }
}
