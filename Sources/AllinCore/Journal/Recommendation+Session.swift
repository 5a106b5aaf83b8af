/// Recommendations the front builds for the journal from what happened after routing.
extension Recommendation {
    /// A handoff record for support opened from inside a check-in (a tripwire, a request for help, a
    /// confirmed concern). The journal keeps only its tier and time.
    public static func handoff(finding: CrisisFinding, field: String?, intentLane: Lane) -> Recommendation {
        Recommendation(kind: .safetyHandoff, lane: nil, intentLane: intentLane, valence: nil, sootheFirst: false,
                       session: nil, crisis: CrisisDecision(finding: finding, field: field), concern: nil, trace: [])
    }

    /// The route as it was played: `session` is the session that ran (the legacy matcher's pick
    /// when the routed one could not play), and `extra` (the playability decision) follows the trace.
    public func played(_ session: Session, extra: [TraceEntry]) -> Recommendation {
        var copy = self
        copy.session = session
        copy.trace += extra
        return copy
    }
}
