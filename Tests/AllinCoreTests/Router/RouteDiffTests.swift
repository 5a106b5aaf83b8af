import Testing
@testable import AllinCore

@Suite("Route diff: changes and counts between two catalogs")
struct RouteDiffTests {
    static let gates = ["crisisA", "crisisB", "affect", "crisisRule", "sootheGate", "candidates", "choice"]

    func audio(_ slug: String, _ lane: Lane, sootheFirst: Bool = false, trace: [TraceEntry]? = nil) -> Recommendation {
        Recommendation(kind: .audio, lane: lane, intentLane: lane, valence: .unpleasant, sootheFirst: sootheFirst,
                       session: session(slug, lane), crisis: nil, concern: nil,
                       trace: trace ?? Self.gates.map { TraceEntry(gate: $0, decision: $0 == "choice" ? "picker" : "clear") })
    }

    func handoff(lane: Lane? = nil) -> Recommendation {
        Recommendation(kind: .safetyHandoff, lane: lane, intentLane: .unblock, valence: nil, sootheFirst: false, session: nil,
                       crisis: CrisisDecision(finding: CrisisFinding(layer: .a, tier: .crisis), field: "triggerText"),
                       concern: nil, trace: [TraceEntry(gate: "crisisA", decision: "fired"), TraceEntry(gate: "crisisRule", decision: "handoff")])
    }

    @Test func sameDecisionsChangeNothing() {
        let routes = [audio("a", .soothe), audio("b", .clarity), handoff()]
        let diff = RouteDiff(before: routes, after: routes)
        #expect(diff.checkIns == 3 && diff.changes.isEmpty)
        #expect(diff.lanes.allSatisfy { $0.delta == 0 } && diff.sessions.allSatisfy { $0.delta == 0 })
        #expect(diff.sessionsGained.isEmpty && diff.sessionsLost.isEmpty)
    }

    @Test func aDifferentTraceAloneIsNotAChange() {
        var other = audio("a", .soothe)
        other.trace[5] = TraceEntry(gate: "candidates", decision: "family", details: [("count", .int(3))])
        #expect(RouteDiff(before: [audio("a", .soothe)], after: [other]).changes.isEmpty)
    }

    @Test("each part of a decision is compared", arguments: [
        (0, [RouteDiff.Part.session]),
        (1, [.lane, .session]),
        (2, [.sootheFirst]),
        (3, [.kind, .lane, .session]),
    ])
    func changedParts(case index: Int, parts: [RouteDiff.Part]) {
        let before = audio("sort_the_pile", .clarity)
        let afters = [audio("three_things_today", .clarity), audio("box_breath_reset", .soothe),
                      audio("sort_the_pile", .clarity, sootheFirst: true), handoff()]
        #expect(RouteDiff.changedParts(before, afters[index]) == parts)
    }

    @Test func changesKeepTheirInputPositionAndBothDecisions() {
        let before = [audio("a", .soothe), audio("b", .clarity), audio("c", .clarity)]
        let after = [audio("a", .soothe), audio("d", .clarity), handoff()]
        let diff = RouteDiff(before: before, after: after)
        #expect(diff.changes.map(\.index) == [1, 2])
        #expect(diff.changes[0].before.session?.slug == "b" && diff.changes[0].after.session?.slug == "d")
        #expect(diff.changes[1].after.kind == .safetyHandoff)
    }

    @Test func lanesAreCountedInTheirOrderWithNoneLast() {
        let diff = RouteDiff(before: [audio("x", .unblock), audio("y", .soothe), handoff()],
                             after: [audio("x", .unblock), audio("z", .embody), audio("y", .soothe)])
        #expect(diff.lanes == [
            .init(key: "soothe", before: 1, after: 1), .init(key: "embody", before: 0, after: 1),
            .init(key: "unblock", before: 1, after: 1), .init(key: "none", before: 1, after: 0),
        ])
    }

    @Test func sessionsGainedAndLostWithHandoffsLast() {
        let diff = RouteDiff(before: [audio("sort_the_pile", .clarity), audio("sort_the_pile", .clarity), handoff()],
                             after: [audio("three_things_today", .clarity), audio("sort_the_pile", .clarity), handoff()])
        #expect(diff.sessions == [
            .init(key: "sort_the_pile", before: 2, after: 1),
            .init(key: "three_things_today", before: 0, after: 1),
            .init(key: RouteDiff.handoffKey, before: 1, after: 1),
        ])
        #expect(diff.sessionsGained == ["three_things_today"] && diff.sessionsLost.isEmpty)
        let back = RouteDiff(before: [audio("a", .soothe)], after: [audio("b", .soothe)])
        #expect(back.sessionsLost == ["a"] && back.sessionsGained == ["b"])
        #expect(back.sessions.map(\.delta) == [-1, 1])
    }

    @Test func noCheckInsGiveAnEmptyDiff() {
        let diff = RouteDiff(before: [], after: [])
        #expect(diff.checkIns == 0 && diff.changes.isEmpty && diff.lanes.isEmpty && diff.sessions.isEmpty)
    }

    @Test func jsonShapeForScripts() throws {
        let diff = RouteDiff(before: [audio("a", .soothe), audio("b", .clarity), audio("c", .clarity)],
                             after: [audio("a", .soothe), audio("d", .clarity), audio("e", .clarity)])
        let json = diff.json(limit: 1, about: { [("id", .string("ci-\($0)"))] }, extra: [("before", .string("old"))])
        guard case let .object(pairs) = json else { Issue.record("not an object"); return }
        #expect(pairs.map(\.0) == ["checkIns", "changed", "shown", "changes", "lanes", "sessions", "sessionsGained",
                                   "sessionsLost", "before"])
        #expect(json["checkIns"] == .int(3) && json["changed"] == .int(2) && json["shown"] == .int(1))
        let change = try #require(json["changes"]?.arrayValue?.first)
        #expect(change["index"] == .int(2) && change["id"] == .string("ci-1"))
        #expect(change["parts"] == .array([.string("session")]))
        #expect(change["before"]?["session"]?["slug"] == .string("b") && change["after"]?["session"]?["slug"] == .string("d"))
        #expect(change["after"]?["trace"]?.arrayValue?.count == Self.gates.count)
        #expect(json["lanes"]?["clarity"] == .object([("before", .int(2)), ("after", .int(2)), ("delta", .int(0))]))
        #expect(json["sessions"]?["d"]?["after"] == .int(1) && json["sessionsLost"] == .array([.string("b"), .string("c")]))
    }

    @Test func gatesPairByNameInTheOrderTheyRan() {
        let full = audio("a", .soothe).trace
        let stopped = handoff().trace
        let rows = GateComparison.align(full, stopped)
        #expect(rows.map(\.gate) == Self.gates)
        #expect(rows[0].before != nil && rows[0].after?.decision == "fired" && !rows[0].same)
        #expect(rows[2].after == nil && !rows[2].same)
        let both = GateComparison.align(full, full)
        #expect(both.allSatisfy { $0.same })
    }

    @Test func aGateOnlyTheAfterTraceHasFollowsItsPredecessor() {
        let before = [TraceEntry(gate: "candidates", decision: "lane"), TraceEntry(gate: "choice", decision: "picker")]
        let after = before + [TraceEntry(gate: "crisisC", decision: "fired")]
        #expect(GateComparison.align(before, after).map(\.gate) == ["candidates", "choice", "crisisC"])
        let first = GateComparison.align(before, [TraceEntry(gate: "crisisA", decision: "fired")] + before)
        #expect(first.map(\.gate) == ["crisisA", "candidates", "choice"])
        #expect(first[0].before == nil && !first[0].same)
    }

    @Test func realRoutersOnTwoCatalogsDifferingByALaneDefault() async {
        let sessions = [session("calm_one", .clarity, needs: ["settle"]), session("calm_two", .clarity, needs: ["settle"])]
        let before = Router(catalog: catalog(sessions: sessions, defaults: [.clarity: "calm_one"]))
        let after = Router(catalog: catalog(sessions: sessions, defaults: [.clarity: "calm_two"]))
        let blank = CheckIn(intensity: 3, intent: "clarity")
        let beforeRoutes = [await before.route(blank)]
        let afterRoutes = [await after.route(blank)]
        let diff = RouteDiff(before: beforeRoutes, after: afterRoutes)
        #expect(diff.changes.count == 1 && diff.changes.first?.parts == [.session])
        #expect(diff.sessionsLost == ["calm_one"] && diff.sessionsGained == ["calm_two"])
        let choice = GateComparison.align(beforeRoutes[0].trace, afterRoutes[0].trace).first { $0.gate == "choice" }
        #expect(choice?.same == false)
    }
}
