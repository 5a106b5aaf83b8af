import AllinCore
import Foundation

/// The journal in SQLite: check-ins with their route and reflection, consent records, full-text
/// search over notes and reframes. WAL mode with a busy timeout, so several allin processes can use
/// one journal; `synchronous = FULL`, so a completed check-in survives a crash of the process or
/// the machine. Every failure comes out as a `JournalError`.
public final class JournalStore: JournalStoring, @unchecked Sendable {
    /// The database file, or `:memory:`.
    public let path: String
    let db: Database
    private let lock = NSLock()

    /// How the store opens its file.
    public struct Options: Sendable {
        /// Run `PRAGMA quick_check` when opening a file, so damage is reported before anything is written.
        public var verify = true
        public var busyTimeoutMilliseconds: Int32 = 5000
        /// Create the parent directory (mode 0700) when it is missing.
        public var createDirectory = true
        /// `FULL` (the default) syncs every commit, so a completed check-in survives even a power cut;
        /// `OFF` is only for filling benchmark journals quickly.
        public var durable = true
        /// Open an existing journal to read only: nothing is created or migrated (loose modes are still
        /// narrowed where allowed: `JournalFiles.tightenExisting`).
        public var readOnly = false
        public init() {}
    }

    private init(db: Database, path: String) {
        self.db = db
        self.path = path
    }

    /// Opens (creating when missing) the journal at `path`, migrating it to the newest schema.
    /// A file that is not an allin journal is left untouched and reported.
    public static func open(path: String, options: Options = Options()) throws -> JournalStore {
        let isMemory = path == Database.memoryPath
        let writes = !options.readOnly
        do {
            if !isMemory, !writes { JournalFiles.tightenExisting(path) }
            if !isMemory, writes {
                if options.createDirectory { try JournalFiles.prepareDirectory((path as NSString).deletingLastPathComponent) }
                try JournalFiles.prepareFile(path)
            }
            let db = try writes || isMemory
                ? Database(path: path, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
                : readOnlyDatabase(path, options: options)
            try identify(db, path: path)
            if !isMemory {
                if options.verify {
                    let report = try db.integrityCheck(quick: true)
                    guard report == ["ok"] else { throw JournalError.corrupt(path: path, detail: checkDetail(report)) }
                }
                if writes { try useWAL(db) }
            }
            try db.execute("PRAGMA synchronous = \(options.durable ? "FULL" : "OFF"); PRAGMA foreign_keys = ON")
            if writes { try Migrator.migrate(db, JournalSchema.migrations) }
            if !isMemory, writes { JournalFiles.tighten(path) }
            return JournalStore(db: db, path: path)
        } catch {
            throw problem(error, path: path)
        }
    }

    /// The integrity check's first problems, one line each (SQLite may put several in one row), and
    /// how many more there are.
    static func checkDetail(_ report: [String]) -> String {
        let problems = report.flatMap { $0.split(separator: "\n").map(String.init) }.filter { !$0.hasPrefix("*** ") }
        let more = problems.count - 2
        return "integrity check: " + problems.prefix(2).joined(separator: "; ")
            + (more > 0 ? "; and \(more) more problem\(more == 1 ? "" : "s")" : "")
    }

    /// Opens an existing journal for a command that only reads, without asking for write access, so
    /// a journal that is read-only (its file, or its directory) can still be listed and exported.
    /// A journal an older allin wrote is brought up to date first, which does need write access.
    public static func openForReading(path: String) throws -> JournalStore {
        var options = Options()
        options.readOnly = true
        let store = try open(path: path, options: options)
        return try store.schemaVersion < JournalSchema.latestVersion ? open(path: path) : store
    }

    /// A read-only connection. In a directory allin may not write to, SQLite cannot make the `-shm`
    /// file a WAL journal is read with, so the file is then read as immutable (the directory being
    /// read-only, no allin can be writing to it meanwhile).
    private static func readOnlyDatabase(_ path: String, options: Options) throws -> Database {
        do {
            let db = try Database(path: path, readOnly: true, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
            _ = try db.userVersion   // the first read is where a missing -shm shows
            return db
        } catch let error as SQLiteError where error.kind == .readOnly || error.kind == .cannotOpen {
            guard access((path as NSString).deletingLastPathComponent, W_OK) != 0 else { throw error }
            return try Database(path: path, immutable: true, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        } catch let error as SQLiteError where error.kind == .full {
            // A full disk leaves no room for the `-shm` file either. With no `-wal` to read (none, or
            // an empty one) everything is in the database file, which is then read as it is; with one,
            // reading the file alone would miss what the `-wal` holds, so the full disk is reported.
            guard walIsEmpty(path) else { throw error }
            return try Database(path: path, immutable: true, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        }
    }

    /// Whether the journal's `-wal` file is missing or holds nothing.
    static func walIsEmpty(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) != 0 || info.st_size == 0
    }

    /// For the front: the journal at `path` wrapped so it never stops a check-in. When the file
    /// cannot be opened the journal starts in memory and `problem` says why in plain words (when
    /// `problem.canMoveAside`, offer `JournalFiles.moveAside` and open again); when the disk fails
    /// later, writes move to memory at that point. A journal allin may read but not write (a
    /// read-only file or directory) is still read, past check-ins and all; new ones are kept in memory.
    public static func openOrKeepInMemory(path: String, options: Options = Options()) -> ResilientJournal {
        do {
            return ResilientJournal(primary: try open(path: path, options: options))
        } catch {
            let problem = problem(error, path: path)
            if !problem.canMoveAside, FileManager.default.fileExists(atPath: path), let reader = try? openForReading(path: path) {
                return ResilientJournal(primary: reader, problem: problem)
            }
            return ResilientJournal(primary: nil, problem: problem)
        }
    }

    /// A private journal in memory (tests; the front when the disk cannot be used).
    public static func inMemory() throws -> JournalStore { try open(path: Database.memoryPath) }

    /// The schema version of the open journal.
    public var schemaVersion: Int { get throws { try guarded { try db.userVersion } } }

    /// `PRAGMA integrity_check`: `["ok"]` when the database is sound.
    public func integrityCheck() throws -> [String] { try guarded { try db.integrityCheck() } }

    /// The journal mode in force (`wal` for a file, `memory` for `:memory:`).
    public var journalMode: String { get throws { try guarded { try db.scalar("PRAGMA journal_mode") { $0.string(0) } ?? "" } } }

    /// Switches the journal to WAL (a no-op once it is). The switch needs an exclusive lock: when
    /// two processes open a brand-new journal at the same moment, both hold a shared lock while
    /// asking for it, and SQLite fails one of them at once with "busy" rather than let both wait
    /// forever. By then that one has let its lock go, so asking again waits on the busy timeout
    /// like any other lock, and finds the switch already made.
    private static func useWAL(_ db: Database) throws {
        var attempt = 1
        while true {
            do {
                _ = try db.query("PRAGMA journal_mode = WAL") { $0.string(0) }
                return
            } catch let error as SQLiteError where error.kind == .busy && attempt < 20 {
                attempt += 1
            }
        }
    }

    /// Refuses files that are not allin journals before anything is written to them. Whose file
    /// this is is read in one transaction, so another process creating the journal at
    /// the same moment is seen either not at all or complete (never tables without the mark).
    private static func identify(_ db: Database, path: String) throws {
        let (appID, version, objects) = try db.transaction(immediate: false) {
            (try db.applicationID, try db.userVersion, try db.scalar("SELECT count(*) FROM sqlite_schema") { $0.int(0) } ?? 0)
        }
        if appID == JournalSchema.applicationID {
            if version > JournalSchema.latestVersion {
                throw JournalError.newerSchema(path: path, found: version, known: JournalSchema.latestVersion)
            }
        } else if appID != 0 {
            throw JournalError.foreign(path: path, detail: "application id 0x\(String(UInt32(bitPattern: appID), radix: 16))")
        } else if objects > 0 || version != 0 {
            throw JournalError.foreign(path: path, detail: "\(objects) schema object\(objects == 1 ? "" : "s") and no allin mark")
        }
    }

    /// Runs `body` under the store's lock, turning any failure into a `JournalError`.
    func guarded<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        do { return try body() } catch { throw JournalStore.problem(error, path: path) }
    }

    /// The one place where SQLite, migration and file errors become journal problems.
    static func problem(_ error: any Error, path: String) -> JournalError {
        if let e = error as? JournalError { return e }
        if case let MigrationError.newerSchema(found, known) = error {
            return .newerSchema(path: path, found: found, known: known)
        }
        guard let e = error as? SQLiteError else { return .other(path: path, detail: String(describing: error)) }
        switch e.kind {
        case .full: return .diskFull(path: path)
        case .readOnly: return .readOnly(path: path)
        case .notADatabase: return .notADatabase(path: path)
        case .corrupt: return .corrupt(path: path, detail: e.message)
        case .busy: return .busy(path: path)
        case .io: return .io(path: path, detail: e.message)
        case .cannotOpen:
            let dir = (path as NSString).deletingLastPathComponent
            if access(dir, W_OK) != 0 { return .readOnly(path: path) }
            return .other(path: path, detail: e.message)
        case .constraint, .other: return .other(path: path, detail: e.message)
        }
    }
}
