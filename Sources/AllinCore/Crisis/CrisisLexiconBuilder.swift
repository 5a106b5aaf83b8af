import Foundation

/// Reads the crisis catalog files, validates every entry and compiles the lexicon.
///
/// A pattern's handle is its entry in its layer's program: patterns compile in the order they are
/// read, so the rules, frames and features read hold their final entries from the start.
struct CrisisLexiconBuilder {
    /// A parsed pattern waiting to be compiled, with where it came from.
    struct Pending {
        var nodes: [CrisisPatternNode]
        var file: String
        var entry: String
        var field: String
    }

    enum Layer: Int { case a, b }

    /// One layer's patterns as read: those compiled on their own (`pending[e]` becomes entry `e`), and
    /// its classes, whose entries are checked like patterns but compiled only inline where a class
    /// is used.
    struct LayerPatterns {
        var pending: [Pending] = []
        var classPatterns: [Pending] = []
        var classes: [String: [[CrisisPatternNode]]] = [:]
        var classOrigin: [String: String] = [:]
    }

    var issues: [CatalogIssue] = []
    var vocabulary = CrisisVocabulary()
    var table = CrisisWordTable()
    var norm = CrisisNormalizationData()
    /// Layers A and B's patterns, by `Layer.rawValue`.
    var layers = [LayerPatterns(), LayerPatterns()]
    var commonWords: Set<Int32> = []
    /// Words the normaliser always rewrites, so a pattern spelling them can never match.
    var rewrittenWords: [String: String] = [:]
    /// Two-word sequences the normaliser always rewrites.
    var rewrittenPairs: [String: String] = [:]
    var flagWords: [(word: String, flag: UInt32)] = []

    // Layer A parts, filled by `readLayerA`.
    var rules: [CrisisRule] = []
    var idioms: [CrisisIdiom] = []
    var frames = CrisisFrames()
    var helpWhole: [[Int32]] = []
    var helpPhrases: [Int] = []
    var helpIgnore: Set<Int32> = []
    var idiomForbidden: Set<String> = []
    // Layer B, filled by `readLayerB`.
    var layerB: CrisisLayerBModel?

    // MARK: - Build

    /// `programs`, when it gives a form made from these texts, stands in for compiling the patterns.
    mutating func build(files: [String: Data], programs: () -> CompiledPrograms? = { nil }) -> CrisisLexicon? {
        for name in files.keys.sorted() where !CrisisLexicon.fileNames.contains(name) {
            issues.append(CatalogIssue(file: name, "not a crisis lexicon file (expected one of \(CrisisLexicon.fileNames.joined(separator: ", ")))"))
        }
        readNormalisation(files[CrisisLexicon.normalisationFile])
        readLayerA(files[CrisisLexicon.layerAFile])
        readLayerB(files[CrisisLexicon.layerBFile])

        checkClasses(layers[0].classes, origin: layers[0].classOrigin, file: CrisisLexicon.layerAFile)
        checkClasses(layers[1].classes, origin: layers[1].classOrigin, file: CrisisLexicon.layerBFile)
        for layer in layers {
            for p in layer.classPatterns + layer.pending { checkPattern(p, classes: layer.classes) }
        }
        checkIdioms()

        internAll()
        finishTable()

        let programA: CrisisProgram, programB: CrisisProgram
        if issues.isEmpty, let loaded = programs(),
           loaded.fit(vocabularyCount: vocabulary.count, entriesA: layers[0].pending.count, entriesB: layers[1].pending.count) {
            (programA, programB) = (loaded.a, loaded.b)
        } else {
            programA = compile(layers[0])
            programB = compile(layers[1])
        }
        guard issues.isEmpty, let layerB else { return nil }
        return CrisisLexicon(
            vocabulary: vocabulary, table: table, normalization: norm, programA: programA, programB: programB,
            rules: rules, idioms: idioms, frames: frames, helpWhole: helpWhole, helpIgnore: helpIgnore,
            helpPhrases: helpPhrases, layerB: layerB)
    }

    // MARK: - Shared helpers

    /// Items of a list field, each named `field #i`.
    mutating func items(_ reader: inout CrisisJSONReader, _ root: [String: JSONValue], _ field: String, required: Bool = true) -> [(entry: String, value: JSONValue)] {
        guard let list = reader.array(root[field], nil, field, required: required) else { return [] }
        if required && list.isEmpty { reader.issue(nil, "\(field) is empty") }
        return list.enumerated().map { ("\(field) #\($0.offset)", $0.element) }
    }

    static func isWord(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) }
    }

    /// Splits a plain phrase ("i am") into checked words.
    mutating func phrase(_ reader: inout CrisisJSONReader, _ text: String, _ entry: String, _ field: String, allowEmpty: Bool = false) -> [String]? {
        let words = text.split(separator: " ").map(String.init)
        if words.isEmpty && !allowEmpty {
            reader.issue(entry, "\(field) is empty")
            return nil
        }
        for w in words where !Self.isWord(w) {
            reader.issue(entry, "\(field): word '\(w)' must be lowercase letters or digits")
            return nil
        }
        return words
    }

    /// Parses a pattern and queues it; returns its entry (for a class's pattern, its place in
    /// `classPatterns`).
    mutating func pattern(_ reader: inout CrisisJSONReader, _ value: JSONValue?, _ entry: String, _ field: String, layer: Layer, compile: Bool = true) -> Int? {
        guard let text = reader.string(value, entry, field, allowEmpty: true) else { return nil }
        if text.allSatisfy(\.isWhitespace) {
            reader.issue(entry, "\(field) is empty")
            return nil
        }
        switch CrisisPatternParser.parse(text) {
        case .failure(let error):
            reader.issue(entry, "\(field): \(error.message)")
            return nil
        case .success(let nodes):
            let p = Pending(nodes: nodes, file: reader.file, entry: entry, field: field)
            if compile {
                layers[layer.rawValue].pending.append(p)
                return layers[layer.rawValue].pending.count - 1
            }
            layers[layer.rawValue].classPatterns.append(p)
            return layers[layer.rawValue].classPatterns.count - 1
        }
    }

    /// A list of patterns; `required` lists must not be empty.
    mutating func patterns(_ reader: inout CrisisJSONReader, _ value: JSONValue?, _ entry: String, _ field: String, layer: Layer, required: Bool = true, compile: Bool = true) -> [Int] {
        guard let list = reader.array(value, entry, field, required: required) else { return [] }
        if required && list.isEmpty { reader.issue(entry, "\(field) is empty") }
        var out: [Int] = []
        var seen: Set<String> = []
        for (i, item) in list.enumerated() {
            if case let .string(s) = item {
                if !seen.insert(s).inserted { reader.issue(entry, "\(field) #\(i): duplicate pattern '\(s)'") }
            }
            if let h = pattern(&reader, item, entry, "\(field) #\(i)", layer: layer, compile: compile) { out.append(h) }
        }
        return out
    }

    /// Reads `classes`: [{name, entries}] into a class table.
    mutating func readClasses(_ reader: inout CrisisJSONReader, _ root: [String: JSONValue], layer: Layer) {
        for (entry, value) in items(&reader, root, "classes", required: layer == .a) {
            guard let obj = reader.object(value, entry, "class") else { continue }
            reader.checkKeys(obj, ["name", "entries", "note"], entry)
            guard let name = reader.string(obj["name"], entry, "name") else { continue }
            let named = "\(entry) (\(name))"
            guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                reader.issue(named, "class name must be letters and digits")
                continue
            }
            let handles = patterns(&reader, obj["entries"], named, "entries", layer: layer, compile: false)
            // Class entries are checked with the pattern checks but compiled only inline.
            if layers[layer.rawValue].classes[name] != nil { reader.issue(named, "duplicate class name '\(name)'") }
            layers[layer.rawValue].classes[name] = handles.map { layers[layer.rawValue].classPatterns[$0].nodes }
            layers[layer.rawValue].classOrigin[name] = named
        }
    }

    static func tier(_ s: String) -> CrisisTier? {
        switch s {
        case "none", "T0": return CrisisTier.none
        case "concern", "T1": return .concern
        case "crisis", "T2": return .crisis
        case "immediate", "T3": return .immediate
        default: return nil
        }
    }

    // MARK: - Checks

    /// Unknown class references and cycles.
    mutating func checkClasses(_ classes: [String: [[CrisisPatternNode]]], origin: [String: String], file: String) {
        var state: [String: Int] = [:] // 1 visiting, 2 done
        func visit(_ name: String, _ path: [String], _ issues: inout [CatalogIssue]) {
            if state[name] == 2 { return }
            if state[name] == 1 {
                issues.append(CatalogIssue(file: file, entry: origin[name], "class cycle: \((path + [name]).joined(separator: " → "))"))
                return
            }
            state[name] = 1
            for alt in classes[name] ?? [] {
                for ref in alt.flatMap(\.classRefs) where classes[ref] != nil { visit(ref, path + [name], &issues) }
            }
            state[name] = 2
        }
        for name in classes.keys.sorted() { visit(name, [], &issues) }
    }

    mutating func checkPattern(_ p: Pending, classes: [String: [[CrisisPatternNode]]]) {
        for ref in p.nodes.flatMap(\.classRefs) where classes[ref] == nil {
            issues.append(CatalogIssue(file: p.file, entry: p.entry, "\(p.field): unknown class '@\(ref)'"))
        }
        checkNodes(p.nodes, p, classes: classes)
    }

    private mutating func checkNodes(_ seq: [CrisisPatternNode], _ p: Pending, classes: [String: [[CrisisPatternNode]]]) {
        for (i, node) in seq.enumerated() {
            switch node {
            case .word(let w):
                if let target = rewrittenWords[w] {
                    issues.append(CatalogIssue(file: p.file, entry: p.entry, "\(p.field): word '\(w)' never reaches the matcher; the normaliser rewrites it to '\(target)'"))
                }
                if i + 1 < seq.count, case .word(let next) = seq[i + 1], let target = rewrittenPairs["\(w) \(next)"] {
                    issues.append(CatalogIssue(file: p.file, entry: p.entry, "\(p.field): '\(w) \(next)' never reaches the matcher; the normaliser rewrites it to '\(target)'"))
                }
            case .group(let alts):
                for alt in alts { checkNodes(alt, p, classes: classes) }
            case .optional(let inner):
                checkNodes([inner], p, classes: classes)
            case .not(let inner):
                if !isSingleToken(inner, classes: classes) {
                    issues.append(CatalogIssue(file: p.file, entry: p.entry, "\(p.field): '!' needs single words only"))
                }
            default:
                break
            }
        }
    }

    private func isSingleToken(_ node: CrisisPatternNode, classes: [String: [[CrisisPatternNode]]]) -> Bool {
        switch node {
        case .word: return true
        case .classRef(let name):
            return (classes[name] ?? []).allSatisfy { $0.count == 1 && isSingleToken($0[0], classes: classes) }
        case .group(let alts):
            return alts.allSatisfy { $0.count == 1 && isSingleToken($0[0], classes: classes) }
        default: return false
        }
    }

    /// Idioms never whitelist a first-person self-object ("kill myself lol" must still fire).
    mutating func checkIdioms() {
        for idiom in idioms {
            let p = layers[0].pending[idiom.entry]
            let words = Set(expandWords(p.nodes, classes: layers[0].classes))
            for w in words.intersection(idiomForbidden).sorted() {
                issues.append(CatalogIssue(file: p.file, entry: p.entry, "idiom '\(idiom.id)' must not contain '\(w)': idioms never hide a first-person statement"))
            }
        }
    }

    func expandWords(_ nodes: [CrisisPatternNode], classes: [String: [[CrisisPatternNode]]], depth: Int = 0) -> [String] {
        guard depth < 16 else { return [] }
        var out = nodes.flatMap(\.words)
        for ref in nodes.flatMap(\.classRefs) {
            for alt in classes[ref] ?? [] { out += expandWords(alt, classes: classes, depth: depth + 1) }
        }
        return out
    }

    // MARK: - Vocabulary and compile

    mutating func internAll() {
        for layer in layers {
            for p in layer.classPatterns + layer.pending {
                for w in p.nodes.flatMap(\.words) { vocabulary.intern(w) }
            }
        }
        table.grow(to: vocabulary.count)
    }

    mutating func finishTable() {
        for (word, flag) in flagWords {
            table.add(flag, to: vocabulary.intern(word))
        }
        table.grow(to: vocabulary.count)
    }

    /// The layer's program: entry `e` is `layer.pending[e]`.
    mutating func compile(_ layer: LayerPatterns) -> CrisisProgram {
        var builder = CrisisProgramBuilder(classes: layer.classes, vocabulary: vocabulary, commonWords: commonWords)
        for p in layer.pending where builder.add(p.nodes) == nil {
            issues.append(CatalogIssue(file: p.file, entry: p.entry, "\(p.field): pattern has no word it must contain, so it cannot be anchored"))
        }
        return builder.program
    }
}
