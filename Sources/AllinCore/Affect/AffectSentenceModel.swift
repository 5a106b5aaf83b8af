import Foundation

/// The learned reading of a situation sentence: two logistic regressions over its words, word
/// pairs, negated words and the lexicon's own score (see `AffectLexicon.sentenceFeatures`).
///
/// The lexicon knows feeling words ("gutted", "relieved"); most situations name an event instead
/// ("the boiler broke again", "got my deposit back"). This model is trained on labelled everyday
/// sentences (`allin-dev valence train`), so it weighs the words events are told in:
/// - the *charge* says whether the sentence carries a feeling at all ("took the bus to work" does
///   not), trained on sentences with a sign against plain reports;
/// - the *polarity* says which way, trained on sentences with a sign only.
/// It speaks only where the lexicon's score is weaker than `lexiconFrom` (see `AffectClassifier`),
/// and it explains itself by the words that weighed most.
///
/// File (`lexicon/sentences.tsv`): `#` lines say what it was trained on; `@` lines are settings
/// (`@bias` and `@lexicon`: the polarity's bias and the weight of the lexicon's score;
/// `@chargeBias` and `@chargeLexicon`: the charge's bias and the weight of the score's size;
/// `@chargedFrom`: the charge's probability from which a sentence has a sign; `@lexiconFrom`: the
/// lexicon score from which the lexicon decides alone); every other line is
/// `feature<TAB>polarity<TAB>charge`, where a feature is a word ("cancelled"), a negated word
/// ("~happy") or a word pair ("got job").
public struct AffectSentenceModel: Sendable {
    public static let fileName = "lexicon/sentences.tsv"

    struct Weights: Sendable {
        var polarity: Float
        var charge: Float
    }

    let bias: Double
    let lexiconWeight: Double
    let chargeBias: Double
    let chargeLexiconWeight: Double
    /// A sentence whose charge is below this probability reads as neutral.
    let chargedFrom: Double
    /// A text whose lexicon score is at least this far from 0 is decided by the lexicon alone.
    let lexiconFrom: Double
    let weights: WeightTable
    let about: [String]

    /// Feature key → weights: open addressing over the FNV keys themselves (their low bits are well
    /// mixed), so a lookup hashes nothing; the reading looks up every feature of every undecided
    /// situation, and `Dictionary`'s hashing made the affect classifier about a fifth slower.
    struct WeightTable: Sendable {
        private var slots: [Int32]
        private var keys: [UInt64] = []
        private var values: [Weights] = []
        private var mask: Int

        init(capacity: Int) {
            var size = 16
            while size < capacity * 2 { size *= 2 }
            slots = [Int32](repeating: -1, count: size)
            mask = size - 1
        }

        var count: Int { keys.count }
        var isEmpty: Bool { keys.isEmpty }

        subscript(key: UInt64) -> Weights? {
            var s = Int(truncatingIfNeeded: key) & mask
            while slots[s] >= 0 {
                if keys[Int(slots[s])] == key { return values[Int(slots[s])] }
                s = (s + 1) & mask
            }
            return nil
        }

        /// Adds the key; false (and nothing changed) when it is already there.
        mutating func insert(_ key: UInt64, _ value: Weights) -> Bool {
            if keys.count * 2 >= slots.count { grow() }
            var s = Int(truncatingIfNeeded: key) & mask
            while slots[s] >= 0 {
                if keys[Int(slots[s])] == key { return false }
                s = (s + 1) & mask
            }
            slots[s] = Int32(keys.count)
            keys.append(key)
            values.append(value)
            return true
        }

        /// The table's arrays, for its compiled form.
        var parts: (slots: [Int32], keys: [UInt64], values: [Weights]) { (slots, keys, values) }

        /// A table from a compiled form's arrays, or nil unless they make a sound table: a power-of-two
        /// number of slots with one to spare, each entry in exactly one slot, and every key found
        /// where a lookup looks for it.
        init?(slots: [Int32], keys: [UInt64], values: [Weights]) {
            guard slots.count >= 16, slots.count & (slots.count - 1) == 0, slots.count > keys.count,
                  keys.count == values.count else { return nil }
            var seen = [Bool](repeating: false, count: keys.count)
            for slot in slots where slot != -1 {
                guard slot >= 0, Int(slot) < keys.count, !seen[Int(slot)] else { return nil }
                seen[Int(slot)] = true
            }
            guard !seen.contains(false) else { return nil }
            self.slots = slots
            self.keys = keys
            self.values = values
            self.mask = slots.count - 1
            for key in keys where self[key] == nil { return nil }
        }

        private mutating func grow() {
            slots = [Int32](repeating: -1, count: slots.count * 2)
            mask = slots.count - 1
            for (i, key) in keys.enumerated() {
                var s = Int(truncatingIfNeeded: key) & mask
                while slots[s] >= 0 { s = (s + 1) & mask }
                slots[s] = Int32(i)
            }
        }
    }

    /// A model that never reads a sentence (a catalog without the file).
    static let empty = AffectSentenceModel(bias: 0, lexiconWeight: 0, chargeBias: 0, chargeLexiconWeight: 0, chargedFrom: 1,
                                           lexiconFrom: 0, weights: WeightTable(capacity: 0), about: [])

    var isEmpty: Bool { weights.isEmpty }

    /// Whether `word` (lower-case letters) is a word the reading was trained on: a real word, seen in
    /// sentences, never a typing slip to mend ("hello" is not "hell").
    func knows(word: [UInt8]) -> Bool {
        weights[Self.key(word)] != nil
    }

    /// A feature's key: FNV-1a over its name's UTF-8 bytes, so a key built from a text's bytes
    /// (`AffectLexicon.sentenceFeatures`) and one from the file's name agree.
    static func key<S: Sequence>(_ bytes: S) -> UInt64 where S.Element == UInt8 {
        bytes.reduce(FNV1a.seed, FNV1a.step)
    }

    /// The settings, with the range each must lie in.
    static let settings: [(name: String, range: ClosedRange<Double>)] = [
        ("@bias", -100...100), ("@lexicon", -100...100), ("@chargeBias", -100...100), ("@chargeLexicon", -100...100),
        ("@chargedFrom", 0...1), ("@lexiconFrom", 0...8),
    ]

    /// Problems listed line by line; the rest are counted in one more.
    static let maxLineProblems = 20

    /// Reads the file, adding an issue (file and line) for every line it cannot use (the first
    /// `maxLineProblems` of them, then how many more).
    static func decode(_ data: Data, issues: inout [CatalogIssue]) -> AffectSentenceModel {
        let file = fileName
        guard String(data: data, encoding: .utf8) != nil else {
            issues.append(CatalogIssue(file: file, "is not UTF-8 text"))
            return .empty
        }
        var values: [String: Double] = [:]
        var weights = WeightTable(capacity: data.count / 24)
        var about: [String] = []
        // A file of thousands of lines in an old layout would otherwise list every line.
        var lineProblems = 0
        func problem(_ entry: String, _ message: String) {
            lineProblems += 1
            if lineProblems <= maxLineProblems { issues.append(CatalogIssue(file: file, entry: entry, message)) }
        }
        // Thousands of feature lines are read from the bytes (a name is keyed without becoming a
        // string), which keeps loading to a few milliseconds; `#` and `@` lines go through strings.
        let bytes = Array(data)
        var lineStart = 0
        var n = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            defer { lineStart = lineEnd + 1; n += 1 }
            var end = lineEnd
            if end > lineStart && bytes[end - 1] == 0x0D { end -= 1 }
            if end == lineStart { continue }
            let entry = "line \(n + 1)"
            switch bytes[lineStart] {
            case 0x23: // #
                about.append(String(decoding: bytes[(lineStart + 1)..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces))
            case 0x40: // @
                let parts = String(decoding: bytes[lineStart..<end], as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false)
                let name = String(parts[0])
                guard let setting = settings.first(where: { $0.name == name }) else {
                    problem(entry, "unknown setting '\(name)'")
                    continue
                }
                guard parts.count == 2, let value = Double(parts[1]), setting.range.contains(value) else {
                    problem(entry, "\(name) must be a number from \(setting.range.lowerBound) to \(setting.range.upperBound)")
                    continue
                }
                values[name] = value
            default:
                var tabs: [Int] = []
                for i in lineStart..<end where bytes[i] == 0x09 { tabs.append(i) }
                guard tabs.count == 2, tabs[0] > lineStart,
                      let polarity = DecimalBytes.number(bytes[(tabs[0] + 1)..<tabs[1]]), let charge = DecimalBytes.number(bytes[(tabs[1] + 1)..<end]),
                      abs(polarity) < 100, abs(charge) < 100 else {
                    problem(entry, "must be 'feature<TAB>polarity<TAB>charge' with weights between -100 and 100")
                    continue
                }
                let name = bytes[lineStart..<tabs[0]]
                guard weights.insert(key(name), Weights(polarity: Float(polarity), charge: Float(charge))) else {
                    problem(entry, "feature '\(String(decoding: name, as: UTF8.self))' is listed twice")
                    continue
                }
            }
        }
        if lineProblems > maxLineProblems {
            issues.append(CatalogIssue(file: file, "\(lineProblems - maxLineProblems) more lines have problems (the first \(maxLineProblems) are listed)"))
        }
        for setting in settings where values[setting.name] == nil {
            issues.append(CatalogIssue(file: file, "needs a '\(setting.name)' line"))
        }
        return AffectSentenceModel(bias: values["@bias"] ?? 0, lexiconWeight: values["@lexicon"] ?? 0,
                                   chargeBias: values["@chargeBias"] ?? 0, chargeLexiconWeight: values["@chargeLexicon"] ?? 0,
                                   chargedFrom: values["@chargedFrom"] ?? 1, lexiconFrom: values["@lexiconFrom"] ?? 0,
                                   weights: weights, about: about)
    }
}
