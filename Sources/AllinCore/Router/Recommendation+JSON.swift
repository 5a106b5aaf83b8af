extension Recommendation {
    /// The `allin route` JSON shape; `resources` is filled for handoffs.
    public func json(resources: CrisisResources?) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("kind", .string(kind.rawValue)),
            ("lane", .optional(lane?.rawValue)),
            ("intentLane", .string(intentLane.rawValue)),
            ("valence", .optional(valence?.rawValue)),
            ("sootheFirst", .bool(sootheFirst)),
            ("session", session.map { s in
                .object([("slug", .string(s.slug)), ("title", .string(s.title)), ("lane", .string(s.lane.rawValue)),
                         ("durationSeconds", .int(s.durationSeconds))])
            } ?? .null),
            ("crisis", crisis.map(\.json) ?? .null),
            ("concern", concern.map(\.json) ?? .null),
            ("resources", kind == .safetyHandoff ? (resources?.json ?? .null) : .null),
        ]
        pairs.append(("trace", .array(trace.map(\.json))))
        return .object(pairs)
    }
}

extension TraceEntry {
    /// One gate as the route JSON and the journal store it: gate, decision, then its details.
    public var json: JSONValue {
        .object([("gate", .string(gate)), ("decision", .string(decision))] + details)
    }

    /// A stored gate read back (a journal entry's trace); nil when it has no gate or decision.
    public init?(json: JSONValue) {
        guard case let .object(pairs) = json, case let .string(gate)? = pairs.first(where: { $0.0 == "gate" })?.1,
              case let .string(decision)? = pairs.first(where: { $0.0 == "decision" })?.1 else { return nil }
        self.init(gate: gate, decision: decision, details: pairs.filter { $0.0 != "gate" && $0.0 != "decision" })
    }
}

extension CrisisDecision {
    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("layer", .string(finding.layer.rawValue)), ("tier", .string(finding.tier.label)),
            ("reason", .string(finding.reason)), ("matched", .string(finding.matched)),
            ("rule", .string(finding.rule)), ("field", .optional(field)),
        ]
        if let score = finding.shownProbability { pairs.append(("score", .number(score))) }
        return .object(pairs)
    }
}

extension CrisisResources {
    /// The `allin resources --json` shape.
    public var json: JSONValue {
        .object([
            ("region", .string(region)),
            ("regionName", .optional(regionName)),
            ("known", .bool(known)),
            ("emergency", .optional(emergency?.number)),
            ("emergencyAlso", .array((emergency?.also ?? []).map(JSONValue.string))),
            ("emergencySource", .optional(emergency?.source)),
            ("advice", .optional(advice)),
            ("adviceSource", .optional(adviceSource)),
            ("resources", .array(lines.map(\.json))),
        ])
    }
}

extension Helpline {
    public var json: JSONValue {
        .object([
            ("name", .string(name)), ("phone", .optional(phone)), ("sms", .optional(sms)),
            ("smsKeyword", .optional(smsKeyword)), ("url", .optional(url)), ("hours", .string(hours)),
            ("free", free.map(JSONValue.bool) ?? .null), ("note", .string(note)),
            ("source", .string(source)), ("sourceKind", .string(sourceKind.rawValue)),
            ("lastVerified", .string(lastVerified)),
        ])
    }
}
