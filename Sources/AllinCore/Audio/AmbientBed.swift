import Foundation

/// The quiet background under the voice, generated sample by sample (never a downloaded file):
/// brown noise through a gentle low pass, a low drone (110 and 165 Hz) that swells slowly, both,
/// or nothing. The generator keeps its state, so a session rendered in pieces has one unbroken bed.
public struct AmbientBed: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case off, noise, drone, both

        /// The config word for it: `on` is both.
        public static func parse(_ word: String) -> Kind? {
            switch word.lowercased() {
            case "on", "yes", "true", "1", "both": .both
            case "off", "no", "false", "0", "none": .off
            case "noise", "brown": .noise
            case "drone": .drone
            default: nil
            }
        }
    }

    public let kind: Kind
    public let sampleRate: Int
    private var random: SplitMix64
    private var brown = 0.0
    private var smooth = 0.0
    private var frame = 0

    /// Levels under a voice that peaks near full scale: the noise about -38 dBFS RMS (the random
    /// walk below settles near 0.35 RMS), the drone about -36 dBFS at its loudest.
    static let noiseScale = 0.035
    static let droneLevel = 0.012

    public init(kind: Kind, sampleRate: Int, seed: UInt64 = 0x5EED_A11E) {
        self.kind = kind
        self.sampleRate = sampleRate
        random = SplitMix64(seed: seed)
    }

    /// The next `count` samples of the bed.
    public mutating func next(_ count: Int) -> [Float] {
        guard kind != .off else { return [Float](repeating: 0, count: count) }
        let rate = Double(sampleRate)
        let lowPass = 1 - exp(-2 * Double.pi * 400 / rate)
        var out = [Float](repeating: 0, count: count)
        for i in 0..<count {
            var v = 0.0
            if kind == .noise || kind == .both {
                brown = brown * 0.998 + white() * 0.04
                smooth += (brown - smooth) * lowPass
                v += smooth * AmbientBed.noiseScale
            }
            if kind == .drone || kind == .both {
                let t = Double(frame) / rate
                let swell = 0.8 + 0.2 * sin(2 * Double.pi * 0.1 * t)
                v += (sin(2 * Double.pi * 110 * t) + 0.6 * sin(2 * Double.pi * 165 * t)) * swell * AmbientBed.droneLevel
            }
            out[i] = Float(v)
            frame += 1
        }
        return out
    }

    /// A uniform value in -1…1.
    private mutating func white() -> Double {
        Double(random.next() >> 11) / Double(1 << 52) - 1
    }
}
