import AllinCore
import Testing
@testable import AllinStore

/// The library's full-text index on a fixture library: bm25 ranking over title, description, tags and
/// the spoken script.
@Suite("The session search index (FTS5, bm25)")
struct SessionIndexTests {
    static func session(_ slug: String, title: String, description: String, tags: [String]) -> Session {
        Session(slug: slug, title: title, lane: .unblock, description: description, tags: tags, families: [], needs: [],
                cluster: nil, durationSeconds: 60, situational: false)
    }

    static let library = [
        session("money", title: "Loosening Money Fear", description: "For when bills and debt feel heavy.", tags: ["money", "debt"]),
        session("work", title: "More Than Your Output", description: "For long hours at work.", tags: ["overwork", "deadlines"]),
        session("sleep", title: "Wind Down", description: "A slow evening.", tags: ["sleep"]),
    ]
    static let scripts = [
        "sleep": "# Wind Down\n# lane: soothe\nLet the day's deadlines go.\n[pause 5]\nBreathe slowly.",
        "work": "Notice the deadlines, the inbox, the boss.\n[pause 3]",
    ]

    @Test func moreMatchingWordsRankFirstAndEveryFieldCounts() throws {
        let index = try SessionIndex(sessions: Self.library, scripts: Self.scripts)
        let hits = index.search(PlanEngine.ftsQuery(["deadlines", "boss", "inbox"]), limit: 20)
        #expect(hits.map(\.slug) == ["work", "sleep"], "\(hits)")
        #expect(hits[0].score < hits[1].score, "bm25: lower is closer")
        #expect(index.search(PlanEngine.ftsQuery(["debts"]), limit: 20).map(\.slug) == ["money"], "porter stemming")
        #expect(index.search(PlanEngine.ftsQuery(["lane"]), limit: 20).isEmpty, "script comments are not indexed")
        #expect(index.search(PlanEngine.ftsQuery(["pause"]), limit: 20).isEmpty, "pause marks are not indexed")
    }

    @Test func theLimitAndOddQueriesHold() throws {
        let index = try SessionIndex(sessions: Self.library, scripts: Self.scripts)
        #expect(index.search(PlanEngine.ftsQuery(["deadlines", "debt", "sleep"]), limit: 2).count == 2)
        #expect(index.search("", limit: 5).isEmpty)
        #expect(index.search("AND OR NOT ((", limit: 5).isEmpty, "a query FTS5 can't read finds nothing")
        #expect(index.search(PlanEngine.ftsQuery(["\"quoted\"", "near"]), limit: 5).isEmpty)
    }
}
