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

    /// The crisis check for leaving a step: layer A on the free text of emotion and belief (the
    /// tripwire, SPEC §1) and, for safety, of every other free-text tail step; layer A then B on the
    /// situation text (the layered check). Chips are never scanned.
    public func tripwire(leaving step: Step, answers: CheckIn) -> FlowCrisis? {
        let useB = step == .situation
        let texts = answers.freeText(leaving: step)
        for (field, text) in texts {
            if detector.isHelpRequest(text) {
                return FlowCrisis(step: step, field: field, finding: CrisisFinding(
                    layer: .a, tier: .crisis, rule: "A.helpRequest", matched: "help request",
                    reason: "The answer asks for help."))
            }
            let a = detector.layerA(text)
            if a.fired { return FlowCrisis(step: step, field: field, finding: a) }
            if useB {
                let b = detector.layerB(text)
                if b.fired { return FlowCrisis(step: step, field: field, finding: b) }
            }
        }
        return nil
    }

    /// The affect of the answers so far (the express gate's question).
    public func affect(of answers: CheckIn) -> AffectResult {
        classifier.classify(AffectInput(checkIn: answers, vocabulary: catalog.vocabulary))
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
