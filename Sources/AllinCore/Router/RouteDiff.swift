/// What changes when the same check-ins are routed through two catalogs: the decisions that differ,
/// and how many check-ins each lane and each session receives before and after (`allin route diff`).
public struct RouteDiff: Sendable, Equatable {
    /// A part of a decision that can change. Trace details alone (a score, a candidate list) are not a change.
    public enum Part: String, Sendable, Equatable, CaseIterable {
        case kind, lane, session, sootheFirst
    }

    /// One check-in whose decision differs; `index` is its position in the input, from 0.
    public struct Change: Sendable, Equatable {
        public var index: Int
        public var before: Recommendation
        public var after: Recommendation
        public var parts: [Part]
    }

    /// How many check-ins went to one lane or session before and after.
    public struct Tally: Sendable, Equatable {
        public var key: String
        public var before: Int
        public var after: Int

        public init(key: String, before: Int, after: Int) {
            self.key = key
            self.before = before
            self.after = after
        }

        public var delta: Int { after - before }
        /// Reached only after the change.
        public var gained: Bool { before == 0 && after > 0 }
        /// Reached only before the change.
        public var lost: Bool { before > 0 && after == 0 }
    }

    /// The sessions key of a crisis handoff, which has no session.
    public static let handoffKey = RecommendationKind.safetyHandoff.rawValue
    /// The lanes key of a decision with no lane (a crisis layer stopped routing before the lane was chosen).
    public static let noLaneKey = "none"

    public var checkIns: Int
    public var changes: [Change]
    /// Lanes in their usual order, then `none`; only keys reached before or after.
    public var lanes: [Tally]
    /// Sessions by slug, then the handoff key; only keys reached before or after.
    public var sessions: [Tally]

    /// Compares the decisions for the same check-ins, in the same order.
    public init(before: [Recommendation], after: [Recommendation]) {
        precondition(before.count == after.count, "both catalogs route the same check-ins")
        checkIns = before.count
        changes = zip(before, after).enumerated().compactMap { index, pair in
            let parts = RouteDiff.changedParts(pair.0, pair.1)
            return parts.isEmpty ? nil : Change(index: index, before: pair.0, after: pair.1, parts: parts)
        }
        let laneOrder = Lane.allCases.map(\.rawValue) + [RouteDiff.noLaneKey]
        lanes = RouteDiff.tally(before.map(RouteDiff.laneKey), after.map(RouteDiff.laneKey)) { key in
            laneOrder.firstIndex(of: key) ?? laneOrder.count
        }
        sessions = RouteDiff.tally(before.map(RouteDiff.sessionKey), after.map(RouteDiff.sessionKey)) { key in
            key == RouteDiff.handoffKey ? 1 : 0
        }
    }

    /// The parts of the decision that differ, in a fixed order.
    public static func changedParts(_ a: Recommendation, _ b: Recommendation) -> [Part] {
        Part.allCases.filter { part in
            switch part {
            case .kind: return a.kind != b.kind
            case .lane: return a.lane != b.lane
            case .session: return a.session?.slug != b.session?.slug
            case .sootheFirst: return a.sootheFirst != b.sootheFirst
            }
        }
    }

    public static func laneKey(_ r: Recommendation) -> String { r.lane?.rawValue ?? noLaneKey }

    public static func sessionKey(_ r: Recommendation) -> String {
        r.kind == .safetyHandoff ? handoffKey : (r.session?.slug ?? handoffKey)
    }

    public var sessionsGained: [String] { sessions.filter(\.gained).map(\.key) }
    public var sessionsLost: [String] { sessions.filter(\.lost).map(\.key) }

    /// Counts per key, ordered by `rank` then by key.
    static func tally(_ before: [String], _ after: [String], rank: (String) -> Int) -> [Tally] {
        var counts: [String: Tally] = [:]
        for key in before { counts[key, default: Tally(key: key, before: 0, after: 0)].before += 1 }
        for key in after { counts[key, default: Tally(key: key, before: 0, after: 0)].after += 1 }
        return counts.values.sorted { a, b in
            let (ra, rb) = (rank(a.key), rank(b.key))
            return ra != rb ? ra < rb : a.key < b.key
        }
    }
}
