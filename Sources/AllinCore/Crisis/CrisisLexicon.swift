import Foundation

/// Phrase lists and lexicons for layers A and B, decoded from catalog files.
public struct CrisisLexicon: Sendable {
    /// Catalog-relative paths this lexicon is read from.
    public static let fileNames: [String] = [normalisationFile, layerAFile, layerBFile, ConceptScanner.fileName, CrisisModel.fileName]

    static let normalisationFile = "crisis/normalisation.json"
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

    /// The same, with `alongside` (other loading: the catalog's affect lexicon) run right after the
    /// model on the same core. Layers A and B, the concept rules and the model decode independently,
    /// on two cores at once: layers A and B (the slowest part) on one, the concept rules, the model
    /// and then `alongside` on the other; so start-up waits for the busier core, not for every part
    /// in turn. `classify hello` took 0.08-0.09 s with the affect lexicon decoded after the crisis
    /// parts, about 0.07 s this way (thirteenth session, release build, this machine). One after
    /// another on the second core, not in whichever order a core frees (about 5 ms faster): on a
    /// first run the concept rules and the model decode from their texts, and two of those at once
    /// took a whole check-in's peak memory to 80-82 MB (77 this way; the target is 80).
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
        let ((lexicon, built), (concepts, conceptIssues), ((model, modelIssues), other)) = Concurrently.run(
            {
                var builder = CrisisLexiconBuilder()
                let lexicon = builder.build(files: files.filter { $0.key != ConceptScanner.fileName && $0.key != CrisisModel.fileName })
                return (lexicon, builder.issues)
            },
            { part(ConceptScanner.fileName, ConceptScanner.empty) { try compiled.concepts() ?? ConceptScanner.decode($0) } },
            { (part(CrisisModel.fileName, CrisisModel.empty) { try compiled.model() ?? CrisisModel.decode($0) }, alongside()) })
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

    var normalizer: CrisisNormalizer {
        CrisisNormalizer(vocabulary: vocabulary, table: table, data: normalization)
    }
}
