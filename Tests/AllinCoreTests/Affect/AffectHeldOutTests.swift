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
        #expect(sentences.right >= 182, "with the sentence reading: 182/200")
    }

    /// Four sets of 300 situation sentences (README-feel5-feel8.md). feel8 was measured once, with the
    /// second (shipped) sentence reading; feel6 once with the first; feel7 once with the first and once
    /// with the second, chosen before it was read; feel5's first contact was with an earlier build.
    @Test func theSentenceReadingHoldsItsFiguresOnNewSentences() throws {
        let feel5 = try Self.measure("blind/feel5-sentences.tsv")
        let feel6 = try Self.measure("blind/feel6-sentences.tsv")
        let feel7 = try Self.measure("blind/feel7-sentences.tsv")
        let feel8 = try Self.measure("blind/feel8-sentences.tsv")
        print("FEEL5 sentences \(feel5.right)/\(feel5.count) (\(feel5.neutral) neutral); "
              + "FEEL6 sentences \(feel6.right)/\(feel6.count) (\(feel6.neutral) neutral); "
              + "FEEL7 sentences \(feel7.right)/\(feel7.count) (\(feel7.neutral) neutral); "
              + "FEEL8 sentences \(feel8.right)/\(feel8.count) (\(feel8.neutral) neutral)")
        #expect(feel5.count == 300 && feel6.count == 300 && feel7.count == 300 && feel8.count == 300)
        #expect(feel8.right >= 261, "first contact: 261/300 with the second reading")
        #expect(feel7.right >= 257, "first contact: 249/300 with the first reading, 257/300 with the second")
        #expect(feel6.right >= 264, "first contact: 258/300; 264/300 with the second reading")
        #expect(feel5.right >= 269, "269/300 with the second reading (first contact with an early build: 245/300)")
    }
}
