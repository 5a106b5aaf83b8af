import AllinCore
import Foundation
import Testing
@testable import AllinAudio

@Suite("Player discovery and the config file")
struct DiscoveryTests {
    let tmp = TempDir()

    /// A PATH holding only the given player names (each the fake player).
    func path(_ names: [String]) throws -> String {
        let dir = tmp.path("bin")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for n in names {
            try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent(n), withDestinationURL: Fixtures.fakePlayer)
        }
        return dir.path
    }

    @Test func firstFoundInDiscoveryOrder() throws {
        let env = ["PATH": try path(["aplay", "play"])]
        let report = try PlayerDiscovery.discover(option: nil, environment: env, config: AudioConfig())
        #expect(report.choice?.name == "play")
        #expect(report.choice?.source.hasPrefix("discovery") == true)
        #expect(report.candidates.map { $0.path != nil } == [false, false, true, false, true])
    }

    @Test func nothingFoundMeansReadAlong() throws {
        let report = try PlayerDiscovery.discover(option: nil, environment: ["PATH": try path([])], config: AudioConfig())
        #expect(report.choice == nil)
        #expect(report.why == "no audio player found (looked for mpv, ffplay, play, paplay, aplay in PATH)")
        #expect(report.plain == "no audio player is installed")
    }

    /// The full-screen app's words name no option, variable or file; the commands' words say where
    /// the choice came from.
    @Test func plainReasonsNameNoSetting() throws {
        let bin = try path(["mpv"])
        let off = try PlayerDiscovery.discover(option: nil, environment: ["PATH": bin, "ALLIN_PLAYER": "none"], config: AudioConfig())
        #expect(off.choice == nil && off.why == "ALLIN_PLAYER is 'none': read-along text")
        #expect(off.plain == "sound is turned off for allin")
        let found = try PlayerDiscovery.discover(option: nil, environment: ["PATH": bin], config: AudioConfig())
        #expect(found.choice != nil && found.plain.isEmpty)
    }

    @Test func optionBeatsEnvironmentBeatsConfig() throws {
        let env = ["PATH": try path(["mpv", "ffplay", "aplay"]), "ALLIN_PLAYER": "ffplay"]
        let config = try AudioConfig.parse("player = aplay -D null\n", file: "cfg")
        let byOption = try PlayerDiscovery.discover(option: "mpv --ao=null", environment: env, config: config)
        #expect(byOption.choice?.name == "mpv" && byOption.choice?.command.extraArguments == ["--ao=null"])
        #expect(byOption.choice?.source == "--player")
        #expect(try PlayerDiscovery.discover(option: nil, environment: env, config: config).choice?.source == "ALLIN_PLAYER")
        var noEnv = env
        noEnv["ALLIN_PLAYER"] = nil
        let byConfig = try PlayerDiscovery.discover(option: nil, environment: noEnv, config: config)
        #expect(byConfig.choice?.name == "aplay" && byConfig.choice?.source == "cfg line 1 (player)")
        #expect(try PlayerDiscovery.discover(option: "none", environment: env, config: config).choice == nil)
    }

    @Test func aNamedPlayerThatIsMissingIsAnErrorNamingTheField() throws {
        let env = ["PATH": try path(["mpv"]), "ALLIN_PLAYER": "vlc"]
        #expect(throws: AudioError.playerNotFound(field: "ALLIN_PLAYER", program: "vlc")) {
            _ = try PlayerDiscovery.discover(option: nil, environment: env, config: AudioConfig())
        }
        #expect(throws: AudioError.playerNotFound(field: "--player", program: "/nonexistent/mpv")) {
            _ = try PlayerDiscovery.discover(option: "/nonexistent/mpv", environment: env, config: AudioConfig())
        }
    }

    @Test func theDocumentedConfigReads() throws {
        let text = """
        # allin
        player = mpv            # a player and extra words for it (mpv --ao=null), or none
        voice = en-us+f3        # espeak-ng voice
        rate = 130              # words per minute, 80–200
        pitch = 40              # 0–99
        background = on         # the soft background bed: on or off
        format = ogg            # ogg or wav
        theme = dark
        """
        let c = try AudioConfig.parse(text, file: "cfg")
        #expect(c.player?.command == "mpv" && c.voice == "en-us+f3" && c.rate == 130 && c.pitch == 40)
        #expect(c.background == .both && c.format == "ogg")
        #expect(c.otherKeys.map(\.key) == ["theme"])
        let s = try AudioConfig.parse("rate = 100\nbackground = off\n", file: "cfg").apply(to: RenderSettings())
        #expect(s.rate == 100 && s.background == .off && s.voice == RenderSettings().voice)
    }

    @Test(arguments: [
        ("rate = 300", "cfg:1: 'rate': expected words per minute from 80 to 200"),
        ("pitch = high", "cfg:1: 'pitch': expected 0 to 99"),
        ("background = maybe", "cfg:1: 'background': expected on, noise, drone or off"),
        ("format = mp3", "cfg:1: 'format': expected ogg or wav"),
        ("voice = -x", "cfg:1: 'voice': expected an espeak-ng voice such as en-us+f3"),
        ("player = 'mpv", "cfg:1: 'player': the value has an unclosed quote"),
        ("just words", "cfg:1: expected 'key = value'"),
    ])
    func badValuesNameTheLineAndKey(text: String, message: String) {
        do {
            _ = try AudioConfig.parse(text, file: "cfg")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func privateDirectoriesAndFiles() throws {
        let dir = tmp.path("a/b/allin")
        try AudioPaths.ensurePrivateDirectory(dir)
        let mode = try FileManager.default.attributesOfItem(atPath: dir.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        chmod(dir.path, 0o755)
        try AudioPaths.ensurePrivateDirectory(dir)
        #expect(try FileManager.default.attributesOfItem(atPath: dir.path)[.posixPermissions] as? Int == 0o700)
        let file = dir.appendingPathComponent("x.json")
        try AudioPaths.writePrivate(Data("{}".utf8), to: file)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
        let notDir = tmp.path("plain")
        _ = FileManager.default.createFile(atPath: notDir.path, contents: nil)
        #expect(throws: AudioError.io(path: notDir.path, message: "is not a directory")) {
            try AudioPaths.ensurePrivateDirectory(notDir)
        }
    }

    @Test func xdgPathsAndDefaults() {
        let xdg = AudioPaths(environment: ["HOME": "/home/u", "XDG_CACHE_HOME": "/c", "XDG_CONFIG_HOME": "/g",
                                           "XDG_DATA_HOME": "/d", "XDG_RUNTIME_DIR": "/run/user/1"])
        #expect(xdg.cacheDirectory.path == "/c/allin/audio" && xdg.configFile.path == "/g/allin/config")
        #expect(xdg.dataDirectory.path == "/d/allin" && xdg.runtimeDirectory.path == "/run/user/1/allin")
        let plain = AudioPaths(environment: ["HOME": "/home/u", "XDG_CACHE_HOME": "relative/ignored"])
        #expect(plain.cacheDirectory.path == "/home/u/.cache/allin/audio")
        #expect(plain.configFile.path == "/home/u/.config/allin/config")
        #expect(plain.dataDirectory.path == "/home/u/.local/share/allin")
        #expect(plain.runtimeDirectory.path == "/tmp/allin-\(getuid())")
    }

    @Test func wavHeaders() {
        var bytes = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVEfmt ".utf8) + [16, 0, 0, 0, 1, 0, 1, 0]
        bytes += [0x22, 0x56, 0, 0, 0x44, 0xAC, 0, 0, 2, 0, 16, 0] + Array("data".utf8) + [0x44, 0xAC, 0, 0]
        bytes += [UInt8](repeating: 0, count: 44100)
        let info = WAVInfo.parse(Data(bytes))
        #expect(info == WAVInfo(sampleRate: 22050, channels: 1, bitsPerSample: 16, dataBytes: 44100))
        #expect(info?.duration == 1)
        #expect(WAVInfo.parse(Data("OggS".utf8)) == nil)
    }
}
