import AllinCore

/// How each check-in step presents and stores its answer: its list items, the chosen one, and the
/// text field it writes to.
public enum StepModel {
    public static let ownWordsID = "__own_words__"

    public static func items(_ step: Step, _ v: Vocabulary) -> [ListItem] {
        switch step {
        case .emotion:
            let families = Dictionary(v.families.map { ($0.id, $0.label) }, uniquingKeysWith: { a, _ in a })
            return v.emotions.map { ListItem(id: $0.id, label: $0.label, detail: families[$0.family] ?? $0.family) }
                + [ownWords]
        case .situation: return v.situations.map { ListItem(id: $0.id, label: $0.label) }
        case .intensity: return v.body.map { ListItem(id: $0.id, label: $0.label) }
        case .intent: return v.intents.map { ListItem(id: $0.id, label: $0.label) }
        case .consent: return [ListItem(id: "yes", label: StepCopy.consentYes), ListItem(id: "no", label: StepCopy.consentNo)]
        case .belief: return v.beliefs.map { ListItem(id: $0.id, label: $0.label) } + [ownWords]
        case .pattern: return v.patternChips.map { ListItem(id: $0.id, label: $0.label) } + [ownWords]
        case .origin: return v.originChips.map { ListItem(id: $0.id, label: $0.label) } + [ownWords]
        case .kinder: return v.kinderChips.map { ListItem(id: $0.id, label: $0.label) } + [ownWords]
        case .claritySubTap: return v.claritySubTaps.map { ListItem(id: $0.id, label: $0.label) }
        case .confidenceSubTap: return v.confidenceSubTaps.map { ListItem(id: $0.id, label: $0.label) }
        case .embodyNew: return []
        }
    }

    public static let ownWords = ListItem(id: ownWordsID, label: "My own words…", kind: .ownWords)

    /// Steps whose lists take an "own words" entry.
    public static func hasOwnWords(_ step: Step) -> Bool {
        [.emotion, .belief, .pattern, .origin, .kinder].contains(step)
    }

    /// Long lists filter as you type; short ones pick by number instead.
    public static func filterable(_ step: Step) -> Bool {
        [.emotion, .situation, .belief, .pattern, .origin, .kinder].contains(step)
    }

    /// Optional steps: their copy says they can be skipped, and the footer names the key that skips.
    public static func skippable(_ step: Step) -> Bool {
        [.situation, .pattern, .origin, .kinder, .embodyNew].contains(step)
    }

    /// True when the step has an answer: a chosen chip or words.
    public static func answered(_ step: Step, _ a: CheckIn, _ v: Vocabulary) -> Bool {
        chosen(step, a, v) != nil || nonEmpty(text(step, a)) != nil
    }

    /// The step is only a text editor.
    public static func textOnly(_ step: Step) -> Bool { step == .embodyNew }

    /// The id of the item the answers currently choose, if any.
    public static func chosen(_ step: Step, _ a: CheckIn, _ v: Vocabulary, items known: [ListItem]? = nil) -> String? {
        switch step {
        case .emotion: return a.emotion ?? (nonEmpty(a.customEmotion) != nil ? ownWordsID : nil)
        case .situation: return a.situation
        case .intent: return a.intent
        case .consent: return a.consent.map { $0 ? "yes" : "no" }
        case .belief: return a.belief ?? (nonEmpty(a.customBelief) != nil ? ownWordsID : nil)
        case .claritySubTap: return a.claritySubTap
        case .confidenceSubTap: return a.confidenceSubTap
        case .pattern, .origin, .kinder:
            guard let text = nonEmpty(text(step, a)) else { return nil }
            return (known ?? items(step, v)).first { $0.kind == .chip && $0.label == text }?.id ?? ownWordsID
        case .intensity, .embodyNew: return nil
        }
    }

    /// Stores a chosen chip. Choosing a chip replaces own words on the same step.
    public static func choose(_ item: ListItem, step: Step, _ a: inout CheckIn) {
        switch step {
        case .emotion: a.emotion = item.id; a.customEmotion = nil
        case .situation: a.situation = item.id
        case .intent: a.intent = item.id
        case .consent: a.consent = item.id == "yes"
        case .belief: a.belief = item.id; a.customBelief = nil
        case .claritySubTap: a.claritySubTap = item.id
        case .confidenceSubTap: a.confidenceSubTap = item.id
        case .pattern, .origin, .kinder: setText(step, &a, item.label)
        case .intensity:
            if let i = a.body.firstIndex(of: item.id) { a.body.remove(at: i) } else { a.body.append(item.id) }
        case .embodyNew: break
        }
    }

    /// The step's free text.
    public static func text(_ step: Step, _ a: CheckIn) -> String? {
        FreeTextField(step: step).flatMap { a[text: $0] }
    }

    public static func setText(_ step: Step, _ a: inout CheckIn, _ text: String?) {
        guard let field = FreeTextField(step: step) else { return }
        a[text: field] = nonEmpty(text) == nil ? nil : text
    }

    /// A short summary of the step's answer, for the lab and plain mode.
    public static func summary(_ step: Step, _ a: CheckIn, _ v: Vocabulary) -> String? {
        if let id = chosen(step, a, v), id != ownWordsID {
            return items(step, v).first { $0.id == id }?.label
        }
        return nonEmpty(text(step, a))
    }

    public static func nonEmpty(_ s: String?) -> String? {
        guard let s, !s.allSatisfy(\.isWhitespace) else { return nil }
        return s
    }
}
