/// What the classifier is told about a check-in.
public struct AffectInput: Sendable, Equatable {
    /// The chip's label, when a chip was chosen.
    public var emotionLabel: String?
    /// The chip's catalog valence.
    public var emotionValence: EmotionValence?
    /// The user's own word(s).
    public var customEmotion: String?
    /// The free-text situation sentence (`triggerText`).
    public var situationText: String?

    public init(emotionLabel: String? = nil, emotionValence: EmotionValence? = nil,
                customEmotion: String? = nil, situationText: String? = nil) {
        self.emotionLabel = emotionLabel
        self.emotionValence = emotionValence
        self.customEmotion = customEmotion
        self.situationText = situationText
    }
}

/// One word's contribution to the score.
public struct AffectContribution: Sendable, Equatable {
    /// The lexicon form, phrase, emoji or chip label that matched.
    public var word: String
    /// Its final weight after every rule.
    public var weight: Double
    /// The rules that shaped the weight, e.g. "negated by 'not' x-0.75, after 'but' x1.5"; empty when none.
    public var note: String

    public init(word: String, weight: Double, note: String) {
        self.word = word
        self.weight = weight
        self.note = note
    }
}

/// The classifier's answer with its explanation.
public struct AffectResult: Sendable, Equatable {
    public var valence: Valence
    /// Sum of the contribution weights (the chip alone scores +1 or -1).
    public var score: Double
    /// Stable id of the deciding rule: one of `AffectRule`'s raw values.
    public var rule: String
    /// In text order; at most `AffectClassifier.maxContributions`, the score counts them all.
    public var contributions: [AffectContribution]
    /// One or two plain sentences; no control characters, at most ~60 characters of user text.
    public var explanation: String

    public init(valence: Valence, score: Double, rule: String, contributions: [AffectContribution], explanation: String) {
        self.valence = valence
        self.score = score
        self.rule = rule
        self.contributions = contributions
        self.explanation = explanation
    }
}

/// The rule that decided an `AffectResult`, as stored in `AffectResult.rule`.
public enum AffectRule: String, Sendable, CaseIterable {
    /// The chosen chip's catalog valence decided.
    case chip
    /// The chip is mixed, so the text decided.
    case mixedChip
    /// The custom word or the situation negates the chip ("not really anxious"), so the text decided.
    case negatedChip
    /// No chip; the user's own word (with the situation) was scored.
    case customWord
    /// The part after "but" / "however" / "though", or outside an "although" clause, outweighed the rest.
    case butClause
    /// A negated feeling word carried the verdict ("not happy").
    case negation
    /// A plain sum of lexicon words and emoji.
    case lexicon
    /// No feeling word strong enough to decide alone, so the situation sentence's learned reading
    /// decided (`AffectSentenceModel`).
    case sentenceReading
    /// Nothing carried feeling, so neutral.
    case noEvidence
    /// Words that sounded like danger were answered for (the person said they are safe, or saw
    /// support for them) or the gentle question is asked: never a good or neutral feeling.
    case heavyWords
}

extension AffectResult {
    /// This reading with words that sounded like danger among the answers (`AffectRule.heavyWords`):
    /// a good or neutral reading becomes a hard one, so calming first applies to it as to any hard
    /// feeling ("everyone would be better off without me" scores 'better off' as good). One rule for
    /// the router and the step machine's express gate.
    public func readingHeavyWords() -> AffectResult {
        guard valence != .unpleasant else { return self }
        return AffectResult(valence: .unpleasant, score: min(score, -1), rule: AffectRule.heavyWords.rawValue,
                            contributions: contributions,
                            explanation: "Some of the words sounded heavy, so the feeling is read as a hard one.")
    }
}
