import AllinCore
import Foundation
import Testing
@testable import AllinStore

@Suite("Journal files: permissions, WAL, damaged and foreign files, full and read-only disks")
struct StoreFaultTests {
    @Test func privateDirectoryAndFilesIncludingWALAndSHM() async throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let store = try JournalStore.open(path: dir.journal)
        _ = try store.begin(fullCheckIn, recommendation: await route(fullCheckIn), moodBefore: 3, at: t0, timeZone: london)
        #expect(try store.journalMode == "wal")
        #expect(JournalFiles.mode(dir.path + "/data") == 0o700)
        for file in [dir.journal, dir.journal + "-wal", dir.journal + "-shm"] {
            #expect(JournalFiles.mode(file) == 0o600, "\(file)")
        }
    }

    @Test func looseModesAreNarrowedOnOpen() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        do { _ = try JournalStore.open(path: dir.journal) }
        chmod(dir.path + "/data", 0o755)
        chmod(dir.journal, 0o644)
        _ = try JournalStore.open(path: dir.journal)
        #expect(JournalFiles.mode(dir.path + "/data") == 0o700 && JournalFiles.mode(dir.journal) == 0o600)
    }

    @Test func aLooseDirectoryHoldingAJournalAndAllinsOtherFilesIsNarrowedOnOpen() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let data = dir.path + "/data", positions = data + "/" + AppPaths.positionsFileName
        do { _ = try JournalStore.open(path: dir.journal) }
        try Data("[]".utf8).write(to: URL(fileURLWithPath: positions))
        try FileManager.default.createDirectory(atPath: data + "/voices/piper", withIntermediateDirectories: true)
        chmod(data, 0o755)
        chmod(positions, 0o644)
        _ = try JournalStore.open(path: dir.journal)
        #expect(JournalFiles.mode(data) == 0o700 && JournalFiles.mode(positions) == 0o600)
    }

    @Test func aCommandThatOnlyReadsNarrowsLooseModesToo() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let data = dir.path + "/data"
        do { _ = try JournalStore.open(path: dir.journal) }
        for file in JournalFiles.companionSuffixes.map({ dir.journal + $0 }) { unlink(file) }
        chmod(data, 0o755)
        chmod(dir.journal, 0o644)
        _ = try JournalStore.openForReading(path: dir.journal).entries(JournalQuery())
        #expect(JournalFiles.mode(data) == 0o700)
        // The -wal SQLite makes on reading takes the database file's mode, narrowed first.
        for file in JournalFiles.allFiles(of: dir.journal) where FileManager.default.fileExists(atPath: file) {
            #expect(JournalFiles.mode(file) == 0o600, "\(file)")
        }
        // The owner's bits are kept: a journal made read-only stays read-only.
        chmod(dir.journal, 0o444)
        JournalFiles.tightenExisting(dir.journal)
        #expect(JournalFiles.mode(dir.journal) == 0o400)
    }

    @Test func aSharedDirectoryKeepsItsMode() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let shared = dir.path + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        try Data("someone else's".utf8).write(to: URL(fileURLWithPath: shared + "/notes.txt"))
        chmod(shared, 0o755)
        _ = try JournalStore.open(path: shared + "/journal.sqlite3")
        #expect(JournalFiles.mode(shared) == 0o755)
        #expect(JournalFiles.mode(shared + "/journal.sqlite3") == 0o600)
    }

    @Test func aFileThatIsNotADatabaseIsReportedAndLeftAlone() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        try FileManager.default.createDirectory(atPath: dir.path + "/data", withIntermediateDirectories: true)
        let text = Data(String(repeating: "my shopping list\n", count: 400).utf8)
        try text.write(to: URL(fileURLWithPath: dir.journal))
        #expect(throws: JournalError.notADatabase(path: dir.journal)) { try JournalStore.open(path: dir.journal) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.journal)) == text)
        #expect(JournalError.notADatabase(path: dir.journal).canMoveAside)
    }

    @Test func anotherProgramsDatabaseIsReportedAndLeftAlone() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let other = dir.path + "/other.sqlite3"
        do {
            let db = try Database(path: other)
            try db.execute("CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup')")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: other))
        #expect(throws: JournalError.foreign(path: other, detail: "1 schema object and no allin mark")) { try JournalStore.open(path: other) }
        do {
            let db = try Database(path: other)
            try db.execute("PRAGMA application_id = 1234")
        }
        #expect(throws: JournalError.foreign(path: other, detail: "application id 0x4d2")) { try JournalStore.open(path: other) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)).count == before.count)
    }

    @Test func aDamagedJournalIsReportedThenMovedAsideNeverDeleted() async throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        do {
            let store = try JournalStore.open(path: dir.journal)
            let r = await route(fullCheckIn)
            for n in 0..<200 {
                let id = try store.begin(fullCheckIn, recommendation: r, moodBefore: 3, at: t0.addingTimeInterval(Double(n)), timeZone: london)
                try store.complete(id, moodAfter: 6, note: String(repeating: "note \(n) ", count: 20), at: t0.addingTimeInterval(Double(n) + 1))
            }
        }
        // Scribble over pages in the middle of the file, past the header.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: dir.journal))
        try handle.seek(toOffset: 4096 * 3)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096 * 4))
        try handle.close()
        let damaged = try Data(contentsOf: URL(fileURLWithPath: dir.journal))
        var thrown: JournalError?
        do { _ = try JournalStore.open(path: dir.journal) } catch let e as JournalError { thrown = e }
        let error = try #require(thrown)
        #expect(error.canMoveAside, "got \(error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.journal)) == damaged)

        let moved = try JournalFiles.moveAside(dir.journal, now: t0)
        #expect(moved.first?.hasSuffix("journal.sqlite3.unreadable-20240515-080000") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: moved[0])) == damaged)
        #expect(JournalFiles.mode(moved[0]) == 0o600)
        #expect(JournalFiles.movedAside(dir.journal) == moved)
        let fresh = try JournalStore.open(path: dir.journal)
        #expect(try fresh.count() == 0)
        // A second move in the same second gets its own name.
        let again = try JournalFiles.moveAside(dir.journal, now: t0)
        #expect(again.first?.hasSuffix("-2") == true)
    }

    @Test func aFullDiskIsReportedInPlainWordsAndTheCheckInCompletesInMemory() async throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let store = try JournalStore.open(path: dir.journal)
        let r = await route(fullCheckIn)
        let journal = ResilientJournal(primary: store)
        let saved = try journal.begin(fullCheckIn, recommendation: r, moodBefore: 2, at: t0, timeZone: london)
        // Cap the file at its current size: the next page SQLite needs is "disk full".
        let pages = try store.db.scalar("PRAGMA page_count") { $0.int(0) } ?? 0
        _ = try store.db.query("PRAGMA max_page_count = \(pages)") { $0.int(0) }
        var failure: JournalError?
        for n in 0..<400 where failure == nil {
            do {
                _ = try store.begin(fullCheckIn, recommendation: r, moodBefore: 2, at: t0.addingTimeInterval(Double(n)), timeZone: london)
            } catch let e as JournalError { failure = e }
        }
        #expect(failure == .diskFull(path: dir.journal))
        #expect(failure?.message.contains("is full") == true)
        #expect(try store.integrityCheck() == ["ok"])

        try journal.complete(saved, moodAfter: 7, note: String(repeating: "a long reflection ", count: 2000), at: t0.addingTimeInterval(60))
        let next = try journal.begin(fullCheckIn, recommendation: r, moodBefore: 5, at: t0.addingTimeInterval(120), timeZone: london)
        try journal.complete(next, moodAfter: 6, note: nil, at: t0.addingTimeInterval(180))
        #expect(journal.problem == .diskFull(path: dir.journal))
        #expect(try journal.entry(next)?.moodAfter == 6)
        #expect(try journal.entries(JournalQuery()).contains { $0.moodAfter == 7 && $0.moodBefore == 2 })
    }

    @Test func aReadOnlyJournalIsReportedInPlainWords() async throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let store = try JournalStore.open(path: dir.journal)
        try store.db.execute("PRAGMA query_only = 1")
        let r = await route(fullCheckIn)
        #expect(throws: JournalError.readOnly(path: dir.journal)) {
            try store.begin(fullCheckIn, recommendation: r, moodBefore: 2, at: t0, timeZone: london)
        }
        #expect(JournalError.readOnly(path: dir.journal).message.contains("read-only"))
    }

    @Test func aDataDirectoryThatCannotExistIsReported() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let file = dir.path + "/plain-file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let path = file + "/allin/journal.sqlite3"
        do {
            _ = try JournalStore.open(path: path)
            Issue.record("opening under a file must fail")
        } catch let e as JournalError {
            guard case let .cannotCreateDirectory(where_, reason) = e else { Issue.record("got \(e)"); return }
            #expect(where_ == file && reason.contains("not a directory"))
            #expect(e.isStorageProblem && e.message.contains("--data-dir"))
        }
    }

    @Test func twoConnectionsShareOneJournal() async throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let a = try JournalStore.open(path: dir.journal)
        let b = try JournalStore.open(path: dir.journal)
        let r = await route(fullCheckIn)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for store in [a, b] {
                group.addTask {
                    for n in 0..<100 {
                        let id = try store.begin(fullCheckIn, recommendation: r, moodBefore: 3, at: t0.addingTimeInterval(Double(n)), timeZone: london)
                        try store.complete(id, moodAfter: 5, note: nil, at: t0.addingTimeInterval(Double(n) + 1))
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try a.count() == 200 && b.count() == 200)
        #expect(try a.entries(JournalQuery(includeUnfinished: false)).count == 200)
        #expect(try a.integrityCheck() == ["ok"])
    }

    @Test func removingTheFilesTakesTheCompanionsToo() async throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        var store: JournalStore? = try JournalStore.open(path: dir.journal)
        _ = try store?.begin(fullCheckIn, recommendation: await route(fullCheckIn), moodBefore: 3, at: t0, timeZone: london)
        let other = try JournalStore.open(path: dir.journal)   // keeps -wal and -shm alive
        try store?.deleteEverything()
        store = nil
        #expect(FileManager.default.fileExists(atPath: dir.journal + "-wal"))
        _ = other
        let removed = try JournalFiles.removeAll(dir.journal)
        #expect(Set(removed) == Set([dir.journal, dir.journal + "-wal", dir.journal + "-shm"]))
        #expect(!FileManager.default.fileExists(atPath: dir.journal))
    }
}

@Suite("The front's way in: a journal that never stops a check-in")
struct FrontJournalTests {
    @Test func opensTheDiskJournalWhenItCan() async throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let journal = JournalStore.openOrKeepInMemory(path: dir.journal)
        #expect(journal.problem == nil)
        let id = try journal.begin(fullCheckIn, recommendation: await route(fullCheckIn), moodBefore: 4, at: t0, timeZone: london)
        try journal.complete(id, moodAfter: 6, note: "kept", at: t0)
        #expect(try JournalStore.open(path: dir.journal).entry(id)?.note == "kept")
    }

    @Test func keepsTheCheckInInMemoryWhenTheFileIsUnusable() async throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        try FileManager.default.createDirectory(atPath: dir.path + "/data", withIntermediateDirectories: true)
        try Data(repeating: 7, count: 5000).write(to: URL(fileURLWithPath: dir.journal))
        let journal = JournalStore.openOrKeepInMemory(path: dir.journal)
        #expect(journal.problem == .notADatabase(path: dir.journal) && journal.problem?.canMoveAside == true)
        let id = try journal.begin(fullCheckIn, recommendation: await route(fullCheckIn), moodBefore: 4, at: t0, timeZone: london)
        try journal.complete(id, moodAfter: 6, note: "in memory", at: t0)
        #expect(try journal.entry(id)?.note == "in memory")
        #expect(try journal.summary(now: t0, timeZone: london).streak.days == 1)
    }
}
