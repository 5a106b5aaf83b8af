import Foundation
import Testing
@testable import AllinCore

@Suite("Affect lexicon: contents and decode errors")
struct AffectLexiconTests {
    @Test func shippedLexiconDecodesWithAtLeast800Entries() throws {
        let lexicon = try AffectShipped.lexicon()
        #expect(lexicon.count >= 800)
        #expect(AffectLexicon.fileNames == ["lexicon/affect.json", "lexicon/affect-rules.json", "lexicon/feelings.json", "lexicon/vader.json",
                                           "lexicon/sentences.tsv"])
    }

    @Test(arguments: [
        ("stress", -1.0), ("anxiety", -1), ("overwhelm", -1), ("lonely", -1), ("grief", -1), ("shame", -1),
        ("exhausted", -1), ("calm", 1), ("grateful", 1), ("proud", 1), ("excited", 1), ("relieved", 1),
        ("deadline", -1), ("fight", -1), ("breakup", -1), ("promotion", 1), ("holiday", 1), ("argument", -1),
        ("diagnosis", -1), ("funeral", -1), ("exam", -1), ("failed", -1), ("passed", 1), ("won", 1), ("lost", -1),
    ])
    func wellbeingVocabularyIsListed(word: String, sign: Double) throws {
        let lexicon = try AffectShipped.lexicon()
        let id = Array(word.utf8).withUnsafeBufferPointer { lexicon.tokenID($0) }
        try #require(id >= 0, "\(word) is not in the vocabulary")
        let entry = lexicon.single[Int(id)]
        try #require(entry >= 0, "\(word) has no entry")
        let valence = try #require(lexicon.entries[Int(entry)].valence)
        #expect(valence * sign > 0, "\(word) has valence \(valence)")
    }

    @Test func everyShippedValenceIsInRange() throws {
        let lexicon = try AffectShipped.lexicon()
        for entry in lexicon.entries {
            if let v = entry.valence { #expect((-4...4).contains(v), "\(entry.text)") }
            if let m = entry.modifier { #expect(m > 0 && m <= 3, "\(entry.text)") }
        }
        #expect(lexicon.symbols.count >= 20)
    }

    // MARK: Decode errors

    private func problems(_ files: [String: Data]) -> [String] {
        do {
            _ = try AffectLexicon.decode(files: files)
            return []
        } catch let error as CatalogProblems {
            return error.issues.map(\.description)
        } catch {
            return ["unexpected \(error)"]
        }
    }

    private func editWord(_ name: String, in root: inout [String: Any], _ change: (inout [String: Any]) -> Void) {
        var words = root["words"] as? [[String: Any]] ?? []
        if let i = words.firstIndex(where: { $0["word"] as? String == name }) { change(&words[i]) }
        root["words"] = words
    }

    @Test func valenceOutOfRangeNamesFileAndEntry() throws {
        let files = try affectEditedFiles("lexicon/affect.json") { root in
            editWord("happy", in: &root) { $0["valence"] = 9 }
        }
        #expect(problems(files) == ["lexicon/affect.json: words 'happy': valence 9 is outside -4...4"])
    }

    @Test func everyProblemIsListedAtOnce() throws {
        var files = try affectEditedFiles("lexicon/affect.json") { root in
            editWord("happy", in: &root) { $0["valence"] = 9 }
            editWord("sad", in: &root) { $0["valence"] = "very" }
            editWord("calm", in: &root) { $0["valance"] = 1 }
            var words = root["words"] as? [[String: Any]] ?? []
            words.append(["word": "grumpy", "valence": -1])
            words.append(["word": "sparkly :)", "valence": 1])
            words.append(["valence": 1])
            root["words"] = words
            var emoji = root["emoji"] as? [String: Any] ?? [:]
            emoji["ab"] = 1
            root["emoji"] = emoji
        }
        files["lexicon/affect-rules.json"] = try affectEditedFiles("lexicon/affect-rules.json") { root in
            var thresholds = root["thresholds"] as? [String: Any] ?? [:]
            thresholds["unpleasant"] = 0.5
            root["thresholds"] = thresholds
            var modifiers = root["modifiers"] as? [String: Any] ?? [:]
            modifiers["very"] = 7
            root["modifiers"] = modifiers
        }["lexicon/affect-rules.json"]
        let found = problems(files)
        for expected in [
            "lexicon/affect.json: words 'happy': valence 9 is outside -4...4",
            "lexicon/affect.json: words 'sad': valence must be a number, not a string",
            "lexicon/affect.json: words 'calm': unknown field 'valance'",
            "lexicon/affect.json: words #\(try wordCount() + 3): needs a non-empty 'word'",
            "lexicon/affect.json: emoji 'ab': must be a single emoji",
            "lexicon/affect-rules.json: thresholds: unpleasant 0.5 is outside -4...-0.01",
            "lexicon/affect-rules.json: modifiers 'very': multiplier must be a number above 0 and at most 3",
        ] {
            #expect(found.contains(expected), "missing: \(expected)\nfound:\n\(found.joined(separator: "\n"))")
        }
    }

    private func wordCount() throws -> Int {
        let root = try JSONSerialization.jsonObject(with: try affectCatalogData("lexicon/affect.json")) as? [String: Any]
        return (root?["words"] as? [Any])?.count ?? 0
    }

    @Test func duplicatesAndConflictsNameBothPlaces() throws {
        let files = try affectEditedFiles("lexicon/affect.json") { root in
            var words = root["words"] as? [[String: Any]] ?? []
            words.append(["word": "glum", "valence": -1.5, "forms": ["happier", "glum"]])
            words.append(["word": "not", "valence": -1])
            words.append(["word": "sparkly :)", "valence": 1])
            root["words"] = words
        }
        let found = problems(files)
        #expect(found.contains("lexicon/affect.json: words 'glum': 'happier' is already listed under words 'happy'"), "\(found)")
        #expect(found.contains("lexicon/affect.json: words 'glum': 'glum' is listed twice"), "\(found)")
        #expect(found.contains("lexicon/affect-rules.json: negation.words 'not': 'not' is already listed under words 'not'"), "\(found)")
        #expect(found.contains("lexicon/affect.json: words 'sparkly :)': 'sparkly :)' must be plain words (letters, apostrophes, spaces)"), "\(found)")
    }

    @Test func rulesProblemsNameTheirSection() throws {
        let files = try affectEditedFiles("lexicon/affect-rules.json") { root in
            var negation = root["negation"] as? [String: Any] ?? [:]
            negation["scope"] = 2.5
            negation["skip"] = ["the", "kind of"]
            root["negation"] = negation
            root["spellings"] = ["dont": "don't", "dnt": "dont", "x y": "z"]
            root["extra"] = true
        }
        let found = problems(files)
        for expected in [
            "lexicon/affect-rules.json: negation: scope must be a whole number of words",
            "lexicon/affect-rules.json: negation.skip 'kind of': must be a single word",
            "lexicon/affect-rules.json: spellings 'dnt': maps to another variant; point it at the final word",
            "lexicon/affect-rules.json: spellings 'x y': both sides must be single words",
            "lexicon/affect-rules.json: unknown field 'extra'",
        ] {
            #expect(found.contains(expected), "missing: \(expected)\nfound:\n\(found.joined(separator: "\n"))")
        }
    }

    @Test func missingAndBrokenFilesAreReported() throws {
        var files = try affectCatalogFiles()
        files["lexicon/affect-rules.json"] = nil
        files["lexicon/affect.json"] = Data("{ \"words\": [".utf8)
        #expect(problems(files) == ["lexicon/affect.json: is not valid JSON", "lexicon/affect-rules.json: file is missing"])
        files = try affectCatalogFiles()
        files["lexicon/affect.json"] = Data("[1, 2]".utf8)
        #expect(problems(files) == ["lexicon/affect.json: must be a JSON object, not a list"])
    }
}
