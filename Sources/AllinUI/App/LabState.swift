import AllinCore

/// A field of the routing lab's form: every check-in answer, plus the region.
public enum LabField: String, CaseIterable, Sendable {
    case region, emotion, customEmotion, situation, triggerText, intensity, body, intent
    case claritySubTap, confidenceSubTap, embodyNew, consent, belief, customBelief, pattern, origin, kinder

    /// The label in the form (the check-in key, so it matches `allin route`).
    public var label: String {
        switch self {
        case .customEmotion: return "own emotion"
        case .triggerText: return "situation text"
        case .claritySubTap: return "clarity tap"
        case .confidenceSubTap: return "confidence tap"
        case .embodyNew: return "embody new"
        case .customBelief: return "own belief"
        default: return rawValue
        }
    }

    /// True for free-text fields, which take typing; the others cycle with ←/→.
    public var isText: Bool { freeText != nil }

    /// The check-in's free-text answer this field edits, if it is one.
    public var freeText: FreeTextField? { FreeTextField(rawValue: rawValue) }
}

/// The routing lab: a form of check-in answers, routed live on every edit.
public struct LabState: Equatable, Sendable {
    public var answers = CheckIn(intensity: 5)
    public var field: LabField = .emotion
    public var editor = TextField(limit: AppContext.textLimit)
    public var region: String?
    /// Bumped on every edit; only the answer for the latest revision is shown.
    public var revision = 0
    public var result: Recommendation?
    /// What the step machine's own gates would do with these answers.
    public var flowGates: [String] = []
    /// First row of the result panel.
    public var scroll = 0
    /// Words the person answered for on leaving ("yes, I'm safe", or "yes, go back" from support):
    /// leaving again does not ask about them, changed words ask again.
    public var answered: Set<String> = []

    public init(region: String?) { self.region = region }
}
