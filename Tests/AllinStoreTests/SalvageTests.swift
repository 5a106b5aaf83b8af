import AllinCore
import Foundation
import Testing
@testable import AllinStore

@Suite("A damaged journal: what can still be read is read, and the file is never changed")
struct SalvageTests {
    /// A journal of `count` check-ins with long notes (so they fill many pages), closed.
    static func journal(_ dir: TempDir, count: Int) async throws {
        let store = try JournalStore.open(path: dir.journal)
        let r = await route(fullCheckIn)
        for n in 0..<count {
            let id = try store.begin(fullCheckIn, recommendation: r, moodBefore: 3, at: t0.addingTimeInterval(Double(n) * 60), timeZone: london)
            try store.complete(id, moodAfter: 6, note: "note \(n) " + String(repeating: "words ", count: 60), at: t0.addingTimeInterval(Double(n) * 60 + 30))
        }
        var plan = SafetyPlan()
        plan[.reasons] = "my kids"
        try store.saveSafetyPlan(plan, at: t0)
    }

    /// The pages of `table` of kind `type` ("leaf", "internal"), from SQLite's page map.
    static func pages(_ path: String, table: String, type: String) throws -> [Int] {
        let db = try Database(path: path, readOnly: true)
        return try db.query("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = ? ORDER BY pageno", [.text(table), .text(type)]) { $0.int(0) ?? 0 }
    }

    /// The leaves of `check_ins` in key order, each with the check-in numbers on it (the rows of a
    /// table's leaves, taken in b-tree order, are the rows in id order).
    static func leaves(_ path: String) throws -> [(page: Int, ids: [Int64])] {
        let db = try Database(path: path, readOnly: true)
        let ids = try db.query("SELECT id FROM check_ins ORDER BY id") { $0.int64(0) ?? 0 }
        var at = 0
        return try db.query("SELECT pageno, ncell FROM dbstat WHERE name = 'check_ins' AND pagetype = 'leaf' ORDER BY path") {
            ($0.int(0) ?? 0, $0.int(1) ?? 0)
        }.map { page, cells in
            defer { at += cells }
            return (page, Array(ids[at..<at + cells]))
        }
    }

    static func damage(_ path: String, page: Int) throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let start = (page - 1) * 4096
        bytes.replaceSubrange(start..<start + 4096, with: Data(repeating: 0xAB, count: 4096))
        try bytes.write(to: URL(fileURLWithPath: path))
    }

    @Test func aDamagedPageInTheMiddleLosesOnlyItsCheckIns() async throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        try await Self.journal(dir, count: 200)
        let leaves = try Self.leaves(dir.journal)
        #expect(leaves.count > 10)
        let (page, lost) = leaves[leaves.count / 2]
        #expect(!lost.isEmpty && lost.first != 1 && lost.last != 200)
        try Self.damage(dir.journal, page: page)
        // A sound open refuses it, as before.
        #expect(throws: JournalError.self) { try JournalStore.openForReading(path: dir.journal) }
        let before = try Data(contentsOf: URL(fileURLWithPath: dir.journal))

        let s = try JournalStore.salvage(path: dir.journal)
        #expect(s.entries.count == 200 - lost.count)
        #expect(s.unreadableEntries == lost && s.unreadableAreKnown && s.unreadableAfter == nil)
        #expect(Set(s.entries.map(\.id)).isDisjoint(with: lost))
        #expect(s.entries.map(\.startedAt) == s.entries.map(\.startedAt).sorted())
        #expect(s.safetyPlan[.reasons] == "my kids" && s.unreadableParts.isEmpty)
        #expect(!s.isComplete)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.journal)) == before, "the damaged file is never written")
    }

    @Test func aDamagedTableOfItsOwnIsNamedAndTheCheckInsAreKept() async throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        try await Self.journal(dir, count: 20)
        let page = try #require(try Self.pages(dir.journal, table: "safety_plan", type: "leaf").first)
        try Self.damage(dir.journal, page: page)
        let s = try JournalStore.salvage(path: dir.journal)
        #expect(s.entries.count == 20 && s.unreadableEntries.isEmpty)
        #expect(s.unreadableParts == ["your safety plan"])
    }

    @Test func aJournalWhoseFirstPageIsGoneCannotBeSalvaged() async throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        try await Self.journal(dir, count: 5)
        try Self.damage(dir.journal, page: 1)
        #expect(throws: JournalError.self) { try JournalStore.salvage(path: dir.journal) }
    }
}
