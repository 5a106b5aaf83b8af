import Foundation
import Testing
@testable import AllinCore

/// The BS.1770 meter, the render pieces and the mix that brings a session to -16 LUFS.
@Suite("Loudness, render pieces and the mix")
struct LoudnessTests {
    static func sine(_ hz: Double, amplitude: Double, seconds: Double, rate: Int) -> [Float] {
        (0..<Int(seconds * Double(rate))).map { Float(amplitude * sin(2 * Double.pi * hz * Double($0) / Double(rate))) }
    }

    @Test(arguments: [48000, 44100, 22050])
    func aFullScaleSineReadsMinusThree(rate: Int) throws {
        // BS.1770: a 997 Hz sine at full scale in one channel reads -3.01 LUFS.
        let lufs = try #require(Loudness.integrated(Self.sine(997, amplitude: 1, seconds: 5, rate: rate), sampleRate: rate))
        #expect(abs(lufs - -3.01) < 0.15, "\(lufs) at \(rate) Hz")
        let half = try #require(Loudness.integrated(Self.sine(997, amplitude: 0.5, seconds: 5, rate: rate), sampleRate: rate))
        #expect(abs((lufs - half) - 6.02) < 0.05)
    }

    @Test func theKWeightingFavoursHighsAndCutsDeepBass() throws {
        let rate = 48000
        let mid = try #require(Loudness.integrated(Self.sine(997, amplitude: 0.5, seconds: 3, rate: rate), sampleRate: rate))
        let high = try #require(Loudness.integrated(Self.sine(4000, amplitude: 0.5, seconds: 3, rate: rate), sampleRate: rate))
        let low = try #require(Loudness.integrated(Self.sine(20, amplitude: 0.5, seconds: 3, rate: rate), sampleRate: rate))
        #expect(high - mid > 3 && high - mid < 5)
        #expect(mid - low > 10)
    }

    @Test func silenceAndQuietPassagesAreGatedOut() throws {
        let rate = 22050
        let tone = Self.sine(997, amplitude: 0.5, seconds: 4, rate: rate)
        let alone = try #require(Loudness.integrated(tone, sampleRate: rate))
        // Absolute gate: 20 s of silence after 4 s of tone barely moves the reading (only the three
        // blocks that straddle the edge count, as the standard says); ungated it would fall 7.8 dB.
        let withSilence = try #require(Loudness.integrated(tone + [Float](repeating: 0, count: rate * 20), sampleRate: rate))
        #expect(abs(withSilence - alone) < 0.3)
        // Relative gate: a passage 30 dB down (a bed under pauses) is left out too.
        let quiet = Self.sine(997, amplitude: 0.5 / 31.6, seconds: 20, rate: rate)
        let withBed = try #require(Loudness.integrated(tone + quiet, sampleRate: rate))
        #expect(abs(withBed - alone) < 0.3)
        #expect(Loudness.integrated([Float](repeating: 0, count: rate * 5), sampleRate: rate) == nil)
        #expect(Loudness.integrated(Array(tone.prefix(rate / 4)), sampleRate: rate) == nil, "shorter than one 400 ms block")
    }

    // MARK: pieces

    static func script(lines: Int) -> SessionScript {
        var items: [ScriptItem] = []
        for i in 0..<lines {
            items.append(.line(text: "Line \(i + 1) of the script.", sourceLine: 2 * i + 1))
            if i % 3 == 1 { items.append(.pause(seconds: 4, sourceLine: 2 * i + 2)) }
        }
        return SessionScript(items: items)
    }

    @Test func piecesStartWithOneLineAndDoubleUpToEight() {
        let plan = TimelinePlan(script: Self.script(lines: 20), lineDurations: [])
        let pieces = RenderChunks.split(plan.segments)
        let lines = pieces.map { range in plan.segments[range].filter { if case .speech = $0 { true } else { false } }.count }
        #expect(lines == [1, 2, 4, 8, 5])
        // Together they are the timeline, in order, and every cut comes after a silence.
        #expect(pieces.first?.lowerBound == 0 && pieces.last?.upperBound == plan.segments.count)
        for (a, b) in zip(pieces, pieces.dropFirst()) {
            #expect(a.upperBound == b.lowerBound)
            if case .silence = plan.segments[a.upperBound - 1] {} else { Issue.record("a cut inside speech at \(a.upperBound)") }
        }
    }

    @Test func shortScriptsAreOneOrTwoPieces() {
        let one = TimelinePlan(script: Self.script(lines: 1), lineDurations: [])
        #expect(RenderChunks.split(one.segments) == [0..<one.segments.count], "a piece of only the tail joins the last line")
        let two = TimelinePlan(script: Self.script(lines: 2), lineDurations: [])
        #expect(RenderChunks.split(two.segments).count == 2)
        let none = TimelinePlan(script: SessionScript(items: []), lineDurations: [])
        #expect(RenderChunks.split(none.segments) == [0..<none.segments.count])
        #expect(RenderChunks.split([]) == [])
    }

    // MARK: the mix

    /// Speech-like test audio: bursts of a tone, louder and quieter, with gaps.
    static func voice(seconds: Double, level: Double, rate: Int, seed: Int) -> [Float] {
        let n = Int(seconds * Double(rate))
        return (0..<n).map { i in
            let t = Double(i) / Double(rate)
            let burst = sin(2 * Double.pi * 0.7 * t + Double(seed)) > 0 ? 1.0 : 0.0
            return Float(level * burst * (sin(2 * Double.pi * 220 * t) + 0.3 * sin(2 * Double.pi * 2200 * t)))
        }
    }

    @Test func aSessionMixedInPiecesLandsNearTheTargetUnderTheCeiling() throws {
        let rate = 22050
        var mix = SessionMix(bed: .both, sampleRate: rate, fadeIn: 4, fadeOut: 6)
        // A first line a little quieter than the rest, as voices go: the level follows.
        let pieces = [Self.voice(seconds: 8, level: 0.05, rate: rate, seed: 1), Self.voice(seconds: 20, level: 0.07, rate: rate, seed: 2),
                      Self.voice(seconds: 40, level: 0.06, rate: rate, seed: 3), Self.voice(seconds: 30, level: 0.07, rate: rate, seed: 4)]
        var out: [Float] = []
        for (i, p) in pieces.enumerated() { out += mix.mix(p, isLast: i == pieces.count - 1) }
        #expect(out.count == pieces.reduce(0) { $0 + $1.count })
        let lufs = try #require(Loudness.integrated(out, sampleRate: rate))
        // Within 1.5 LU: the first piece decides and each later one corrects by at most 2 dB (real
        // renders, measured with ffmpeg's ebur128, come out at -15.8 to -17.2 LUFS).
        #expect(abs(lufs - Loudness.target) < 1.5, "\(lufs) LUFS")
        // A piece 20 dB louder than the first is held under the ceiling by the limiter.
        let loud = mix.mix(Self.voice(seconds: 10, level: 0.6, rate: rate, seed: 5), isLast: false)
        for piece in [out, loud] {
            #expect(Loudness.decibels(Double(piece.map(abs).max() ?? 0)) <= Loudness.peakCeiling + 0.001)
        }
        // The first piece alone reaches the target (the gain is decided there).
        var fresh = SessionMix(bed: .off, sampleRate: rate, fadeIn: 0, fadeOut: 0)
        let first = fresh.mix(Self.voice(seconds: 8, level: 0.05, rate: rate, seed: 1), isLast: false)
        #expect(abs((Loudness.integrated(first, sampleRate: rate) ?? 0) - Loudness.target) < 0.2)
        // Fades: silent at the very start and the very end.
        #expect(out.first == 0 && out.last == 0)
        #expect(abs(out[rate * 2]) <= abs(Float(Loudness.amplitude(Loudness.peakCeiling))) * 0.51)
    }

    @Test func theBedIsUnbrokenAcrossPiecesAndEachKindSounds() {
        for kind in AmbientBed.Kind.allCases {
            var whole = AmbientBed(kind: kind, sampleRate: 22050)
            var pieces = AmbientBed(kind: kind, sampleRate: 22050)
            let a = whole.next(30000)
            let b = pieces.next(10000) + pieces.next(7) + pieces.next(19993)
            #expect(a == b, "\(kind) differs when made in pieces")
            let rms = (a.reduce(0) { $0 + Double($1) * Double($1) } / Double(a.count)).squareRoot()
            if kind == .off {
                #expect(rms == 0)
            } else {
                // Quiet: between -55 and -30 dBFS.
                #expect(Loudness.decibels(rms) > -55 && Loudness.decibels(rms) < -30, "\(kind): \(Loudness.decibels(rms)) dBFS")
            }
        }
        #expect(AmbientBed.Kind.parse("on") == .both && AmbientBed.Kind.parse("OFF") == .off)
        #expect(AmbientBed.Kind.parse("drone") == .drone && AmbientBed.Kind.parse("rain") == nil)
    }
}

@Suite("K-weighting filters")
struct KWeightingTests {
    @Test func at48kHzTheFiltersAreTheStandardsOwn() {
        // ITU-R BS.1770-4, tables 1 and 2.
        let shelf = Biquad.highShelf(rate: 48000)
        let expected = [1.53512485958697, -2.69169618940638, 1.19839281085285, -1.69065929318241, 0.73248077421585]
        for (got, want) in zip([shelf.b0, shelf.b1, shelf.b2, shelf.a1, shelf.a2], expected) { #expect(abs(got - want) < 1e-9) }
        let pass = Biquad.highPass(rate: 48000)
        for (got, want) in zip([pass.b0, pass.b1, pass.b2, pass.a1, pass.a2], [1, -2, 1, -1.99004745483398, 0.99007225036621]) {
            #expect(abs(got - want) < 1e-9)
        }
    }
}
