import AllinCore
import Foundation
import Synchronization
import Testing
@testable import AllinStore

@Suite("Migrations keyed by user_version, each in a transaction")
struct MigrationTests {
    @Test func fromEmptyToLatest() throws {
        let store = try JournalStore.inMemory()
        #expect(try store.schemaVersion == JournalSchema.latestVersion)
        #expect(try store.db.applicationID == JournalSchema.applicationID)
        let tables = try store.db.query("SELECT name FROM sqlite_schema WHERE type IN ('table', 'index') ORDER BY name") { $0.string(0) ?? "" }
        for name in ["check_ins", "consents", "journal_search", "check_ins_by_day", "check_ins_by_start"] {
            #expect(tables.contains(name), "missing \(name)")
        }
    }

    /// Several processes (here, connections on threads) opening one brand-new journal at the same
    /// moment: each must end up with the journal, none may call it busy or someone else's file.
    /// (Before the fix, two `allin journal record` started together failed about one time in 15.)
    @Test func manyFirstOpensAtOnceAllSucceed() throws {
        for round in 0..<40 {
            let dir = TempDir()
            defer { dir.cleanup() }
            let path = dir.journal
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                do {
                    let store = try JournalStore.open(path: path)
                    if try store.schemaVersion != JournalSchema.latestVersion { failures.withLock { $0.append("old schema") } }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            #expect(failures.withLock { $0 }.isEmpty, "round \(round): \(failures.withLock { $0 })")
            let store = try JournalStore.open(path: path)
            #expect(try store.journalMode == "wal" && store.integrityCheck() == ["ok"])
        }
    }

    @Test func fromTheVersionOneFixtureKeepingEveryRow() async throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.path + "/journal.sqlite3"
        do {
            let db = try Database(path: path)
            try db.execute(String(contentsOfFile: storePackageRoot.path + "/Tests/AllinStoreTests/Fixtures/journal-v1.sql", encoding: .utf8))
            #expect(try db.userVersion == 1)
        }
        let store = try JournalStore.open(path: path)
        #expect(try store.schemaVersion == JournalSchema.latestVersion)
        let all = try store.entries(JournalQuery(newestFirst: false))
        #expect(all.map(\.id) == [1, 2, 3, 4])
        let first = all[0]
        #expect(first.checkIn?.emotion == "anxious" && first.checkIn?.body == ["chest"] && first.kinder == "I am learning, not failing")
        #expect(first.moodBefore == 3 && first.moodAfter == 6 && first.day.iso == "2024-05-01" && first.timeZone == "Europe/London")
        #expect(all[2].completedAt == nil && all[3].kind == .safetyHandoff && all[3].crisisTier == .crisis)
        // Migration 4: rows from before it have no playback record, and their sessions still rank.
        #expect(all.allSatisfy { $0.playback == nil })
        #expect(try store.points().allSatisfy { $0.listened == nil })
        // Migration 2 indexed the notes and reframes written before search existed.
        #expect(try store.entries(JournalQuery(search: "cafe")).map(\.id) == [2])
        #expect(try store.entries(JournalQuery(search: "learning")).map(\.id) == [1])
        #expect(try store.consents().map(\.checkInID) == [1])
        #expect(try store.integrityCheck() == ["ok"])
        // And new rows go on from there.
        let id = try store.begin(fullCheckIn, recommendation: await route(fullCheckIn), moodBefore: 4, at: t0, timeZone: london)
        #expect(id == 5)
    }

    @Test func stepByStepEqualsAllAtOnce() throws {
        let db = try Database.memory()
        #expect(try Migrator.migrate(db, JournalSchema.migrations, upTo: 1) == [1])
        #expect(try Migrator.migrate(db, JournalSchema.migrations) == Array(2...JournalSchema.latestVersion))
        #expect(try Migrator.migrate(db, JournalSchema.migrations) == [])
    }

    @Test func aFailingMigrationLeavesTheOldVersion() throws {
        let db = try Database.memory()
        let broken = JournalSchema.migrations + [Migration(version: 99, name: "broken", sql: "CREATE TABLE z (a); SELEKT;")]
        #expect(throws: SQLiteError.self) { try Migrator.migrate(db, broken) }
        #expect(try db.userVersion == JournalSchema.latestVersion)
        #expect(try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'z'") { $0.int(0) } == 0)
    }

    @Test func aNewerSchemaIsRefusedAndLeftAlone() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.path + "/journal.sqlite3"
        do {
            let store = try JournalStore.open(path: path)
            try store.db.setUserVersion(JournalSchema.latestVersion + 5)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: JournalError.newerSchema(path: path, found: JournalSchema.latestVersion + 5, known: JournalSchema.latestVersion)) {
            try JournalStore.open(path: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
