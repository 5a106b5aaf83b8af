import AllinStore
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
        // The length the player gives: the estimate at the default pace here (nothing rendered).
        #expect(text.stdout.contains("Calm my body and mind") && text.stdout.contains("Box Breath Reset (4:19)"), "\(text.stdout)")
        let box = try #require(sessions.first { $0["slug"] as? String == "box_breath_reset" })
        #expect(box["durationSeconds"] as? Int == 259)
        let found = try BinaryRunner.run(["library", "--search", "exam nerves", "--json", "--data-dir", dir])
        let hits = try #require((found.json as? [String: Any])?["sessions"] as? [[String: Any]])
        #expect(hits.prefix(3).contains { $0["slug"] as? String == "steady_on_exam_morning" }, "\(hits.prefix(3))")
        let scores = hits.compactMap { $0["score"] as? Double }
        #expect(scores == scores.sorted() && scores.count == hits.count)
        #expect(!FileManager.default.fileExists(atPath: dir), "looking creates no journal")
    }

    /// With `rate` set in the config file, the lengths listed are the estimates at that pace (found
    /// from outside: `allin library` and `--plain` gave the catalog's length, 20% over the audio).
    @Test func theConfigFilesRateSetsTheListedLengths() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("allin-rate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let config = home.appendingPathComponent("config/allin")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("rate = 200\n".utf8).write(to: config.appendingPathComponent("config"))
        let env = ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                   "XDG_CACHE_HOME": home.appendingPathComponent("cache").path]
        let r = try BinaryRunner.run(["library", "--json", "--data-dir", home.appendingPathComponent("data").path], env: env)
        let sessions = try #require((r.json as? [String: Any])?["sessions"] as? [[String: Any]])
        let box = try #require(sessions.first { $0["slug"] as? String == "box_breath_reset" })
        let seconds = try #require(box["durationSeconds"] as? Int)
        #expect(seconds < 240, "at 200 words a minute the estimate is shorter than the default pace's 4:19: \(seconds) s")
    }

    /// "Last played" counted only check-ins: a plan step played never showed. It counts now, and the
    /// help says what counts.
    @Test func aPlanStepPlayedIsLastPlayed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-library-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let intake = #"{"areas":[{"area":"work","rating":3,"answers":["deadlines pile up","I can't let anyone down","tight chest","to say no calmly"]},{"area":"money","rating":5,"answers":["bills","I'm behind","dread","a budget"]},{"area":"health","rating":8,"answers":["late nights","rest is lazy","tired","sleep"]}]}"#
        let made = try BinaryRunner.run(["plan", "new", "--json", "--data-dir", dir], stdin: Data(intake.utf8), env: ["TZ": "UTC"])
        #expect(made.status == 0, "\(made.stderr)")
        let store = try JournalStore.open(path: dir + "/journal.sqlite3")
        let plan = try #require(try store.activePlan())
        let first = try #require(plan.steps.first)
        let day = Date(timeIntervalSince1970: 1_767_268_800)   // 2026-01-01 12:00 UTC
        try store.recordPlanStepPlayed(plan: plan.id, index: first.step.index, moodBefore: 4, at: day)
        let r = try BinaryRunner.run(["library", "--json", "--data-dir", dir], env: ["TZ": "UTC"])
        let sessions = try #require((r.json as? [String: Any])?["sessions"] as? [[String: Any]])
        let row = sessions.first { $0["slug"] as? String == first.step.slug }
        #expect(row?["lastPlayed"] as? String == "2026-01-01")
        #expect(sessions.filter { $0["lastPlayed"] is String }.count == 1)
        let help = try BinaryRunner.run(["library", "--help"]).stdout
        #expect(help.contains("as a step of a 10-step plan") && help.contains("'allin play' on\nits own keeps nothing"))
    }

    @Test func aSearchWithNothingToLookForIsNamed() throws {
        let r = try BinaryRunner.run(["library", "--search", "the and of"])
        #expect(r.status == 2 && r.stderr.contains("'--search'"))
        #expect(try BinaryRunner.run(["library", "--search", "zzzzqq"]).stdout.contains("No session matches"))
        #expect(try BinaryRunner.run(["library", "extra"]).status == 2)
    }
}
