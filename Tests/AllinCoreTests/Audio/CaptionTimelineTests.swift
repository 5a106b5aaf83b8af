import Foundation
import Testing
@testable import AllinCore

@Suite("Caption timing")
struct CaptionTimelineTests {
    let layout = TimelineLayout(leadIn: 3, gap: 1, tail: 5)

    func script(_ text: String) throws -> SessionScript { try ScriptParser.parse(text, file: "t") }

    @Test func gapsBetweenLinesAndPausesReplacingThem() throws {
        let s = try script("One.\nTwo.\n[pause 4]\nThree.\n[pause 2]\n[pause 3]\nFour.\n")
        let plan = TimelinePlan(script: s, lineDurations: [2, 2, 2, 2], layout: layout)
        #expect(plan.segments == [.silence(3), .speech(line: 0), .silence(1), .speech(line: 1), .silence(4),
                                  .speech(line: 2), .silence(5), .speech(line: 3), .silence(5)])
        #expect(plan.track.cues.map(\.start) == [3, 6, 12, 19])
        #expect(plan.track.cues.map(\.end) == [5, 8, 14, 21])
        #expect(plan.track.duration == 26)
        #expect(!plan.track.estimated)
    }

    @Test func pausesAtTheStartAndEndAddToLeadInAndTail() throws {
        let s = try script("[pause 2]\nOnly line.\n[pause 6]\n")
        let plan = TimelinePlan(script: s, lineDurations: [1.5], layout: layout)
        #expect(plan.segments == [.silence(5), .speech(line: 0), .silence(11)])
        #expect(plan.track.duration == 17.5)
    }

    @Test func theCaptionAtATime() throws {
        let s = try script("One.\n[pause 4]\nTwo.\n")
        let track = TimelinePlan(script: s, lineDurations: [2, 2], layout: layout).track   // 3–5, 9–11
        #expect(track.cueIndex(at: 0) == nil)
        #expect(track.cueIndex(at: 3) == 0)
        #expect(track.cueIndex(at: 7) == 0, "the line stays up through the pause after it")
        #expect(track.isSpeaking(at: 4) && !track.isSpeaking(at: 7))
        #expect(track.cueIndex(at: 9) == 1)
        #expect(track.cueIndex(at: 100) == 1)
    }

    @Test func estimatesForReadAlongAndScalingToARecording() throws {
        let s = try script("one two three four five six seven eight nine ten\n[pause 3]\nshort\n")
        let plan = TimelinePlan.estimated(script: s, wordsPerMinute: 120, layout: layout)
        #expect(plan.track.estimated)
        // 10 words at 120 wpm, which espeak-ng says 1.3 times faster, plus 1.1 s for the line.
        #expect(abs((plan.track.cues[0].end - plan.track.cues[0].start) - (10 * 60 / (120 * 1.3) + 1.1)) < 1e-9)
        let scaled = plan.track.scaled(to: plan.track.duration * 2)
        #expect(abs(scaled.cues[1].start - plan.track.cues[1].start * 2) < 1e-9)
    }

    @Test func captionsRoundTripThroughJSON() throws {
        let s = try script("Hello \"you\".\n[pause 2]\nBye.\n")
        let track = TimelinePlan(script: s, lineDurations: [1.2345, 0.5], layout: layout).track
        let data = track.json(slug: "x", cacheKey: "abc").serialized().data(using: .utf8)!
        let back = try #require(CaptionTrack.decode(data))
        #expect(back.slug == "x" && back.cacheKey == "abc")
        #expect(back.track.cues.map(\.text) == track.cues.map(\.text))
        #expect(abs(back.track.cues[0].end - 4.235) < 0.0005)
        #expect(CaptionTrack.decode(Data("{}".utf8)) == nil)
    }
}

@Suite("SHA-256 and the render cache key")
struct CacheKeyTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func knownVectors(input: String, digest: String) {
        #expect(SHA256.hex(input) == digest)
    }

    @Test func aMillionAs() {
        var h = SHA256()
        h.update([UInt8](repeating: 0x61, count: 1_000_000))
        let hex = h.finalize().map { String(format: "%02x", $0) }.joined()
        #expect(hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func theKeyChangesWithTheScriptAndEachSetting() throws {
        let script = try ScriptParser.parse("Hello.\n[pause 2]\nBye.\n", file: "t")
        let base = RenderSettings()
        let key = AudioCacheKey.key(script: script, settings: base)
        #expect(key.count == 64 && AudioCacheKey.short(key).count == 16)
        #expect(AudioCacheKey.key(script: script, settings: base) == key)
        var variants: [RenderSettings] = []
        for change in [{ (s: inout RenderSettings) in s.voice = "en-gb" }, { $0.rate = 120 }, { $0.pitch = 30 },
                       { $0.background = .off }, { $0.background = .noise }, { $0.format = "wav" }, { $0.engine = "espeak-ng 1.52" },
                       { $0.layout.gap = 1.2 }, { $0.fadeOut = 3 }] {
            var s = base
            change(&s)
            variants.append(s)
        }
        let keys = Set(variants.map { AudioCacheKey.key(script: script, settings: $0) })
        #expect(keys.count == variants.count && !keys.contains(key))
        let edited = try ScriptParser.parse("Hello.\n[pause 3]\nBye.\n", file: "t")
        #expect(AudioCacheKey.key(script: edited, settings: base) != key)
    }
}
