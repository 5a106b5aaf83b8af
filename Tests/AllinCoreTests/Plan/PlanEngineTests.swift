import Foundation
import Testing
@testable import AllinCore

/// A small library for the engine: two work sessions, one money session, a situational one and two
/// for any situation.
private let library: [Session] = [
    ("overwork_a", "overwork", false), ("procrastination_b", "procrastination", false), ("money_c", "money_worries", false),
    ("exam_d", nil, true), ("breath_e", nil, false), ("calm_f", nil, false),
].map { slug, cluster, situational in
    Session(slug: slug, title: slug, lane: .soothe, description: "", tags: [], families: [], needs: [], cluster: cluster,
            durationSeconds: 60, situational: situational)
}

private let planCatalog = PlanCatalog(
    lifeAreas: [LifeArea(id: "work", label: "Work", clusters: ["overwork", "procrastination"]),
                LifeArea(id: "money", label: "Money", clusters: ["money_worries"]),
                LifeArea(id: "health", label: "Health", clusters: ["rest_and_recovery"])],
    questions: [], finalFallback: "calm_f")

private func intake(_ ratings: [Int] = [3, 5, 8], answers: [[String]]? = nil) -> PlanIntake {
    let areas = ["work", "money", "health"]
    return PlanIntake(areas: areas.indices.map { i in
        PlanIntake.Area(area: areas[i], rating: ratings[i], answers: answers?[i] ?? ["alpha", "beta", "gamma", "delta"])
    })
}

@Suite("The beliefs plan engine")
struct PlanEngineTests {
    @Test func everyRatingMixAllocatesExactlyTenAndAtMostFourPerArea() {
        for a in 1...10 { for b in 1...10 { for c in 1...10 {
            let counts = PlanEngine.allocate([a, b, c])
            #expect(counts.reduce(0, +) == 10, "\([a, b, c]) → \(counts)")
            #expect(counts.allSatisfy { (2...4).contains($0) }, "\([a, b, c]) → \(counts)")
        } } }
    }

    @Test("the documented adjustment", arguments: [
        ([3, 5, 8], [4, 4, 2]), ([1, 1, 1], [4, 3, 3]), ([2, 2, 9], [4, 4, 2]), ([9, 9, 9], [4, 3, 3]), ([7, 4, 10], [4, 4, 2]),
    ])
    func adjustment(ratings: [Int], expected: [Int]) {
        #expect(PlanEngine.allocate(ratings) == expected)
    }

    @Test func lowerRatingsNeverGetFewerSteps() {
        for a in 1...10 { for b in a...10 {
            let counts = PlanEngine.allocate([a, b, 5])
            #expect(counts[0] >= counts[1], "\([a, b, 5]) → \(counts)")
        } }
    }

    @Test func noTwoNeighboursShareAnArea() {
        for a in 1...10 { for b in 1...10 { for c in 1...10 {
            let counts = PlanEngine.allocate([a, b, c])
            let order = PlanEngine.interleave(counts)
            #expect(order.count == 10)
            #expect(zip(order, order.dropFirst()).allSatisfy { $0 != $1 }, "\(counts) → \(order)")
            for i in 0..<3 { #expect(order.filter { $0 == i }.count == counts[i]) }
        } } }
        // Where it can't be avoided, it still places every step.
        #expect(PlanEngine.interleave([6, 2, 2]).count == 10)
    }

    @Test func theQueryDropsFillerAndQuotesEveryWord() {
        let words = PlanEngine.queryWords(["I just can't stop the DEADLINES, deadlines!", "a boss \"who\" shouts"],
                                          stopWords: ["i", "just", "the", "who"])
        #expect(words == ["cant", "stop", "deadlines", "boss", "shouts"])
        #expect(PlanEngine.ftsQuery(words) == #""cant" OR "stop" OR "deadlines" OR "boss" OR "shouts""#)
        #expect(PlanEngine.queryWords(["the a I"], stopWords: ["the"]).isEmpty)
        // As you type, only the word still being typed matches longer words.
        #expect(PlanEngine.ftsQuery(["exam", "nerv"], prefixLast: true) == #""exam" OR "nerv"*"#)
    }

    @Test func stepTypesAlternateByParity() {
        #expect((1...10).map { PlanStepType.at($0) } == [.reset, .rewire, .reset, .rewire, .reset, .rewire, .reset, .rewire, .reset, .rewire])
    }

    /// A fixture search: ranked hits regardless of the query, so the test decides what "found" means.
    @Test func matchesFromTheAreasOwnClustersComeFirstInRankOrder() {
        var asked: [String] = []
        let draft = PlanEngine.build(intake(answers: [["deadlines", "x", "boss", "y"], ["bills"], ["sleep"]]), plan: planCatalog,
                                     sessions: library, stopWords: []) { query, limit in
            asked.append(query)
            #expect(limit == 20)
            return [SearchHit(slug: "exam_d", score: -9), SearchHit(slug: "procrastination_b", score: -5),
                    SearchHit(slug: "overwork_a", score: -2), SearchHit(slug: "money_c", score: -1)]
        }
        #expect(asked.first == #""deadlines" OR "boss""#, "one-letter words are dropped")
        #expect(draft.searches[0].kept == ["procrastination_b", "overwork_a"])
        #expect(draft.searches[1].kept == ["money_c"])
        #expect(draft.searches[2].kept.isEmpty)
        let work = draft.steps.filter { $0.area == "work" }
        #expect(work.prefix(2).map(\.slug) == ["procrastination_b", "overwork_a"])
        #expect(work.prefix(2).allSatisfy { $0.fallback == nil })
        #expect(draft.steps.map(\.index) == Array(1...10))
    }

    @Test func everyFallbackInOrder() {
        // Nothing found: the area's cluster sessions first, then any non-situational session (never the
        // situational one), and when every session is used, the final fallback.
        let draft = PlanEngine.build(intake([1, 1, 1]), plan: planCatalog, sessions: library, stopWords: []) { _, _ in [] }
        let work = draft.steps.filter { $0.area == "work" }
        #expect(work.first?.fallback == .clusterMapped && work.first?.slug == "overwork_a")
        #expect(draft.steps.contains { $0.fallback == .nonSituational })
        #expect(!draft.steps.contains { $0.slug == "exam_d" })
        #expect(draft.steps.contains { $0.fallback == .final && $0.slug == "calm_f" })
        // Nothing repeats until nothing new is left.
        let firstRepeat = draft.steps.firstIndex { s in draft.steps.prefix { $0.index < s.index }.contains { $0.slug == s.slug } }
        let usable = library.filter { !$0.situational }.count
        #expect(firstRepeat.map { $0 >= usable } ?? true)
    }

    @Test func nonSituationalFallbackPrefersSearchMatches() {
        let draft = PlanEngine.build(intake([1, 1, 1]), plan: planCatalog, sessions: library, stopWords: []) { _, _ in
            [SearchHit(slug: "calm_f", score: -3)]
        }
        let health = draft.steps.filter { $0.area == "health" }
        #expect(health.first?.slug == "calm_f" && health.first?.fallback == .nonSituational, "\(draft.steps)")
    }

    @Test func theRealCatalogGivesTenStepsFromFittingClusters() {
        let catalog = realCatalog
        var seen: [String] = []
        let draft = PlanEngine.build(intake(answers: [["deadlines and overtime", "never finish", "tired", "leave on time"],
                                                      ["debt", "bills", "scared", "a budget"], ["sleep", "rest", "drained", "break"]]),
                                     plan: catalog.plan, sessions: catalog.sessions, stopWords: catalog.routing.stopWords) { q, _ in
            seen.append(q)
            return catalog.sessions.filter { s in Tokens.words(q).contains { s.tags.contains($0) } }
                .map { SearchHit(slug: $0.slug, score: -1) }
        }
        #expect(draft.steps.count == 10 && seen.count == 3)
        for s in draft.steps where s.fallback == nil {
            let clusters = catalog.plan.area(s.area)?.clusters ?? []
            #expect(catalog.session(s.slug)?.cluster.map(clusters.contains) == true, "\(s.slug) in \(s.area)")
        }
    }
}

@Suite("The plan's intake and catalog file")
struct PlanIntakeTests {
    func parse(_ json: String) -> Result<PlanIntake, PlanInputError> {
        do {
            return .success(try PlanIntake.parse(try JSONValue.parse(Data(json.utf8)), plan: realCatalog.plan))
        } catch let e as PlanInputError { return .failure(e) } catch { return .failure(PlanInputError(field: "?", "\(error)")) }
    }

    static let good = #"{"area":"work","rating":3,"answers":["a","b","c","d"]}"#

    @Test("bad input names the field", arguments: [
        (#"[]"#, "(input)"),
        (#"{"areas":[]}"#, "areas"),
        (#"{"areas":[\#(good),\#(good),\#(good)]}"#, "areas[1].area"),
        (#"{"areas":[\#(good),{"area":"money","rating":0,"answers":["a","b","c","d"]},\#(good)]}"#, "areas[1].rating"),
        (#"{"areas":[\#(good),{"area":"money","rating":4.5,"answers":["a","b","c","d"]},\#(good)]}"#, "areas[1].rating"),
        (#"{"areas":[\#(good),{"area":"money","rating":4,"answers":["a","b",3,"d"]},\#(good)]}"#, "areas[1].answers[2]"),
        (#"{"areas":[\#(good),{"area":"money","rating":4,"answers":["a","b"," ","d"]},\#(good)]}"#, "areas[1].answers[2]"),
        (#"{"areas":[\#(good),{"area":"money","rating":4,"answers":["a","b","c"]},\#(good)]}"#, "areas[1].answers"),
        (#"{"areas":[\#(good),{"area":"moon","rating":4,"answers":["a","b","c","d"]},\#(good)]}"#, "areas[1].area"),
        (#"{"areas":[\#(good),{"area":"money","rating":4,"answers":["a","b","c","d"],"x":1},\#(good)]}"#, "areas[1].x"),
        (#"{"areas":[\#(good)],"more":1}"#, "more"),
    ])
    func badInput(json: String, field: String) {
        guard case let .failure(e) = parse(json) else { Issue.record("accepted \(json)"); return }
        #expect(e.field == field, "\(e)")
    }

    @Test func aGoodIntakeRoundTrips() throws {
        let json = #"{"areas":[{"area":"work","rating":3,"answers":["a","b","c","d"]},{"area":"money","rating":10,"answers":["e","f","g","h"]},{"area":"family","rating":1,"answers":["i","j","k","l"]}]}"#
        let intake = try parse(json).get()
        #expect(intake.areas.map(\.rating) == [3, 10, 1])
        #expect(intake.fields.count == 12 && intake.fields[5].field == "areas[1].answers[1]")
        #expect(try PlanIntake.parse(intake.json, plan: realCatalog.plan) == intake)
    }

    @Test func theCatalogFileIsValidatedByFileAndEntry() {
        let bad = Data(#"{"lifeAreas":[{"id":"work","label":"Work","clusters":["nope"]}],"planQuestions":[],"finalFallback":"missing"}"#.utf8)
        #expect {
            try PlanCatalog.decode(bad, clusters: ["overwork"], sessions: realCatalog.sessions)
        } throws: { error in
            let text = "\(error)"
            return text.contains("plan.json: lifeAreas 'work': cluster 'nope' is not a cluster")
                && text.contains("plan.json: planQuestions: needs exactly 4 questions")
                && text.contains("plan.json: finalFallback: 'missing' is not a session")
                && text.contains("lifeAreas: needs at least 3 areas")
        }
        #expect(realCatalog.plan.lifeAreas.count >= 6 && realCatalog.plan.questions.count == 4)
    }
}
