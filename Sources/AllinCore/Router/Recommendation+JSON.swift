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
        pairs.append(("trace", .array(trace.map { entry in
            .object([("gate", .string(entry.gate)), ("decision", .string(entry.decision))] + entry.details)
        })))
        return .object(pairs)
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
