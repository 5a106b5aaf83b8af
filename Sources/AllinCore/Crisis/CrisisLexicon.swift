import Foundation

/// Phrase lists and lexicons for layers A and B, decoded from catalog files.
public struct CrisisLexicon: Sendable {
    /// Catalog-relative paths this lexicon is read from.
    public static let fileNames: [String] = [normalisationFile, layerAFile, layerBFile, ConceptScanner.fileName, CrisisModel.fileName]

    public static let normalisationFile = "crisis/normalisation.json"
    static let layerAFile = "crisis/layer-a.json"
    static let layerBFile = "crisis/layer-b.json"

    let vocabulary: CrisisVocabulary
    let table: CrisisWordTable
    let normalization: CrisisNormalizationData
    let programA: CrisisProgram
    let programB: CrisisProgram
    let rules: [CrisisRule]
    /// Rule index of each layer-A pattern entry that belongs to a rule's `patterns`.
    let ruleOfEntry: [Int: Int]
    let ruleIndex: CrisisAnchorIndex
    let idioms: [CrisisIdiom]
    let idiomIndex: CrisisAnchorIndex
    let frames: CrisisFrames
    let helpWhole: [[Int32]]
    let helpIgnore: Set<Int32>
    let helpPhrases: [Int]
    let helpIndex: CrisisAnchorIndex
    let layerB: CrisisLayerBModel
    let layerBIndex: CrisisAnchorIndex
    /// Feature index of each layer-B pattern entry, or -1.
    let featureOfEntry: [Int32]

    /// Decodes and validates; `files` maps each of `fileNames` to its bytes. Throws `CatalogProblems`
    /// listing every problem, each naming the file and the entry.
    /// Parts given in `compiled` were already loaded from their compiled forms (made from the texts in
    /// `files`); their texts are not decoded again.
    public static func decode(files: [String: Data], compiled: CompiledParts = CompiledParts()) throws -> CrisisLexicon {
        try decode(files: files, compiled: compiled, alongside: {}).lexicon.get()
    }

    /// The same, with `alongside` (other loading: the catalog's affect lexicon) run beside it. Four
    /// parts decode independently, two at a time on two cores, each next part on the core that frees
    /// first. With every compiled form at hand (`compiled.cached`): `alongside` and layers A and B
    /// first (the two longest then, about 18 and 20 ms), then the model and the concept rules (about
    /// 9 and 5 ms), so the cores finish close together; `classify hello` took 56-61 ms with layers A
    /// and B on one core and the rest one after another on the other, about 50 ms this way
    /// (fourteenth session, release build, this machine). Without them (a first run, when every
    /// part is decoded from its text and the forms are then written): layers A and B and the
    /// concept rules first, then the model and after it `alongside` on one core, the order that
    /// keeps a whole check-in's first run lowest in memory (77 MB; with `alongside` beside the
    /// model, 80-81 MB, over the 80 MB target).
    static func decode<T: Sendable>(files: [String: Data], compiled: CompiledParts,
                                    alongside: @escaping @Sendable () -> T) -> (lexicon: Result<CrisisLexicon, any Error>, alongside: T) {
        /// A file decoded on its own (the rules' words and the model are separate from layers A and B).
        @Sendable func part<U>(_ name: String, _ empty: U, _ decode: (Data) throws -> U) -> (U, [CatalogIssue]) {
            guard let data = files[name] else { return (empty, [CatalogIssue(file: name, "file is missing")]) }
            do { return (try decode(data), []) } catch let problems as CatalogProblems {
                return (empty, problems.issues)
            } catch {
                return (empty, [CatalogIssue(file: name, "\(error)")])
            }
        }
        let layersAB: @Sendable () -> (CrisisLexicon?, [CatalogIssue]) = {
            var builder = CrisisLexiconBuilder()
            let lexicon = builder.build(files: files.filter { $0.key != ConceptScanner.fileName && $0.key != CrisisModel.fileName },
                                        programs: compiled.programs)
            return (lexicon, builder.issues)
        }
        let loadModel: @Sendable () -> (CrisisModel, [CatalogIssue]) = {
            part(CrisisModel.fileName, CrisisModel.empty) { try compiled.model() ?? CrisisModel.decode($0) }
        }
        let loadConcepts: @Sendable () -> (ConceptScanner, [CatalogIssue]) = {
            // The rules read misspellings through layer A's spelling tables.
            let spellings = files[normalisationFile]
            return part(ConceptScanner.fileName, ConceptScanner.empty) {
                try (compiled.concepts() ?? ConceptScanner.decode($0)).withSpellings(normalisation: spellings)
            }
        }
        let (other, (lexicon, built), (model, modelIssues), (concepts, conceptIssues)): (T, (CrisisLexicon?, [CatalogIssue]),
                                                                                        (CrisisModel, [CatalogIssue]),
                                                                                        (ConceptScanner, [CatalogIssue]))
        if compiled.cached {
            (other, (lexicon, built), (model, modelIssues), (concepts, conceptIssues)) =
                Concurrently.run(alongside, layersAB, loadModel, loadConcepts)
        } else {
            ((lexicon, built), (concepts, conceptIssues), ((model, modelIssues), other)) =
                Concurrently.run(layersAB, loadConcepts, { (loadModel(), alongside()) })
        }
        var issues = built + conceptIssues + modelIssues
        issues += unknownClasses(model, concepts)
        guard issues.isEmpty, var lexicon else {
            let problems = CatalogProblems(issues.isEmpty ? [CatalogIssue(file: layerAFile, "lexicon could not be built")] : issues)
            return (.failure(problems), other)
        }
        lexicon.concepts = concepts
        lexicon.model = model
        return (.success(lexicon), other)
    }

    /// The model's features that name a class the concept file does not define (they could never count).
    static func unknownClasses(_ model: CrisisModel, _ concepts: ConceptScanner) -> [CatalogIssue] {
        guard !concepts.classNames.isEmpty else { return [] }
        let known = Set(concepts.classNames)
        var issues: [CatalogIssue] = []
        // A class is named in capitals, which few features hold (654 of 153,428): the packed bytes
        // are scanned for a capital and only the features holding one are read. Taking each feature
        // in turn cost every start about 2 ms after both parts were loaded.
        let bytes = model.names.bytes, ends = model.names.ends
        var i = 0, from = 0
        while from < bytes.count, let capital = bytes[from...].firstIndex(where: { $0 >= 0x41 && $0 <= 0x5A }) {
            while i < ends.count && Int(ends[i]) <= capital { i += 1 }
            guard i < ends.count else { break }
            let name = model.names[i]
            for c in CrisisModel.classes(in: name) where !known.contains(String(c)) {
                issues.append(CatalogIssue(file: CrisisModel.fileName, entry: "feature '\(name)'",
                                           "names class '\(c)', which \(ConceptScanner.fileName) does not define"))
            }
            from = Int(ends[i])
            i += 1
        }
        return issues
    }

    /// This lexicon with another trained model (`allin-dev model cv` measures models trained on part of
    /// the labelled lines this way). Throws when the model names a class the concept file lacks.
    public func replacingModel(_ model: CrisisModel) throws -> CrisisLexicon {
        let issues = Self.unknownClasses(model, concepts)
        guard issues.isEmpty else { throw CatalogProblems(issues) }
        var copy = self
        copy.model = model
        return copy
    }

    /// Layer B's concept rules (crisis/concepts.json), checked beside the weighted score.
    var concepts = ConceptScanner.empty
    /// Layer B's trained model (crisis/model.tsv), scored over the concept scanner's words.
    public internal(set) var model = CrisisModel.empty

    /// The concept scanner, whose words the model is trained on (`allin-dev model train`).
    public var conceptScanner: ConceptScanner { concepts }

    init(vocabulary: CrisisVocabulary, table: CrisisWordTable, normalization: CrisisNormalizationData,
         programA: CrisisProgram, programB: CrisisProgram, rules: [CrisisRule], idioms: [CrisisIdiom],
         frames: CrisisFrames, helpWhole: [[Int32]], helpIgnore: Set<Int32>, helpPhrases: [Int], layerB: CrisisLayerBModel) {
        self.vocabulary = vocabulary
        self.table = table
        self.normalization = normalization
        self.programA = programA
        self.programB = programB
        self.rules = rules
        var ruleOfEntry: [Int: Int] = [:]
        for (i, rule) in rules.enumerated() {
            for e in rule.patterns { ruleOfEntry[e] = i }
        }
        self.ruleOfEntry = ruleOfEntry
        self.ruleIndex = CrisisAnchorIndex(program: programA, entries: rules.flatMap(\.patterns), vocabularyCount: vocabulary.count)
        self.idioms = idioms
        self.idiomIndex = CrisisAnchorIndex(program: programA, entries: idioms.map(\.entry), vocabularyCount: vocabulary.count)
        self.frames = frames
        self.helpWhole = helpWhole
        self.helpIgnore = helpIgnore
        self.helpPhrases = helpPhrases
        self.helpIndex = CrisisAnchorIndex(program: programA, entries: helpPhrases, vocabularyCount: vocabulary.count)
        self.layerB = layerB
        var featureOfEntry = [Int32](repeating: -1, count: programB.entries.count)
        for (i, f) in layerB.features.enumerated() {
            for e in f.entries where e >= 0 && e < featureOfEntry.count { featureOfEntry[e] = Int32(i) }
        }
        self.featureOfEntry = featureOfEntry
        self.layerBIndex = CrisisAnchorIndex(program: programB, entries: layerB.features.flatMap(\.entries), vocabularyCount: vocabulary.count)
    }

    /// Layers A and B's phrase programs, for their compiled form.
    public var programs: CompiledPrograms { CompiledPrograms(a: programA, b: programB) }

    var normalizer: CrisisNormalizer {
        CrisisNormalizer(vocabulary: vocabulary, table: table, data: normalization)
    }
}
