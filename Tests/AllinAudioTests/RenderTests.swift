import AllinCore
import Foundation
import Testing
@testable import AllinAudio

/// Runs espeak-ng and sox for real (CI installs them).
@Suite("Rendering with espeak-ng and sox", .enabled(if: renderToolsAvailable, "espeak-ng or sox is not installed"))
struct RenderTests {
    let tmp = TempDir()
    let env = ProcessInfo.processInfo.environment

    func renderer(_ settings: RenderSettings = RenderSettings()) throws -> Renderer {
        Renderer(tools: try RenderTools.find(environment: env), cacheDirectory: tmp.paths.cacheDirectory,
                 settings: settings, environment: env)
    }

    func soxDuration(_ url: URL) -> Double? {
        guard let sox = ExecutableSearch.find("sox", environment: env) else { return nil }
        return Double(ToolRunner.output(sox, ["--i", "-D", url.path], environment: env)
            .trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func rendersSpeechPausesAndCaptions() throws {
        let script = try Fixtures.script("short_test")
        let r = try renderer()
        var steps: [RenderProgress] = []
        let result = try r.render(slug: "short_test", script: script) { steps.append($0) }
        #expect(!result.cached && result.bytes > 0)
        #expect(result.file.pathExtension == (r.tools.canWriteOgg ? "ogg" : "wav"))
        // Captions: one cue per line, in order, after the lead-in; pauses replace the gap.
        let cues = result.captions.cues
        #expect(cues.map(\.text) == script.lines)
        #expect(cues.map(\.sourceLine) == [2, 4, 7])
        #expect(abs(cues[0].start - r.settings.layout.leadIn) < 0.001)
        #expect(abs((cues[1].start - cues[0].end) - 2) < 0.001)
        #expect(abs((cues[2].start - cues[1].end) - 1.5) < 0.001)
        for cue in cues { #expect(cue.end - cue.start > 0.5, "line \(cue.sourceLine) is implausibly short") }
        let expected = cues[2].end + r.settings.layout.tail
        #expect(abs(result.captions.duration - expected) < 0.01)
        // The encoded file is as long as the captions say.
        let measured = try #require(soxDuration(result.file))
        #expect(abs(measured - result.captions.duration) < 0.1, "file is \(measured) s, captions say \(result.captions.duration) s")
        // Captions saved beside the audio, private files in a private directory.
        let (_, captionsURL) = r.files(slug: "short_test", key: result.key)
        let saved = try #require(CaptionTrack.decode(try Data(contentsOf: captionsURL)))
        #expect(saved.track.cues.count == 3 && saved.cacheKey == result.key)
        for path in [result.file.path, captionsURL.path] {
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(path) has mode \(String(mode ?? 0, radix: 8))")
        }
        let dirMode = try FileManager.default.attributesOfItem(atPath: tmp.paths.cacheDirectory.path)[.posixPermissions] as? Int
        #expect(dirMode == 0o700)
        // Progress: rises, ends at 1, names what it does.
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0.fraction <= $1.fraction })
        #expect(steps.last?.fraction == 1)
        #expect(steps.contains { $0.step == "speaking line 3 of 3" })
        // No work directory left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: tmp.paths.cacheDirectory.path)
        #expect(names.allSatisfy { !$0.hasPrefix(".work-") })
    }

    @Test func theCacheKeyFollowsTheScriptAndTheSettings() throws {
        let script = try Fixtures.script("tiny_test")
        let r = try renderer()
        let first = try r.render(slug: "tiny_test", script: script)
        let again = try r.render(slug: "tiny_test", script: script)
        #expect(again.cached && again.key == first.key && again.file == first.file)
        // A comment or blank-line edit says the same: still cached.
        let commented = try ScriptParser.parse("# calm\nBreathe in slowly.\n\nBreathe out slowly.\n", file: "t")
        #expect(r.cached(slug: "tiny_test", script: commented) != nil)
        // An edited line renders again, and the old render is cleaned away.
        let edited = try ScriptParser.parse("Breathe in slowly.\nBreathe out, even more slowly.\n", file: "t")
        let re = try r.render(slug: "tiny_test", script: edited)
        #expect(!re.cached && re.key != first.key)
        #expect(!FileManager.default.fileExists(atPath: first.file.path))
        #expect(re.captions.cues[1].text == "Breathe out, even more slowly.")
        // Another voice rate is another key.
        var slower = RenderSettings()
        slower.rate = 110
        let r2 = try renderer(slower)
        #expect(r2.key(for: edited) != r.key(for: edited))
        #expect(r2.cached(slug: "tiny_test", script: edited) == nil)
        // --force renders even when cached.
        let forced = try r.render(slug: "tiny_test", script: edited, force: true)
        #expect(!forced.cached && forced.key == re.key)
    }

    @Test func wavWithoutBackgroundHasExactTimings() throws {
        let script = try Fixtures.script("short_test")
        var settings = RenderSettings()
        settings.format = "wav"
        settings.background = .off
        let result = try renderer(settings).render(slug: "short_test", script: script)
        let info = try #require(WAVInfo.read(result.file))
        #expect(abs(info.duration - result.captions.duration) < 0.01)
        #expect(info.channels == 1 && info.bitsPerSample == 16)
    }

    @Test func aRecordingWinsOverTheRender() throws {
        let catalog = tmp.path("catalog")
        try FileManager.default.createDirectory(at: catalog.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.directory.appendingPathComponent("scripts/tiny_test.txt"),
                                         to: catalog.appendingPathComponent("scripts/tiny_test.txt"))
        let library = AudioLibrary(catalogDirectory: catalog, paths: tmp.paths, environment: env)
        let r = try renderer()
        let rendered = try library.prepare(slug: "tiny_test", renderer: r, player: nil)
        #expect(rendered.origin == "rendered now" && rendered.render != nil)
        #expect(try library.prepare(slug: "tiny_test", renderer: r, player: nil).origin == "rendered earlier (cache)")
        // The user's own recording in the data directory wins.
        let audioDir = tmp.paths.dataDirectory.appendingPathComponent("audio")
        try FileManager.default.createDirectory(at: audioDir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: rendered.file, to: audioDir.appendingPathComponent("tiny_test.\(rendered.file.pathExtension)"))
        let recorded = try library.prepare(slug: "tiny_test", renderer: r, player: nil)
        #expect(recorded.origin.hasPrefix("your recording") && recorded.render == nil)
        #expect(abs((recorded.duration ?? 0) - rendered.captions!.duration) < 0.1)
        #expect(recorded.captions?.cues.count == 2, "estimated captions scaled to the recording")
        // A WAV-only player gets a converted copy.
        let forAplay = try library.prepare(slug: "tiny_test", renderer: r, player: PlayerTemplate.named("aplay"))
        #expect(forAplay.file.pathExtension == "wav" && WAVInfo.read(forAplay.file) != nil)
    }

    @Test func aMissingScriptAndABadScriptAreNamed() throws {
        let catalog = tmp.path("catalog")
        try FileManager.default.createDirectory(at: catalog.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try Data("Fine line.\n[pause 99]\n".utf8).write(to: catalog.appendingPathComponent("scripts/bad_one.txt"))
        let library = AudioLibrary(catalogDirectory: catalog, paths: tmp.paths, environment: env)
        #expect(throws: AudioError.noScript(slug: "nope", path: "catalog/scripts/nope.txt")) {
            _ = try library.prepare(slug: "nope", renderer: try renderer(), player: nil)
        }
        do {
            _ = try library.prepare(slug: "bad_one", renderer: try renderer(), player: nil)
            Issue.record("a bad script rendered")
        } catch let error as AudioError {
            #expect(error.message == "scripts/bad_one.txt:2: pause must be 1 to 30 seconds, found 99")
        }
    }
}
