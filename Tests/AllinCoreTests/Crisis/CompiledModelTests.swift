import Foundation
import Testing
@testable import AllinCore

@Suite("Compiled forms: the trained model and the concept rules")
struct CompiledModelTests {
    static func shipped() throws -> (model: CrisisModel, text: Data, source: UInt64) {
        let text = try catalogFileData(CrisisModel.fileName)
        return (try CrisisModel.decode(text), text, CompiledForm.digest(text))
    }

    @Test func loadingTheCompiledFormGivesTheSameModel() throws {
        let (model, _, source) = try Self.shipped()
        let loaded = try CrisisModel.load(compiled: model.compiled(source: source), source: source)
        #expect(loaded == model)
        #expect(loaded.names.count == model.names.count && loaded.names.count > 10_000)
        #expect(loaded.about == model.about && !loaded.about.isEmpty)
        #expect(Array(loaded.names.prefix(50)) == Array(model.names.prefix(50)))
    }

    @Test func bothFormsFindTheSameOnEveryTrainingLine() throws {
        let files = realCatalogFiles()
        let fromText = try Catalog.decode(files: files)
        let modelSource = CompiledForm.digest(try #require(files[CrisisModel.fileName]))
        let conceptSource = CompiledForm.digest(try #require(files[ConceptScanner.fileName]))
        let lexicon = fromText.crisisLexicon
        let model = try CrisisModel.load(compiled: lexicon.model.compiled(source: modelSource), source: modelSource)
        let concepts = try ConceptScanner.load(compiled: lexicon.conceptScanner.compiled(source: conceptSource), source: conceptSource)
        let programSource = CompiledForm.digest(CompiledPrograms.sourceFiles.compactMap { files[$0] }.reduce(Data(), +))
        let programs = try CompiledPrograms.load(compiled: lexicon.programs.compiled(source: programSource), source: programSource)
        let compiled = CompiledParts(model: { model }, concepts: { concepts }, programs: { programs }, cached: true)
        let fromForm = try Catalog.decode(files: files, compiled: compiled)
        #expect(fromForm.crisisLexicon.programA === programs.a && fromForm.crisisLexicon.programB === programs.b,
                "the loaded programs stand in for compiling")
        let a = CrisisDetector(lexicon: fromText.crisisLexicon), b = CrisisDetector(lexicon: fromForm.crisisLexicon)
        var lines = 0, differ: [String] = []
        for name in try TrainingDigestTests.trainingFiles() where name.hasSuffix(".tsv") {
            for row in try LabelledSetTests.rows("train/" + name) {
                let (a1, b1) = a.layers(row.text), (a2, b2) = b.layers(row.text)
                let conceptsAgree = lexicon.conceptScanner.scan(row.text) == fromForm.crisisLexicon.conceptScanner.scan(row.text)
                if a1 != a2 || b1 != b2 || !conceptsAgree { differ.append(row.text) }
                lines += 1
            }
        }
        #expect(lines > 10_000)
        #expect(differ.isEmpty, "\(differ.count) lines differ, e.g. \(differ.prefix(3))")
    }

    @Test func aFormFromAnotherTextOrDamagedIsNeverUsed() throws {
        let (model, text, source) = try Self.shipped()
        let good = model.compiled(source: source)
        // The header: kind, version, source, the code's probe, the checksum; then a weight, the end.
        let expected: [(Int, CompiledForm.Problem)] = [
            (0, .notThisKind), (8, .otherVersion), (16, .otherSource), (24, .otherCode),
            (32, .damaged("its checksum does not match")), (good.count / 2, .damaged("its checksum does not match")),
            (good.count - 1, .damaged("its checksum does not match")),
        ]
        for (offset, problem) in expected {
            var bad = good
            bad[offset] ^= 0x10
            #expect(throws: problem) { try CrisisModel.load(compiled: bad, source: source) }
        }
        #expect(throws: CompiledForm.Problem.damaged("its length is not whole words")) {
            try CrisisModel.load(compiled: good.dropLast(3), source: source)
        }
        #expect(throws: CompiledForm.Problem.notThisKind) { try CrisisModel.load(compiled: Data(), source: source) }
        var changed = text
        changed.append(contentsOf: Array("# one more comment\n".utf8))
        #expect(throws: CompiledForm.Problem.otherSource) {
            try CrisisModel.load(compiled: good, source: CompiledForm.digest(changed))
        }
    }

    @Test func aWholeFormThatDisagreesWithItselfIsRefused() throws {
        let (model, _, source) = try Self.shipped()
        // Written whole (the checksum agrees), but one feature is missing from the table.
        var table = model.table
        let slot = try #require(table.firstIndex { $0 != 0 })
        table[slot] = 0
        var w = CompiledForm.Writer()
        w.double(model.bias)
        w.double(model.crisisAt)
        w.double(model.askAt)
        w.uint64s(table)
        w.uint64s(model.keys)
        w.floats(model.weights)
        w.strings(model.names)
        w.strings([])
        let form = w.bytes(kind: CrisisModel.compiledKind, version: CrisisModel.compiledVersion, source: source,
                           probe: CrisisModel.keyProbe)
        #expect(throws: CompiledForm.Problem.damaged("its table misses a feature")) {
            try CrisisModel.load(compiled: form, source: source)
        }
    }

    @Test func theConceptRulesCompiledFormIsCheckedLikeTheModels() throws {
        let text = try catalogFileData(ConceptScanner.fileName)
        let source = CompiledForm.digest(text)
        let scanner = try ConceptScanner.decode(text)
        let good = scanner.compiled(source: source)
        let loaded = try ConceptScanner.load(compiled: good, source: source)
        #expect(loaded.classNames == scanner.classNames && loaded.classHashes == scanner.classHashes)
        #expect(loaded.scan("pills saved up to finally do it")?.rule == scanner.scan("pills saved up to finally do it")?.rule)
        #expect(loaded.scan("pills saved up to finally do it") != nil)
        for (offset, problem) in [(0, CompiledForm.Problem.notThisKind), (16, .otherSource), (24, .otherCode),
                                  (good.count / 3, .damaged("its checksum does not match"))] {
            var bad = good
            bad[offset] ^= 0x04
            #expect(throws: problem) { try ConceptScanner.load(compiled: bad, source: source) }
        }
        #expect(throws: CompiledForm.Problem.notThisKind, "a model's form is not the concept rules'") {
            let model = try CrisisModel.decode(try catalogFileData(CrisisModel.fileName))
            _ = try ConceptScanner.load(compiled: model.compiled(source: source), source: source)
        }
    }

    @Test func aConceptFormWhoseTablesPointPastTheirListsIsRefused() throws {
        // Whole and checksummed, written by the real writer, but with the matcher's tables changed:
        // the loader's own checks must refuse it (the matcher would stop on such an index).
        let text = try catalogFileData(ConceptScanner.fileName)
        let source = CompiledForm.digest(text)
        let scanner = try ConceptScanner.decode(text)
        let negators = Set(scanner.isNegator.indices.filter { scanner.isNegator[$0] }.map { Int32($0) })
        func form(_ change: (inout ConceptScanner.Derived) -> Void) -> Data {
            var d = scanner.tables
            change(&d)
            return ConceptScanner(words: scanner.table, classOf: scanner.classOf, rules: scanner.rules, negators: negators,
                                  fold: scanner.fold, bigNumberBit: scanner.bigNumberBit, yearBit: scanner.yearBit,
                                  classNames: scanner.classNames, derived: d).compiled(source: source)
        }
        #expect(throws: Never.self) { try ConceptScanner.load(compiled: form { _ in }, source: source) }
        #expect(throws: CompiledForm.Problem.damaged("a range past its list")) {
            try ConceptScanner.load(compiled: form { $0.runRange[0] = 0..<Int32($0.runWords.count + 1) }, source: source)
        }
        #expect(throws: CompiledForm.Problem.damaged("a run's word")) {
            try ConceptScanner.load(compiled: form { $0.runWords[0] = Int32.max }, source: source)
        }
        #expect(throws: CompiledForm.Problem.damaged("a rule's key")) {
            try ConceptScanner.load(compiled: form { $0.ruleOfNeed = [] }, source: source)
        }
        #expect(throws: CompiledForm.Problem.damaged("its start masks")) {
            try ConceptScanner.load(compiled: form { $0.startMasks.removeLast() }, source: source)
        }
    }

    @Test func anArrayLongerThanTheFileIsRefusedWithoutOverflow() throws {
        // Whole and checksummed, but its first array claims the largest count there is.
        var w = CompiledForm.Writer()
        w.double(-3)
        w.double(0.9)
        w.double(0.8)
        w.word(UInt64.max)
        let form = w.bytes(kind: CrisisModel.compiledKind, version: CrisisModel.compiledVersion, source: 7,
                           probe: CrisisModel.keyProbe)
        #expect(throws: CompiledForm.Problem.damaged("an array runs past the end")) {
            try CrisisModel.load(compiled: form, source: 7)
        }
        #expect(throws: CompiledForm.Problem.damaged("it is shorter than its header")) {
            try CrisisModel.load(compiled: form.prefix(16), source: 7)
        }
    }

    @Test func theDigestTellsTextsApart() {
        let a = Data("want to\t0.4127\n".utf8), b = Data("want to\t0.4128\n".utf8)
        #expect(CompiledForm.digest(a) == CompiledForm.digest(a))
        #expect(CompiledForm.digest(a) != CompiledForm.digest(b))
        #expect(CompiledForm.digest(Data()) != CompiledForm.digest(Data([0])))
    }

    @Test func thePhraseProgramsCompiledFormGivesTheSameProgramsAndRefusesUnsoundOnes() throws {
        let files = realCatalogFiles()
        let lexicon = try Catalog.decode(files: files).crisisLexicon
        let source = CompiledForm.digest(CompiledPrograms.sourceFiles.compactMap { files[$0] }.reduce(Data(), +))
        let good = lexicon.programs.compiled(source: source)
        let loaded = try CompiledPrograms.load(compiled: good, source: source)
        for (a, b) in [(lexicon.programA, loaded.a), (lexicon.programB, loaded.b)] {
            #expect(a.code.map(\.op) == b.code.map(\.op) && a.code.map(\.a) == b.code.map(\.a) && a.code.map(\.b) == b.code.map(\.b))
            #expect(a.setData == b.setData && a.setRanges == b.setRanges && a.dispatchKeys == b.dispatchKeys)
            #expect(a.dispatchTargets == b.dispatchTargets && a.entryPC == b.entryPC && a.firstBits == b.firstBits)
            #expect(a.entries.map(\.anchors) == b.entries.map(\.anchors) && a.entries.map(\.firstWords) == b.entries.map(\.firstWords))
            #expect(a.requiredData == b.requiredData && a.entryRequired == b.entryRequired)
        }
        #expect(lexicon.programA.code.count > 1_000)
        let vocabulary = lexicon.vocabulary.count
        #expect(loaded.fit(vocabularyCount: vocabulary, entriesA: lexicon.programA.entries.count, entriesB: lexicon.programB.entries.count))
        #expect(!loaded.fit(vocabularyCount: vocabulary + 1, entriesA: lexicon.programA.entries.count,
                            entriesB: lexicon.programB.entries.count))

        for (offset, problem) in [(0, CompiledForm.Problem.notThisKind), (16, .otherSource), (24, .otherCode),
                                  (good.count / 2, .damaged("its checksum does not match"))] {
            var bad = good
            bad[offset] ^= 0x08
            #expect(throws: problem) { try CompiledPrograms.load(compiled: bad, source: source) }
        }
        // Whole and checksummed, but pointing outside itself: the matcher reads the code through
        // unsafe buffers, so the loader must refuse these.
        func form(_ change: (inout CrisisProgram.Draft) -> Void) -> Data {
            var draft = lexicon.programA.draft
            change(&draft)
            var w = CompiledForm.Writer()
            draft.write(to: &w)
            lexicon.programB.draft.write(to: &w)
            return w.bytes(kind: CompiledPrograms.compiledKind, version: CompiledPrograms.compiledVersion, source: source,
                           probe: CompiledPrograms.probe)
        }
        #expect(throws: Never.self) { try CompiledPrograms.load(compiled: form { _ in }, source: source) }
        let draft = lexicon.programA.draft
        let jump = try #require(draft.code.firstIndex { $0.op == .jump })
        #expect(throws: CompiledForm.Problem.damaged("operation \(jump) points outside its program")) {
            try CompiledPrograms.load(compiled: form { $0.code[jump].a = Int32($0.code.count) }, source: source)
        }
        let word = try #require(draft.code.firstIndex { $0.op == .word })
        #expect(throws: CompiledForm.Problem.damaged("operation \(word) points outside its program")) {
            try CompiledPrograms.load(compiled: form { $0.code[word].a = Int32($0.setRanges.count) }, source: source)
        }
        #expect(throws: CompiledForm.Problem.damaged("entry 0")) {
            try CompiledPrograms.load(compiled: form { $0.entries[0].anchors = [Int32($0.vocabularyCount)] }, source: source)
        }
        #expect(throws: CompiledForm.Problem.damaged("entry 1")) {
            try CompiledPrograms.load(compiled: form { $0.entries[1].pc = -1 }, source: source)
        }
        #expect(throws: CompiledForm.Problem.damaged("a word set")) {
            try CompiledPrograms.load(compiled: form { $0.setRanges[0] = 0..<Int32($0.setData.count + 1) }, source: source)
        }
        #expect(throws: CompiledForm.Problem.damaged("a dispatch table")) {
            try CompiledPrograms.load(compiled: form { $0.dispatches[0].targets[0] = Int32($0.code.count) }, source: source)
        }
        #expect(throws: CompiledForm.Problem.damaged("its programs disagree on the vocabulary")) {
            try CompiledPrograms.load(compiled: form { $0.vocabularyCount += 1 }, source: source)
        }
        // An operation this code does not know (written by hand: the writer only knows real ones).
        var w = CompiledForm.Writer()
        w.word(10)
        w.bytes([200])
        w.array([Int32(0)])
        w.array([Int32(0)])
        for _ in 0..<2 { w.array([Int32]()) } // no word sets, no ranges
        w.word(0)
        let unknown = w.bytes(kind: CompiledPrograms.compiledKind, version: CompiledPrograms.compiledVersion, source: source,
                              probe: CompiledPrograms.probe)
        #expect(throws: CompiledForm.Problem.damaged("an unknown operation")) { try CompiledPrograms.load(compiled: unknown, source: source) }
    }
}
