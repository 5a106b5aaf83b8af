extension RouteDiff {
    /// The `allin route diff --json` shape. `about(index)` adds what the input said of a check-in (its
    /// `id`, line or journal entry) to its change; `limit` keeps only the first changes (the counts
    /// always cover every check-in, and `shown` says how many changes are listed).
    public func json(limit: Int? = nil, about: (Int) -> [(String, JSONValue)] = { _ in [] },
                     extra: [(String, JSONValue)] = []) -> JSONValue {
        let listed = limit.map { Array(changes.prefix($0)) } ?? changes
        var pairs: [(String, JSONValue)] = [
            ("checkIns", .int(checkIns)),
            ("changed", .int(changes.count)),
            ("shown", .int(listed.count)),
            ("changes", .array(listed.map { change in
                .object([("index", .int(change.index + 1))] + about(change.index) + [
                    ("parts", .array(change.parts.map { .string($0.rawValue) })),
                    ("before", change.before.json(resources: nil)),
                    ("after", change.after.json(resources: nil)),
                ])
            })),
            ("lanes", RouteDiff.json(lanes)),
            ("sessions", RouteDiff.json(sessions)),
            ("sessionsGained", .array(sessionsGained.map(JSONValue.string))),
            ("sessionsLost", .array(sessionsLost.map(JSONValue.string))),
        ]
        pairs += extra
        return .object(pairs)
    }

    static func json(_ tallies: [Tally]) -> JSONValue {
        .object(tallies.map { t in
            (t.key, .object([("before", .int(t.before)), ("after", .int(t.after)), ("delta", .int(t.delta))]))
        })
    }
}
