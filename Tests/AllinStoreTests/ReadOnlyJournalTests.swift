import AllinCore
import Foundation
import Testing
@testable import AllinStore

@Suite("Reading a journal without write access; a file where the data directory should be")
struct ReadOnlyJournalTests {
    /// A journal in a fresh directory with one completed check-in, closed again.
    func journalWithOneEntry(_ dir: TempDir) async throws {
        let store = try JournalStore.open(path: dir.journal)
        let id = try store.begin(fullCheckIn, recommendation: await route(fullCheckIn), moodBefore: 3, at: t0, timeZone: london)
        try store.complete(id, moodAfter: 6, note: "read me", at: t0)
    }

    @Test func openForReadingReadsAndNeverWrites() async throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        try await journalWithOneEntry(dir)
        let reader = try JournalStore.openForReading(path: dir.journal)
        #expect(try reader.entries(JournalQuery()).map(\.note) == ["read me"])
        let r = await route(fullCheckIn)
        #expect(throws: JournalError.readOnly(path: dir.journal)) {
            try reader.begin(fullCheckIn, recommendation: r, moodBefore: nil, at: t0, timeZone: london)
        }
    }

    @Test func theFrontReadsAReadOnlyJournalAndKeepsNewCheckInsInMemory() async throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        try await journalWithOneEntry(dir)
        let journal = ResilientJournal(primary: try JournalStore.openForReading(path: dir.journal), problem: .readOnly(path: dir.journal))
        let id = try journal.begin(fullCheckIn, recommendation: await route(fullCheckIn), moodBefore: 4, at: t0, timeZone: london)
        #expect(id >= ResilientJournal.memoryIDBase)
        #expect(try journal.entries(JournalQuery()).count == 2)
        #expect(try JournalStore.openForReading(path: dir.journal).entries(JournalQuery()).count == 1)
        #expect(journal.problem == .readOnly(path: dir.journal))
    }

    @Test(.enabled(if: getuid() != 0, "root reads and writes whatever the modes say"))
    func aReadOnlyJournalIsReadByTheFront() async throws {
        let dir = TempDir()
        defer { chmod(dir.path + "/data", 0o700); dir.cleanup() }
        try await journalWithOneEntry(dir)
        chmod(dir.journal, 0o400)
        chmod(dir.path + "/data", 0o500)
        let journal = JournalStore.openOrKeepInMemory(path: dir.journal)
        #expect(journal.problem == .readOnly(path: dir.journal) || journal.problem?.isStorageProblem == true)
        #expect(try journal.entries(JournalQuery()).map(\.note) == ["read me"])
    }

    @Test(.enabled(if: getuid() != 0, "root reads and writes whatever the modes say"))
    func aReadOnlyFileAndDirectoryAreStillRead() async throws {
        let dir = TempDir()
        defer { chmod(dir.path + "/data", 0o700); dir.cleanup() }
        try await journalWithOneEntry(dir)
        chmod(dir.journal, 0o400)
        #expect(try JournalStore.openForReading(path: dir.journal).entries(JournalQuery()).count == 1)
        // A directory allin may not write to: no -shm can be made beside the file.
        for file in JournalFiles.companionSuffixes.map({ dir.journal + $0 }) { unlink(file) }
        chmod(dir.path + "/data", 0o500)
        #expect(try JournalStore.openForReading(path: dir.journal).entries(JournalQuery()).count == 1)
        // Writing still says why it can't.
        #expect(throws: JournalError.self) { try JournalStore.open(path: dir.journal) }
    }

    @Test func aFileWhereTheDirectoryShouldBeIsNamed() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let file = dir.path + "/somefile"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        let inTheWay = JournalError.cannotCreateDirectory(path: file, reason: "it is a file, not a directory")
        #expect(throws: inTheWay) { try JournalFiles.checkNotAFile(file) }
        #expect(throws: inTheWay) { try JournalFiles.checkNotAFile(file + "/below/that") }
        #expect(throws: inTheWay) { try JournalStore.open(path: file + "/journal.sqlite3") }
        #expect(throws: inTheWay) { try JournalStore.open(path: file + "/below/journal.sqlite3") }
        try JournalFiles.checkNotAFile(dir.path)
        try JournalFiles.checkNotAFile(dir.path + "/not/yet")
    }
}
