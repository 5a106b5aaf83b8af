import Testing
@testable import AllinCore

/// Own words on held-out sets (docs/own-words.md, third session), each written by a helper that read
/// nothing in the project and measured once before its floor was set. The floors hold what was
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
        #expect(sentences.right >= 143, "first contact: 143/200")
    }
}
