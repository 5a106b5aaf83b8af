import AllinCore
import Foundation
import Testing
@testable import AllinAudio

/// The voice engine layer: which voice speaks and why, the natural voice found where `allin voice
/// install` puts it, rendering through it (a stand-in Piper that speaks with espeak-ng), the config key.
@Suite("Voice engines")
struct VoiceEngineTests {
    let tmp = TempDir()
    let env = ProcessInfo.processInfo.environment

    /// A voice home laid out as a Piper install is: bin/piper and a model inside a voice package.
    func fakeHome(model: Bool = true) throws -> URL {
        let home = tmp.path("data/allin/voices/piper")
        let bin = home.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.directory.appendingPathComponent("fake-piper"),
                                         to: bin.appendingPathComponent("piper"))
        if model {
            let data = home.appendingPathComponent("lib/python3.11/site-packages/test_piper_voice/data")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            for name in ["en_XX-test-medium.onnx", "en_XX-test-medium.onnx.json"] {
                #expect(FileManager.default.createFile(atPath: data.appendingPathComponent(name).path, contents: Data("x".utf8)))
            }
        }
        return home
    }

    func config(_ text: String) throws -> AudioConfig { try AudioConfig.parse(text, file: "config") }

    @Test func theNaturalVoiceIsFoundWhereInstallPutsIt() throws {
        #expect(VoiceEngines.home(tmp.paths) == tmp.path("data/allin/voices/piper"))
        #expect(VoiceEngines.neural(in: tmp.path("data/allin/voices/piper")) == nil)
        let home = try fakeHome(model: false)
        #expect(VoiceEngines.neural(in: home) == nil, "Piper without a voice model is not a voice")
        try FileManager.default.removeItem(at: home)
        let voice = try #require(VoiceEngines.neural(in: try fakeHome()))
        #expect(voice.name == "en_XX-test-medium" && voice.piper.lastPathComponent == "piper")
    }

    @Test func whichVoiceSpeaksAndWhy() throws {
        let withEspeak = ["PATH": "/usr/bin:/bin"]
        let nothing = ["PATH": tmp.path("empty").path]
        // Nothing installed but espeak-ng: espeak-ng, with the way to the natural voice.
        var r = VoiceEngines.report(paths: tmp.paths, config: AudioConfig(), environment: withEspeak)
        if r.espeak != nil {
            #expect(r.inUse == "espeak-ng" && r.why.contains("allin voice install"))
        }
        r = VoiceEngines.report(paths: tmp.paths, config: AudioConfig(), environment: nothing)
        #expect(r.inUse == nil && r.why.contains("espeak-ng") && r.why.contains("allin voice install"))
        // Installed: used unless the config says espeak-ng.
        _ = try fakeHome()
        r = VoiceEngines.report(paths: tmp.paths, config: AudioConfig(), environment: nothing)
        #expect(r.inUse == "piper" && r.why.contains("en_XX-test-medium"))
        r = VoiceEngines.report(paths: tmp.paths, config: try config("engine = espeak-ng"), environment: nothing)
        #expect(r.inUse == nil && r.why.contains("asks for espeak-ng, which is not installed"))
        #expect(VoiceEngines.selected(paths: tmp.paths, config: try config("engine = piper"), environment: nothing) != nil)
        #expect(VoiceEngines.selected(paths: tmp.paths, config: try config("engine = espeak-ng"), environment: nothing) == nil)
    }

    @Test func theConfigKeyIsCheckedAndSetKeepingEveryOtherLine() throws {
        #expect(try config("engine = Piper").engine == "piper")
        #expect(throws: AudioError.config(file: "config", line: 2,
                                          message: "'engine': expected auto, espeak-ng, piper, found 'festival'")) {
            try config("rate = 120\nengine = festival")
        }
        #expect(VoiceEngines.setting("engine", to: "piper", in: "") == "engine = piper\n")
        #expect(VoiceEngines.setting("engine", to: "auto", in: "# my settings\nrate = 120\nengine = piper\n")
                == "# my settings\nrate = 120\nengine = auto\n")
        #expect(VoiceEngines.setting("engine", to: "auto", in: "# engine = piper\nrate = 120")
                == "# engine = piper\nrate = 120\nengine = auto\n")
    }

    @Test func installReportsStepsAndKnowsWhenItIsOffline() {
        #expect(VoiceInstaller.step(fromPipLine: "Collecting piper-tts==1.8.0") == "Fetching piper-tts==1.8.0…")
        #expect(VoiceInstaller.step(fromPipLine: "  Downloading x.whl (1 MB)") == nil)
        #expect(VoiceInstaller.offline("WARNING: Retrying ... Failed to establish a new connection: [Errno 101]"))
        #expect(!VoiceInstaller.offline("ERROR: some other failure"))
        let missing = VoiceInstaller(home: tmp.path("v/piper"), environment: ["PATH": tmp.path("empty").path])
        #expect(throws: AudioError.toolMissing("python3 (Debian packages python3 and python3-venv)")) {
            try missing.install { _ in }
        }
        #expect(!FileManager.default.fileExists(atPath: tmp.path("v/piper").path))
    }

    @Test func theVoiceListInTheCatalogIsReadAndChecked() throws {
        let root = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("catalog/voices.json"))
        let voices = try VoiceCatalog.decode(data)
        #expect(voices.voice(engine: "piper")?.model == "en_US-joe-medium")
        #expect(voices.voice(engine: "espeak-ng")?.licence.contains("GPL-3.0") == true)
        let bad = Data(#"{"voices":[{"name":"x","engine":"festival","kind":"natural","install":"i","licence":"l","sources":["http://a"]}]}"#.utf8)
        #expect(throws: CatalogProblems.self) { try VoiceCatalog.decode(bad) }
        do { _ = try VoiceCatalog.decode(bad) } catch let p as CatalogProblems {
            #expect(p.description.contains("voices[0]") && p.description.contains("'engine' must be one of"))
            #expect(p.description.contains("no voice for the engine 'piper'"))
        }
    }

    /// The whole render through the natural voice's path: one run for all lines, files in order, its
    /// own cache key beside espeak-ng's.
    @Test(.enabled(if: renderToolsAvailable, "espeak-ng or sox is not installed"))
    func rendersWithTheNaturalVoice() throws {
        let voice = try #require(VoiceEngines.neural(in: try fakeHome()))
        let log = tmp.path("piper.log")
        var environment = env
        environment["FAKE_PIPER_LOG"] = log.path
        let tools = try RenderTools.find(environment: environment, neural: voice)
        #expect(tools.engine.hasPrefix("piper en_XX-test-medium; sox"))
        let neural = Renderer(tools: tools, cacheDirectory: tmp.paths.cacheDirectory, settings: RenderSettings(),
                              environment: environment)
        let espeak = Renderer(tools: try RenderTools.find(environment: environment), cacheDirectory: tmp.paths.cacheDirectory,
                              settings: RenderSettings(), environment: environment)
        let script = try Fixtures.script("short_test")
        #expect(neural.key(for: script) != espeak.key(for: script), "each voice has its own renders")
        let result = try neural.render(slug: "short_test", script: script)
        #expect(result.captions.cues.map(\.text) == script.lines)
        #expect(result.captions.cues.allSatisfy { $0.end - $0.start > 0.5 })
        let calls = logLines(log)
        #expect(calls.count == 1, "the model loads once for every line")
        #expect(calls.first?.contains("--length-scale 1.27") == true)
        #expect(neural.cached(slug: "short_test", script: script) != nil)
    }
}
