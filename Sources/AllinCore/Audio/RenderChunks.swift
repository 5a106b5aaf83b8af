import Foundation

/// How a session is rendered in pieces, so the player can start on the first piece while the rest
/// renders ahead of it. Pieces are runs of the timeline: the first ends after the first spoken line
/// and the silence after it (quick to make: sound within a second); each next piece holds twice as
/// many lines as the one before, up to `maxLines`; the last takes the rest and the tail. Every cut
/// falls after a silence, never inside speech.
public enum RenderChunks {
    public static let maxLines = 8

    /// Ranges of indices into `segments`, in order, covering all of them.
    public static func split(_ segments: [TimelineSegment], maxLines: Int = RenderChunks.maxLines) -> [Range<Int>] {
        var chunks: [Range<Int>] = []
        var start = 0
        var lines = 0
        var wanted = 1
        var i = 0
        while i < segments.count {
            if case .speech = segments[i] {
                lines += 1
                if lines == wanted {
                    // Close after the silence that follows this line, when there is one.
                    var end = i + 1
                    if end < segments.count, case .silence = segments[end] { end += 1 }
                    // Keep a piece that would leave only silence behind it whole with the rest.
                    if !segments[end...].contains(where: { if case .speech = $0 { true } else { false } }) {
                        end = segments.count
                    }
                    chunks.append(start..<end)
                    start = end
                    i = end
                    lines = 0
                    wanted = min(wanted * 2, max(1, maxLines))
                    continue
                }
            }
            i += 1
        }
        if start < segments.count { chunks.append(start..<segments.count) }
        return chunks
    }
}

/// The last stage of a render, one piece at a time: the voice with the ambient bed under it, the
/// gain that brings the session to `Loudness.target` (decided on the first piece, which holds the
/// first spoken line, then nudged after each piece), a limiter that keeps every peak
/// under `Loudness.peakCeiling` (speech peaks sit well above its average loudness), a fade in at
/// the start and a fade out over the end.
public struct SessionMix: Sendable {
    public private(set) var bed: AmbientBed
    public let sampleRate: Int
    public let fadeIn: Int
    public let fadeOut: Int
    /// The gain as a factor, once decided.
    public private(set) var gain: Double?
    /// Samples mixed so far.
    public private(set) var position = 0
    private var limiter: Limiter

    public init(bed: AmbientBed.Kind, sampleRate: Int, fadeIn: Double, fadeOut: Double) {
        self.bed = AmbientBed(kind: bed, sampleRate: sampleRate)
        self.sampleRate = sampleRate
        self.fadeIn = Int(max(0, fadeIn) * Double(sampleRate))
        self.fadeOut = Int(max(0, fadeOut) * Double(sampleRate))
        limiter = Limiter(ceiling: Loudness.amplitude(Loudness.peakCeiling), sampleRate: sampleRate)
    }

    /// The next piece, ready to play; `isLast` fades it out over its end.
    public mutating func mix(_ voice: [Float], isLast: Bool) -> [Float] {
        let under = bed.next(voice.count)
        var raw = [Float](repeating: 0, count: voice.count)
        for i in 0..<voice.count { raw[i] = voice[i] + under[i] }
        var out: [Float]
        if let gain {
            out = limiter.process(raw, gain: gain)
            // Each piece corrects the gain for the next, by at most 2 dB (the change falls in the
            // silence where pieces meet), so a voice whose first line was not typical still ends
            // near the target.
            if let after = Loudness.integrated(out, sampleRate: sampleRate) {
                self.gain = gain * Loudness.amplitude(min(2, max(-2, Loudness.target - after)))
            }
        } else {
            // The limiter takes a little off the loudness: measure again after it and correct once.
            let start = limiter
            var g = Loudness.amplitude(Loudness.target - (Loudness.integrated(raw, sampleRate: sampleRate) ?? Loudness.target))
            out = limiter.process(raw, gain: g)
            if let after = Loudness.integrated(out, sampleRate: sampleRate) {
                g *= Loudness.amplitude(Loudness.target - after)
                limiter = start
                out = limiter.process(raw, gain: g)
            }
            gain = g
        }
        for i in 0..<out.count {
            let at = position + i
            var f = 1.0
            if at < fadeIn { f = Double(at) / Double(fadeIn) }
            if isLast, out.count - i <= fadeOut { f = min(f, Double(out.count - i - 1) / Double(max(1, fadeOut))) }
            if f < 1 { out[i] = Float(Double(out[i]) * f) }
        }
        position += out.count
        return out
    }
}

/// A peak limiter: the gain drops at once to keep a sample under the ceiling and recovers over
/// about 80 ms, so peaks are held down without the whole passage getting quieter.
struct Limiter: Sendable {
    let ceiling: Double
    let release: Double
    private var reduction = 1.0

    init(ceiling: Double, sampleRate: Int) {
        self.ceiling = ceiling
        release = 1 - exp(-1 / (0.08 * Double(sampleRate)))
    }

    mutating func process(_ samples: [Float], gain: Double) -> [Float] {
        var out = [Float](repeating: 0, count: samples.count)
        for (i, s) in samples.enumerated() {
            let x = Double(s) * gain
            let needed = abs(x) > ceiling ? ceiling / abs(x) : 1
            reduction = needed < reduction ? needed : reduction + (1 - reduction) * release
            out[i] = Float(x * min(reduction, needed))
        }
        return out
    }
}
