import AllinCore

/// The words of each check-in step: its short name, the question and a hint. The terminal screens and
/// `allin --plain` both use these.
public enum StepCopy {
    public static func name(_ step: Step) -> String {
        switch step {
        case .emotion: return "feeling"
        case .situation: return "situation"
        case .intensity: return "intensity"
        case .intent: return "intent"
        case .consent: return "consent"
        case .belief: return "belief"
        case .pattern: return "pattern"
        case .origin: return "origin"
        case .kinder: return "kinder"
        case .claritySubTap: return "clarity"
        case .confidenceSubTap: return "confidence"
        case .embodyNew: return "picture it"
        }
    }

    public static func question(_ step: Step) -> String {
        switch step {
        case .emotion: return "How are you feeling right now?"
        case .situation: return "What is it about?"
        case .intensity: return "How strong is it, and where do you feel it?"
        case .intent: return "What would help most right now?"
        case .consent: return "May we gently explore a belief behind this?"
        case .belief: return "Which belief feels closest?"
        case .pattern: return "What do you tend to do when it shows up?"
        case .origin: return "Where do you think it comes from?"
        case .kinder: return "What would a kinder voice say instead?"
        case .claritySubTap: return "What feels most tangled?"
        case .confidenceSubTap: return "Where do you want to feel more confident?"
        case .embodyNew: return "Picture it going well. What do you do differently?"
        }
    }

    public static func hint(_ step: Step) -> String {
        switch step {
        case .emotion: return "Choose the word that fits best, or use your own words."
        case .situation: return "Optional: pick what it is about, and say a little more if you like."
        case .intensity: return "1 is barely there, 10 is as strong as it gets. Body places are optional."
        case .intent: return "Your answer decides the next few questions."
        case .consent: return "You can say no. We will still find something that fits."
        case .belief: return "Pick one, or put it in your own words."
        case .pattern, .origin, .kinder: return "Pick one, or use your own words. You can skip this."
        case .claritySubTap, .confidenceSubTap: return "Pick the one closest to it."
        case .embodyNew: return "A sentence or two is plenty. You can skip this."
        }
    }

    /// The free-text field a step writes to (own words for chip steps), if any.
    public static func textField(_ step: Step) -> String? {
        switch step {
        case .emotion: return "customEmotion"
        case .situation: return "triggerText"
        case .belief: return "customBelief"
        case .pattern: return "pattern"
        case .origin: return "origin"
        case .kinder: return "kinder"
        case .embodyNew: return "embodyNew"
        default: return nil
        }
    }

    /// The longest answer the step's text field takes.
    public static func limit(_ step: Step) -> Int {
        step == .emotion ? AppContext.ownWordLimit : AppContext.textLimit
    }

    /// The consent choices.
    public static let consentYes = "Yes, let's explore it"
    public static let consentNo = "No, not today"
}
