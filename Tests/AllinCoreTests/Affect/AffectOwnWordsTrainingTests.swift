import Foundation
import Testing
@testable import AllinCore

/// The own-word and situation DEV lists. The lexicon's family lists, slang table and rules were built
/// while looking at them, so their figures are training accuracy, printed and never used as a floor.
@Suite("Own words: training accuracy on the DEV lists")
struct AffectOwnWordsTrainingTests {
    struct Row { var valence: Valence; var family: String?; var text: String }

    static func rows(_ name: String, columns: Int) throws -> [Row] {
        let text = String(decoding: try affectFixtureData("train/\(name)"), as: UTF8.self)
        return try text.split(separator: "\n").enumerated().map { n, line in
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == columns, let valence = Valence(rawValue: parts[0]) else {
                throw CatalogProblems([CatalogIssue(file: "train/\(name)", entry: "line \(n + 1)", "must have \(columns) tab-separated columns")])
            }
            // "-" in the family column: labelled for valence only.
            return Row(valence: valence, family: columns == 3 && parts[1] != "-" ? parts[1] : nil, text: parts[columns - 1])
        }
    }

    @Test func listsAreLargeEnoughAndDistinct() throws {
        let words = try Self.rows("own-words-dev.tsv", columns: 3)
        let sentences = try Self.rows("situations-dev.tsv", columns: 2)
        #expect(words.count >= 150)
        #expect(sentences.count >= 80)
        #expect(Set(words.map(\.text)).count == words.count)
        #expect(Set(sentences.map(\.text)).count == sentences.count)
        let families = try AffectShipped.lexicon().familyIDs
        #expect(words.allSatisfy { $0.family.map(families.contains) ?? true })
    }

    @Test func printsTrainingAccuracy() throws {
        let lexicon = try AffectShipped.lexicon()
        let classifier = AffectClassifier(lexicon: lexicon)
        let words = try Self.rows("own-words-dev.tsv", columns: 3)
        let sentences = try Self.rows("situations-dev.tsv", columns: 2)
        var valenceMisses: [String] = [], familyMisses: [String] = [], sentenceMisses: [String] = []
        var asked = 0
        let labelled = words.filter { $0.family != nil }.count
        for row in words {
            let valence = classifier.classifyText(row.text).valence
            if valence != row.valence { valenceMisses.append("\(row.text): \(valence)") }
            guard let family = row.family else { continue }
            let feeling = lexicon.feeling(of: row.text)
            if feeling.family != family { familyMisses.append("\(row.text): \(feeling.family ?? "none")") }
            if feeling.asks { asked += 1 }
        }
        for row in sentences {
            let valence = classifier.classifyText(row.text).valence
            if valence != row.valence { sentenceMisses.append("\(row.text): \(valence)") }
        }
        func rate(_ misses: Int, _ total: Int) -> String { String(format: "%.3f", Double(total - misses) / Double(total)) }
        print("""
            Training accuracy (DEV lists the lexicon was built against; not a held-out figure):
              own words, valence sign: \(rate(valenceMisses.count, words.count)) of \(words.count)
              own words, family:       \(rate(familyMisses.count, labelled)) of \(labelled) labelled (asked "Which is closest?" for \(asked))
              situations, valence:     \(rate(sentenceMisses.count, sentences.count)) of \(sentences.count)
              valence misses: \(valenceMisses.joined(separator: "; "))
              family misses: \(familyMisses.joined(separator: "; "))
              sentence misses: \(sentenceMisses.joined(separator: "; "))
            """)
    }
}
