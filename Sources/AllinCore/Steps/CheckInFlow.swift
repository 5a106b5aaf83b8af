import Foundation

/// The check-in step machine (SPEC §1). A value: every move returns what happened, and the step
/// list is always derived from the answers, so it can never disagree with them.
public struct CheckInFlow: Sendable, Equatable {
    public var answers: CheckIn
    private var storedIndex: Int
    /// The own words "Which is closest?" was answered for (a chip chosen, or none of them): not asked
    /// again for the same words; changed words ask again.
    public private(set) var closestAnswered: String?

    public init(answers: CheckIn = CheckIn(), index: Int = 0) {
        self.answers = answers
        self.storedIndex = max(0, index)
    }

    /// The lane the chosen intent leads to; unblock when there is no intent yet.
    public func intentLane(in vocabulary: Vocabulary) -> Lane {
        answers.intent.flatMap { vocabulary.intent($0)?.lane } ?? .unblock
    }

    /// The steps for the current answers: the core, then the tail of the intent's lane.
    public func steps(in vocabulary: Vocabulary) -> [Step] {
        Step.core + Step.tail(for: intentLane(in: vocabulary), consent: answers.consent)
    }

    /// The current position, clamped to the step list (which can shrink when the intent changes).
    public func index(in vocabulary: Vocabulary) -> Int {
        min(storedIndex, steps(in: vocabulary).count - 1)
    }

    public func currentStep(in vocabulary: Vocabulary) -> Step {
        steps(in: vocabulary)[index(in: vocabulary)]
    }

    /// Goes back one step; answers are kept. Returns false on the first step.
    @discardableResult
    public mutating func back(in vocabulary: Vocabulary) -> Bool {
        let i = index(in: vocabulary)
        storedIndex = max(0, i - 1)
        return i > 0
    }

    /// Jumps to a step that is in the current list (e.g. from a summary); false when it isn't.
    @discardableResult
    public mutating func go(to step: Step, in vocabulary: Vocabulary) -> Bool {
        guard let i = steps(in: vocabulary).firstIndex(of: step) else { return false }
        storedIndex = i
        return true
    }

    /// What the current step still needs before "next" may leave it, or nil when it is answered.
    public func missingAnswer(in vocabulary: Vocabulary) -> String? {
        switch currentStep(in: vocabulary) {
        case .emotion:
            let custom = answers.customEmotion?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            return answers.emotion == nil && custom.isEmpty ? "Choose a word or type your own." : nil
        case .intensity:
            guard let i = answers.intensity else { return "Choose an intensity from 1 to 10." }
            return (1...10).contains(i) ? nil : "Intensity must be from 1 to 10."
        case .consent:
            return answers.consent == nil ? "Choose yes or no." : nil
        default:
            return nil
        }
    }

    /// Leaves the current step, running the in-flow gates. The flow only moves when the outcome says so.
    public mutating func next(gates: FlowGates, answered: Set<String> = []) -> FlowOutcome {
        let vocabulary = gates.catalog.vocabulary
        if let missing = missingAnswer(in: vocabulary) { return .needsAnswer(missing) }
        let step = currentStep(in: vocabulary)
        if let stop = gates.tripwire(leaving: step, answers: answers, answered: answered) { return stop }
        if step == .emotion, let ids = closestToAsk(gates.catalog, answered: answered) { return .askClosest(ids) }
        if step == .intensity, let affect = expressAffect(gates: gates, answered: answered) {
            return .complete(.init(expressSoothe: true, affect: affect))
        }
        let steps = steps(in: vocabulary)
        let i = index(in: vocabulary)
        if i + 1 >= steps.count { return .complete(.init(expressSoothe: false, affect: nil)) }
        storedIndex = i + 1
        return .advanced(steps[i + 1])
    }
}

extension CheckInFlow {
    /// When the own emotion words are ones the feeling lexicon can't place with confidence, the emotion
    /// chips (one per family, nearest first) to offer as "Which is closest?"; nil when the words are a
    /// chip's own, the lexicon is sure, a chip is chosen, or the question was answered for these words.
    /// Own words the person answered for in the crisis check (`answered`) are never read as a good
    /// feeling: only hard feelings are offered for them, and asked even where the lexicon was sure of a
    /// good one ("everyone would be better off without me" offered Grateful, Confident, Calm).
    func closestToAsk(_ catalog: Catalog, answered: Set<String> = []) -> [String]? {
        guard answers.emotion == nil, let own = answers.customEmotion, !own.allSatisfy(\.isWhitespace),
              own != closestAnswered, case let .read(feeling) = catalog.ownFeeling(own) else { return nil }
        var families = feeling.closest
        if answered.contains(own) {
            let hard = Set(catalog.vocabulary.families.filter { $0.valence == .unpleasant }.map(\.id))
            let sure = feeling.family.map(hard.contains) ?? false
            guard feeling.asks || !sure else { return nil }
            let nearest = catalog.affectLexicon.nearestFamilies(valence: -3, arousal: AffectLexicon.unknownArousal)
            families = []
            for id in feeling.closest + nearest where hard.contains(id) && !families.contains(id) && families.count < 3 {
                families.append(id)
            }
        } else if !feeling.asks {
            return nil
        }
        let ids = families.compactMap { family in catalog.vocabulary.emotions.first { $0.family == family }?.id }
        return ids.isEmpty ? nil : ids
    }

    /// The answer to "Which is closest?": the chosen emotion chip (kept beside the own words, which stay
    /// the person's description), or nil for none of them. Either way it is not asked again for these
    /// words.
    public mutating func answerClosest(_ emotion: String?) {
        closestAnswered = answers.customEmotion
        if let emotion { answers.emotion = emotion }
    }
}

/// What happened on "next".
public enum FlowOutcome: Sendable, Equatable {
    /// Moved on to this step.
    case advanced(Step)
    /// The step needs an answer first; the message says which.
    case needsAnswer(String)
    /// A crisis gate fired on a clear statement: go to crisis support now.
    case crisis(FlowCrisis)
    /// The words are in the ambiguous band: ask "are you safe right now?" before moving on.
    case concern(FlowCrisis)
    /// The answer is a plain request for help: open support as asked.
    case askedForHelp(field: String)
    /// The own emotion words can't be placed with confidence: ask "Which is closest?" with these
    /// emotion chips (one per family, nearest first), then `answerClosest` and next again.
    case askClosest([String])
    /// The check-in is complete and ready to route.
    case complete(FlowCompletion)
}

/// How a check-in completed.
public struct FlowCompletion: Sendable, Equatable {
    /// True when the express gate completed it early (intensity >= 7 and unpleasant): soothe first.
    public var expressSoothe: Bool
    /// The valence decision of the express gate, when it ran.
    public var affect: AffectResult?
}

/// A crisis gate that fired inside the flow, with the field it fired on.
public struct FlowCrisis: Sendable, Equatable {
    public var step: Step
    public var field: String
    public var finding: CrisisFinding

    public init(step: Step, field: String, finding: CrisisFinding) {
        self.step = step
        self.field = field
        self.finding = finding
    }
}
