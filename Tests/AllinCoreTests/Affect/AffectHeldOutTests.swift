import Testing
@testable import AllinCore

/// Own words on held-out sets (docs/own-words.md), each written by a helper that read nothing in
/// the project and measured before its floor was set. The floors hold what was
/// measured, so a change that loses ground fails. feel3's sentences were read afterwards and situation
/// phrases were added from them, so they are training now and only printed.
@Suite("Own words: the held-out set")
struct AffectHeldOutTests {
    static let classifier = AffectClassifier(lexicon: realCatalog.affectLexicon)

    /// Right signs, neutral answers, and the number of lines.
    static func measure(_ file: String) throws -> (right: Int, neutral: Int, count: Int) {
        var right = 0, neutral = 0, count = 0
        for line in try fixture(file).split(separator: "\n").dropFirst() {
            let cols = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard cols.count == 2 else { continue }
            count += 1
            let valence = classifier.classifyText(cols[1]).valence
            if valence == .neutral { neutral += 1 }
            if valence == (cols[0] == "+" ? .pleasant : .unpleasant) { right += 1 }
        }
        return (right, neutral, count)
    }

    @Test func wordsAndSentencesHoldTheirFirstFigures() throws {
        let words = try Self.measure("blind/feel3-words.tsv")
        let sentences = try Self.measure("blind/feel4-sentences.tsv")
        let trained = try Self.measure("train/feel3-sentences.tsv")
        print("FEEL3 words \(words.right)/\(words.count) right sign (\(words.neutral) neutral); "
              + "FEEL4 sentences \(sentences.right)/\(sentences.count) (\(sentences.neutral) neutral); "
              + "feel3 sentences (training) \(trained.right)/\(trained.count)")
        #expect(words.count == 220 && sentences.count == 200)
        #expect(words.right >= 219, "first contact: 219/220")
        // First contact 143/200 with the lexicon alone; 177/200 with the first sentence reading and
        // 182/200 with the second (more training sets, smaller penalties: eleventh session).
        #expect(sentences.right >= 183, "with the sentence reading: 182/200; 183 with its lexicon gate at 4")
    }

    /// Six sets of 300 situation sentences (README-feel5-feel8.md, README-feel9.md,
    /// README-feel10.md). feel10 was measured once with the third reading and once with its lexicon
    /// gate raised to 4 (thirteenth session), before either was chosen; feel9 once with the second
    /// reading and once with the third, likewise; feel8 once with the second; feel6 once with the
    /// first; feel7 once with the first and once with the second, chosen before it was read; feel5's
    /// first contact was with an early build. Floors are the shipped reading's figures.
    @Test func theSentenceReadingHoldsItsFiguresOnNewSentences() throws {
        let sets = try (5...10).map { try Self.measure("blind/feel\($0)-sentences.tsv") }
        print(sets.enumerated().map { "FEEL\($0.offset + 5) sentences \($0.element.right)/\($0.element.count) (\($0.element.neutral) neutral)" }
            .joined(separator: "; "))
        #expect(sets.allSatisfy { $0.count == 300 })
        let (feel5, feel6, feel7, feel8, feel9, feel10) = (sets[0], sets[1], sets[2], sets[3], sets[4], sets[5])
        #expect(feel10.right >= 262, "first contact: 254/300 with the third reading, 262/300 with its gate at 4")
        #expect(feel9.right >= 260, "first contact: 247/300 with the second reading, 252 with the third; 260 with its gate at 4")
        #expect(feel8.right >= 271, "first contact: 261/300 with the second reading; 262 with the third, 271 with its gate at 4")
        #expect(feel7.right >= 268, "first contact: 249/300 with the first reading, 257 with the second, 268 now")
        #expect(feel6.right >= 266, "first contact: 258/300; 264/300 with the second and third readings, 266 now")
        #expect(feel5.right >= 273, "273/300 now (first contact with an early build: 245/300)")
    }
}
