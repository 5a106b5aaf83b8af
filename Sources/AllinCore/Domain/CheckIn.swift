/// The answers of one check-in. Chip fields hold catalog ids; the rest is the person's own text.
public struct CheckIn: Sendable, Equatable {
    public var emotion: String?
    public var customEmotion: String?
    public var situation: String?
    public var triggerText: String?
    public var intensity: Int?
    public var body: [String]
    public var intent: String?
    public var claritySubTap: String?
    public var confidenceSubTap: String?
    public var embodyNew: String?
    /// Whether the person agreed to explore a belief; nil until asked.
    public var consent: Bool?
    public var belief: String?
    public var customBelief: String?
    public var pattern: String?
    public var origin: String?
    public var kinder: String?

    public init(emotion: String? = nil, customEmotion: String? = nil, situation: String? = nil,
                triggerText: String? = nil, intensity: Int? = nil, body: [String] = [], intent: String? = nil,
                claritySubTap: String? = nil, confidenceSubTap: String? = nil, embodyNew: String? = nil,
                consent: Bool? = nil, belief: String? = nil, customBelief: String? = nil,
                pattern: String? = nil, origin: String? = nil, kinder: String? = nil) {
        self.emotion = emotion
        self.customEmotion = customEmotion
        self.situation = situation
        self.triggerText = triggerText
        self.intensity = intensity
        self.body = body
        self.intent = intent
        self.claritySubTap = claritySubTap
        self.confidenceSubTap = confidenceSubTap
        self.embodyNew = embodyNew
        self.consent = consent
        self.belief = belief
        self.customBelief = customBelief
        self.pattern = pattern
        self.origin = origin
        self.kinder = kinder
    }

    /// The free-text answers, each with its field name, in the order they are asked. Only these are
    /// crisis signal; chips never are. Empty answers are left out.
    public var freeText: [(field: String, text: String)] {
        FreeTextField.allCases.compactMap { field in
            guard let text = self[text: field], !text.allSatisfy(\.isWhitespace) else { return nil }
            return (field.rawValue, text)
        }
    }

    /// True when one of the answers is words the person answered for in the crisis check (`answered`:
    /// they said they are safe, or saw support for them). Such words read as a hard feeling
    /// (`AffectResult.readingHeavyWords`) in the router and the step machine alike.
    public func holdsAnswered(_ answered: Set<String>) -> Bool {
        !answered.isEmpty && freeText.contains { answered.contains($0.text) }
    }

    /// The free text of the steps the in-flow tripwire watches when leaving `step`.
    public func freeText(leaving step: Step) -> [(field: String, text: String)] {
        guard let field = FreeTextField(step: step) else { return [] }
        return freeText.filter { $0.field == field.rawValue }
    }

    /// The free-text answer a field name (as in a crisis finding: `triggerText`, ...) stands for;
    /// nil for "all", "note" or no field.
    public func text(named field: String?) -> String? {
        field.flatMap(FreeTextField.init(rawValue:)).flatMap { self[text: $0] }
    }

    /// One free-text answer.
    public subscript(text field: FreeTextField) -> String? {
        get {
            switch field {
            case .customEmotion: return customEmotion
            case .triggerText: return triggerText
            case .embodyNew: return embodyNew
            case .customBelief: return customBelief
            case .pattern: return pattern
            case .origin: return origin
            case .kinder: return kinder
            }
        }
        set {
            switch field {
            case .customEmotion: customEmotion = newValue
            case .triggerText: triggerText = newValue
            case .embodyNew: embodyNew = newValue
            case .customBelief: customBelief = newValue
            case .pattern: pattern = newValue
            case .origin: origin = newValue
            case .kinder: kinder = newValue
            }
        }
    }
}

/// The check-in's free-text answers: the key each is known by (in `allin route`, the trace and the
/// routing lab) and the step that asks for it, in the order they are asked. The one list the crisis
/// scans, the tripwire, the check-in screens and the lab all read.
public enum FreeTextField: String, CaseIterable, Sendable {
    case customEmotion, triggerText, embodyNew, customBelief, pattern, origin, kinder

    /// The step whose free text this is.
    public var step: Step {
        switch self {
        case .customEmotion: return .emotion
        case .triggerText: return .situation
        case .embodyNew: return .embodyNew
        case .customBelief: return .belief
        case .pattern: return .pattern
        case .origin: return .origin
        case .kinder: return .kinder
        }
    }

    /// The free-text answer `step` asks for, if it asks for one.
    public init?(step: Step) {
        guard let field = Self.allCases.first(where: { $0.step == step }) else { return nil }
        self = field
    }
}

extension FreeTextField {
    /// The longest answer the field takes, in characters: 200 for an own feeling word, 2,000 for the
    /// rest. The screens, `allin --plain` and the JSON commands all refuse more, and say so.
    public var limit: Int { self == .customEmotion ? TextLimits.ownEmotion : TextLimits.freeText }
}

/// The lengths every free-text answer is held to (characters).
public enum TextLimits {
    /// A free-text answer: the situation, a tail answer, an own belief, the reflection note, the lab's text.
    public static let freeText = 2_000
    /// An own feeling word (or a few).
    public static let ownEmotion = 200
}
