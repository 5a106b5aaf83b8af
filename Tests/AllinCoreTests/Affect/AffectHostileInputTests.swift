import Foundation
import Testing
@testable import AllinCore

@Suite("Affect classifier: hostile input")
struct AffectHostileInputTests {
    let classifier: AffectClassifier
    init() throws { classifier = try AffectShipped.classifier() }

    /// Explanations and notes go to a terminal: no control or format characters.
    private func expectClean(_ r: AffectResult, _ context: String = "") {
        let texts = [r.explanation, r.rule] + r.contributions.flatMap { [$0.word, $0.note] }
        for text in texts {
            let bad = text.unicodeScalars.filter {
                $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
            }
            #expect(bad.isEmpty, "\(context): control characters in \(text.debugDescription)")
        }
        #expect(r.explanation.count < 600, "\(context): explanation too long")
        #expect(r.score.isFinite)
    }

    @Test(arguments: [
        "\u{1B}[31mI'm so sad\u{1B}[0m",
        "\u{07}\u{1B}]0;pwned\u{07}happy\u{08}\u{08}\u{08}",
        "\u{0}\u{0}sad\u{0}",
        "ha\u{200D}ppy",
        "\u{202E}yppah\u{202C} sad",
        "Z̷̧̛a̸̟͝l̶̰̈g̴̣̚o̷̖͂ ̶sad",
        "ｈａｐｐｙ 😊",
        "👨‍👩‍👧‍👦🏳️‍🌈🇬🇧",
        "不开心 sad",
        "'''''''''",
        ":-:-:-:-:-:)",
        "n't n't n't happy",
        "not not not not",
        "but but but however although",
        "\r\n\r\n\t\t",
        String(repeating: "\u{301}", count: 500),
    ])
    func oddInputNeverCrashesAndStaysClean(text: String) {
        let r = classifier.classifyText(text)
        expectClean(r, text.debugDescription)
        let viaInput = classifier.classify(AffectInput(emotionLabel: text, emotionValence: .mixed, customEmotion: text, situationText: text))
        expectClean(viaInput, text.debugDescription)
    }

    @Test func controlCharactersDoNotHideWords() {
        #expect(classifier.classifyText("\u{1B}[31mI'm so sad\u{1B}[0m").valence == .unpleasant)
        #expect(classifier.classifyText("ha\u{200D}ppy").valence == .pleasant)
        #expect(classifier.classifyText("\u{0}\u{0}sad\u{0}").valence == .unpleasant)
    }

    @Test func hundredKilobyteLines() {
        let long = String(repeating: "sad and happy but anxious ", count: 4_000)
        #expect(long.utf8.count >= 100_000)
        let r = classifier.classifyText(long)
        expectClean(r, "long")
        #expect(r.contributions.count == AffectClassifier.maxContributions)
        #expect(r.valence == .unpleasant)

        let oneWord = String(repeating: "a", count: 100_000)
        expectClean(classifier.classifyText(oneWord), "one word")
        let punctuation = String(repeating: ".,;:!?()-'", count: 10_000)
        #expect(classifier.classifyText(punctuation).rule == "noEvidence")
        let emoji = String(repeating: "😢", count: 25_000)
        #expect(classifier.classifyText(emoji).valence == .unpleasant)
    }

    @Test func userTextIsQuotedShortAndClean() {
        let custom = "\u{1B}[2J" + String(repeating: "x", count: 500) + " not happy"
        let label = "Ha\u{202E}ppy\n\u{1B}[1m" + String(repeating: "y", count: 200)
        let r = classifier.classify(AffectInput(emotionLabel: label, emotionValence: .mixed, customEmotion: custom))
        expectClean(r, "quoted")
        #expect(!r.explanation.contains(String(repeating: "x", count: 31)))
        #expect(!r.explanation.contains(String(repeating: "y", count: 31)))
        #expect(r.explanation.contains("…"))
        let chip = classifier.classify(AffectInput(emotionLabel: label, emotionValence: .pleasant))
        expectClean(chip, "chip")
        #expect(chip.contributions[0].word.count <= 31)
    }

    @Test func randomBytesNeverCrash() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        let pool: [Unicode.Scalar] = Array("abcz AZ'’-.,!?:;()<3^_=/\\\"n't".unicodeScalars)
            + [0x0, 0x1B, 0x7F, 0x85, 0xA0, 0x301, 0x200B, 0x200D, 0x202E, 0x2028, 0xFE0F, 0x1F3FD, 0x1F622, 0x1F60A, 0x4E0D, 0xFFFD, 0x10FFFF]
                .compactMap(Unicode.Scalar.init)
        for _ in 0..<300 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(next() % 120) { scalars.append(pool[Int(next() % UInt64(pool.count))]) }
            let text = String(scalars)
            expectClean(classifier.classifyText(text), text.debugDescription)
        }
    }

    @Test func classifyingIsFastEvenInDebugBuilds() {
        let text = "I got the job but honestly I'm not feeling very happy, just exhausted and a bit anxious about the new team and the commute."
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<2_000 { _ = classifier.classifyText(text) }
        }
        // Release builds take a few microseconds; this only catches an accidental blow-up.
        #expect(elapsed < .seconds(2))
    }
}
