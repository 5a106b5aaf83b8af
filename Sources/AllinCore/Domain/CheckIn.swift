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
        let all: [(String, String?)] = [
            ("customEmotion", customEmotion), ("triggerText", triggerText), ("embodyNew", embodyNew),
            ("customBelief", customBelief), ("pattern", pattern), ("origin", origin), ("kinder", kinder),
        ]
        return all.compactMap { field, text in
            guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
            return (field, text)
        }
    }

    /// The free text of the steps the in-flow tripwire watches when leaving `step`.
    public func freeText(leaving step: Step) -> [(field: String, text: String)] {
        let fields: Set<String>
        switch step {
        case .emotion: fields = ["customEmotion"]
        case .situation: fields = ["triggerText"]
        case .belief: fields = ["customBelief"]
        case .embodyNew: fields = ["embodyNew"]
        case .pattern: fields = ["pattern"]
        case .origin: fields = ["origin"]
        case .kinder: fields = ["kinder"]
        default: fields = []
        }
        return freeText.filter { fields.contains($0.field) }
    }
}
