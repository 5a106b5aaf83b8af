/// Everything that shapes rendered audio besides the script: the voice, its pace, the silences,
/// the background bed and the file format. Part of the cache key, so changing any of it re-renders.
public struct RenderSettings: Sendable, Equatable {
    /// The espeak-ng voice, e.g. `en-us+f3`.
    public var voice: String
    /// Speaking rate in words per minute (espeak-ng `-s`); 80–200, calm by default.
    public var rate: Int
    /// Voice pitch 0–99 (espeak-ng `-p`).
    public var pitch: Int
    public var layout: TimelineLayout
    /// The soft generated background under the voice: brown noise, a low drone, both, or none.
    public var background: AmbientBed.Kind
    /// Fade-in and fade-out of the whole mix, in seconds.
    public var fadeIn: Double
    public var fadeOut: Double
    /// `ogg` (Vorbis) or `wav`.
    public var format: String
    /// Versions of the tools that render (espeak-ng, sox), so an upgrade re-renders.
    public var engine: String

    public static let rateRange = 80...200
    public static let pitchRange = 0...99
    public static let formats = ["ogg", "wav"]
    /// Bumped when the rendering recipe changes in a way the settings do not show (2: rendered in
    /// pieces, the bed made by allin, loudness normalised to -16 LUFS).
    public static let recipeVersion = 2

    public init(voice: String = "en-us+f3", rate: Int = 130, pitch: Int = 40, layout: TimelineLayout = .standard,
                background: AmbientBed.Kind = .both, fadeIn: Double = 4, fadeOut: Double = 6, format: String = "ogg",
                engine: String = "") {
        self.voice = voice
        self.rate = rate
        self.pitch = pitch
        self.layout = layout
        self.background = background
        self.fadeIn = fadeIn
        self.fadeOut = fadeOut
        self.format = format
        self.engine = engine
    }

    /// A stable one-line description of every setting, fed to the cache key.
    public var canonical: String {
        let s = SessionScript.seconds
        return "recipe=\(RenderSettings.recipeVersion);voice=\(voice);rate=\(rate);pitch=\(pitch);"
            + "leadIn=\(s(layout.leadIn));gap=\(s(layout.gap));tail=\(s(layout.tail));background=\(background.rawValue);"
            + "fade=\(s(fadeIn)),\(s(fadeOut));format=\(format);engine=\(engine)"
    }

    /// True for a voice name espeak-ng could take: letters, digits, `-`, `+`, `_`, at most 40 long.
    public static func isValidVoice(_ voice: String) -> Bool {
        !voice.isEmpty && voice.count <= 40 && !voice.hasPrefix("-") && voice.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-+_".unicodeScalars.contains($0))
        }
    }
}

/// The cache key of rendered audio: SHA-256 over the script's spoken content and the settings.
public enum AudioCacheKey {
    public static func key(script: SessionScript, settings: RenderSettings) -> String {
        SHA256.hex("allin-audio\n" + settings.canonical + "\n" + script.canonicalText)
    }

    /// The short form used in file names (16 hex digits).
    public static func short(_ key: String) -> String { String(key.prefix(16)) }
}
