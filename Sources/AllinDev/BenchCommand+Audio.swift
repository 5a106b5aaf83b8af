import AllinAudio
import AllinCLI
import AllinCore
import Foundation

extension BenchCommand {
    /// Time to audio the player can start on, per voice, on a cold cache and a warm one, for the
    /// catalog's shortest session; and render speed as a multiple of real time.
    func audioBench(_ catalog: Catalog, args: Arguments) throws {
        guard let session = catalog.sessions.min(by: { $0.durationSeconds < $1.durationSeconds }) else { return }
        let env = cli.environment
        let paths = try cli.audioPaths(args)
        let directory = try CatalogLocator.directory(option: args["--catalog"], environment: env)
        let script = try AudioLibrary(catalogDirectory: directory, paths: paths, environment: env).script(session.slug)
        var voices: [(String, NeuralVoice?)] = []
        if ExecutableSearch.find("espeak-ng", environment: env) != nil { voices.append(("espeak-ng", nil)) }
        if let neural = VoiceEngines.neural(in: VoiceEngines.home(paths)) { voices.append(("piper \(neural.name)", neural)) }
        cli.io.out("Audio ready for the player, \(session.slug) (\(Clock.text(Double(session.durationSeconds)))); "
                   + "cold = an empty cache, warm = rendered before:\n")
        guard !voices.isEmpty else {
            cli.io.out("  no voice found (espeak-ng, or Piper via 'allin voice install')\n\n")
            return
        }
        var table = TextTable(header: ["voice", "cold", "warm", "audio", "render speed"])
        let clock = ContinuousClock()
        for (name, neural) in voices {
            let cache = FileManager.default.temporaryDirectory.appendingPathComponent("allin-bench-audio-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: cache) }
            let renderer = Renderer(tools: try RenderTools.find(environment: env, neural: neural), cacheDirectory: cache,
                                    settings: RenderSettings(), environment: env)
            let t0 = clock.now
            let result = try renderer.render(slug: session.slug, script: script)
            let cold = clock.now - t0
            let t1 = clock.now
            _ = renderer.cached(slug: session.slug, script: script)
            let warm = clock.now - t1
            let seconds = Double(cold.components.seconds) + Double(cold.components.attoseconds) / 1e18
            table.rows.append([name, Self.ms(cold), Self.ms(warm), Clock.text(result.captions.duration),
                               String(format: "%.1fx real time", result.captions.duration / max(seconds, 1e-6))])
        }
        cli.io.out(table.render() + "\n")
    }
}
