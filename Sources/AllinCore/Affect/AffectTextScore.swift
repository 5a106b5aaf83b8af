/// A chip label to look for in free text, to tell whether the text negates it.
struct AffectProbe: Sendable {
    /// The label's tokens as lowercase bytes.
    var tokens: [[UInt8]]
    /// Lexicon rows of the label's feeling words, so "not worried" also negates the chip "Worry"
    /// and "not guilty" the chip "Ashamed or guilty". Empty when the label holds a negation itself ("Not enough").
    var lemmas: [Int32]
}

/// The score of one text (the situation sentence or the custom word).
struct AffectTextScore: Sendable {
    var total = 0.0
    /// Every scored word, in order; notes are filled only for the first `keep`.
    var words: [AffectScoredWord] = []
    var contrastApplied = false
    var negatedTotal = 0.0
    var hasNegator = false
    /// A word or symbol that is not a negator, modifier or little word.
    var hasContent = false
    var probeNegated = false
    /// The sentence model's reading, when asked for (the situation) and the text has words.
    var reading: AffectSentenceReading?

    /// The text is a short one (at most `AffectLexicon.shortTextWords` words).
    var shortText = false

    /// The lexicon read its feeling words through a rule (words of both signs, a negation or a
    /// contrast) in a short text: it then decides however weak its score ("I'm not worried", "glad
    /// and sad"). In a longer text the sentence reading, which marks negated words and weighs a
    /// contrast's halves itself and takes the lexicon's score as one of its inputs, decides.
    var ruled: Bool {
        shortText && (negatedTotal != 0 || contrastApplied || (words.contains { $0.weight > 0 } && words.contains { $0.weight < 0 }))
    }
}

/// Where a contrast word put a scored word.
enum AffectContrastSide: UInt8, Sendable {
    case none, before, after, inClause, outsideClause

    /// "after 'but'", "in 'although' clause".
    func describe(_ word: String, into out: inout AffectText) {
        switch self {
        case .none: return
        case .before: out += "before "; out.quoted(word)
        case .after: out += "after "; out.quoted(word)
        case .inClause: out += "in "; out.quoted(word); out += " clause"
        case .outsideClause: out += "outside "; out.quoted(word); out += " clause"
        }
    }
}

/// One scored word before it becomes a public `AffectContribution`.
struct AffectScoredWord: Sendable {
    var word: String
    var weight: Double
    var note: String
    /// The negating word, when the word was negated.
    var negator: String?
    /// The contrast word that reweighed it, and how.
    var contrastWord: String?
    var side: AffectContrastSide = .none
    /// The lexicon entry, or -1 for an emoji.
    var entry: Int32 = -1
    var derivation = AffectDerivation.none
    /// Read as the opposite of its lexicon word ("joyless", "unexcited").
    var turned = false
}
