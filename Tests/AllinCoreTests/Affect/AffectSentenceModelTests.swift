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

/// The sentence reading's compiled form (`AffectSentenceModel+Compiled`): the same reading as the
/// text, and never used when it is damaged, stale or inconsistent.
@Suite("Own words: the sentence reading's compiled form")
struct AffectSentenceCompiledTests {
    static func shipped() throws -> (model: AffectSentenceModel, text: Data, source: UInt64) {
        let text = try affectCatalogData(AffectSentenceModel.fileName)
        return (try AffectShipped.lexicon().sentenceModel, text, CompiledForm.digest(text))
    }

    @Test func theCompiledFormReadsEverySentenceAsTheTextDoes() throws {
        let (model, _, source) = try Self.shipped()
        let loaded = try AffectSentenceModel.load(compiled: model.compiled(source: source), source: source)
        #expect(loaded.weights.count == model.weights.count && model.weights.count > 10_000)
        #expect(loaded.about == model.about && !loaded.about.isEmpty)
        #expect(loaded.lexiconFrom == model.lexiconFrom && loaded.chargedFrom == model.chargedFrom && loaded.bias == model.bias)
        let (slots, keys, values) = model.weights.parts, (slots2, keys2, values2) = loaded.weights.parts
        #expect(slots == slots2 && keys == keys2)
        #expect(values.map(\.polarity) == values2.map(\.polarity) && values.map(\.charge) == values2.map(\.charge))

        // The whole lexicon with the loaded reading reads every training sentence the same way.
        let files = try affectCatalogFiles()
        let fromText = AffectClassifier(lexicon: try AffectShipped.lexicon())
        let fromForm = AffectClassifier(lexicon: try AffectLexicon.decode(files: files, sentences: loaded))
        let lines = try String(decoding: affectFixtureData("train/sentences-a.tsv"), as: UTF8.self)
            .split(separator: "\n").compactMap { $0.split(separator: "\t").last.map(String.init) }
        #expect(lines.count > 500)
        let differ = lines.filter { fromText.classifyText($0) != fromForm.classifyText($0) }
        #expect(differ.isEmpty, "\(differ.count) sentences read differently, e.g. \(differ.prefix(3))")
    }

    @Test func aDamagedStaleOrInconsistentFormIsNeverUsed() throws {
        let (model, text, source) = try Self.shipped()
        let good = model.compiled(source: source)
        for (offset, problem) in [(0, CompiledForm.Problem.notThisKind), (8, .otherVersion), (16, .otherSource),
                                  (24, .otherCode), (good.count / 2, .damaged("its checksum does not match"))] {
            var bad = good
            bad[offset] ^= 0x10
            #expect(throws: problem) { try AffectSentenceModel.load(compiled: bad, source: source) }
        }
        var changed = text
        changed.append(contentsOf: Array("# one more line\n".utf8))
        #expect(throws: CompiledForm.Problem.otherSource) {
            try AffectSentenceModel.load(compiled: good, source: CompiledForm.digest(changed))
        }
        // Forms whose checksum is sound but whose content is not (written as a careless program would).
        func form(settings: [Double], slots: [Int32], keys: [UInt64], values: [AffectSentenceModel.Weights]) -> Data {
            var w = CompiledForm.Writer()
            settings.forEach { w.double($0) }
            w.array(slots)
            w.uint64s(keys)
            w.array(values)
            w.strings(PackedStrings(["about"]))
            return w.bytes(kind: AffectSentenceModel.compiledKind, version: AffectSentenceModel.compiledVersion,
                           source: source, probe: AffectSentenceModel.keyProbe)
        }
        let settings = [0, 0.5, -1, 1, 0.5, 4.0], one = [AffectSentenceModel.Weights(polarity: 1, charge: 1)]
        var slots = [Int32](repeating: -1, count: 16)
        slots[Int(7 & 15)] = 0
        #expect(throws: Never.self) { try AffectSentenceModel.load(compiled: form(settings: settings, slots: slots, keys: [7], values: one), source: source) }
        #expect(throws: CompiledForm.Problem.damaged("its setting @lexiconFrom is out of range")) {
            try AffectSentenceModel.load(compiled: form(settings: [0, 0.5, -1, 1, 0.5, 99], slots: slots, keys: [7], values: one), source: source)
        }
        var pastTheEnd = slots
        pastTheEnd[3] = 5
        var misplaced = [Int32](repeating: -1, count: 16)
        misplaced[2] = 0
        for bad in [pastTheEnd, misplaced, Array(slots.prefix(12))] {
            #expect(throws: CompiledForm.Problem.damaged("its weight table")) {
                try AffectSentenceModel.load(compiled: form(settings: settings, slots: bad, keys: [7], values: one), source: source)
            }
        }
        #expect(throws: CompiledForm.Problem.damaged("a weight is not a number")) {
            try AffectSentenceModel.load(compiled: form(settings: settings, slots: slots, keys: [7],
                                                        values: [.init(polarity: .nan, charge: 1)]), source: source)
        }
    }
}
