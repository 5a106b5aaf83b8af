/// Turns a scored check-in into one or two plain sentences.
enum AffectExplanation {
    static func text(path: AffectRule?, textRule: AffectRule, label: String?, custom: String?, words: [AffectScoredWord],
                     total: Double, valence: Valence, rules: AffectRules) -> String {
        var out = AffectText(capacity: 200)
        prefix(path: path, label: label, custom: custom, rules: rules, into: &out)
        let startsSentence = out.isEmpty
        guard !words.isEmpty else {
            out += startsSentence ? "No feeling words found, so neutral." : "no feeling words found, so neutral."
            return out.string
        }
        return body(textRule: textRule, words: words, total: total, valence: valence, rules: rules, startsSentence: startsSentence, out: &out)
    }

    /// "No clear feeling word, so the sentence as a whole was read: 'broke down' (-1.20) → unpleasant (87% sure)."
    /// Where the text had feeling words too weak to decide alone: "The feeling words were not strong
    /// enough to decide alone, so the sentence as a whole was read: …".
    static func reading(_ reading: AffectSentenceReading, path: AffectRule?, label: String?, custom: String?,
                        valence: Valence, rules: AffectRules) -> String {
        var out = AffectText(capacity: 200)
        prefix(path: path, label: label, custom: custom, rules: rules, into: &out)
        let (capital, lower) = reading.lexiconScore == 0
            ? ("No clear feeling word", "no clear feeling word")
            : ("The feeling words were not strong enough to decide alone", "the feeling words were not strong enough to decide alone")
        out += out.isEmpty ? capital : lower
        out += ", so the sentence as a whole was read"
        for (n, w) in reading.strongest.enumerated() {
            out += n == 0 ? ": " : "; "
            out.quoted(w.words)
            out += " ("
            out.weight(w.weight)
            out += ")"
        }
        out += " → "
        out += valence.rawValue
        out += " ("
        out.integer(Int((max(reading.probability, 1 - reading.probability) * 100).rounded()))
        out += "% sure)."
        return out.string
    }

    private static func prefix(path: AffectRule?, label: String?, custom: String?, rules: AffectRules, into out: inout AffectText) {
        switch path {
        case .mixedChip:
            out += "The chosen word '"; out += AffectFormat.quote(label ?? "chip"); out += "' is mixed, so the text decides: "
        case .negatedChip:
            out += "The chosen word '"; out += AffectFormat.quote(label ?? "chip"); out += "' is negated, so the text decides: "
        case .customWord:
            out += "Your own word '"; out += AffectFormat.quote(custom ?? ""); out += "' counts x"
            out.number(rules.customWordWeight)
            out += ": "
        default: break
        }
    }

    private static func body(textRule: AffectRule, words: [AffectScoredWord], total: Double, valence: Valence, rules: AffectRules,
                             startsSentence: Bool, out: inout AffectText) -> String {
        if textRule == .butClause, let turned = words.first(where: { $0.contrastWord != nil }), let turn = turned.contrastWord {
            let concessive = turned.side == .inClause || turned.side == .outsideClause
            out += startsSentence ? "The " : "the "
            if concessive {
                out.quoted(turn)
                out += " clause weighs less; "
            } else {
                out += "part after "
                out.quoted(turn)
                out += " weighs more; "
            }
        }
        let shown = strongest(words)
        for (n, w) in shown.enumerated() {
            if n > 0 { out += "; " }
            if let negator = w.negator {
                out.quoted(negator)
                out += " negates "
            }
            out.quoted(w.word)
            if let turn = w.contrastWord {
                out += " "
                w.side.describe(turn, into: &out)
            }
            out += " ("
            out.weight(w.weight)
            out += ")"
        }
        if words.count > shown.count {
            out += "; "
            out.integer(words.count - shown.count)
            out += " more"
        }
        out += " → "
        out += valence.rawValue
        out += " (score "
        out.weight(total)
        if valence == .neutral {
            out += " is between "
            out.number(rules.unpleasantThreshold)
            out += " and "
            out.number(rules.pleasantThreshold)
        }
        out += ")."
        return out.string
    }

    /// The few words with the largest weights, kept in text order.
    private static func strongest(_ words: [AffectScoredWord]) -> [AffectScoredWord] {
        let limit = AffectClassifier.explainedContributions
        guard words.count > limit else { return words }
        let keep = words.indices.sorted { abs(words[$0].weight) > abs(words[$1].weight) }.prefix(limit).sorted()
        return keep.map { words[$0] }
    }
}
