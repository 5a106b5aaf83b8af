import Foundation

/// Layer B's concept rules: word classes (death, wishing, self-harm, means, intent, finality…) and
/// ordered slot patterns over them, matched clause by clause. They catch the indirect phrasings a
/// phrase list misses ("wouldn't mind if a bus hit me", "my thighs are covered in fresh cuts",
/// "pills saved up to finally do it"). Words and patterns are data (`crisis/concepts.json`).
public struct ConceptScanner: Sendable {
    /// One slot: any of these word ids, or a phrase (several ids in a row).
    struct Slot: Sendable {
        var alternatives: [[Int32]]   // each alternative is a run of word ids (length 1 for a word)
        var classes: UInt64           // class bits that satisfy the slot
    }

    struct Rule: Sendable {
        var id: String
        var tier: CrisisTier
        var slots: [Slot]
        var maxGap: Int
        var with: [Slot]              // each must occur somewhere in the clause
        var without: [Slot]           // none may occur in the clause
        var negatable: Bool           // a negator within five words before the first slot lowers the tier to T1
        var reason: String
    }

    private let words: [String: Int32]
    private let classOf: [Int32: UInt64]
    private let rules: [Rule]
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
        self.negators = negators
        self.clauseBreaks = clauseBreaks
        self.emoji = emoji
    }

    /// A token: its word id (-1 when unknown), class bits, and the original word.
    struct Token {
        var id: Int32
        var classes: UInt64
        var text: Substring
    }

    /// A scanner with no rules (used when a catalog has no concepts file).
    static let empty = ConceptScanner(words: [:], classOf: [:], rules: [], negators: [], clauseBreaks: [], emoji: [:],
                                      bigNumberBit: 0, yearBit: 0)

    /// The highest-tier rule that matches any clause of `text`, or nil.
    public func scan(_ text: String) -> CrisisFinding? {
        let normal = normalize(text)
        var best: CrisisFinding?
        var clause: [Token] = []
        func flush() {
            if !clause.isEmpty, let f = match(clause), f.tier > (best?.tier ?? .none) { best = f }
            clause.removeAll(keepingCapacity: true)
        }
        for word in normal.split(separator: " ") {
            if word == "." { continue }   // sentences stay together: "i relapsed. sh. again."
            let id = lookup(word)
            if id >= 0, clauseBreaks.contains(id) { flush(); continue }
            var classes = id >= 0 ? (classOf[id] ?? 0) : 0
            if let n = Int(word), n >= 10 { classes |= n >= 1950 && n <= 2099 ? yearBit : bigNumberBit }
            clause.append(Token(id: id, classes: classes, text: word))
            if clause.count > 400 { flush() }   // bounds work on very long unpunctuated lines
        }
        flush()
        return best
    }

    /// A word's id; an unknown word with doubled letters is tried once more with them single
    /// ("diee" → "die", "killl" was already cut to "kill").
    private func lookup(_ word: Substring) -> Int32 {
        if let id = words[String(word)] { return id }
        var single = ""
        var last: Character = " "
        var changed = false
        for ch in word {
            if ch == last { changed = true; continue }
            single.append(ch)
            last = ch
        }
        return changed ? (words[single] ?? -1) : -1
    }

    private func match(_ clause: [Token]) -> CrisisFinding? {
        var best: CrisisFinding?
        for rule in rules where rule.tier > (best?.tier ?? .none) {
            guard rule.with.allSatisfy({ slot in clause.indices.contains { at(slot, clause, $0) != nil } }) else { continue }
            if rule.without.contains(where: { slot in clause.indices.contains { at(slot, clause, $0) != nil } }) { continue }
            if let (start, end) = find(rule, clause) {
                var tier = rule.tier
                if rule.negatable {
                    let from = max(0, start - 5)
                    if clause[from..<start].contains(where: { negators.contains($0.id) }) { tier = .concern }
                }
                let span = clause[start..<end].map(\.text).joined(separator: " ")
                let finding = CrisisFinding(layer: .b, tier: tier, rule: "B.\(rule.id)", matched: String(span.prefix(80)),
                                            reason: rule.reason + (tier == .concern ? " (negated: lowered to a concern)" : ""))
                if tier > (best?.tier ?? .none) { best = finding }
            }
        }
        return best
    }

    /// The first place the rule's slots match in order with at most `maxGap` words between slots.
    private func find(_ rule: Rule, _ clause: [Token]) -> (Int, Int)? {
        for start in clause.indices {
            guard var end = at(rule.slots[0], clause, start) else { continue }
            var ok = true
            for slot in rule.slots.dropFirst() {
                var found: Int?
                var i = end
                while i < clause.count && i <= end + rule.maxGap {
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
    private func at(_ slot: Slot, _ clause: [Token], _ i: Int) -> Int? {
        if slot.classes & clause[i].classes != 0 { return i + 1 }
        for run in slot.alternatives where i + run.count <= clause.count {
            var k = 0
            while k < run.count && clause[i + k].id == run[k] { k += 1 }
            if k == run.count { return i + run.count }
        }
        return nil
    }

    /// Lower-case words separated by single spaces; apostrophes dropped ("don't" → "dont"), sentence
    /// ends as "." tokens, other punctuation as spaces, runs of 3+ letters cut to 2, meaningful emoji named.
    func normalize(_ text: String) -> String {
        var source = text
        if !text.utf8.allSatisfy({ $0 < 0x80 }) {
            source = text.precomposedStringWithCompatibilityMapping
                .folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        }
        var out = ""
        out.reserveCapacity(source.utf8.count + 8)
        var last: Character = " "
        var run = 0
        for ch in source {
            if let name = emoji[ch] { out += " \(name) "; last = " "; run = 0; continue }
            if ch.isLetter || ch.isNumber {
                let lower = ch.isUppercase ? Character(ch.lowercased()) : ch
                if lower == last { run += 1; if run >= 2 { continue } } else { run = 0 }
                out.append(lower)
                last = lower
                continue
            }
            run = 0
            if ch == "'" || ch == "\u{2019}" || ch == "\u{2018}" || ch == "`" || ch.unicodeScalars.first?.properties.generalCategory == .format {
                continue
            }
            if ch == "." || ch == "!" || ch == "?" || ch == ";" || ch == "\n" {
                out += " . "
            } else if last != " " {
                out.append(" ")
            }
            last = " "
        }
        return out
    }
}
