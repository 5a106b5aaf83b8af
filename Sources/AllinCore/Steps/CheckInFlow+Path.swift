/// The steps a check-in will show from the start to its end, as far as the answers decide them: what
/// the step counter and the row of step names count.
public struct StepPath: Sendable, Equatable {
    /// The steps known so far, in order.
    public var steps: [Step]
    /// True while the intent is still open: more steps follow, and how many depends on it.
    public var open: Bool
    /// The current step's position, from 1.
    public var number: Int

    public init(steps: [Step], open: Bool, number: Int) {
        self.steps = steps
        self.open = open
        self.number = number
    }

    /// The number of steps on the path, or nil while the intent is open (no total would be honest).
    public var total: Int? { open ? nil : steps.count }

    /// "Step 2" while the intent is open, then "Step 5 of 6".
    public var label: String { total.map { "Step \(number) of \($0)" } ?? "Step \(number)" }
}

extension CheckInFlow {
    /// The affect when the express gate would end the check-in on leaving intensity (intensity at or
    /// above the threshold and the feeling unpleasant), else nil. `next` and the path both ask this;
    /// `answered` as for `FlowGates.affect(of:answered:)`.
    public func expressAffect(gates: FlowGates, answered: Set<String> = []) -> AffectResult? {
        guard let intensity = answers.intensity, intensity >= FlowGates.expressThreshold else { return nil }
        let affect = gates.affect(of: answers, answered: answered)
        return affect.valence == .unpleasant ? affect : nil
    }

    /// The path actually ahead: the core steps and an open end before the intent is chosen; the
    /// chosen lane's steps (optional ones included) after; up to intensity when the express gate will
    /// end the check-in there. Leaving the intent step without a choice goes on the unblock steps, so
    /// past it the path is known even then.
    public func path(gates: FlowGates, answered: Set<String> = []) -> StepPath {
        let vocabulary = gates.catalog.vocabulary
        let all = steps(in: vocabulary)
        let i = index(in: vocabulary)
        if let last = all.firstIndex(of: .intensity), i <= last, expressAffect(gates: gates, answered: answered) != nil {
            return StepPath(steps: Array(all[...last]), open: false, number: i + 1)
        }
        let chosen = answers.intent.flatMap { vocabulary.intent($0) } != nil
        if !chosen, i < Step.core.count {
            return StepPath(steps: Step.core, open: true, number: i + 1)
        }
        return StepPath(steps: all, open: false, number: i + 1)
    }
}

extension CheckInFlow {
    /// The answers of the steps this check-in took, as the journal keeps them: those of steps it left
    /// behind are not (found from outside: after going back and raising the intensity to 10, the
    /// express gate ended the check-in there and the journal still showed the earlier intent's
    /// answers; a changed intent's old questions likewise). The router still reads every answer: the
    /// crisis rule never skips words a person typed.
    public func answersTaken(expressSoothe: Bool, in vocabulary: Vocabulary) -> CheckIn {
        let taken = expressSoothe ? [Step.emotion, .situation, .intensity] : steps(in: vocabulary)
        var kept = answers
        for step in Step.allCases where !taken.contains(step) { kept.forget(step) }
        return kept
    }
}

extension CheckIn {
    /// Clears what `step` asks for (the first three steps are on every path and are never cleared).
    mutating func forget(_ step: Step) {
        switch step {
        case .emotion, .situation, .intensity: return
        case .intent: intent = nil
        case .consent: consent = nil
        case .belief: belief = nil
        case .claritySubTap: claritySubTap = nil
        case .confidenceSubTap: confidenceSubTap = nil
        case .pattern, .origin, .kinder, .embodyNew: break
        }
        // Its words, through the one list of which step asks for which (`FreeTextField`).
        if let field = FreeTextField(step: step) { self[text: field] = nil }
    }
}
