/// The gates the step machine runs on "next" (SPEC §1), built once per catalog.
public struct FlowGates: Sendable {
    public let catalog: Catalog
    public let detector: CrisisDetector
    public let classifier: AffectClassifier

    /// Leaving intensity at or above this with an unpleasant valence completes the check-in (soothe first).
    public static let expressThreshold = 7

    public init(catalog: Catalog) {
        self.catalog = catalog
        self.detector = CrisisDetector(lexicon: catalog.crisisLexicon)
        self.classifier = AffectClassifier(lexicon: catalog.affectLexicon)
    }

    public init(catalog: Catalog, detector: CrisisDetector, classifier: AffectClassifier) {
        self.catalog = catalog
        self.detector = detector
        self.classifier = classifier
    }

    /// The one crisis rule (`CrisisCheck`) over this catalog's detector.
    public var check: CrisisCheck { CrisisCheck(detector: detector) }

    /// The crisis check for leaving a step: the one rule over the step's free text, layers A and B,
    /// whichever step it is. Chips are never scanned. `answered` holds words the person already
    /// answered for (said they are safe, or saw support for); they don't ask again.
    public func tripwire(leaving step: Step, answers: CheckIn, answered: Set<String> = []) -> FlowOutcome? {
        let report = check.check(answers.freeText(leaving: step), answered: answered)
        switch report.verdict {
        case .clear: return nil
        case let .askedForHelp(field): return .askedForHelp(field: field)
        case let .concern(d): return .concern(FlowCrisis(step: step, field: d.field ?? "", finding: d.finding))
        case let .handoff(d): return .crisis(FlowCrisis(step: step, field: d.field ?? "", finding: d.finding))
        }
    }

    /// The affect of the answers so far (the express gate's question).
    /// The feeling the answers read as; `answered` holds words the person answered for in the crisis
    /// check (said they are safe, or saw support for them): any of them among the answers reads as a
    /// hard feeling (`AffectResult.readingHeavyWords`), as the router reads it.
    public func affect(of answers: CheckIn, answered: Set<String> = []) -> AffectResult {
        let affect = classifier.classify(AffectInput(checkIn: answers, vocabulary: catalog.vocabulary))
        return answers.holdsAnswered(answered) ? affect.readingHeavyWords() : affect
    }
}

extension AffectInput {
    /// The classifier's view of a check-in: the chip (label and valence), the own word, the situation text.
    public init(checkIn: CheckIn, vocabulary: Vocabulary) {
        let chip = checkIn.emotion.flatMap { vocabulary.emotion($0) }
        self.init(emotionLabel: chip?.label, emotionValence: chip?.valence,
                  customEmotion: checkIn.customEmotion, situationText: checkIn.triggerText)
    }
}
