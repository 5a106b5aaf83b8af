import AllinCore
import Foundation

/// The audio settings of the user's config file (`~/.config/allin/config`), a `key = value` file:
///
///     player = mpv --ao=null    # a player and extra words for it, or "none" for read-along text
///     voice = en-us+f3          # espeak-ng voice
///     rate = 130                # words per minute, 80-200
///     pitch = 40                # 0-99
///     background = on           # the generated bed under the voice: on (noise and drone), noise, drone or off
///     format = ogg              # ogg or wav
///
/// Keys allin does not know are kept aside (other parts of allin may use them), not rejected.
public struct AudioConfig: Sendable, Equatable {
    /// Where the config was read from; nil when there is no file.
    public var file: String?
    /// The player setting and its line.
    public var player: (command: String, line: Int)?
    public var voice: String?
    public var rate: Int?
    public var pitch: Int?
    public var background: AmbientBed.Kind?
    public var format: String?
    /// The voice engine asked for: `auto` (the natural voice when installed), `espeak-ng` or `piper`.
    public var engine: String?
    /// Keys this part of allin does not read, with their lines.
    public var otherKeys: [(key: String, line: Int)]

    public static let keys = ["player", "voice", "rate", "pitch", "background", "format", "engine"]

    public init() {
        otherKeys = []
    }

    public static func == (a: AudioConfig, b: AudioConfig) -> Bool {
        a.file == b.file && a.player?.command == b.player?.command && a.player?.line == b.player?.line
            && a.voice == b.voice && a.rate == b.rate && a.pitch == b.pitch && a.background == b.background
            && a.format == b.format && a.engine == b.engine && a.otherKeys.map(\.key) == b.otherKeys.map(\.key)
    }

    /// Reads the config file; no file is an empty config, a bad line or value is an error naming the line.
    public static func load(_ url: URL) throws(AudioError) -> AudioConfig {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            if FileManager.default.fileExists(atPath: url.path) {
                throw AudioError.config(file: url.path, line: nil, message: "cannot read the file")
            }
            return AudioConfig()
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw AudioError.config(file: url.path, line: nil, message: "is not UTF-8 text")
        }
        return try parse(text, file: url.path)
    }

    public static func parse(_ text: String, file: String) throws(AudioError) -> AudioConfig {
        let kv: KeyValueConfig
        do { kv = try KeyValueConfig.parse(text, file: file) } catch {
            let first = error.problems[0]
            throw AudioError.config(file: file, line: first.line, message: first.message)
        }
        var c = AudioConfig()
        c.file = file
        for e in kv.entries {
            func bad(_ message: String) -> AudioError {
                AudioError.config(file: file, line: e.line, message: "'\(e.key)': \(message)")
            }
            switch e.key {
            case "player":
                if case let .failure(problem) = PlayerCommand.parse(e.value), e.value.lowercased() != "none" {
                    throw bad("the value \(problem)")
                }
                c.player = (e.value, e.line)
            case "voice":
                guard RenderSettings.isValidVoice(e.value) else { throw bad("expected an espeak-ng voice such as en-us+f3") }
                c.voice = e.value
            case "rate":
                guard let n = Int(e.value), RenderSettings.rateRange.contains(n) else {
                    throw bad("expected words per minute from \(RenderSettings.rateRange.lowerBound) to \(RenderSettings.rateRange.upperBound)")
                }
                c.rate = n
            case "pitch":
                guard let n = Int(e.value), RenderSettings.pitchRange.contains(n) else { throw bad("expected 0 to 99") }
                c.pitch = n
            case "background":
                guard let kind = AmbientBed.Kind.parse(e.value) else { throw bad("expected on, noise, drone or off") }
                c.background = kind
            case "format":
                let f = e.value.lowercased()
                guard RenderSettings.formats.contains(f) else { throw bad("expected ogg or wav") }
                c.format = f
            case "engine":
                let name = e.value.lowercased()
                guard VoiceEngines.names.contains(name) else {
                    throw bad("expected \(VoiceEngines.names.joined(separator: ", ")), found '\(Visible.text(e.value, limit: 20))'")
                }
                c.engine = name
            default:
                c.otherKeys.append((e.key, e.line))
            }
        }
        return c
    }

    /// The render settings with this config's choices applied.
    public func apply(to settings: RenderSettings) -> RenderSettings {
        var s = settings
        if let voice { s.voice = voice }
        if let rate { s.rate = rate }
        if let pitch { s.pitch = pitch }
        if let background { s.background = background }
        if let format { s.format = format }
        return s
    }
}
