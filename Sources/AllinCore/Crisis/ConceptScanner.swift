import Foundation

/// Layer B's concept rules: word classes (death, wishing, self-harm, means, intent, finality…) and
/// ordered slot patterns over them, matched clause by clause. They catch the indirect phrasings a
/// phrase list misses ("wouldn't mind if a bus hit me", "my thighs are covered in fresh cuts",
/// "pills saved up to finally do it"). Words and patterns are data (`crisis/concepts.json`).
public struct ConceptScanner: Sendable {
    /// One slot: any word of these classes, or one of these runs of words (keyed by their first word).
    struct Slot: Sendable {
        var runs: [Int32: [[Int32]]]
        var classes: UInt64
        /// One bit per word id that starts a run: a bit test turns away almost every word before any hashing.
        var firstBits: [UInt64]

        init(runs: [Int32: [[Int32]]], classes: UInt64) {
            self.runs = runs
            self.classes = classes
            let top = Int(runs.keys.max() ?? -1)
            var bits = [UInt64](repeating: 0, count: top / 64 + 1)
            for id in runs.keys where id >= 0 { bits[Int(id) >> 6] |= 1 << UInt64(Int(id) & 63) }
            self.firstBits = top < 0 ? [] : bits
        }

        @inline(__always) func mayStart(_ id: Int32) -> Bool {
            let i = Int(id)
            return i >= 0 && (i >> 6) < firstBits.count && firstBits[i >> 6] & (1 << UInt64(i & 63)) != 0
        }
    }

    struct Rule: Sendable {
        var id: String
        var tier: CrisisTier
        var slots: [Slot]
        var maxGap: Int
        var with: [Slot]              // each must occur somewhere in the line
        var without: [Slot]           // none may occur in the line
        var negatable: Bool           // a negator shortly before the first slot lowers the tier to T1
        var reason: String
    }

    private let words: [String: Int32]
    private let classOf: [Int32: UInt64]
    private let rules: [Rule]
    /// Rules whose first slot can start at a word, by word id; and rules whose first slot has classes.
    private let rulesByFirstWord: [Int32: [Int]]
    private let rulesByFirstClass: [(classes: UInt64, rule: Int)]
    private let negators: Set<Int32>
    private let clauseBreaks: Set<Int32>
    private let emoji: [Character: String]
    /// The class bit given to numbers of 10 or more (the `@BIGNUM` class).
    private let bigNumberBit: UInt64
    /// The class bit given to years 1950–2099 (the `@YEAR` class; a past event, not a quantity).
    private let yearBit: UInt64

    public static let fileName = "crisis/concepts.json"

    init(words: [String: Int32], classOf: [Int32: UInt64], rules: [Rule], negators: Set<Int32>,
         clauseBreaks: Set<Int32>, emoji: [Character: String], bigNumberBit: UInt64, yearBit: UInt64) {
        self.bigNumberBit = bigNumberBit
        self.yearBit = yearBit
        self.words = words
        self.classOf = classOf
        self.rules = rules
        var byWord: [Int32: [Int]] = [:]
        var byClass: [(classes: UInt64, rule: Int)] = []
        for (i, rule) in rules.enumerated() {
            guard let first = rule.slots.first else { continue }
            for word in first.runs.keys { byWord[word, default: []].append(i) }
            if first.classes != 0 { byClass.append((first.classes, i)) }
        }
        self.rulesByFirstWord = byWord
        self.rulesByFirstClass = byClass
        self.negators = negators
        self.clauseBreaks = clauseBreaks
        self.emoji = emoji
    }

    /// A token: its word id (-1 when unknown), class bits, and the original word.
    struct Token {
        var id: Int32
        var classes: UInt64
        var text: String
    }

    /// A scanner with no rules (used when a catalog has no concepts file).
    static let empty = ConceptScanner(words: [:], classOf: [:], rules: [], negators: [], clauseBreaks: [], emoji: [:],
                                      bigNumberBit: 0, yearBit: 0)

    /// The highest-tier rule that matches `text`, or nil. Work is linear in the text: very long
    /// lines are taken in windows of 400 words (overlapping by 40, so no phrase is cut in two).
    public func scan(_ text: String) -> CrisisFinding? {
        let tokens = tokenize(text)
        if tokens.count <= 400 { return match(tokens[...]) }
        var best: CrisisFinding?
        var start = 0
        while start < tokens.count {
            let window = tokens[start..<min(tokens.count, start + 400)]
            if let f = match(window), f.tier > (best?.tier ?? .none) { best = f }
            start += 360
        }
        return best
    }

    /// A word's id; an unknown word with doubled letters is tried once more with them single
    /// ("diee" → "die", "killl" was already cut to "kill").
    private func lookup(_ word: String) -> Int32 {
        if let id = words[word] { return id }
        var bytes = Array(word.utf8)
        var hasDouble = false
        for k in 1..<max(1, bytes.count) where bytes[k] == bytes[k - 1] { hasDouble = true; break }
        guard hasDouble else { return -1 }
        var w = 1
        for k in 1..<bytes.count where bytes[k] != bytes[w - 1] {
            bytes[w] = bytes[k]
            w += 1
        }
        return words[String(decoding: bytes[..<w], as: UTF8.self)] ?? -1
    }

    private func match(_ clause: ArraySlice<Token>) -> CrisisFinding? {
        // Where each rule's first slot can start, found in one pass over the words: a rule is only
        // tried at those places, so an ordinary line costs a few lookups per word, not per rule.
        var starts: [(rule: Int, position: Int)] = []
        for i in clause.indices {
            let token = clause[i]
            if token.id >= 0, let list = rulesByFirstWord[token.id] {
                for rule in list { starts.append((rule, i)) }
            }
            if token.classes != 0 {
                for (classes, rule) in rulesByFirstClass where classes & token.classes != 0 {
                    starts.append((rule, i))
                }
            }
        }
        guard !starts.isEmpty else { return nil }
        starts.sort { $0.rule < $1.rule || ($0.rule == $1.rule && $0.position < $1.position) }
        var best: CrisisFinding?
        var k = 0
        while k < starts.count {
            let index = starts[k].rule
            var positions: [Int] = []
            while k < starts.count && starts[k].rule == index { positions.append(starts[k].position); k += 1 }
            let rule = rules[index]
            guard rule.tier > (best?.tier ?? .none) else { continue }
            guard let (start, end) = find(rule, clause, at: positions) else { continue }
            guard rule.with.allSatisfy({ occurs($0, clause) }), !rule.without.contains(where: { occurs($0, clause) }) else {
                continue
            }
            var tier = rule.tier
            if rule.negatable {
                let from = max(clause.startIndex, start - 5)
                if clause[from..<start].contains(where: { negators.contains($0.id) }) { tier = .concern }
            }
            let span = clause[start..<end].map(\.text).joined(separator: " ")
            let finding = CrisisFinding(layer: .b, tier: tier, rule: "B.\(rule.id)", matched: String(span.prefix(80)),
                                        reason: rule.reason + (tier == .concern ? " (negated: lowered to a concern)" : ""))
            if tier > (best?.tier ?? .none) { best = finding }
        }
        return best
    }

    /// True when the slot matches somewhere in the line.
    private func occurs(_ slot: Slot, _ clause: ArraySlice<Token>) -> Bool {
        clause.indices.contains { at(slot, clause, $0) != nil }
    }

    /// The first place the rule's slots match in order with at most `maxGap` words between slots.
    private func find(_ rule: Rule, _ clause: ArraySlice<Token>, at positions: [Int]) -> (Int, Int)? {
        for start in positions {
            guard var end = at(rule.slots[0], clause, start) else { continue }
            var ok = true
            for slot in rule.slots.dropFirst() {
                var found: Int?
                var i = end
                while i < clause.endIndex && i <= end + rule.maxGap {
                    if let e = at(slot, clause, i) { found = e; break }
                    i += 1
                }
                guard let e = found else { ok = false; break }
                end = e
            }
            if ok { return (start, end) }
        }
        return nil
    }

    /// Where the slot ends when it matches at `i`, or nil.
    private func at(_ slot: Slot, _ clause: ArraySlice<Token>, _ i: Int) -> Int? {
        let token = clause[i]
        if slot.classes & token.classes != 0 { return i + 1 }
        guard slot.mayStart(token.id), let runs = slot.runs[token.id] else { return nil }
        for run in runs where i + run.count <= clause.endIndex {
            var k = 1
            while k < run.count && clause[i + k].id == run[k] { k += 1 }
            if k == run.count { return i + run.count }
        }
        return nil
    }

    /// The words of `text`: lower-cased, apostrophes dropped ("don't" → "dont"), other punctuation
    /// splitting words, runs of three or more equal letters cut to two, and the few meaningful emoji
    /// named. Pure-ASCII text (the common case) is read byte by byte.
    func tokenize(_ text: String) -> [Token] {
        var source = text
        if !text.utf8.allSatisfy({ $0 < 0x80 }) {
            for (symbol, name) in emoji where source.contains(symbol) {
                source = source.replacingOccurrences(of: String(symbol), with: " \(name) ")
            }
            source = source.precomposedStringWithCompatibilityMapping
                .folding(options: [.diacriticInsensitive, .widthInsensitive, .caseInsensitive], locale: nil)
                .replacingOccurrences(of: "\u{2019}", with: "'")
                .replacingOccurrences(of: "\u{2018}", with: "'")
        }
        var tokens: [Token] = []
        var word: [UInt8] = []
        word.reserveCapacity(24)
        func flush() {
            guard !word.isEmpty else { return }
            let text = String(decoding: word, as: UTF8.self)
            let id = lookup(text)
            var classes = id >= 0 ? (classOf[id] ?? 0) : 0
            if let first = word.first, first >= 0x30 && first <= 0x39, let n = Int(text), n >= 10 {
                classes |= n >= 1950 && n <= 2099 ? yearBit : bigNumberBit
            }
            word.removeAll(keepingCapacity: true)
            tokens.append(Token(id: id, classes: classes, text: text))
        }
        var utf8 = Array(source.utf8)
        utf8.append(0x20)
        var i = 0
        while i < utf8.count {
            var b = utf8[i]
            i += 1
            if b >= 0x41 && b <= 0x5A { b += 0x20 }
            let isWordByte = (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b >= 0x80
            if isWordByte {
                // Format characters (zero-width space and joiners, U+200B–U+200D, U+2060, U+FEFF) join words.
                if b == 0xE2, i + 1 < utf8.count, utf8[i] == 0x80, (0x8B...0x8D).contains(utf8[i + 1]) { i += 2; continue }
                if b == 0xE2, i + 1 < utf8.count, utf8[i] == 0x81, utf8[i + 1] == 0xA0 { i += 2; continue }
                if b == 0xEF, i + 1 < utf8.count, utf8[i] == 0xBB, utf8[i + 1] == 0xBF { i += 2; continue }
                if b < 0x80, word.count >= 2, word[word.count - 1] == b, word[word.count - 2] == b { continue }
                word.append(b)
            } else if b == 0x27 || b == 0x60 {
                continue   // apostrophes and backticks join: "don't" → "dont"
            } else {
                flush()
            }
        }
        flush()
        return tokens
    }
}
