import Foundation

/// Programme loudness as ITU-R BS.1770-4 measures it, for one channel: K-weighting (a high shelf
/// near 1.7 kHz and a high pass near 38 Hz, designed for the file's own sample rate), mean square
/// over 400 ms blocks every 100 ms, an absolute gate at -70 LUFS and a relative gate 10 LU below
/// the loudness of the blocks above it. A full-scale 1 kHz sine reads about -3 LUFS.
public enum Loudness {
    /// The loudness allin renders to (streaming services and podcasts use about -16 LUFS).
    public static let target = -16.0
    /// The highest sample peak allowed after the gain, in dBFS: 3 dB under full scale, because Ogg
    /// Vorbis encoding pushes peaks up (measured at quality 4: up to 2.1 dB with the natural voice).
    public static let peakCeiling = -3.0

    /// Integrated loudness in LUFS of `samples` (−1…1) at `sampleRate`; nil when no block is above
    /// the absolute gate (silence, or shorter than one block).
    public static func integrated(_ samples: [Float], sampleRate: Int) -> Double? {
        let power = blockPowers(samples, sampleRate: sampleRate)
        let absolute = power.filter { lufs($0) > -70 }
        guard !absolute.isEmpty else { return nil }
        let relativeGate = lufs(absolute.reduce(0, +) / Double(absolute.count)) - 10
        let gated = absolute.filter { lufs($0) > relativeGate }
        guard !gated.isEmpty else { return nil }
        return lufs(gated.reduce(0, +) / Double(gated.count))
    }

    public static func decibels(_ amplitude: Double) -> Double { 20 * log10(max(amplitude, 1e-12)) }
    public static func amplitude(_ decibels: Double) -> Double { pow(10, decibels / 20) }

    private static func lufs(_ meanSquare: Double) -> Double { -0.691 + 10 * log10(max(meanSquare, 1e-30)) }

    /// Mean square of the K-weighted signal over each 400 ms block, blocks 100 ms apart.
    static func blockPowers(_ samples: [Float], sampleRate: Int) -> [Double] {
        let step = max(1, sampleRate / 10)
        let block = step * 4
        guard samples.count >= block else { return [] }
        var shelf = Biquad.highShelf(rate: Double(sampleRate))
        var pass = Biquad.highPass(rate: Double(sampleRate))
        // Sums of squares per 100 ms step; a block is four steps in a row.
        var steps: [Double] = []
        steps.reserveCapacity(samples.count / step)
        var sum = 0.0
        var n = 0
        for s in samples {
            let y = pass.process(shelf.process(Double(s)))
            sum += y * y
            n += 1
            if n == step {
                steps.append(sum)
                sum = 0
                n = 0
            }
        }
        guard steps.count >= 4 else { return [] }
        return (0...(steps.count - 4)).map { i in (steps[i] + steps[i + 1] + steps[i + 2] + steps[i + 3]) / Double(block) }
    }
}

/// A second-order filter (direct form I) with the two K-weighting stages of BS.1770, designed by
/// the bilinear transform for any sample rate; at 48 kHz they give the standard's own coefficients.
struct Biquad {
    var b0, b1, b2, a1, a2: Double
    private var x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0

    init(b0: Double, b1: Double, b2: Double, a1: Double, a2: Double) {
        self.b0 = b0
        self.b1 = b1
        self.b2 = b2
        self.a1 = a1
        self.a2 = a2
    }

    mutating func process(_ x: Double) -> Double {
        let y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2 = x1
        x1 = x
        y2 = y1
        y1 = y
        return y
    }

    /// The first stage: about +4 dB above 1.7 kHz (the head's effect on sound).
    static func highShelf(rate: Double) -> Biquad {
        let f0 = 1681.974450955533, gain = 3.999843853973347, q = 0.7071752369554196
        let k = tan(Double.pi * min(f0, rate * 0.45) / rate)
        let vh = pow(10, gain / 20)
        let vb = pow(vh, 0.4996667741545416)
        let a0 = 1 + k / q + k * k
        return Biquad(b0: (vh + vb * k / q + k * k) / a0, b1: 2 * (k * k - vh) / a0, b2: (vh - vb * k / q + k * k) / a0,
                      a1: 2 * (k * k - 1) / a0, a2: (1 - k / q + k * k) / a0)
    }

    /// The second stage: a high pass near 38 Hz.
    static func highPass(rate: Double) -> Biquad {
        let f0 = 38.13547087613982, q = 0.5003270373253953
        let k = tan(Double.pi * f0 / rate)
        let a0 = 1 + k / q + k * k
        return Biquad(b0: 1, b1: -2, b2: 1, a1: 2 * (k * k - 1) / a0, a2: (1 - k / q + k * k) / a0)
    }
}
