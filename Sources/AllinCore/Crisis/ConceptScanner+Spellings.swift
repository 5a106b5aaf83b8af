import Foundation

/// Misspellings the concept rules and the trained model read as the words they stand for, taken
/// from layer A's spelling tables (`crisis/normalisation.json`), so one list serves every layer:
/// its one-word rewrites to one word ("hav" → "have", "pils" → "pills") and its fuzzy anchors
/// (words recognised one letter off, with the real words near them excluded). A word the concept
/// rules don't know is tried here last, after the scanner's own repairs (doubled letters, a
/// dropped g, digits for letters).
struct ConceptSpellings: Sendable {
    /// The misspellings and the excluded real words.
    var words = CrisisVocabulary()
    /// Per entry of `words`: the concept word it stands for, or -1 (an excluded word, or a word the
    /// concept rules don't use).
    var target: [Int32] = []
    /// The fuzzy anchors the concept rules use, with their concept word ids.
    var anchors = CrisisFuzzy.Anchors()

    static let none = ConceptSpellings()

    /// The spellings of a normalisation file for the words of `concepts`. The file was checked when
    /// layer A was built from it; an entry of another shape is passed over here.
    init(normalisation data: Data, concepts: CrisisVocabulary) {
        guard let root = try? JSONValue.parse(data) else { return }
        func id(_ word: String) -> Int32 { concepts.id(of: word) ?? -1 }
        func add(_ word: String, _ to: Int32) {
            guard concepts.id(of: word) == nil else { return }
            let k = words.intern(word)
            if Int(k) == target.count { target.append(to) }
        }
        if case let .array(entries)? = root["contractions"] {
            for entry in entries {
                guard case let .string(from)? = entry["from"], case let .string(to)? = entry["to"],
                      !from.contains(" "), !to.contains(" "), !to.isEmpty else { continue }
                if case .bool(true)? = entry["apostropheOnly"] { continue }
                add(from, id(to))
            }
        }
        if case let .array(entries)? = root["fuzzyAnchors"] {
            for entry in entries {
                guard case let .string(word)? = entry["word"] else { continue }
                if case let .array(excluded)? = entry["exclude"] {
                    for case let .string(ex) in excluded { add(ex, -1) }
                }
                if let concept = concepts.id(of: word) { anchors.append(.init(word: word, id: concept)) }
            }
        }
    }

    private init() {}

    /// The concept word an unknown word stands for, or -1.
    func lookup(_ word: UnsafeBufferPointer<UInt8>) -> Int32 {
        if let k = words.lookup(word) { return target[Int(k)] }
        return CrisisFuzzy.anchor(for: word, in: anchors) ?? -1
    }
}

extension ConceptScanner {
    /// This scanner reading the misspellings of a normalisation file as the words they stand for
    /// (the lexicon and the model's trainer both build their scanner this way, so the model learns
    /// from the words it will be given); with no file, the scanner as it is.
    public func withSpellings(normalisation data: Data?) -> ConceptScanner {
        guard let data else { return self }
        var copy = self
        copy.spellings = ConceptSpellings(normalisation: data, concepts: table)
        return copy
    }
}
