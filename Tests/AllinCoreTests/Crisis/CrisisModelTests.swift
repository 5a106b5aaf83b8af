import Foundation
import Testing
@testable import AllinCore
import AllinDev

@Suite("Layer B's trained model")
struct CrisisModelTests {
    static func model(_ text: String) throws -> CrisisModel {
        try CrisisModel.decode(Data(text.utf8))
    }

    static let small = """
    # a hand-made model for tests
    @bias\t-2
    @crisisAt\t0.9
    want\t1
    want to\t2
    die\t3
    it\t0.5
    okay\t-4

    """

    static func issues(_ text: String) -> [CatalogIssue] {
        do { _ = try model(text); return [] } catch let p as CatalogProblems { return p.issues } catch { return [] }
    }

    @Test func decodesSettingsFeaturesAndProvenance() throws {
        let m = try Self.model(Self.small)
        #expect(m.bias == -2 && m.crisisAt == 0.9)
        #expect(m.featureCount == 5)
        #expect(m.about == ["a hand-made model for tests"])
    }

    @Test func everyProblemNamesTheFileAndTheLine() {
        let bad = """
        @bias\t-2
        @crisisAt\t0.9
        @concernAt\t0.7
        @threshold\t0.5
        Want\t1
        want  to\t1
        a b c\t1
        die\tlots
        die\t99
        rope\t1
        rope\t2

        """
        let found = Self.issues(bad)
        #expect(found.allSatisfy { $0.file == CrisisModel.fileName })
        let byLine = Dictionary(grouping: found, by: { $0.entry ?? "" })
        #expect(byLine["line 4"]?.first?.message.contains("unknown setting") == true)
        #expect(byLine["line 5"]?.first?.message.contains("lower-case") == true)
        #expect(byLine["line 6"]?.first?.message.contains("one space") == true)
        #expect(byLine["line 7"]?.first?.message.contains("or two joined") == true)
        #expect(byLine["line 8"]?.first?.message.contains("finite number") == true)
        #expect(byLine["line 9"]?.first?.message.contains("outside") == true)
        #expect(byLine["line 11"]?.first?.message.contains("twice") == true)
        #expect(byLine["line 10"] == nil)
    }

    /// Weights are read straight from their bytes; the result must be what `Double(_:)` reads.
    @Test func weightsParseLikeDouble() {
        for text in ["0.1234", "-0.1234", "12", "-3.0000", "0.9500", "49.9999", "0", "-0", "1e-3", ".5", "0.123456789", "12345678901234.5"] {
            let fast = DecimalBytes.number(ArraySlice(Array(text.utf8)))
            let slow = Double(text)
            #expect(fast != nil && slow != nil && abs(fast! - slow!) <= abs(slow!) * 1e-15, "\(text)")
        }
        for text in ["", "-", "lots", "1.2.3", "0x10", "--1", "1 2"] {
            #expect(DecimalBytes.number(ArraySlice(Array(text.utf8))) == Double(text), "\(text)")
        }
    }

    @Test func settingsMustBePresentAndOrdered() {
        let missing = Self.issues("want\t1\n")
        #expect(missing.map(\.message).filter { $0.hasPrefix("missing '@") }.count == 2)
        let low = Self.issues("@bias\t0\n@crisisAt\t0.3\nwant\t1\n")
        #expect(low.contains { $0.entry == "@crisisAt" && $0.message.contains("at least 0.5") })
        #expect(Self.issues("@bias\t0\n@crisisAt\t0.9\n").contains { $0.message == "has no features" })
    }

    /// The trainer counts features by name and the scanner by hash: both must see the same set.
    @Test("hashes and names describe the same features", arguments: [
        "I want to die", "i don't want to be here anymore", "Nooooo way, I'm sooo done", "café — «naïve» plan",
        "want want want to to", "", "!!!", "k i l l", "ＥＮＤ ＩＴ tonight 2nite",
        "wish i was dead, wish i was dead", "40 pills in 2019", "the rope the rope the rope",
        "overdosing overdosed overdose", "naïveté façades", "ＯＶＥＲＤＯＳＥＤ", "стоп overdosing",
        "I'm not going to kill myself, not tonight, never ever not", "no no no no no no no no die",
    ])
    func hashesMatchNames(text: String) throws {
        let scanner = try crisisDetector().lexicon.concepts
        let names = CrisisModel.featureNames(of: text, scanner: scanner)
        let (tokens, _) = scanner.tokenize(text)
        let hashes = CrisisModel.featureHashes(tokens, classes: scanner)
        #expect(Set(names.map(CrisisModel.key(ofFeature:))) == Set(hashes))
        #expect(hashes.count == names.count, "each feature once")
    }

    @Test func scoresAddWeightsOnceAndExplainWithTellingFeatures() throws {
        let m = try Self.model(Self.small)
        let scanner = try crisisDetector().lexicon.concepts
        func score(_ text: String) -> CrisisModel.Score {
            let (tokens, _) = scanner.tokenize(text)
            return m.score(CrisisModel.featureHashes(tokens, classes: scanner))
        }
        // -2 + want 1 + "want to" 2 + die 3 + it 0.5: z = 4.5, the same however often a word repeats.
        let s = score("I want to die, it, it, want to die")
        #expect(abs(s.probability - 1 / (1 + exp(-4.5))) < 1e-12)
        #expect(m.topNames(s) == ["die", "want to", "want"])
        #expect(m.tier(s.probability) == .crisis)
        let finding = try #require(m.finding(s))
        #expect(finding.layer == .b && finding.tier == .crisis && finding.rule == "B.model")
        #expect(finding.matched == "die + want to + want")
        #expect(finding.reason.contains("trained model scored 0.99") && finding.reason.contains("'die', 'want to' and 'want'"))
        #expect(m.topNames(score("it is")) == ["it"])
        // -2 + 3 = 1 → 0.73: below the crisis band, so the model says nothing (no T1 from it).
        #expect(m.tier(score("die").probability) == .none && m.finding(score("die")) == nil)
        #expect(m.finding(score("okay die")) == nil)
        #expect(score("").probability < 0.2)
    }

    /// From the file's `@askAt` up to its crisis band the model's finding is a concern: the crisis
    /// rule asks the question and never hands off on it.
    @Test func theQuestionBandIsAConcernThatAsks() throws {
        let m = try Self.model(Self.small.replacingOccurrences(of: "@crisisAt\t0.9\n", with: "@crisisAt\t0.9\n@askAt\t0.7\n"))
        #expect(m.askAt == 0.7 && m.crisisAt == 0.9)
        let scanner = try crisisDetector().lexicon.concepts
        func score(_ text: String) -> CrisisModel.Score {
            let (tokens, _) = scanner.tokenize(text)
            return m.score(tokens, classes: scanner)
        }
        // -2 + die 3 = 1 → 0.73: in the question band, its top feature named.
        let die = score("die")
        #expect(m.tier(die.probability) == .concern)
        let finding = try #require(m.finding(die))
        #expect(finding.tier == .concern && finding.rule == "B.model" && finding.matched == "die")
        #expect(finding.reason.contains("0.73") && finding.reason.contains("where it asks if the person is safe"))
        #expect(CrisisCheck.weigh(finding) == .question)
        // -2 + want 1 = -1 → 0.27: below both bands.
        #expect(m.tier(score("want").probability) == .none && m.finding(score("want")) == nil)
        // The crisis band below 0.85 asks too; from 0.85 the model alone hands off.
        var high = finding
        high.tier = .crisis
        high.modelScore = 0.8
        #expect(CrisisCheck.weigh(high) == .question)
        high.modelScore = 0.9
        #expect(CrisisCheck.weigh(high) == .handoff)
        // Written only when given; read back the same.
        let text = CrisisModel.encode(bias: -1, crisisAt: 0.7, askAt: 0.65, weights: ["die": 2], about: [])
        #expect(text.contains("@crisisAt\t0.7000\n@askAt\t0.6500\n"))
        #expect(try Self.model(text).askAt == 0.65)
        #expect(!CrisisModel.encode(bias: -1, crisisAt: 0.7, weights: ["die": 2], about: []).contains("@askAt"))
        #expect(try Self.model(Self.small).askAt == 0.9, "no @askAt: no question band")
    }

    @Test func theQuestionBandMustLieBelowTheCrisisBand() {
        for bad in ["0.95", "0.4"] {
            let issues = Self.issues("@bias\t0\n@crisisAt\t0.9\n@askAt\t\(bad)\nwant\t1\n")
            #expect(issues.contains { $0.entry == "@askAt" && $0.message.contains("at most @crisisAt") }, "\(bad)")
        }
        #expect(Self.issues("@bias\t0\n@crisisAt\t0.9\n@askAt\t0.8\n@askAt\t0.8\nwant\t1\n")
            .contains { $0.message.contains("set twice") })
    }

    /// Class features let the model weigh wording it never saw through the concept classes of its
    /// words: "wish" and "dead" are WISH and DEATH, so "WISH DEATH" is a feature of the line.
    @Test func classFeaturesNameTheConceptClassesOfNearbyWords() throws {
        let scanner = try crisisDetector().lexicon.concepts
        let names = Set(CrisisModel.featureNames(of: "i wish i was dead", scanner: scanner))
        #expect(names.isSuperset(of: ["WISH", "DEATH", "WISH DEATH", "FP WISH", "wish", "was dead"]))
        #expect(!names.contains("DEATH WISH"), "pairs keep the order of the words")
        // Classes more than three words apart make no pair.
        let far = Set(CrisisModel.featureNames(of: "i wish it was sunny and the cat was dead", scanner: scanner))
        #expect(far.contains("WISH") && far.contains("DEATH") && !far.contains("WISH DEATH"))
        // A model may only name classes the concept file defines.
        let m = try Self.model("@bias\t0\n@crisisAt\t0.9\nWISH DEATH\t1\nFLYING\t1\n")
        #expect(throws: CatalogProblems.self) { try crisisDetector().lexicon.replacingModel(m) }
        let issues = CrisisLexicon.unknownClasses(m, scanner)
        #expect(issues.count == 1 && issues[0].file == CrisisModel.fileName && issues[0].message.contains("'FLYING'"))
        #expect(CrisisModel.problem(feature: "WISH dead") == nil && CrisisModel.problem(feature: "Wish") != nil)
    }

    /// A longer word also counts by its first letters, so an inflection no labelled line used still
    /// carries what its relatives taught; short words and words that start outside ASCII do not.
    @Test func stemsJoinTheFormsOfALongerWord() throws {
        let scanner = try crisisDetector().lexicon.concepts
        let a = Set(CrisisModel.featureNames(of: "overdosing", scanner: scanner))
        let b = Set(CrisisModel.featureNames(of: "overdosed", scanner: scanner))
        #expect(a.contains("~overd") && b.contains("~overd"))
        #expect(!Set(CrisisModel.featureNames(of: "pills", scanner: scanner)).contains { $0.hasPrefix("~") }, "five letters: no stem")
        #expect(CrisisModel.key(ofFeature: "~overd") != CrisisModel.key(ofFeature: "overd"))
        let m = try Self.model("@bias\t-2\n@crisisAt\t0.9\n~overd\t5\n")
        let (tokens, _) = scanner.tokenize("thinking about overdosing")
        let s = m.score(CrisisModel.featureHashes(tokens, classes: scanner))
        #expect(m.topNames(s) == ["~overd"] && m.tier(s.probability) == .crisis)
        #expect(CrisisModel.problem(feature: "~overd") == nil)
        for bad in ["~", "~Overd", "~ov erd", "~DEATH", "~naïv"] {
            #expect(CrisisModel.problem(feature: bad) != nil, "\(bad)")
        }
    }

    /// "not going to die" and "going to die" share their words but not their denied words, so the
    /// model can weigh a denial's reach apart from the same words said plainly.
    @Test func wordsAfterADenialAreMarkedWithinTheClause() throws {
        let scanner = try crisisDetector().lexicon.concepts
        let denied = Set(CrisisModel.featureNames(of: "I'm not going to die", scanner: scanner)).filter { $0.hasPrefix("!") }
        #expect(denied == ["!going", "!to", "!die"])
        #expect(!CrisisModel.featureNames(of: "I'm going to die", scanner: scanner).contains { $0.hasPrefix("!") })
        // The reach ends at a clause break, and after `negationReach` words.
        let broken = Set(CrisisModel.featureNames(of: "I'm not okay, I want to die", scanner: scanner)).filter { $0.hasPrefix("!") }
        #expect(broken == ["!okay"])
        let far = Set(CrisisModel.featureNames(of: "never one two three four five six seven", scanner: scanner)).filter { $0.hasPrefix("!") }
        #expect(far == ["!one", "!two", "!three", "!four", "!five", "!six"] && CrisisModel.negationReach == 6)
        #expect(CrisisModel.key(ofFeature: "!die") != CrisisModel.key(ofFeature: "die"))
        #expect(CrisisModel.key(ofFeature: "!die") != CrisisModel.key(ofFeature: "~die"))
        let m = try Self.model("@bias\t0\n@crisisAt\t0.9\n!die\t-4\ndie\t3\n")
        for (text, crisis) in [("going to die", true), ("not going to die", false)] {
            let (tokens, _) = scanner.tokenize(text)
            let s = m.score(CrisisModel.featureHashes(tokens, classes: scanner))
            #expect((m.tier(s.probability) == .crisis) == crisis, "\(text)")
        }
        #expect(CrisisModel.problem(feature: "!die") == nil && CrisisModel.problem(feature: "!naïve") == nil)
        for bad in ["!", "!Die", "!die now", "!DEATH", "!!die"] {
            #expect(CrisisModel.problem(feature: bad) != nil, "\(bad)")
        }
    }

    /// The detector scores straight from the words (no sorted key list); it must agree with
    /// scoring the sorted, distinct keys, including on a line with more known features than its
    /// small buffer holds.
    @Test func scoringFromWordsAgreesWithScoringDistinctKeys() throws {
        let detector = try crisisDetector()
        let scanner = detector.lexicon.concepts, model = detector.lexicon.model
        var texts = try LabelledSetTests.rows("train/crisis-holdout11.tsv").map(\.text)
        texts.append(String(repeating: "i want to die tonight, the pills are ready and nobody would miss me. ", count: 40)
                     + (try LabelledSetTests.rows("train/crisis-holdout10.tsv").map(\.text).joined(separator: " ")))
        for text in texts {
            let (tokens, _) = scanner.tokenize(text)
            let direct = model.score(tokens, classes: scanner)
            let keyed = model.score(CrisisModel.featureHashes(tokens, classes: scanner))
            #expect(abs(direct.probability - keyed.probability) < 1e-9, "\(text.prefix(60))")
            // The top features are ranked only in a band (the question's or the crisis one), where a
            // finding names them.
            if model.tier(direct.probability) > .none {
                #expect(direct.top == keyed.top, "\(text.prefix(60))")
            } else {
                #expect(direct.top == (-1, -1, -1), "\(text.prefix(60))")
            }
        }
    }

    @Test func anEmptyModelNeverFires() {
        let s = CrisisModel.empty.score([CrisisModel.key(ofFeature: "die")])
        #expect(s.probability == 0 && CrisisModel.empty.finding(s) == nil)
    }

    @Test func trainingIsDeterministicAndLearnsTheSeparation() throws {
        let scanner = try crisisDetector().lexicon.concepts
        let lines: [(String, Bool)] = [
            ("i want to end it tonight", true), ("the rope is ready", true), ("nobody would miss me", true),
            ("i have the pills saved", true), ("lovely walk by the sea", false), ("the exam went fine", false),
            ("dinner with friends tonight", false), ("tired but okay", false),
        ]
        var trainer = CrisisModelTrainer()
        trainer.iterations = 200
        let examples = lines.map { CrisisModelTrainer.Example(text: $0.0, crisis: $0.1) }
        let first = trainer.train(examples, scanner: scanner)
        let second = trainer.train(examples, scanner: scanner)
        #expect(first.bias == second.bias && first.weights == second.weights)
        #expect(first.trainingAccuracy == 1)
        #expect(first.weights["rope"]! > 0 && first.weights["exam"]! < 0)
        // What it writes, it reads back; tiny weights are left out.
        let text = CrisisModel.encode(bias: first.bias, crisisAt: 0.9,
                                      weights: first.weights.merging(["unused": 0.00001]) { a, _ in a }, about: ["test"])
        let model = try Self.model(text)
        #expect(model.featureCount == first.weights.count)
        #expect(!text.contains("unused"))
    }

    /// The trainer's files are read line by line whatever their line ends, and every kind gives its
    /// lines: a labelled TSV, a sentence file (every sentence safe), check-ins (every answer safe).
    @Test func trainingFilesReadWithAnyLineEnds() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-lines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func write(_ name: String, _ text: String) throws -> String {
            let url = dir.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }
        let labelled = try write("a.tsv", "label\ttext\r\nsafe\tmade soup\r\ncrisis\tT2\ti want to die\r\n")
        #expect(try LabelledLines.forModel(labelled).map { "\($0.label) \($0.text)" } == ["safe made soup", "crisis i want to die"])
        let sentences = try write("b.tsv", "sign\ttext\n+\tgot the job\n-\tmissed the bus\n")
        #expect(try LabelledLines.forModel(sentences).map { "\($0.label) \($0.text)" } == ["safe got the job", "safe missed the bus"])
        let checkIns = try write("c.jsonl", "{\"triggerText\": \"late again\", \"kinder\": \"it happens\", \"intensity\": 3}\r\n\r\n")
        #expect(try LabelledLines.forModel(checkIns).map { "\($0.label) \($0.text)" } == ["safe late again", "safe it happens"])
        let bad = try write("d.tsv", "label\ttext\nmaybe\tsomething\n")
        #expect(throws: (any Error).self) { try LabelledLines.forModel(bad) }
    }

    /// The shipped model is exactly what `allin-dev model train` makes from the files its header
    /// names, so anyone can rebuild it and see what it learned from.
    @Test func theShippedModelRebuildsFromItsLabelledSets() throws {
        let shipped = try CrisisModel.decode(catalogFileData(CrisisModel.fileName))
        var examples: [CrisisModelTrainer.Example] = []
        var named = 0
        for line in shipped.about {
            // "crisis-labelled.tsv: 263 / 251", "sentences-a.tsv: 0 / 1500", "route6.jsonl: 0 / 480";
            // every set lives in train/.
            guard line.contains(".tsv:") || line.contains(".jsonl:"), let colon = line.firstIndex(of: ":") else { continue }
            let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
            let file = "train/" + name
            let rows = try LabelledLines.forModel(packageRoot().appendingPathComponent("Tests/AllinCoreTests/Fixtures/\(file)").path)
            let counts = line[line.index(after: colon)...].split(separator: "/").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            #expect(counts == [rows.filter { $0.label == "crisis" }.count, rows.filter { $0.label == "safe" }.count], "\(file)")
            examples += rows.compactMap { $0.label == "ambiguous" ? nil : .init(text: $0.text, crisis: $0.label == "crisis") }
            named += 1
        }
        #expect(named >= 4)
        for blind in ["holdout58", "holdout59", "holdout60", "holdout61"] {
            #expect(!shipped.about.contains { $0.contains(blind) }, "\(blind) stays out of training: it is a blind set")
        }
        let result = CrisisModelTrainer().train(examples, scanner: try crisisDetector().lexicon.concepts)
        #expect(abs(result.bias - shipped.bias) < 2e-4)
        #expect(!result.common.isEmpty && result.common.allSatisfy { !shipped.names.contains($0) }, "common single words are left out")
        // Every feature either side, compared by name (one missing on a side counts as weight 0).
        let have = Dictionary(uniqueKeysWithValues: zip(shipped.names, shipped.weights.map(Double.init)))
        var worst = 0.0
        for name in Set(result.weights.keys).union(have.keys) {
            let rounded = ((result.weights[name] ?? 0) * 10_000).rounded() / 10_000
            worst = max(worst, abs(rounded - (have[name] ?? 0)))
        }
        #expect(worst < 2e-4, "largest weight difference \(worst)")
    }

    /// Pattern, origin and kinder chips become the answer's text when picked, so the detectors read
    /// their labels: none may raise anything. Every other label (emotions, situations, needs,
    /// sub-taps, beliefs...) stays a chip id and is never scanned; the hand-written layers must still
    /// raise nothing on any of them, and the model, which only ever saw people's own notes, may
    /// score at most two short labels in a hundred into its band (before the denied-word features,
    /// at the 0.90 band, it did so for the need "Plan the next step": 0.92; at the 0.85 band, for the
    /// need "Asking for what I want"; at the 0.80 band, for those two and the belief "Sooner or later
    /// I'll be found out": 3 of 208. The allowance was one in a hundred until the band moved to 0.80.
    /// Once the fifth set of everyday notes, in the unblock tail's own register, was trained on, none
    /// at 0.80; at the 0.75 band, "Asking for what I want" and "Sooner or later I'll be found out";
    /// at the 0.70 band with the 88-file model, those two and "I can't rely on anyone" and "This is
    /// just how I am": 4 of 208, inside the allowance).
    @Test func noChipLabelRaisesAnything() throws {
        let root = try JSONSerialization.jsonObject(with: catalogFileData("vocabulary.json")) as? [String: Any] ?? [:]
        var asText: [String] = [], idsOnly: [String] = []
        for (key, value) in root {
            for item in value as? [[String: Any]] ?? [] {
                guard let label = item["label"] as? String else { continue }
                if ["patternChips", "originChips", "kinderChips"].contains(key) { asText.append(label) } else { idsOnly.append(label) }
            }
        }
        #expect(asText.count >= 20 && idsOnly.count > 100)
        let detector = try crisisDetector()
        var withoutModel = detector.lexicon
        withoutModel.model = .empty
        let rules = CrisisDetector(lexicon: withoutModel)
        for label in asText {
            let found = detector.layers(label)
            #expect(found.a.tier == .none && found.b.tier == .none, "\(label): A \(found.a.rule) B \(found.b.reason)")
        }
        var modelOnly: [String] = []
        for label in idsOnly {
            let found = rules.layers(label)
            #expect(found.a.tier == .none && found.b.tier == .none, "\(label): A \(found.a.rule) B \(found.b.reason)")
            if detector.layers(label).b.tier > .none { modelOnly.append(label) }
        }
        for label in modelOnly { print("  the model alone scores the chip label '\(label)' into its band") }
        #expect(modelOnly.count * 100 <= idsOnly.count * 2, "\(modelOnly)")
    }

    @Test func theModelOnlyEverAddsToLayerB() throws {
        let detector = try crisisDetector()
        var without = detector.lexicon
        without.model = .empty
        let plain = CrisisDetector(lexicon: without)
        for row in try LabelledSetTests.rows("train/crisis-holdout11.tsv") {
            let full = detector.layerB(row.text), base = plain.layerB(row.text)
            #expect(full.tier >= base.tier, "\(row.text)")
            if full.tier > base.tier { #expect(full.rule == "B.model" && full.tier <= .crisis) }
            if full.rule != "B.model" { #expect(full == base) }
        }
    }
}
