/// How an unknown word was read as a lexicon word.
enum AffectDerivation: UInt8, Sendable {
    case none
    /// An inflection or derivation of a lexicon word ("forlornness", "sadly", "joyless", "unexcited").
    case morphology
    /// One typing slip away from a lexicon word ("anxoius"); only in texts of one or two words.
    case spelling
}

/// Reads an unknown word as a lexicon word: suffixes and prefixes stripped, one typing slip mended.
///
/// Only words that carry a valence are accepted as readings, so "meeting" does not become "meet".
/// "-less", "un-" and "dis-" turn the feeling over ("joyless" reads as the opposite of "joy").
extension AffectLexicon {
    private struct Affix {
        var text: [UInt8]
        var scale: Double
        /// A prefix that only turns pleasant words over ("displeased"; "dismissed" is not "miss" undone).
        var pleasantOnly = false
    }

    private static let suffixes: [Affix] = [
        Affix(text: Array("ness".utf8), scale: 1), Affix(text: Array("less".utf8), scale: -0.8),
        Affix(text: Array("fully".utf8), scale: 1), Affix(text: Array("ful".utf8), scale: 1),
        Affix(text: Array("ly".utf8), scale: 1), Affix(text: Array("ment".utf8), scale: 1),
        Affix(text: Array("ing".utf8), scale: 1), Affix(text: Array("ed".utf8), scale: 1),
        Affix(text: Array("es".utf8), scale: 1), Affix(text: Array("s".utf8), scale: 1),
        Affix(text: Array("est".utf8), scale: 1), Affix(text: Array("er".utf8), scale: 1),
        Affix(text: Array("ish".utf8), scale: 0.7), Affix(text: Array("y".utf8), scale: 1),
    ]
    private static let prefixes: [Affix] = [
        Affix(text: Array("un".utf8), scale: -0.8), Affix(text: Array("dis".utf8), scale: -0.8, pleasantOnly: true),
        Affix(text: Array("over".utf8), scale: 1.3),
    ]
    /// Stems shorter than this are never looked up ("sing" is not "s" + "ing").
    static let minimumStem = 3

    /// The lexicon word an unknown word derives from, with the factor its valence takes.
    func derive(_ word: [UInt8]) -> (id: Int32, scale: Double)? {
        guard word.count >= 5, word.count <= 30 else { return nil }
        // British -ise spellings of words VADER lists with -ize ("demoralised", "energised").
        if let american = Self.zSpelling(word) {
            if let id = feelingID(american) { return (id, 1) }
            if let found = stripSuffix(american, depth: 2) { return found }
        }
        if let found = stripSuffix(word, depth: 2) { return found }
        if let found = compound(word) { return (found, 1) }
        for prefix in Self.prefixes where word.starts(with: prefix.text) {
            let rest = Array(word[prefix.text.count...])
            guard rest.count >= Self.minimumStem + 1 else { continue }
            var found = feelingID(rest).map { ($0, 1.0) }
            if found == nil { found = stripSuffix(rest, depth: 1) }
            guard let (id, scale) = found else { continue }
            if prefix.pleasantOnly && valence(of: id) <= 0 { continue }
            return (id, scale * prefix.scale)
        }
        return nil
    }

    /// "-is" before e, ed, es, ing, ation spelled "-iz"; nil when there is none.
    private static func zSpelling(_ word: [UInt8]) -> [UInt8]? {
        guard let i = (1..<(word.count - 2)).first(where: { word[$0 - 1] == 0x69 && word[$0] == 0x73
            && (word[$0 + 1] == 0x65 || word[$0 + 1] == 0x69 || word[$0 + 1] == 0x61) }) else { return nil }
        var out = word
        out[i] = 0x7A
        return out
    }

    /// A closed compound of two known words where one carries the feeling ("brokenhearted",
    /// "panicstricken"); nil when both carry opposite feelings ("lovesick") or a half is unknown.
    private func compound(_ word: [UInt8]) -> Int32? {
        // Halves of four letters or more: "therapist" is not "the" + "rapist".
        guard word.count >= 8 else { return nil }
        for cut in 4...(word.count - 4) {
            let head = Array(word[..<cut]), tail = Array(word[cut...])
            let headKnown = head.withUnsafeBufferPointer { tokenID($0) } >= 0
            let tailKnown = tail.withUnsafeBufferPointer { tokenID($0) } >= 0
            guard headKnown && tailKnown else { continue }
            let a = feelingID(head), b = feelingID(tail)
            switch (a, b) {
            case let (a?, nil): return a
            case let (nil, b?): return b
            case let (a?, b?) where (valence(of: a) > 0) == (valence(of: b) > 0):
                return abs(valence(of: a)) >= abs(valence(of: b)) ? a : b
            default: continue
            }
        }
        return nil
    }

    private func stripSuffix(_ word: [UInt8], depth: Int) -> (id: Int32, scale: Double)? {
        for suffix in Self.suffixes where word.count > suffix.text.count + Self.minimumStem - 1 && word.ends(with: suffix.text) {
            let base = Array(word[..<(word.count - suffix.text.count)])
            for stem in Self.stems(base, suffix: suffix.text) {
                if let id = feelingID(stem) { return (id, suffix.scale) }
            }
            // Two steps at most: "hopelessness" → "hopeless" → "hope".
            if depth > 1, base.count >= 5, let (id, scale) = stripSuffix(base, depth: depth - 1) {
                return (id, scale * suffix.scale)
            }
        }
        return nil
    }

    /// Spellings a stem may have had before the suffix: as is, with "e" back, undoubled, "i" back to "y".
    private static func stems(_ base: [UInt8], suffix: [UInt8]) -> [[UInt8]] {
        guard base.count >= minimumStem, let last = base.last else { return [] }
        var out = [base, base + [0x65]]
        let n = base.count
        if n >= 4, base[n - 1] == base[n - 2], !isVowel(last) { out.append(Array(base.dropLast())) }
        if last == 0x69 { out.append(Array(base.dropLast()) + [0x79]) }
        if suffix == Array("ly".utf8) { out.append(base + [0x6C, 0x65]) } // terribly → terrible
        return out
    }

    private static func isVowel(_ b: UInt8) -> Bool { b == 0x61 || b == 0x65 || b == 0x69 || b == 0x6F || b == 0x75 }

    /// A single-word lexicon entry that carries a valence.
    func feelingID(_ bytes: [UInt8]) -> Int32? {
        let id = bytes.withUnsafeBufferPointer { tokenID($0) }
        guard id >= 0 else { return nil }
        let e = single[Int(id)]
        guard e >= 0, entries[Int(e)].role == .word, let v = entries[Int(e)].valence, v != 0 else { return nil }
        return id
    }

    private func valence(of id: Int32) -> Double {
        entries[Int(single[Int(id)])].valence ?? 0
    }

    /// The feeling word one typing slip away (a swap, a missing, extra or wrong letter), tried in that
    /// order. Among several at the same step, a word in a family list wins, then the strongest.
    func mendSpelling(_ word: [UInt8]) -> Int32? {
        guard word.count >= 4, word.count <= 20, word.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return nil }
        let letters = Array(UInt8(0x61)...UInt8(0x7A))
        var tiers: [[[UInt8]]] = [[], [], [], []]
        for i in 0..<(word.count - 1) where word[i] != word[i + 1] {
            var w = word
            w.swapAt(i, i + 1)
            tiers[0].append(w)
        }
        for i in word.indices {
            var w = word
            w.remove(at: i)
            tiers[1].append(w)
        }
        if word.count >= 5 {
            for i in 0...word.count {
                for c in letters {
                    var w = word
                    w.insert(c, at: i)
                    tiers[2].append(w)
                }
            }
            for i in word.indices {
                for c in letters where c != word[i] {
                    var w = word
                    w[i] = c
                    tiers[3].append(w)
                }
            }
        }
        for tier in tiers {
            var best: (id: Int32, rank: Double)?
            for candidate in tier {
                guard let id = feelingID(candidate) else { continue }
                let entry = entries[Int(single[Int(id)])]
                let inFamily = entry.lemma >= 0 && rowFamily[Int(entry.lemma)] >= 0
                let rank = (inFamily ? 10 : 0) + abs(entry.valence ?? 0)
                if best.map({ rank > $0.rank }) ?? true { best = (id, rank) }
            }
            if let best { return best.id }
        }
        return nil
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
