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
        #expect(sentences.right >= 196, "with the sentence reading: 182/200; 183 with its gate at 4; 196 with the lexicon's rules in short texts only")
    }

    /// Nine sets of 300 situation sentences (README-feel5-feel8.md, README-feel9.md to
    /// README-feel13.md). First contacts: feel13 with the shipped build (280); feel12 with the build before the lexicon's rules were kept
    /// to short texts (265) and with it (277); feel11 with the build before (260); feel10 with the
    /// third reading (254) and its gate at 4 (262); feel9 with the second reading (247) and the third
    /// (252); feel8 with the second (261); feel7 with the first (249); feel6 with the first (258);
    /// feel5 with an early build (245). Floors are the shipped build's figures (thirteenth session).
    @Test func theSentenceReadingHoldsItsFiguresOnNewSentences() throws {
        let sets = try (5...13).map { try Self.measure("blind/feel\($0)-sentences.tsv") }
        print(sets.enumerated().map { "FEEL\($0.offset + 5) sentences \($0.element.right)/\($0.element.count) (\($0.element.neutral) neutral)" }
            .joined(separator: "; "))
        #expect(sets.allSatisfy { $0.count == 300 })
        let floors = [284, 284, 287, 286, 282, 279, 276, 277, 280]
        for (k, (set, floor)) in zip(sets, floors).enumerated() {
            #expect(set.right >= floor, "feel\(k + 5): \(set.right)/300, floor \(floor)")
        }
    }
}
