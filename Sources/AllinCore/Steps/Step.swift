/// One screen of the check-in.
public enum Step: String, Sendable, CaseIterable, Equatable {
    case emotion, situation, intensity, intent
    case consent, belief, pattern, origin, kinder
    case claritySubTap, confidenceSubTap, embodyNew

    /// The four steps every check-in starts with.
    public static let core: [Step] = [.emotion, .situation, .intensity, .intent]

    /// The steps that follow the intent fork for a lane. Declining consent ends the unblock tail there.
    public static func tail(for lane: Lane, consent: Bool?) -> [Step] {
        switch lane {
        case .soothe: return []
        case .clarity: return [.claritySubTap]
        case .embody: return [.confidenceSubTap, .embodyNew]
        case .unblock: return consent == false ? [.consent] : [.consent, .belief, .pattern, .origin, .kinder]
        }
    }
}
