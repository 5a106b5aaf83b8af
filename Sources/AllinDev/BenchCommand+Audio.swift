import AllinAudio
import AllinCLI
import AllinCore
import Foundation

extension BenchCommand {
    /// Per voice, for the catalog's shortest session: the time to the first sound (the first piece
    /// rendered, and mpv with no sound card reporting that it plays) on a cold cache and a warm one,
    /// the whole render, its speed as a multiple of real time, and the loudness it came out at.
    func audioBench(_ catalog: Catalog, args: Arguments) throws {
        guard let session = catalog.sessions.min(by: { $0.durationSeconds < $1.durationSeconds }) else { return }
        let env = cli.environment
        let paths = try cli.audioPaths(args)
        let directory = try CatalogLocator.directory(option: args["--catalog"], environment: env)
        let script = try AudioLibrary(catalogDirectory: directory, paths: paths, environment: env).script(session.slug)
        var voices: [(String, NeuralVoice?)] = []
        if ExecutableSearch.find("espeak-ng", environment: env) != nil { voices.append(("espeak-ng", nil)) }
        if let neural = VoiceEngines.neural(in: VoiceEngines.home(paths)) { voices.append(("piper \(neural.name)", neural)) }
        let mpv = ExecutableSearch.find("mpv", environment: env).map {
            PlayerChoice(command: PlayerCommand(program: "mpv", extraArguments: ["--ao=null"]), executable: $0, source: "bench")
        }
        cli.io.out("First sound for \(session.slug) (\(Clock.text(Double(session.durationSeconds)))): cold = an empty cache, "
                   + "the session playing while it renders; warm = rendered before. "
                   + (mpv == nil ? "mpv is not installed: first sound is the first piece ready for the player.\n"
                                 : "Sound = mpv (no sound card) reporting its audio output and position.\n"))
        guard !voices.isEmpty else {
            cli.io.out("  no voice found (espeak-ng, or Piper via 'allin voice install')\n\n")
            return
        }
        var table = TextTable(header: ["voice", "first piece", "first sound cold", "first sound warm", "whole render",
                                       "render speed", "loudness"])
        let clock = ContinuousClock()
        for (name, neural) in voices {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("allin-bench-audio-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: scratch) }
            var playerPaths = paths
            playerPaths.runtimeDirectory = scratch.appendingPathComponent("run")
            playerPaths.stateDirectory = scratch.appendingPathComponent("state")
            let renderer = Renderer(tools: try RenderTools.find(environment: env, neural: neural),
                                    cacheDirectory: scratch.appendingPathComponent("cache"), settings: RenderSettings(),
                                    environment: env)
            let t0 = clock.now
            let live = LiveRender.start(renderer, slug: session.slug, script: script)
            try live.waitForFirstPiece()
            let piece = clock.now - t0
            var coldSound = "-"
            if let mpv {
                let p = Playback(choice: mpv, live: live, environment: env, paths: playerPaths)
                try p.start()
                if waitAudible(p) { coldSound = Self.ms(clock.now - t0) }
                p.stop()
            }
            let result = try live.waitUntilDone().get()
            let whole = clock.now - t0
            var warmSound = "-"
            let t1 = clock.now
            if let cached = renderer.cached(slug: session.slug, script: script) {
                if let mpv {
                    let p = Playback(choice: mpv, file: cached.file, duration: cached.captions.duration, environment: env,
                                     paths: playerPaths)
                    try p.start()
                    if waitAudible(p) { warmSound = Self.ms(clock.now - t1) }
                    p.stop()
                } else {
                    warmSound = Self.ms(clock.now - t1)
                }
            }
            let seconds = Double(whole.components.seconds) + Double(whole.components.attoseconds) / 1e18
            let lufs = renderer.loudness(of: result.file).map { String(format: "%.1f LUFS", $0) } ?? "-"
            table.rows.append([name, Self.ms(piece), mpv == nil ? Self.ms(piece) : coldSound, warmSound, Self.ms(whole),
                               String(format: "%.1fx real time", result.captions.duration / max(seconds, 1e-6)), lufs])
        }
        cli.io.out(table.render() + "\n")
    }

    /// Polls the player every 5 ms until it reports sound (or 15 s pass).
    private func waitAudible(_ p: Playback) -> Bool {
        let deadline = Monotonic.now() + 15
        while Monotonic.now() < deadline {
            if case .failed = p.poll() { return false }
            if p.isAudible { return true }
            usleep(5_000)
        }
        return false
    }
}
