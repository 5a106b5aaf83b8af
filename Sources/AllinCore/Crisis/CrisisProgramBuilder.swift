/// Compiles parsed patterns into a `CrisisProgram`.
///
/// Classes are inlined; a group with many alternatives becomes a dispatch on its first token so a
/// class of fifty phrases costs one dictionary lookup, not fifty attempts.
struct CrisisProgramBuilder {
    private var compiled = CrisisProgram.Draft()
    /// The finished program.
    var program: CrisisProgram {
        var draft = compiled
        draft.vocabularyCount = vocabulary.count
        return CrisisProgram(draft: draft)
    }
    let classes: [String: [[CrisisPatternNode]]]
    let vocabulary: CrisisVocabulary
    /// Words so frequent in ordinary text that they make poor anchors.
    let commonWords: Set<Int32>
    private var anchorCache: [String: [Int32]?] = [:]
    private var firstCache: [String: [Int32]?] = [:]
    private var lengthCache: [String: Int] = [:]
    private var setCache: [[Int32]: Int32] = [:]

    init(classes: [String: [[CrisisPatternNode]]], vocabulary: CrisisVocabulary, commonWords: Set<Int32>) {
        self.classes = classes
        self.vocabulary = vocabulary
        self.commonWords = commonWords
    }

    /// Compiles one pattern; returns its entry index, or nil when it has no word to anchor on.
    mutating func add(_ seq: [CrisisPatternNode]) -> Int? {
        // Each node's anchors, worked out once: they choose the entry's anchor and its other required words.
        let nodeAnchors = seq.map { anchors(of: $0) }
        guard var anchors = cheapest(nodeAnchors) else { return nil }
        let first = firstWords(seq).map(Self.uniqueSorted)
        // Anchoring on the first word lets a match be tried only where it can start; worth a somewhat
        // more frequent anchor.
        var anchorIsFirst = false
        if let first, !first.isEmpty, cost(first) <= Swift.max(cost(anchors) * 4, 12) {
            anchors = first
            anchorIsFirst = true
        }
        // Other words a match needs besides its anchor: checked against the line's words before running.
        var required: [[Int32]] = []
        for req in nodeAnchors {
            guard let req else { continue }
            let set = Self.uniqueSorted(req)
            if set == anchors || set.count > 24 || set.contains(CrisisProgram.numberAnchor) { continue }
            required.append(set)
        }
        required.sort { cost($0) < cost($1) }
        compiled.required.append(Array(required.prefix(4)))
        let pc = Int32(compiled.code.count)
        compile(seq)
        emit(.match)
        let usesNumber = anchors.contains(CrisisProgram.numberAnchor)
        compiled.entries.append(CrisisProgram.Entry(pc: pc, anchors: anchors, maxLength: length(ofSequence: seq) + 4,
                                                   usesNumber: usesNumber, firstWords: first, anchorIsFirst: anchorIsFirst))
        return compiled.entries.count - 1
    }

    // MARK: - Emission

    @discardableResult
    private mutating func emit(_ op: CrisisProgram.Op, _ a: Int32 = 0, _ b: Int32 = 0) -> Int {
        compiled.code.append(CrisisProgram.Instr(op: op, a: a, b: b))
        return compiled.code.count - 1
    }

    private var here: Int32 { Int32(compiled.code.count) }

    private func id(_ word: String) -> Int32 { vocabulary.id(of: word) ?? -1 }

    private mutating func set(_ ids: [Int32]) -> Int32 {
        let sorted = Self.uniqueSorted(ids)
        if let existing = setCache[sorted] { return existing }
        let start = Int32(compiled.setData.count)
        compiled.setData.append(contentsOf: sorted)
        compiled.setRanges.append(start..<Int32(compiled.setData.count))
        let index = Int32(compiled.setRanges.count - 1)
        setCache[sorted] = index
        return index
    }

    private mutating func compile(_ seq: [CrisisPatternNode]) {
        for node in seq { compile(node) }
    }

    private mutating func compile(_ node: CrisisPatternNode) {
        switch node {
        case .word(let w):
            emit(.word1, id(w))
        case .classRef(let name):
            compileAlternatives(classes[name] ?? [])
        case .group(let alternatives):
            compileAlternatives(alternatives)
        case .optional(let inner):
            let split = emit(.split)
            compiled.code[split].a = here
            compile(inner)
            compiled.code[split].b = here
        case .not(let inner):
            emit(.notWord, set(singleWords(inner)))
        case .gap(let k):
            var splits: [Int] = []
            for _ in 0..<k {
                splits.append(emit(.split))
                compiled.code[splits.last!].b = here
                emit(.gapToken)
            }
            for s in splits { compiled.code[s].a = here }
        case .any:
            emit(.any)
        case .clauseEnd:
            emit(.clauseEnd)
        case .clauseStart:
            emit(.clauseStart)
        case .number(let min):
            emit(.number, Int32(min))
        }
    }

    private mutating func emitWords(_ words: [Int32]) {
        let unique = Self.uniqueSorted(words)
        if unique.count == 1 { emit(.word1, unique[0]) } else { emit(.word, set(unique)) }
    }

    private mutating func compileAlternatives(_ alternatives: [[CrisisPatternNode]]) {
        var words: [Int32] = []
        var others: [[CrisisPatternNode]] = []
        for alt in alternatives {
            if alt.count == 1, case .word(let w) = alt[0] { words.append(id(w)) } else { others.append(alt) }
        }
        var alts: [(code: [CrisisPatternNode]?, words: [Int32])] = []
        if !words.isEmpty { alts.append((nil, words)) }
        for alt in others { alts.append((alt, [])) }
        if alts.count == 1 {
            if let code = alts[0].code { compile(code) } else { emitWords(words) }
            return
        }
        var jumps: [Int] = []
        if alts.count >= 4 {
            let dispatchIndex = Int32(compiled.dispatches.count)
            compiled.dispatches.append(CrisisProgram.Dispatch(table: [:], always: []))
            emit(.dispatch, dispatchIndex)
            var table: [Int32: [Int32]] = [:]
            var always: [Int32] = []
            for alt in alts {
                let start = here
                if let code = alt.code {
                    if let first = firstWords(code) {
                        for w in Self.uniqueSorted(first) { table[w, default: []].append(start) }
                    } else {
                        always.append(start)
                    }
                    compile(code)
                } else {
                    for w in Self.uniqueSorted(alt.words) { table[w, default: []].append(start) }
                    emitWords(alt.words)
                }
                jumps.append(emit(.jump))
            }
            compiled.dispatches[Int(dispatchIndex)] = CrisisProgram.Dispatch(table: table, always: always)
        } else {
            for (i, alt) in alts.enumerated() {
                var split = -1
                if i < alts.count - 1 {
                    split = emit(.split)
                    compiled.code[split].a = here
                }
                if let code = alt.code { compile(code) } else { emitWords(alt.words) }
                jumps.append(emit(.jump))
                if split >= 0 { compiled.code[split].b = here }
            }
        }
        for j in jumps { compiled.code[j].a = here }
    }

    // MARK: - Analysis

    /// Ids of a node that must be a single-token alternative (for `!`).
    func singleWords(_ node: CrisisPatternNode) -> [Int32] {
        switch node {
        case .word(let w): return [id(w)]
        case .classRef(let name): return (classes[name] ?? []).flatMap { $0.count == 1 ? singleWords($0[0]) : [] }
        case .group(let alts): return alts.flatMap { $0.count == 1 ? singleWords($0[0]) : [] }
        default: return []
        }
    }

    /// The words a sequence can start with, or nil when its start is not a fixed word.
    private mutating func firstWords(_ seq: [CrisisPatternNode]) -> [Int32]? {
        guard let first = seq.first else { return nil }
        switch first {
        case .word(let w): return [id(w)]
        case .classRef(let name):
            if let cached = firstCache[name] { return cached }
            let result = firstWords(alternatives: classes[name] ?? [])
            firstCache[name] = .some(result)
            return result
        case .group(let alts): return firstWords(alternatives: alts)
        default: return nil
        }
    }

    private mutating func firstWords(alternatives: [[CrisisPatternNode]]) -> [Int32]? {
        var out: [Int32] = []
        for alt in alternatives {
            guard let f = firstWords(alt) else { return nil }
            out.append(contentsOf: f)
        }
        return out
    }

    private func cost(_ ids: [Int32]) -> Int {
        ids.reduce(0) { $0 + ($1 == CrisisProgram.numberAnchor ? 20 : (commonWords.contains($1) ? 50 : 1)) }
    }

    /// The cheapest set of words one of which any match must contain.
    mutating func anchors(ofSequence seq: [CrisisPatternNode]) -> [Int32]? {
        cheapest(seq.map { anchors(of: $0) })
    }

    /// The cheapest of the nodes' anchor sets (the first of equal cost), sorted, each word once.
    private func cheapest(_ sets: [[Int32]?]) -> [Int32]? {
        var best: [Int32]?, bestCost = 0
        for case let req? in sets {
            let c = cost(req)
            if best == nil || c < bestCost { (best, bestCost) = (req, c) }
        }
        return best.map(Self.uniqueSorted)
    }

    /// The ids sorted, each once (`Array(Set(ids)).sorted()` without hashing: the builder does this
    /// for every group of every pattern).
    private static func uniqueSorted(_ ids: [Int32]) -> [Int32] {
        var out: [Int32] = []
        out.reserveCapacity(ids.count)
        for id in ids.sorted() where out.last != id { out.append(id) }
        return out
    }

    private mutating func anchors(of node: CrisisPatternNode) -> [Int32]? {
        switch node {
        case .word(let w): return [id(w)]
        case .number: return [CrisisProgram.numberAnchor]
        case .classRef(let name):
            if let cached = anchorCache[name] { return cached }
            let result = anchors(ofAlternatives: classes[name] ?? [])
            anchorCache[name] = .some(result)
            return result
        case .group(let alts): return anchors(ofAlternatives: alts)
        default: return nil
        }
    }

    private mutating func anchors(ofAlternatives alts: [[CrisisPatternNode]]) -> [Int32]? {
        var out: [Int32] = []
        for alt in alts {
            guard let a = anchors(ofSequence: alt) else { return nil }
            out.append(contentsOf: a)
        }
        return out.isEmpty ? nil : out
    }

    mutating func length(ofSequence seq: [CrisisPatternNode]) -> Int {
        seq.reduce(0) { $0 + length(of: $1) }
    }

    private mutating func length(of node: CrisisPatternNode) -> Int {
        switch node {
        case .word, .not, .any, .number: return 1
        case .gap(let k): return k
        case .clauseEnd, .clauseStart: return 0
        case .optional(let inner): return length(of: inner)
        case .group(let alts): return alts.map { length(ofSequence: $0) }.max() ?? 0
        case .classRef(let name):
            if let cached = lengthCache[name] { return cached }
            let l = (classes[name] ?? []).map { length(ofSequence: $0) }.max() ?? 0
            lengthCache[name] = l
            return l
        }
    }
}
