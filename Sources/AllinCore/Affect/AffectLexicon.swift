import Foundation

/// The affect lexicon and rule words, decoded from catalog files.
///
/// Decoding also compiles everything the classifier needs per call (a byte-keyed
/// vocabulary, phrase tables, symbol tables), so classifying does no setup work.
public struct AffectLexicon: Sendable {
    /// Catalog-relative files: the word list with emoji, the rules, the feeling families with slang,
    /// the VADER word norms (MIT, see `lexicon/README.md`), and the learned sentence reading.
    public static let fileNames = ["lexicon/affect.json", "lexicon/affect-rules.json", "lexicon/feelings.json", "lexicon/vader.json",
                                   AffectSentenceModel.fileName]
    static var wordsFile: String { fileNames[0] }
    static var rulesFile: String { fileNames[1] }
    static var feelingsFile: String { fileNames[2] }
    static var vaderFile: String { fileNames[3] }

    /// Number of word entries: every form and phrase listed under `words`.
    public var count: Int { wordCount }

    let wordCount: Int
    let tokenizer: AffectTokenizer
    /// Token bytes → token id.
    let vocabulary: AffectByteTable
    /// Token id → token id after spelling fixes ("dont" → "don't").
    let canonical: [Int32]
    /// Token id → the one-token entry for it, or -1.
    let single: [Int32]
    /// Token id → entries of two or more tokens that start with it, longest first.
    let phrases: [[Int32]]
    let entries: [AffectEntry]
    let symbols: [AffectSymbol]
    let rules: AffectRules
    /// The emotion families of `feelings.json`, in file order.
    let families: [AffectFamilyPrototype]
    /// Word row → index into `families`, or -1.
    let rowFamily: [Int16]
    /// A reading of own words below this confidence asks "Which is closest?".
    let askBelow: Double
    /// The learned reading of situation sentences (`lexicon/sentences.tsv`).
    public let sentenceModel: AffectSentenceModel

    /// The family ids `feelings.json` names, for the catalog's cross-check with `vocabulary.json`.
    public var familyIDs: [String] { families.map(\.id) }

    /// Throws `CatalogProblems` listing every problem, naming the file and the entry
    /// (e.g. "lexicon/affect.json: words 'happy': valence 9 is outside -4...4").
    /// `readsSentences: false` leaves the sentence reading out (its file is not needed): the trainer
    /// (`allin-dev valence`) reads the lexicon this way while it makes that file.
    /// `sentences`, when given, is the sentence reading already loaded from its compiled form (made
    /// from the text in `files`), which is then not decoded again.
    public static func decode(files: [String: Data], readsSentences: Bool = true,
                              sentences: AffectSentenceModel? = nil) throws -> AffectLexicon {
        var builder = AffectLexiconBuilder()
        builder.readsSentences = readsSentences
        builder.loadedSentences = sentences
        builder.read(files: files)
        guard builder.issues.isEmpty else { throw CatalogProblems(builder.issues) }
        return builder.compile()
    }

    /// Resolves a scanned word's bytes to a token id, or -1.
    func tokenID(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        if let id = vocabulary.lookup(bytes) { return canonical[Int(id)] }
        return -1
    }
}

/// One lexicon or rule entry: a word or phrase and what it does.
struct AffectEntry: Sendable {
    enum Role: UInt8, Sendable {
        /// Carries a valence, a modifier, or both ("pretty": +1.5 alone, x1.2 before a feeling word).
        case word
        case negator
        /// "at all", "in the slightest": strengthen a negation in the same clause.
        case booster
        /// "but", "however": the part after weighs more.
        case contrast
        /// "although", "despite": the clause they open weighs less.
        case concessive
        /// Ends a clause, and with it any negation scope.
        case boundary
        /// Little words that do not use up a negation's scope.
        case skip
    }
    var text: String
    var tokens: [Int32]
    var role: Role
    var valence: Double?
    var modifier: Double?
    /// Row in `words` this form came from, or -1.
    var lemma: Int32
    /// Counts only in a short text (an own word or a few words): "down", "blue", "off" are
    /// feelings on their own and ordinary words in a sentence.
    var shortTextOnly = false
}

/// One emotion family's place in valence (-4...4) and arousal (0...1), from `feelings.json`.
struct AffectFamilyPrototype: Sendable, Equatable {
    var id: String
    var valence: Double
    var arousal: Double
    /// The family a negated or turned-over word of this family reads as ("not happy" → sad).
    var opposite: String
}

/// An emoji or emoticon with its valence.
struct AffectSymbol: Sendable {
    var text: String
    var valence: Double
}

/// The numbers that shape scoring, from `affect-rules.json`.
struct AffectRules: Sendable {
    var pleasantThreshold = 0.5
    var unpleasantThreshold = -0.5
    var customWordWeight = 1.5
    var negationScope = 3
    var negatePositive = -0.75
    var negateNegative = -0.4
    var boost = 1.5
    var contrastBefore = 0.5
    var contrastAfter = 1.5
}
