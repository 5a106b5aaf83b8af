import AllinCore
import Foundation
import Testing
@testable import AllinAudio

@Suite("Player control with the fake player (signals, failures, reaping)")
struct FakePlayerTests {
    let tmp = TempDir()

    /// `name`: the player's file name, through a link to the fake (as "mpv" it is spoken to as mpv).
    func playback(mode: String = "play", seconds: Int = 30, duration: Double? = 60, name: String? = nil) -> (Playback, URL) {
        let log = tmp.path("fake-\(UUID().uuidString).log")
        var executable = Fixtures.fakePlayer
        if let name {
            let dir = tmp.path("bin-\(UUID().uuidString)")
            try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            executable = dir.appendingPathComponent(name)
            try? FileManager.default.createSymbolicLink(at: executable, withDestinationURL: Fixtures.fakePlayer)
        }
        let choice = PlayerChoice(command: PlayerCommand(program: executable.path), executable: executable, source: "test")
        let env = childEnvironment(["FAKE_PLAYER_LOG": log.path, "FAKE_PLAYER_MODE": mode,
                                    "FAKE_PLAYER_SECONDS": String(seconds)])
        let audio = tmp.path("session.ogg")
        _ = FileManager.default.createFile(atPath: audio.path, contents: Data("x".utf8))
        return (Playback(choice: choice, file: audio, duration: duration, environment: env, paths: tmp.paths), log)
    }

    @Test func startRecordsTheArgumentsAndStopEndsAndReapsIt() throws {
        let (p, log) = playback()
        try p.start()
        let pid = try #require(p.pid)
        #expect(eventually { logLines(log).contains("start \(pid)") })
        #expect(logLines(log).filter { $0.hasPrefix("arg ") } == ["arg \(p.file.path)"])
        #expect(ChildRegistry.shared.live.contains(pid))
        p.stop()
        #expect(p.state == .stopped)
        #expect(logLines(log).contains("TERM"))
        #expect(processState(pid) == nil, "the player was not reaped")
        #expect(eventually { groupIsGone(pid) }, "something of the player's group is left")
        #expect(!ChildRegistry.shared.live.contains(pid))
    }

    @Test func pauseStopsTheGroupAndResumeContinuesIt() throws {
        let (p, log) = playback()
        try p.start()
        let pid = try #require(p.pid)
        #expect(eventually { logLines(log).contains("start \(pid)") })
        p.pause()
        #expect(p.state == .paused)
        #expect(eventually { groupIsStopped(pid) }, "states \(groupStates(pid)), log \(logLines(log))")
        let frozen = p.position
        #expect(p.position == frozen)
        p.resume()
        #expect(p.state == .playing)
        #expect(eventually { logLines(log).contains("CONT") })
        #expect(eventually { !groupIsStopped(pid) })
        p.stop()
        #expect(processState(pid) == nil)
    }

    @Test func stopWhilePausedContinuesItSoTermIsSeen() throws {
        let (p, log) = playback()
        try p.start()
        let pid = try #require(p.pid)
        #expect(eventually { logLines(log).contains("start \(pid)") })
        p.pause()
        #expect(eventually { groupIsStopped(pid) }, "states \(groupStates(pid)), log \(logLines(log))")
        let started = Monotonic.now()
        p.stop()
        #expect(Monotonic.now() - started < Playback.stopGrace, "stop waited for SIGKILL: SIGTERM was not acted on")
        #expect(logLines(log).contains("TERM"))
        #expect(processState(pid) == nil)
        #expect(eventually { groupIsGone(pid) }, "an orphan of the player's group is left")
    }

    @Test func aPlayerIgnoringTermIsKilledAfterTheGrace() throws {
        let (p, log) = playback(mode: "stubborn")
        try p.start()
        let pid = try #require(p.pid)
        #expect(eventually { logLines(log).contains("start \(pid)") })
        let started = Monotonic.now()
        p.stop()
        #expect(Monotonic.now() - started >= Playback.stopGrace - 0.1)
        #expect(eventually { logLines(log).contains("TERM ignored") })
        #expect(processState(pid) == nil)
        #expect(eventually { groupIsGone(pid) }, "an orphan of the player's group is left")
    }

    @Test func aHelperThePlayerForkedIsKilledWithIt() throws {
        let (p, log) = playback(mode: "forks")
        try p.start()
        let pid = try #require(p.pid)
        #expect(eventually { logLines(log).contains { $0.hasPrefix("child ") } })
        let helper = try #require(logLines(log).first { $0.hasPrefix("child ") }.flatMap { Int32($0.dropFirst(6)) })
        #expect(getpgid(helper) == pid)
        p.stop()
        #expect(logLines(log).contains("TERM ignored"))
        #expect(processState(pid) == nil)
        #expect(eventually { groupIsGone(pid) }, "the helper (\(helper)) outlived its player")
    }

    @Test func aCrashAtStartIsReportedInPlainWords() throws {
        let (p, _) = playback(mode: "crash")
        try p.start()
        let pid = try #require(p.pid)
        #expect(eventually { p.poll() != .playing })
        guard case let .failed(error) = p.state, case let .failedAtStart(player, detail, log) = error else {
            Issue.record("expected a failure at start, got \(p.state)"); return
        }
        #expect(player == "fake-player")
        // The player's own words stay in its log; the screen gets the cause.
        #expect(detail == "couldn't open an audio device")
        #expect(log.hasSuffix("state/allin/player.log"))
        #expect(error.message.hasPrefix("the player 'fake-player' stopped as soon as it started"))
        #expect(error.soundProblem?.hasPrefix("fake-player couldn't open an audio device (details in ") == true)
        let logged = try String(contentsOf: tmp.paths.playerLog, encoding: .utf8)
        #expect(logged.contains("fake-player: cannot open the audio device"))
        #expect(processState(pid) == nil)
    }

    /// A device lost after sound was coming out is not one that could not be opened (found from
    /// outside: a player that played 8 s and then lost its device was said to have "couldn't open an
    /// audio device").
    @Test func aDeviceLostMidWayIsSaidSo() {
        let log = "fake: audio device lost\n"
        #expect(PlayerDiagnosis.cause(.exited(1), log: log) == "couldn't open an audio device")
        #expect(PlayerDiagnosis.cause(.exited(1), log: log, afterSound: true) == "lost the audio device")
        #expect(PlayerDiagnosis.cause(.exited(1), log: "", afterSound: true) == "stopped with \(ExitStatus.exited(1).plain)")
    }

    @Test func endingAtOnceWithoutPlayingIsAFailureButAShortClipFinishes() throws {
        let (long, _) = playback(mode: "finish", duration: 300)
        try long.start()
        #expect(eventually { long.poll() != .playing })
        guard case let .failed(.failedAtStart(_, detail, _)) = long.state else {
            Issue.record("expected a failure, got \(long.state)"); return
        }
        #expect(detail.contains("without playing"))
        let (short, _) = playback(mode: "finish", duration: 1)
        try short.start()
        #expect(eventually { short.poll() != .playing })
        #expect(short.state == .finished)
    }

    /// mpv that never answers on its socket and ends after a few seconds never played: said so, not
    /// "stopped at 0:03" (found from outside with a fake mpv that ran 3 s).
    @Test func aPlayerNeverHeardThatEndsLaterNeverPlayed() throws {
        let (p, _) = playback(seconds: 2, duration: 60, name: "mpv")
        try p.start()
        #expect(eventually(timeout: 8) { p.poll() != .playing })
        guard case let .failed(.failedAtStart(_, detail, _)) = p.state else {
            Issue.record("expected a failure at start, got \(p.state)"); return
        }
        #expect(detail.contains("without playing"), "\(detail)")
    }

    /// mpv that stays alive but never answers on its socket is not playing (found from outside: a hung
    /// player was shown as "Playing" after 3 s and the journal said "heard 1:53"): it is stopped and the
    /// failure is said, at the start.
    @Test func aHungPlayerThatNeverAnswersIsStoppedAsAFailure() throws {
        let (p, _) = playback(seconds: 30, duration: 60, name: "mpv")
        try p.start()
        let pid = try #require(p.pid)
        #expect(eventually(timeout: 10) { p.poll() != .playing })
        guard case let .failed(.failedAtStart(player, detail, _)) = p.state else {
            Issue.record("expected a failure at start, got \(p.state)"); return
        }
        #expect(player == "mpv" && detail.contains("no sign of playing"), "\(detail)")
        #expect(!p.isAudible)
        #expect(processState(pid) == nil, "the hung player was not stopped")
    }

    @Test func aPlayerEndingWellBeforeTheEndStoppedEarlyWhateverItsStatus() throws {
        // Alive past the early window (so sound was believed), then exit status 0 at 2 s of 60.
        let (p, _) = playback(seconds: 2, duration: 60)
        try p.start()
        #expect(eventually(timeout: 8) { p.poll() != .playing })
        guard case let .failed(error) = p.state, case let .endedEarly(player, at, length, _) = error else {
            Issue.record("expected an early end, got \(p.state)"); return
        }
        #expect(player == "fake-player" && length == 60)
        #expect(at >= 1.5 && at < 10, "where it stopped: \(at)")
        #expect(error.soundProblem?.contains(" of 1:00, before the end (details in ") == true, "\(error.soundProblem ?? "")")
        #expect(error.message.hasPrefix("the player 'fake-player' stopped at 0:0"))
    }

    @Test("finished: within a few seconds of the end, or of a length only the player knows", arguments: [
        (263.0, 263.0 as Double?, true), (259, 263, true), (250, 263, false), (3, 263, false), (1, 1, true),
        (0.5, 1, true), (1180, 1200, true), (1170, 1200, false), (3, nil, true),
    ])
    func theOneRuleForFinished(position: Double, duration: Double?, finished: Bool) {
        #expect(Playback.reachedEnd(at: position, of: duration) == finished)
    }

    @Test func aNaturalEndIsFinishedAndReaped() throws {
        let (p, log) = playback(seconds: 1, duration: 1)
        try p.start()
        let pid = try #require(p.pid)
        #expect(eventually(timeout: 5) { p.poll() == .finished })
        #expect(logLines(log).contains("finished"))
        #expect(processState(pid) == nil)
        #expect(eventually { groupIsGone(pid) }, "an orphan of the player's group is left")
    }

    @Test func aMissingBinaryFailsBeforeAnythingStarts() {
        #expect(throws: AudioError.spawnFailed(program: "no-such-player", code: ENOENT)) {
            _ = try ChildProcess.spawn(executable: URL(fileURLWithPath: "/nonexistent/no-such-player"), arguments: [],
                                       environment: [:], log: nil)
        }
        let message = AudioError.spawnFailed(program: "no-such-player", code: ENOENT).message
        #expect(message == "could not start 'no-such-player': No such file or directory")
    }

    @Test func theChildNeverTouchesTheTerminal() throws {
        let (p, log) = playback()
        try p.start()
        let pid = try #require(p.pid)
        #expect(eventually { logLines(log).contains("start \(pid)") })
        // Besides stdio, only the shell's own handle on its script may be open: nothing inherited.
        let fds = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").compactMap(Int.init).sorted()
        for fd in fds where fd > 2 {
            let target = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")
            #expect(target == Fixtures.fakePlayer.path, "descriptor \(fd) → \(target) was inherited")
        }
        let stdin = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/0")
        let stdout = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/1")
        #expect(stdin == "/dev/null")
        #expect(stdout == tmp.paths.playerLog.path)
        #expect(getpgid(pid) == pid, "the player should lead its own process group")
        p.stop()
    }

    @Test func theRegistryEndsEveryChildOnExitPaths() throws {
        let (p, log) = playback()
        try p.start()
        let pid = try #require(p.pid)
        #expect(eventually { logLines(log).contains("start \(pid)") })
        let child = try ChildProcess.spawn(executable: Fixtures.fakePlayer, arguments: ["x"],
                                           environment: childEnvironment(["FAKE_PLAYER_LOG": log.path]), log: nil)
        #expect(Set(ChildRegistry.shared.live).isSuperset(of: [pid, child.pid]))
        child.terminate()
        p.stop()
        #expect(!ChildRegistry.shared.live.contains(child.pid) && !ChildRegistry.shared.live.contains(pid))
        #expect(processState(child.pid) == nil)
    }
}
