import Foundation
import Testing

/// A player that fails (at once, or after a few seconds) and allin closed during a render, with the
/// real binary in tmux: one plain line, the words go on, the journal says what really happened, and
/// no render folder is left behind.
@Suite("Playback failures and interruptions end to end (tmux)", .enabled(if: Paths.tmuxAvailable, "tmux is not installed"))
struct PlaybackFailureEndToEndTests {
    let flow = SessionEndToEndTests()

    /// The player's log under the pane's HOME, and its mode.
    func playerLog(_ t: TmuxSession) -> (text: String, mode: Int) {
        let url = t.dir.appendingPathComponent(".local/state/allin/player.log")
        let mode = (try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
        return ((try? String(contentsOf: url, encoding: .utf8)) ?? "", mode)
    }

    /// The seconds after "▶ Playing" or, reading along, "▶ Reading" on the screen (`0:04` is 4).
    func elapsed(_ screen: String) -> Int? {
        guard let range = screen.range(of: "▶ Playing  ") ?? screen.range(of: "▶ Reading  ") else { return nil }
        let clock = screen[range.upperBound...].prefix { $0.isNumber || $0 == ":" }.split(separator: ":").compactMap { Int($0) }
        return clock.count == 2 ? clock[0] * 60 + clock[1] : nil
    }

    /// The only journal entry's playback record.
    func playback(_ place: SessionPlace) throws -> [String: Any] {
        let entries = try #require(place.journal()?["entries"] as? [[String: Any]])
        #expect(entries.count == 1)
        return try #require(entries.first?["playback"] as? [String: Any], "\(entries)")
    }

    @Test func aPlayerThatDiesAtOnceGivesOnePlainLineAndTheWords() throws {
        let place = SessionPlace()
        place.addRecording("deadline_pressure_valve")
        // The fake player dies of SIGFPE after ALSA's complaint, as sox's play does with no sound device.
        let t = TmuxSession(appEnv: place.env(extra: ["FAKE_PLAYER_MODE": "fpe"]))
        flow.toPlayer(t)
        t.waitFor("No sound output: fake-player couldn't open an audio device", "read along: no sound")
        t.waitFor("~/.local/state/allin/player.log", "Showing the words instead.")
        #expect(!t.history().contains("Unknown PCM"), "the raw ALSA words stay in the log")
        let log = playerLog(t)
        #expect(log.text.contains("Unknown PCM default") && log.mode == 0o600)
        t.waitFor("▶ Reading", "read along: no sound")
        #expect(!t.screen().contains("Playing"), "never 'Playing' over silence")
        // c can't hide the words, the only content here: c then Enter is words that do nothing.
        #expect(!t.screen().contains("c⏎ captions"))
        t.keys("c", "Enter")
        t.waitFor("Those words weren't used here")
        #expect(!t.screen().contains("Captions are off"))
        t.keys("x", "Enter")
        t.waitFor("Stop the session now?")
        #expect(!t.screen().contains("Captions are off"))
        t.keys("y", "Enter")
        t.waitFor("And now? How do you feel")
        t.keys("s", "Enter")
        t.waitFor("A note for your journal")
        t.keys("Enter")
        t.waitFor("Check-in complete", "read along")
        t.keys("q", "Enter")
        t.waitFor("EXIT=0", "TTY=same")
        let record = try playback(place)
        #expect(record["mode"] as? String == "read_along" || record["mode"] as? String == "none")
        #expect(record["audioSeconds"] as? Double == 0)
        #expect(record["listened"] as? Bool == false)
        #expect(place.players().isEmpty)
    }

    /// True on a machine with no sound card (this project's machines): real players fail here.
    static let noSoundCard = !FileManager.default.fileExists(atPath: "/dev/snd")
        && !FileManager.default.fileExists(atPath: "/proc/asound/cards")

    /// Real players with no sound device: mpv exits with status 2 ("audio output initialization
    /// failed"), sox's play dies of SIGFPE. Neither may leave "Playing" over silence.
    @Test("a real player with no sound device", .enabled(if: noSoundCard, "this machine has a sound card"),
          arguments: ["mpv", "play"])
    func aRealPlayerWithNoSoundDevice(player: String) throws {
        guard spawn(["/bin/sh", "-c", "command -v \(player)"], env: ["PATH": "/usr/bin:/bin:/usr/local/bin"]).status == 0 else {
            return   // not installed here
        }
        let place = SessionPlace()
        // mpv gets real audio (rendered now): the header-only recording fails in its demuxer first.
        if player != "mpv" { place.addRecording("deadline_pressure_valve") }
        let t = TmuxSession(appEnv: place.env(player: player))
        flow.toPlayer(t)
        t.waitFor("No sound output: \(player) couldn't open an audio device", "read along: no sound", timeout: 60)
        #expect(!t.history().contains("ALSA lib"), "the raw ALSA words stay in the log")
        #expect(playerLog(t).text.contains("ALSA") || player == "mpv")
        t.keys("q", "Enter")
        t.waitFor("Stop the session now?")
        t.keys("y", "Enter")
        t.waitFor("And now? How do you feel")
        t.keys("C-c")
        t.waitFor("EXIT=130", "TTY=same")
        let record = try playback(place)
        #expect(record["audioSeconds"] as? Double == 0)
        #expect(place.players().isEmpty)
    }

    @Test func aPlayerThatFailsAfterAFewSecondsHandsOverToTheWordsFromThere() throws {
        let place = SessionPlace()
        place.addRecording("deadline_pressure_valve")
        let t = TmuxSession(appEnv: place.env(extra: ["FAKE_PLAYER_MODE": "fail-after", "FAKE_PLAYER_FAIL_AFTER": "4"]))
        flow.toPlayer(t)
        t.waitFor("▶ Playing", "playing with fake-player")
        t.waitFor("The sound stopped: fake-player lost the audio device", "read along: no sound", timeout: 20)
        // The words go on from where the sound stopped (about 0:04), not from the start.
        t.waitFor("▶ Reading  0:0")
        let shown = elapsed(t.screen())
        #expect(shown.map { $0 >= 3 } == true, "read-along picked up at \(String(describing: shown)) s")
        #expect(eventually { (elapsed(t.screen()) ?? 0) > (shown ?? 0) + 1 }, "the words move on")
        #expect(eventually { place.players().isEmpty }, "the failed player was reaped")
        let app = try #require(t.appPID())
        kill(app, SIGTERM)
        t.waitFor("EXIT=143", "TTY=same")
        let record = try playback(place)
        #expect(record["outcome"] as? String == "stopped_early")
        #expect(record["mode"] as? String == "audio_then_read_along")
        let heard = record["audioSeconds"] as? Double ?? 0
        #expect(heard > 1 && heard < 4, "heard \(heard) s: from when sound was confirmed to the failure")
    }

    @Test("closing during the render leaves no work folder and keeps the check-in", arguments: ["C-c", "TERM", "HUP"])
    func closingDuringTheRender(how: String) throws {
        let place = SessionPlace()
        let cache = try RenderFolders(place)
        let t = TmuxSession(appEnv: place.env())
        t.waitFor("Start a check-in")
        #expect(eventually { !cache.staleLeft }, "the stale folder was swept")
        flow.toPlayer(t)
        t.waitFor("Preparing the audio", timeout: 30)
        #expect(eventually(30) { !cache.work().isEmpty }, "a render is under way")
        try t.close(how: how, ctrlCExit: 130)
        // Said as the full screen closes (found from outside: Ctrl-C left without a word of it).
        #expect(t.screen().contains("allin: This check-in is kept in your journal, its session not played."), "\(t.screen())")
        #expect(cache.work().isEmpty, "left behind: \(cache.work())")
        let entries = try #require(place.journal()?["entries"] as? [[String: Any]])
        #expect(entries.count == 1)
        let entry = try #require(entries.first)
        #expect(entry["moodBefore"] as? Int == 4)
        #expect(entry["completedAt"] is NSNull)
        #expect((entry["playback"] as? [String: Any])?["outcome"] as? String == "not_played")
    }

    /// `allin play` (and `--plain`, which plays through it) closed during its first render: no work
    /// folder is left (found from outside: an 8 MB `.work-*` folder stayed after Ctrl-C, TERM or HUP),
    /// and one left by an allin killed outright is swept when it starts.
    @Test("allin play closed during the render leaves no work folder", arguments: ["C-c", "TERM", "HUP"])
    func playClosedDuringTheRender(how: String) throws {
        let place = SessionPlace()
        let cache = try RenderFolders(place)
        // mpv with no sound device, as the outside walk had it: the session renders as it plays.
        let t = TmuxSession(appEnv: place.env(player: "mpv --ao=null"), args: ["play", "deadline_pressure_valve"])
        #expect(eventually(30) { cache.work().contains { !$0.contains(RenderFolders.deadPID) } }, "a render is under way")
        #expect(!cache.staleLeft, "the stale folder was swept")
        try t.close(how: how, ctrlCExit: 130)
        #expect(cache.work().isEmpty, "left behind: \(cache.work())")
    }
}

/// The audio cache's render folders for the tests that close allin during a render: one left by an
/// allin killed outright (a pid no process has), and the work folders there now.
struct RenderFolders {
    static let deadPID = "2147483600"
    let audio: URL
    let stale: URL

    init(_ place: SessionPlace) throws {
        audio = URL(fileURLWithPath: place.cache).appendingPathComponent("allin/audio")
        stale = audio.appendingPathComponent(".work-deadline_pressure_valve-\(Self.deadPID)-0badf00d")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
    }

    var staleLeft: Bool { FileManager.default.fileExists(atPath: stale.path) }

    func work() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: audio.path)) ?? []).filter { $0.hasPrefix(".work-") }
    }
}
