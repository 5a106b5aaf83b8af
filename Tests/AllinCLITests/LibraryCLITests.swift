import Foundation
import Testing

/// `allin library` from outside.
@Suite("allin library")
struct LibraryCLITests {
    @Test func everySessionGroupedAndSearchRanks() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-library-\(UUID().uuidString)").path
        let all = try BinaryRunner.run(["library", "--json", "--data-dir", dir])
        #expect(all.status == 0)
        let sessions = try #require((all.json as? [String: Any])?["sessions"] as? [[String: Any]])
        #expect(sessions.count == 54)
        #expect(Set(sessions[0].keys) == ["slug", "title", "lane", "helpsWith", "durationSeconds", "lastPlayed", "favourite", "score"])
        #expect(sessions.allSatisfy { $0["lastPlayed"] is NSNull && $0["score"] is NSNull && $0["favourite"] as? Bool == false })
        let text = try BinaryRunner.run(["library", "--data-dir", dir])
        #expect(text.stdout.contains("Calm my body and mind") && text.stdout.contains("Box Breath Reset (4:24)"))
        let found = try BinaryRunner.run(["library", "--search", "exam nerves", "--json", "--data-dir", dir])
        let hits = try #require((found.json as? [String: Any])?["sessions"] as? [[String: Any]])
        #expect(hits.prefix(3).contains { $0["slug"] as? String == "steady_on_exam_morning" }, "\(hits.prefix(3))")
        let scores = hits.compactMap { $0["score"] as? Double }
        #expect(scores == scores.sorted() && scores.count == hits.count)
        #expect(!FileManager.default.fileExists(atPath: dir), "looking creates no journal")
    }

    @Test func aSearchWithNothingToLookForIsNamed() throws {
        let r = try BinaryRunner.run(["library", "--search", "the and of"])
        #expect(r.status == 2 && r.stderr.contains("'--search'"))
        #expect(try BinaryRunner.run(["library", "--search", "zzzzqq"]).stdout.contains("No session matches"))
        #expect(try BinaryRunner.run(["library", "extra"]).status == 2)
    }
}
