/// How serious a crisis signal is (see notes/crisis-detection.md §3.1).
public enum CrisisTier: Int, Sendable, Comparable, Codable, CaseIterable {
    /// Nothing found.
    case none = 0
    /// Concern: hopelessness, burden, a negated mention, someone else at risk in the past,
    /// ambiguous hyperbole. The front asks one inline question; the router does not hand off.
    case concern = 1
    /// Ideation, passive ideation, self-harm, euphemism, a third party in present danger: full handoff.
    case crisis = 2
    /// Plan, method or means with intent, a time marker, a recent act: handoff, emergency number first.
    case immediate = 3

    public static func < (a: CrisisTier, b: CrisisTier) -> Bool { a.rawValue < b.rawValue }

    /// Short label used in JSON and traces: `T0` … `T3`.
    public var label: String { "T\(rawValue)" }
}

/// Which detection layer produced a finding.
public enum CrisisLayer: String, Sendable, Codable {
    case a = "A"
    case b = "B"
    case c = "C"
}

/// The result of scanning one text with one layer. A finding with tier `.none` means nothing was found.
public struct CrisisFinding: Sendable, Equatable {
    public var layer: CrisisLayer
    public var tier: CrisisTier
    /// Stable id of the rule or pattern that decided the tier, e.g. `A.selfModalAct`; empty when nothing fired.
    public var rule: String
    /// The matched span (words of the normalized text) that decided the tier; empty when nothing fired.
    public var matched: String
    /// One plain sentence explaining the decision.
    public var reason: String
    /// Layer B's score in 0...1; nil for layers A and C.
    public var score: Double?
    /// Layer B's trained model's probability, kept on a finding the model decided (`B.model`).
    public var modelScore: Double?
    /// Layer A dated its words to the distant past ("used to", "years ago") and so only asks.
    public var distantPast = false
    /// Layer A read its words as about someone else who is in care or has help now (`theyAreCaredFor`).
    public var othersNotNow = false

    public init(layer: CrisisLayer, tier: CrisisTier, rule: String = "", matched: String = "", reason: String = "", score: Double? = nil) {
        self.layer = layer
        self.tier = tier
        self.rule = rule
        self.matched = matched
        self.reason = reason
        self.score = score
    }

    /// True when the finding reaches the handoff threshold (T2 or T3).
    public var fired: Bool { tier >= .crisis }

    /// How sure the statistical part of layer B is: the model's probability on a `B.model` finding,
    /// the weighted score on the others of layer B; nil for layers A and C.
    public var probability: Double? { rule == "B.model" ? modelScore : score }

    /// `probability` to three decimals, as the trace and `allin classify` show it: the model's own
    /// probability on a finding the model made (the weighted score there was a different, lower
    /// number beside a reason naming the model's).
    public var shownProbability: Double? { probability.map { ($0 * 1000).rounded() / 1000 } }

    /// A finding of the given layer that found nothing.
    public static func clear(_ layer: CrisisLayer, reason: String = "nothing found", score: Double? = nil) -> CrisisFinding {
        CrisisFinding(layer: layer, tier: .none, reason: reason, score: score)
    }
}
