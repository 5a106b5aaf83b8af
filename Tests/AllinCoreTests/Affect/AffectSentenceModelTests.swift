import Foundation
import Testing
@testable import AllinCore

/// The learned reading of situation sentences (`lexicon/sentences.tsv`, `AffectSentenceModel`).
@Suite("Own words: the sentence reading")
struct AffectSentenceModelTests {
    /// The shipped lexicon with `model` as its sentence reading.
    private func lexicon(_ model: String) throws -> AffectLexicon {
        var files = try affectCatalogFiles()
        files[AffectSentenceModel.fileName] = Data(model.utf8)
        return try AffectLexicon.decode(files: files)
    }

    private func problems(_ model: String) throws -> [String] {
        do {
            _ = try lexicon(model)
            return []
        } catch let error as CatalogProblems {
            return error.issues.map(\.description)
        }
    }

    private let small = """
        # a hand-made reading for tests
        @bias\t0
        @lexicon\t0.5
        @chargeBias\t-1
        @chargeLexicon\t1
        @chargedFrom\t0.5
        @lexiconFrom\t2
        grommet\t-2\t2
        frobbed\t1.5\t2
        ~frobbed\t-2\t2
        at last\t1\t2
        parcel\t3\t0.5

        """

    @Test func anEventWithNoFeelingWordIsReadFromItsWords() throws {
        let classifier = AffectClassifier(lexicon: try lexicon(small))
        let grommet = classifier.classifyText("the Grommet went")
        #expect(grommet.valence == .unpleasant)
        #expect(grommet.rule == AffectRule.sentenceReading.rawValue)
        #expect(grommet.contributions == [AffectContribution(word: "grommet", weight: -2, note: "learned from everyday sentences")])
        #expect(grommet.explanation == "No clear feeling word, so the sentence as a whole was read: 'grommet' (-2.0) → unpleasant (88% sure).")
        #expect(classifier.classifyText("Landlord FROBBED the damp").valence == .pleasant)
    }

    @Test func negationAndPairsAreTheirOwnFeatures() throws {
        let classifier = AffectClassifier(lexicon: try lexicon(small))
        let notFrobbed = classifier.classifyText("landlord still hasn't frobbed the damp")
        #expect(notFrobbed.valence == .unpleasant)
        #expect(notFrobbed.contributions.map(\.word) == ["not frobbed"])
        // "at last" is a pair; the same two words apart are not.
        #expect(classifier.classifyText("home at last").valence == .pleasant)
        #expect(classifier.classifyText("at the last").valence == .neutral)
    }

    @Test func aSentenceWithLittleChargeIsNeutral() throws {
        // "parcel" leans pleasant, but its charge (0.5 - 1 = -0.5) says the sentence carries no feeling.
        let result = AffectClassifier(lexicon: try lexicon(small)).classifyText("parcel")
        #expect(result.valence == .neutral)
        #expect(result.rule == AffectRule.noEvidence.rawValue)
    }

    @Test func aClearFeelingWordStillDecides() throws {
        let classifier = AffectClassifier(lexicon: try lexicon(small))
        let result = classifier.classifyText("so happy and relieved, the grommet went but who cares")
        #expect(result.rule != AffectRule.sentenceReading.rawValue)
        #expect(abs(result.score) >= 2)
    }

    @Test func badLinesAreNamedByFileAndLine() throws {
        let bad = """
            @bias\t0
            @lexicon\tlots
            @chargedFrom\t1.7
            @speed\t1
            broke\t-2\t1
            broke\t-1\t1
            fixed\t1

            """
        #expect(try problems(bad) == [
            "lexicon/sentences.tsv: line 2: @lexicon must be a number from -100.0 to 100.0",
            "lexicon/sentences.tsv: line 3: @chargedFrom must be a number from 0.0 to 1.0",
            "lexicon/sentences.tsv: line 4: unknown setting '@speed'",
            "lexicon/sentences.tsv: line 6: feature 'broke' is listed twice",
            "lexicon/sentences.tsv: line 7: must be 'feature<TAB>polarity<TAB>charge' with weights between -100 and 100",
            "lexicon/sentences.tsv: needs a '@lexicon' line",
            "lexicon/sentences.tsv: needs a '@chargeBias' line",
            "lexicon/sentences.tsv: needs a '@chargeLexicon' line",
            "lexicon/sentences.tsv: needs a '@chargedFrom' line",
            "lexicon/sentences.tsv: needs a '@lexiconFrom' line",
        ])
    }

    @Test func aFileInAnOldLayoutListsTwentyLinesThenCountsTheRest() throws {
        let old = "@bias\t0\n" + (1...50).map { "word\($0)\t1\n" }.joined()
        let found = try problems(old)
        #expect(found.count == 20 + 1 + 5)
        #expect(found[20] == "lexicon/sentences.tsv: 30 more lines have problems (the first 20 are listed)")
    }

    @Test func aMissingFileIsNamed() throws {
        var files = try affectCatalogFiles()
        files[AffectSentenceModel.fileName] = nil
        #expect(throws: CatalogProblems.self) { try AffectLexicon.decode(files: files) }
        do { _ = try AffectLexicon.decode(files: files) } catch let error as CatalogProblems {
            #expect(error.issues.map(\.description) == ["lexicon/sentences.tsv: file is missing"])
        }
    }

    /// The trainer names features and the app keys them from the text's bytes: the two must agree
    /// for every feature of every training sentence, or a trained weight would never be found.
    @Test func featureNamesAndKeysAgreeOnEveryTrainingSentence() throws {
        let lexicon = try AffectShipped.lexicon()
        var checked = 0
        for file in Self.trainingFiles {
            for line in try String(decoding: affectFixtureData(file), as: UTF8.self).split(separator: "\n").dropFirst() {
                let text = String(line.split(separator: "\t", maxSplits: 1).last ?? "")
                let (scan, tokens, items) = lexicon.analyse(text)
                let (features, _) = lexicon.sentenceFeatures(tokens: tokens, items: items, norm: scan.norm)
                for f in features {
                    let name = AffectLexicon.sentenceFeatureName(f, tokens: tokens, norm: scan.norm)
                    #expect(AffectSentenceModel.key(name.utf8) == f.key, "\(name) in '\(text)'")
                    checked += 1
                }
            }
        }
        #expect(checked > 10_000)
    }

    /// The sets the shipped reading was trained on (named in its header).
    static var trainingFiles: [String] {
        let header = (try? String(decoding: affectCatalogData(AffectSentenceModel.fileName), as: UTF8.self)) ?? ""
        return header.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("#   "), let colon = line.firstIndex(of: ":") else { return nil }
            return "train/" + line[line.index(line.startIndex, offsetBy: 4)..<colon]
        }
    }

    @Test func theShippedReadingNamesItsTrainingSetsAndEveryFeatureLoads() throws {
        #expect(Self.trainingFiles.count >= 5)
        let text = String(decoding: try affectCatalogData(AffectSentenceModel.fileName), as: UTF8.self)
        let featureLines = text.split(separator: "\n").count { !$0.hasPrefix("#") && !$0.hasPrefix("@") }
        let lexicon = try AffectShipped.lexicon()
        #expect(featureLines > 1000)
        #expect(lexicon.sentenceModel.weights.count == featureLines)
    }
}
