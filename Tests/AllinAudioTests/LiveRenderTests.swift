import AllinCore
import Foundation
import Testing
@testable import AllinAudio

/// Playing a session while it renders: the pieces handed over are the cached file, the captions
/// end measured, and mpv plays the stream through its pipe (start part-way, seek ahead, finish).
@Suite("Playing while rendering", .enabled(if: renderToolsAvailable, "espeak-ng or sox is not installed"))
struct LiveRenderTests {
    let tmp = TempDir()
    let env = ProcessInfo.processInfo.environment

    func renderer(format: String = "wav") throws -> Renderer {
        Renderer(tools: try RenderTools.find(environment: env), cacheDirectory: tmp.paths.cacheDirectory,
                 settings: RenderSettings(format: format), environment: env)
    }

    @Test func thePiecesHandedOverAreTheCachedRender() throws {
        let script = try Fixtures.script("short_test")
        let r = try renderer()
        let live = LiveRender.start(r, slug: "short_test", script: script)
        var steps: [RenderProgress] = []
        try live.waitForFirstPiece { steps.append($0) }
        #expect(live.bytes > 0)
        #expect(steps.contains { $0.step == "speaking line 1 of 3" })
        let result = try live.waitUntilDone().get()
        // Every sample the player could read is the file in the cache, in order.
        let streamed = try #require(live.read(from: 0, limit: Int.max, stopped: { false }))
        let cached = try #require(PCM16.read(result.file))
        #expect(cached.rate == Renderer.sampleRate)
        #expect(streamed == PCM16.bytes(cached.samples))
        #expect(live.read(from: streamed.count, limit: 10, stopped: { false }) == nil, "the stream ends with the render")
        #expect(live.read(from: 2, limit: Int.max, stopped: { false })?.count == streamed.count - 2)
        // The captions end measured, the same as the cached ones, and the file is as long as they say.
        #expect(live.captions.track == result.captions && !result.captions.estimated)
        #expect(abs(Double(cached.samples.count) / Double(cached.rate) - result.captions.duration) < 0.01)
        #expect(r.cached(slug: "short_test", script: script) != nil)
        // Loudness near the target, every peak under the ceiling, silent at both ends.
        let lufs = try #require(Loudness.integrated(cached.samples, sampleRate: cached.rate))
        #expect(abs(lufs - Loudness.target) < 1.5, "\(lufs) LUFS")
        #expect(Loudness.decibels(Double(cached.samples.map(abs).max() ?? 0)) <= Loudness.peakCeiling + 0.01)
        #expect(cached.samples.first == 0 && cached.samples.last == 0)
    }

    @Test func aFailedRenderIsReportedToTheWaitingPlayer() throws {
        var tools = try RenderTools.find(environment: env)
        tools.espeak = URL(fileURLWithPath: "/bin/false")
        let r = Renderer(tools: tools, cacheDirectory: tmp.paths.cacheDirectory, settings: RenderSettings(), environment: env)
        let live = LiveRender.start(r, slug: "short_test", script: try Fixtures.script("short_test"))
        #expect(throws: AudioError.self) { try live.waitForFirstPiece() }
        if case .failure = live.waitUntilDone() {} else { Issue.record("the render should have failed") }
        #expect(r.cached(slug: "short_test", script: try Fixtures.script("short_test")) == nil)
    }

    @Test(.enabled(if: mpvAvailable, "mpv is not installed"))
    func mpvPlaysTheStreamStartsPartWaySeeksAheadAndFinishes() throws {
        let exe = try #require(ExecutableSearch.find("mpv", environment: env))
        let choice = PlayerChoice(command: PlayerCommand(program: "mpv", extraArguments: ["--ao=null"]), executable: exe, source: "test")
        let script = try Fixtures.script("short_test")
        let live = LiveRender.start(try renderer(format: "ogg"), slug: "short_test", script: script)
        try live.waitForFirstPiece()
        let p = Playback(choice: choice, live: live, environment: env, paths: tmp.paths)
        #expect(p.canSeek)
        try p.start(at: 2)
        #expect(p.file.path.hasPrefix(tmp.paths.runtimeDirectory.path))
        #expect(eventually(timeout: 10) { p.poll(); return p.isAudible }, "mpv never played the stream")
        #expect(eventually { p.position > 2.3 }, "it starts where it was asked to: \(p.position)")
        let total = try live.waitUntilDone().get().captions.duration
        #expect(p.duration == total)
        // Ahead, close to the end: it plays on from there and ends as a finished session.
        #expect(p.seek(by: total - 4 - p.position))
        #expect(eventually { p.position >= total - 4.5 })
        #expect(eventually(timeout: 15) { p.poll() == .finished }, "state \(p.state) at \(p.position)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: tmp.paths.runtimeDirectory.path)) ?? []
        #expect(!left.contains { $0.hasPrefix("stream-") }, "the pipe is removed: \(left)")
    }

    @Test func pipesLeftByAKilledAllinAreRemovedOthersKept() throws {
        let run = tmp.paths.runtimeDirectory
        try AudioPaths.ensurePrivateDirectory(run)
        // A pid that is not running: a child that has been reaped.
        let gone = try ChildProcess.spawn(executable: URL(fileURLWithPath: "/bin/true"), arguments: [], environment: [:], log: nil)
        _ = gone.waitUntilExit()
        let stale = run.appendingPathComponent("stream-\(gone.pid)-1.wav").path
        let mine = run.appendingPathComponent("stream-\(getpid())-1.wav").path
        let other = run.appendingPathComponent("stream-notes.txt").path
        for path in [stale, mine] { #expect(mkfifo(path, 0o600) == 0) }
        _ = FileManager.default.createFile(atPath: other, contents: Data())
        Playback.removeStaleFiles(in: run)
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: mine) && FileManager.default.fileExists(atPath: other))
    }

    @Test(.enabled(if: mpvAvailable, "mpv is not installed"))
    func stoppingPartWayEndsThePlayerAndThePipe() throws {
        let exe = try #require(ExecutableSearch.find("mpv", environment: env))
        let choice = PlayerChoice(command: PlayerCommand(program: "mpv", extraArguments: ["--ao=null"]), executable: exe, source: "test")
        let live = LiveRender.start(try renderer(), slug: "short_test", script: try Fixtures.script("short_test"))
        try live.waitForFirstPiece()
        let p = Playback(choice: choice, live: live, environment: env, paths: tmp.paths)
        try p.start()
        #expect(eventually(timeout: 10) { p.poll(); return p.isAudible })
        let pid = try #require(p.pid)
        p.stop()
        #expect(p.state == .stopped && processState(pid) == nil)
        #expect(!FileManager.default.fileExists(atPath: p.file.path))
        live.waitUntilDone()
    }
}

@Suite("A render failing while it plays", .enabled(if: renderToolsAvailable && mpvAvailable, "espeak-ng, sox or mpv is not installed"))
struct LiveRenderFailureTests {
    let tmp = TempDir()
    let env = ProcessInfo.processInfo.environment

    @Test func theSessionIsNotReportedFinishedWhenItsRenderFailedPartWay() throws {
        // espeak-ng that fails on the script's second line (the second piece), after the first played.
        let real = try #require(ExecutableSearch.find("espeak-ng", environment: env))
        let fake = tmp.path("espeak-ng")
        try "#!/bin/sh\ncase \"$*\" in *line-1.txt*) echo 'no voice today' >&2; exit 3;; esac\nexec \(real.path) \"$@\"\n"
            .write(to: fake, atomically: true, encoding: .utf8)
        chmod(fake.path, 0o755)
        var tools = try RenderTools.find(environment: env)
        tools.espeak = fake
        let renderer = Renderer(tools: tools, cacheDirectory: tmp.paths.cacheDirectory, settings: RenderSettings(), environment: env)
        let live = LiveRender.start(renderer, slug: "short_test", script: try Fixtures.script("short_test"))
        try live.waitForFirstPiece()
        let exe = try #require(ExecutableSearch.find("mpv", environment: env))
        let choice = PlayerChoice(command: PlayerCommand(program: "mpv", extraArguments: ["--ao=null"]), executable: exe, source: "test")
        let p = Playback(choice: choice, live: live, environment: env, paths: tmp.paths)
        try p.start()
        guard case .failure = live.waitUntilDone() else {
            Issue.record("the render should have failed")
            p.stop()
            return
        }
        // What was made plays out; then the player ends, and that is a failure with the render's reason.
        #expect(eventually(timeout: 20) { p.poll() != .playing })
        guard case let .failed(error) = p.state else {
            Issue.record("state \(p.state)")
            return
        }
        #expect(error.message.contains("espeak-ng"), "\(error.message)")
        #expect(renderer.cached(slug: "short_test", script: try Fixtures.script("short_test")) == nil)
    }
}
