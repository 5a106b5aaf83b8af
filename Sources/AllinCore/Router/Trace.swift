/// One gate of a routing decision: what it saw and what it decided.
public struct TraceEntry: Sendable, Equatable {
    /// Gate name: crisisA, crisisB, affect, sootheGate, candidates, choice, crisisC.
    public var gate: String
    /// What the gate decided, e.g. `clear`, `fired`, `unpleasant`, `soothe`, `picker`.
    public var decision: String
    /// What the gate saw, in order (values are JSON so the CLI can print them as they are).
    public var details: [(String, JSONValue)]

    public init(gate: String, decision: String, details: [(String, JSONValue)] = []) {
        self.gate = gate
        self.decision = decision
        self.details = details
    }

    public static func == (a: TraceEntry, b: TraceEntry) -> Bool {
        a.gate == b.gate && a.decision == b.decision && JSONValue.object(a.details) == JSONValue.object(b.details)
    }

    /// A detail by key.
    public func detail(_ key: String) -> JSONValue? { details.first { $0.0 == key }?.1 }
}

/// Where a check-in goes.
public enum RecommendationKind: String, Sendable, Equatable {
    case audio
    case safetyHandoff = "safety_handoff"
}

/// A crisis decision as reported by the router: which layer, which field, which words.
public struct CrisisDecision: Sendable, Equatable {
    public var finding: CrisisFinding
    /// The free-text field it fired on (e.g. `triggerText`), or nil for layer C.
    public var field: String?
}

extension Recommendation {
    /// A session the beliefs plan chose (not routed): the same player and reflection take it, and the
    /// trace says which step it is.
    /// A session the person chose from the library (not routed).
    public static func chosen(_ session: Session) -> Recommendation {
        Recommendation(kind: .audio, lane: session.lane, intentLane: session.lane, valence: nil, sootheFirst: false,
                       session: session, crisis: nil, concern: nil,
                       trace: [TraceEntry(gate: "library", decision: "chosen", details: [("slug", .string(session.slug))])])
    }

    public static func planned(_ session: Session, step: PlanStep) -> Recommendation {
        Recommendation(kind: .audio, lane: session.lane, intentLane: session.lane, valence: nil, sootheFirst: false,
                       session: session, crisis: nil, concern: nil,
                       trace: [TraceEntry(gate: "plan", decision: "step", details: [
                           ("index", .int(step.index)), ("area", .string(step.area)), ("type", .string(step.type.rawValue)),
                           ("fallback", .optional(step.fallback?.rawValue)),
                       ])])
    }
}

/// The router's answer for one check-in, with the trace that explains it.
public struct Recommendation: Sendable, Equatable {
    public var kind: RecommendationKind
    /// The active lane (soothe when soothe-first holds); nil when a crisis layer stopped routing first.
    public var lane: Lane?
    /// The lane of the chosen intent (unblock when there is none).
    public var intentLane: Lane
    /// The affect decision; nil when layer A stopped routing before it ran.
    public var valence: Valence?
    public var sootheFirst: Bool
    public var session: Session?
    /// The crisis finding that caused a handoff.
    public var crisis: CrisisDecision?
    /// A tier-1 concern that did not hand off but should be asked about (the front's inline check).
    public var concern: CrisisDecision?
    public var trace: [TraceEntry]
}
