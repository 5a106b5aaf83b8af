import Testing
@testable import AllinCore

/// `layers(_:reusing:)` reuses the caller's buffers of the line before (`CrisisBuffers`): only
/// capacity may carry over, never an answer. Each line must be found the same whatever came before it.
struct CrisisBufferReuseTests {
    static let lines = [
        "I want to kill myself tonight",
        "had a nice lunch with my sister",
        String(repeating: "a long ordinary day at work with meetings and emails ", count: 2_000),
        "i am going to end it",
        "k1ll mys3lf",
        "e n d  m y  l i f e",
        "Ｉ ｗａｎｔ ｔｏ ｄｉｅ",
        "",
        "my cat died and i can't stop crying",
        "saving up my pills, nearly enough now",
        "ok",
    ]

    @Test("a line's findings do not depend on the lines before it")
    func orderDoesNotMatter() throws {
        let reused = try crisisDetector()
        var buffers = CrisisBuffers()
        let forward = Self.lines.map { reused.layers($0, reusing: &buffers) }
        let backward = Self.lines.reversed().map { reused.layers($0, reusing: &buffers) }.reversed()
        for (i, (f, b)) in zip(forward, backward).enumerated() {
            // Fresh buffers per line have nothing to reuse.
            let fresh = reused.layers(Self.lines[i])
            #expect(f.a == fresh.a && f.b == fresh.b, "forward, line \(i)")
            #expect(b.a == fresh.a && b.b == fresh.b, "backward, line \(i)")
            // And the calls that never reuse buffers agree.
            #expect(f.a == reused.layerA(Self.lines[i]) && f.b == reused.layerB(Self.lines[i]), "one layer at a time, line \(i)")
        }
    }

    @Test("the same line twice in a row is found the same both times")
    func repeatsAgree() throws {
        let detector = try crisisDetector()
        var buffers = CrisisBuffers()
        for line in Self.lines {
            let first = detector.layers(line, reusing: &buffers), second = detector.layers(line, reusing: &buffers)
            #expect(first.a == second.a && first.b == second.b, "\(line.prefix(40))")
        }
    }

    @Test("an ordinary line's buffers are kept for the next; a very long line's are let go")
    func whatIsKept() throws {
        let detector = try crisisDetector()
        var kept = CrisisBuffers()
        _ = detector.layers("had a long day but dinner with my sister helped", reusing: &kept)
        #expect(kept.text.capacity > 0 && kept.tokens.capacity > 0 && kept.concepts.bytes.capacity > 0)

        _ = detector.layers(String(repeating: "an ordinary long day at work ", count: 7_000), reusing: &kept)   // about 200 KB
        let limit = CrisisBuffers.keepLimit
        #expect(kept.text.capacity <= limit && kept.tokens.capacity <= limit)
        #expect(kept.concepts.bytes.capacity <= limit && kept.concepts.tokens.capacity <= limit && kept.concepts.keys.capacity <= limit)
        // And the detector still answers after letting them go.
        #expect(detector.layers("I want to kill myself", reusing: &kept).a.tier >= .crisis)
    }
}
