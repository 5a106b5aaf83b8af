import Foundation

/// Reads the crisis catalog files, validates every entry and compiles the lexicon.
struct CrisisLexiconBuilder {
    /// A parsed pattern waiting to be compiled, with where it came from.
    struct Pending {
        var nodes: [CrisisPatternNode]
        var file: String
        var entry: String
        var field: String
        /// Class entries are checked but only ever compiled inline where the class is used.
        var compile = true
    }

    enum Layer { case a, b }

    var issues: [CatalogIssue] = []
    var vocabulary = CrisisVocabulary()
    var table = CrisisWordTable()
    var norm = CrisisNormalizationData()
    var pendingA: [Pending] = []
    var pendingB: [Pending] = []
    var classesA: [String: [[CrisisPatternNode]]] = [:]
    var classesB: [String: [[CrisisPatternNode]]] = [:]
    var classOriginA: [String: String] = [:]
    var classOriginB: [String: String] = [:]
    var commonWords: Set<Int32> = []
    /// Words the normaliser always rewrites, so a pattern spelling them can never match.
    var rewrittenWords: [String: String] = [:]
    /// Two-word sequences the normaliser always rewrites.
    var rewrittenPairs: [String: String] = [:]
    var flagWords: [(word: String, flag: UInt32)] = []

    // Layer A parts, filled by `readLayerA`.
    var rawRules: [RawRule] = []
    var rawIdioms: [(id: String, pattern: Int)] = []
    var rawFrames: [String: [Int]] = [:]
    var helpWhole: [[Int32]] = []
    var helpPhrases: [Int] = []
    var helpIgnore: Set<Int32> = []
    var idiomForbidden: Set<String> = []
    // Layer B parts.
    var rawB: RawLayerB?

    struct RawRule {
        var id: String
        var tier: CrisisTier
        var what: String
        var patterns: [Int]
        var frame: CrisisRule.Frame
        var negatable: Bool
        var tense: CrisisRule.Tense
        var topic: Bool
        var thirdPartyTier: CrisisTier
        var requires: [[Int]]
        var requireScope: CrisisRule.Scope
        var escalations: [(tier: CrisisTier, any: [Int], scope: CrisisRule.Scope)]
        var guards: [(after: [Int], before: [Int], previous: [Int], at: [Int], line: [Int], release: [Int], action: CrisisRule.Guard.Action)]
    }

    struct RawLayerB {
        var bias: Double
        var crisisAt: Double
        var concernAt: Double
        var features: [(id: String, label: String, weight: Double, patterns: [Int])]
        var interactions: [(all: [Int], weight: Double)]
        var immediateMinScore: Double
        var immediateAll: [Int]
        var immediateAny: [Int]
    }

    // MARK: - Build

    /// `programs`, when it gives a form made from these texts, stands in for compiling the patterns.
    mutating func build(files: [String: Data], programs: () -> CompiledPrograms? = { nil }) -> CrisisLexicon? {
        for name in files.keys.sorted() where !CrisisLexicon.fileNames.contains(name) {
            issues.append(CatalogIssue(file: name, "not a crisis lexicon file (expected one of \(CrisisLexicon.fileNames.joined(separator: ", ")))"))
        }
        readNormalisation(files[CrisisLexicon.normalisationFile])
        readLayerA(files[CrisisLexicon.layerAFile])
        readLayerB(files[CrisisLexicon.layerBFile])

        checkClasses(classesA, origin: classOriginA, file: CrisisLexicon.layerAFile)
        checkClasses(classesB, origin: classOriginB, file: CrisisLexicon.layerBFile)
        for p in pendingA { checkPattern(p, classes: classesA) }
        for p in pendingB { checkPattern(p, classes: classesB) }
        checkIdioms()

        internAll()
        finishTable()

        let programA: CrisisProgram, programB: CrisisProgram, entriesA: [Int], entriesB: [Int]
        if issues.isEmpty, let loaded = programs(),
           loaded.fit(vocabularyCount: vocabulary.count, entriesA: pendingA.filter(\.compile).count,
                      entriesB: pendingB.filter(\.compile).count) {
            (programA, entriesA, programB, entriesB) = (loaded.a, Self.entryIndices(pendingA), loaded.b, Self.entryIndices(pendingB))
        } else {
            (programA, entriesA) = compile(pendingA, classes: classesA)
            (programB, entriesB) = compile(pendingB, classes: classesB)
        }
        guard issues.isEmpty else { return nil }

        let rules = rawRules.map { r in
            CrisisRule(
                id: r.id, tier: r.tier, what: r.what,
                patterns: r.patterns.map { entriesA[$0] },
                frame: r.frame, negatable: r.negatable, tense: r.tense, topic: r.topic, thirdPartyTier: r.thirdPartyTier,
                requires: r.requires.map { $0.map { entriesA[$0] } }, requireScope: r.requireScope,
                escalations: r.escalations.map { CrisisRule.Escalation(tier: $0.tier, any: $0.any.map { entriesA[$0] }, scope: $0.scope) },
                guards: r.guards.map { g in
                    CrisisRule.Guard(after: g.after.map { entriesA[$0] }, before: g.before.map { entriesA[$0] },
                                     previous: g.previous.map { entriesA[$0] }, at: g.at.map { entriesA[$0] }, line: g.line.map { entriesA[$0] },
                                     release: g.release.map { entriesA[$0] }, action: g.action)
                })
        }
        func frame(_ name: String) -> [Int] { (rawFrames[name] ?? []).map { entriesA[$0] } }
        let frames = CrisisFrames(negatorPhrases: frame("negatorPhrases"), pseudoNegations: frame("pseudoNegations"),
                                  media: frame("media"), remotePast: frame("remotePast"),
                                  recentTime: frame("recentTime"), pastMarkers: frame("pastMarkers"),
                                  reportedQuestions: frame("reportedQuestions"), theyDied: frame("theyDied"),
                                  settledNow: frame("settledNow"), settledPast: frame("settledPast"),
                                  stillNow: frame("stillNow"))
        guard let b = rawB else { return nil }
        let model = CrisisLayerBModel(
            bias: b.bias, crisisAt: b.crisisAt, concernAt: b.concernAt,
            features: b.features.map { .init(id: $0.id, label: $0.label, weight: $0.weight, entries: $0.patterns.map { entriesB[$0] }) },
            interactions: b.interactions.map { .init(all: $0.all, weight: $0.weight) },
            immediateMinScore: b.immediateMinScore, immediateAll: b.immediateAll, immediateAny: b.immediateAny)
        return CrisisLexicon(
            vocabulary: vocabulary, table: table, normalization: norm, programA: programA, programB: programB,
            rules: rules, idioms: rawIdioms.map { CrisisIdiom(id: $0.id, entry: entriesA[$0.pattern]) },
            frames: frames, helpWhole: helpWhole, helpIgnore: helpIgnore, helpPhrases: helpPhrases.map { entriesA[$0] }, layerB: model)
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

    /// Parses a pattern and queues it; returns its handle.
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
            let p = Pending(nodes: nodes, file: reader.file, entry: entry, field: field, compile: compile)
            switch layer {
            case .a:
                pendingA.append(p)
                return pendingA.count - 1
            case .b:
                pendingB.append(p)
                return pendingB.count - 1
            }
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
            var alts: [[CrisisPatternNode]] = []
            for h in handles { alts.append(layer == .a ? pendingA[h].nodes : pendingB[h].nodes) }
            // Class entries are checked with the pattern checks but compiled only inline.
            switch layer {
            case .a:
                if classesA[name] != nil { reader.issue(named, "duplicate class name '\(name)'") }
                classesA[name] = alts
                classOriginA[name] = named
            case .b:
                if classesB[name] != nil { reader.issue(named, "duplicate class name '\(name)'") }
                classesB[name] = alts
                classOriginB[name] = named
            }
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
        for (id, handle) in rawIdioms {
            let p = pendingA[handle]
            let words = Set(expandWords(p.nodes, classes: classesA))
            for w in words.intersection(idiomForbidden).sorted() {
                issues.append(CatalogIssue(file: p.file, entry: p.entry, "idiom '\(id)' must not contain '\(w)': idioms never hide a first-person statement"))
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
        for p in pendingA + pendingB {
            for w in p.nodes.flatMap(\.words) { vocabulary.intern(w) }
        }
        table.grow(to: vocabulary.count)
    }

    mutating func finishTable() {
        for (word, flag) in flagWords {
            table.add(flag, to: vocabulary.intern(word))
        }
        table.grow(to: vocabulary.count)
    }

    /// The entry each pattern compiles to when every one compiles (-1 for those that are not compiled
    /// on their own): what `compile` gives for patterns with no problem.
    static func entryIndices(_ pending: [Pending]) -> [Int] {
        var next = 0
        return pending.map { p in
            guard p.compile else { return -1 }
            defer { next += 1 }
            return next
        }
    }

    mutating func compile(_ pending: [Pending], classes: [String: [[CrisisPatternNode]]]) -> (CrisisProgram, [Int]) {
        var builder = CrisisProgramBuilder(classes: classes, vocabulary: vocabulary, commonWords: commonWords)
        var entries: [Int] = []
        for p in pending {
            guard p.compile else {
                entries.append(-1)
                continue
            }
            if let e = builder.add(p.nodes) {
                entries.append(e)
            } else {
                issues.append(CatalogIssue(file: p.file, entry: p.entry, "\(p.field): pattern has no word it must contain, so it cannot be anchored"))
                entries.append(0)
            }
        }
        return (builder.program, entries)
    }
}
