import AllinCore
import Foundation
import Testing
@testable import AllinAudio

/// mpv with `--ao=null` plays in real time with no sound card: pause, seek and position over IPC.
@Suite("mpv over its IPC socket", .enabled(if: mpvAvailable && renderToolsAvailable, "mpv or sox is not installed"))
struct MPVPlaybackTests {
    let tmp = TempDir()
    let env = ProcessInfo.processInfo.environment

    /// A 40 s quiet tone made with sox.
    func clip() throws -> URL {
        let url = tmp.path("clip.ogg")
        let sox = try #require(ExecutableSearch.find("sox", environment: env))
        let status = try ToolRunner.run(sox, ["-n", "-r", "22050", "-c", "1", url.path, "synth", "40", "sine", "220", "vol", "0.1"],
                                        environment: env, log: tmp.path("sox.log"))
        #expect(status.succeeded)
        return url
    }

    func mpv(_ file: URL, duration: Double? = 40) throws -> Playback {
        let exe = try #require(ExecutableSearch.find("mpv", environment: env))
        let choice = PlayerChoice(command: PlayerCommand(program: "mpv", extraArguments: ["--ao=null"]), executable: exe,
                                  source: "test")
        return Playback(choice: choice, file: file, duration: duration, environment: env, paths: tmp.paths)
    }

    @Test func playsPausesSeeksAndStops() throws {
        let p = try mpv(try clip())
        try p.start()
        let pid = try #require(p.pid)
        #expect(eventually { p.position > 0.2 }, "mpv never reported a position")
        p.pause()
        #expect(p.state == .paused)
        #expect(p.ipcReportsPaused() == true)
        p.resume()
        #expect(p.ipcReportsPaused() == false)
        let before = p.position
        #expect(p.seek(by: 15))
        #expect(eventually { p.position >= before + 14 }, "seek +15 s did not move the position")
        #expect(p.seek(by: -15))
        #expect(eventually { p.position < before + 5 })
        p.stop()
        #expect(p.state == .stopped)
        #expect(processState(pid) == nil)
        let sockets = (try? FileManager.default.contentsOfDirectory(atPath: tmp.paths.runtimeDirectory.path)) ?? []
        #expect(sockets.isEmpty, "IPC socket left behind: \(sockets)")
    }

    @Test func startsPartWayForResume() throws {
        let p = try mpv(try clip())
        try p.start(at: 20)
        #expect(eventually { p.position >= 20 })
        #expect(p.position < 30)
        p.stop()
    }

    @Test func aFileMpvCannotReadFailsAtStart() throws {
        let bad = tmp.path("broken.ogg")
        try Data("this is not audio".utf8).write(to: bad)
        let p = try mpv(bad)
        try p.start()
        #expect(eventually { p.poll() != .playing })
        guard case let .failed(.failedAtStart(player, _, _)) = p.state else {
            Issue.record("expected a failure at start, got \(p.state)"); return
        }
        #expect(player == "mpv")
    }
}
