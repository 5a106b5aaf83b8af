import AllinCore
import Foundation
import Testing
@testable import AllinStore

/// Favourite sessions, marked in the audio library, kept in the journal.
@Suite("Favourites in the journal")
struct FavouritesStoreTests {
    @Test func marksSurviveReopeningAndComeOffAgain() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        do {
            let store = try JournalStore.open(path: dir.journal)
            #expect(try store.favourites().isEmpty)
            try store.setFavourite("box_breath_reset", true, at: t0)
            try store.setFavourite("box_breath_reset", true, at: t0)   // twice is still one mark
            try store.setFavourite("five_senses_anchor", true, at: t0)
        }
        let store = try JournalStore.open(path: dir.journal)
        #expect(try store.favourites() == ["box_breath_reset", "five_senses_anchor"])
        try store.setFavourite("box_breath_reset", false, at: t0)
        try store.setFavourite("never_marked", false, at: t0)
        #expect(try store.favourites() == ["five_senses_anchor"])
        #expect(try store.integrityCheck() == ["ok"])
    }

    /// A journal from the release before favourites (schema 8) migrates and takes a mark.
    @Test func aJournalFromBeforeFavouritesMigrates() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        try FileManager.default.createDirectory(atPath: dir.path + "/data", withIntermediateDirectories: true)
        do {
            let db = try Database(path: dir.journal)
            try db.execute("PRAGMA application_id = \(JournalSchema.applicationID)")
            #expect(try Migrator.migrate(db, JournalSchema.migrations, upTo: 8) == Array(1...8))
            try db.run("INSERT INTO safety_plan (part, text, updated_at) VALUES ('reasons', 'my sister', 1)")
        }
        let store = try JournalStore.open(path: dir.journal)
        #expect(try store.schemaVersion == JournalSchema.latestVersion)
        #expect(try store.safetyPlan()[.reasons] == "my sister")
        try store.setFavourite("box_breath_reset", true, at: t0)
        #expect(try store.favourites() == ["box_breath_reset"])
    }

    /// After the disk fails, a mark is kept in memory and still shows beside the disk's.
    @Test func theMemoryJournalKeepsMarksToo() throws {
        let memory = MemoryJournal()
        try memory.setFavourite("a", true, at: t0)
        try memory.setFavourite("b", true, at: t0)
        try memory.setFavourite("a", false, at: t0)
        #expect(try memory.favourites() == ["b"])
    }
}
