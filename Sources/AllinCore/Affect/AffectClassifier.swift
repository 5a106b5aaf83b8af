/// Classifies a check-in as pleasant, unpleasant or neutral, and says why.
///
/// The chosen chip decides unless it is mixed, or the custom word or situation
/// negates it; otherwise the custom word and the situation are scored with the
/// lexicon. Pure and thread-safe: all tables are built when the lexicon is decoded.
public struct AffectClassifier: Sendable {
    /// Contributions kept in a result; the score always counts every word.
    static let maxContributions = 64
    /// Contributions named in the explanation.
    static let explainedContributions = 4

    let lexicon: AffectLexicon

    public init(lexicon: AffectLexicon) {
        self.lexicon = lexicon
    }

    /// Text alone, as used by `allin classify TEXT`.
    public func classifyText(_ text: String) -> AffectResult {
        classify(AffectInput(situationText: text))
    }

    public func classify(_ input: AffectInput) -> AffectResult {
        let custom = Self.nonBlank(input.customEmotion)
        let situation = Self.nonBlank(input.situationText)
        let label = Self.nonBlank(input.emotionLabel)

        guard let chip = input.emotionValence else {
            // A label without a catalog valence is scored like the user's own word.
            let own = custom ?? label
            let scores = scoreTexts(custom: own, situation: situation, probe: nil)
            let ownCounts = scores.custom.map { !$0.words.isEmpty } ?? false
            return textResult(scores, path: ownCounts ? .customWord : nil, label: nil, custom: own)
        }
        if chip == .mixed {
            return textResult(scoreTexts(custom: custom, situation: situation, probe: nil), path: .mixedChip, label: label, custom: custom)
        }
        if custom != nil || situation != nil {
            let probe = label.map(lexicon.probe(for:))
            // Most chips stand, so the first look skips the notes; a negated chip is scored again in full.
            if chipIsNegated(scoreTexts(custom: custom, situation: situation, probe: probe, notes: false)) {
                return textResult(scoreTexts(custom: custom, situation: situation, probe: nil), path: .negatedChip,
                                  label: label, custom: custom)
            }
        }
        return chipResult(chip, label: label)
    }

    // MARK: Paths

    private struct Scores {
        var custom: AffectTextScore?
        var situation: AffectTextScore?
        var all: [AffectTextScore] { [custom, situation].compactMap { $0 } }
    }

    private func scoreTexts(custom: String?, situation: String?, probe: AffectProbe?, notes: Bool = true) -> Scores {
        Scores(custom: custom.map {
                   lexicon.score($0, sourceWeight: lexicon.rules.customWordWeight, sourceNote: "own word", probe: probe, notes: notes)
               },
               situation: situation.map { lexicon.score($0, probe: probe, notes: notes, reads: notes) })
    }

    /// The chip is negated when its label appears negated ("not really anxious"), or the
    /// custom word is nothing but a negation ("not really").
    private func chipIsNegated(_ scores: Scores) -> Bool {
        if scores.all.contains(where: \.probeNegated) { return true }
        guard let custom = scores.custom else { return false }
        return custom.hasNegator && !custom.hasContent
    }

    private func chipResult(_ chip: EmotionValence, label: String?) -> AffectResult {
        let valence: Valence = chip == .pleasant ? .pleasant : .unpleasant
        let score = chip == .pleasant ? 1.0 : -1.0
        let name = AffectFormat.quote(label ?? "chip")
        return AffectResult(valence: valence, score: score, rule: AffectRule.chip.rawValue,
                            contributions: [AffectContribution(word: name, weight: score, note: "chosen chip")],
                            explanation: "The chosen word '\(name)' is \(valence.rawValue).")
    }

    private func textResult(_ scores: Scores, path: AffectRule?, label: String?, custom: String?) -> AffectResult {
        let texts = scores.all
        let total = texts.reduce(0) { $0 + $1.total }
        let words = texts.count == 1 ? texts[0].words : texts.flatMap(\.words)
        let valence = lexicon.verdict(total, hasEvidence: !words.isEmpty)
        // A reading decides only when it can name its reason: a word or pair beyond little words.
        if readingDecides(scores, total: total), let reading = scores.situation?.reading, reading.charged,
           !reading.strongest.isEmpty {
            return readingResult(reading, words: words, path: path, label: label, custom: custom)
        }
        let textRule: AffectRule
        if words.isEmpty {
            textRule = .noEvidence
        } else if texts.contains(where: \.contrastApplied) {
            textRule = .butClause
        } else if valence != .neutral, texts.contains(where: { $0.negatedTotal != 0 && ($0.negatedTotal > 0) == (total > 0) }) {
            textRule = .negation
        } else {
            textRule = .lexicon
        }
        let rule = path ?? textRule
        let contributions = words.prefix(Self.maxContributions).map {
            AffectContribution(word: $0.word, weight: $0.weight, note: $0.note)
        }
        let explanation = AffectExplanation.text(path: path, textRule: textRule, label: label, custom: custom,
                                                 words: words, total: total, valence: valence, rules: lexicon.rules)
        return AffectResult(valence: valence, score: total, rule: rule.rawValue, contributions: contributions, explanation: explanation)
    }

    /// The lexicon decides when it found a clear feeling: a strong score, the person's own word, or
    /// in a short text (`AffectLexicon.shortTextWords`) feeling words of both signs ("glad and sad" is
    /// mixed) or read through a negation or a contrast ("not worried", "tired but proud"), which its
    /// rules weigh better there than word pairs do (`AffectTextScore.ruled`). Otherwise the
    /// situation's learned reading does: in a longer text it marks negated words and weighs a
    /// contrast's halves itself, with the lexicon's score as one of its inputs.
    private func readingDecides(_ scores: Scores, total: Double) -> Bool {
        if abs(total) >= lexicon.sentenceModel.lexiconFrom { return false }
        if let custom = scores.custom, !custom.words.isEmpty { return false }
        return !scores.all.contains { $0.ruled }
    }

    /// The situation's learned reading decides: the lexicon's words (too weak to decide alone) are kept,
    /// then the learned words that weighed most; the score is the reading's log-odds.
    private func readingResult(_ reading: AffectSentenceReading, words: [AffectScoredWord], path: AffectRule?,
                               label: String?, custom: String?) -> AffectResult {
        let valence: Valence = reading.logit > 0 ? .pleasant : .unpleasant
        let learned = reading.strongest.map { AffectContribution(word: $0.words, weight: $0.weight, note: "learned from everyday sentences") }
        let contributions = Array((words.map { AffectContribution(word: $0.word, weight: $0.weight, note: $0.note) } + learned)
            .prefix(Self.maxContributions))
        let explanation = AffectExplanation.reading(reading, path: path, label: label, custom: custom, valence: valence,
                                                    rules: lexicon.rules)
        return AffectResult(valence: valence, score: reading.logit, rule: (path ?? .sentenceReading).rawValue,
                            contributions: contributions, explanation: explanation)
    }

    private static func nonBlank(_ text: String?) -> String? {
        guard let text, text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { return nil }
        return text
    }
}
