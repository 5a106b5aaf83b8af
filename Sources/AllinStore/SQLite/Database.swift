import CSQLite3
import Foundation

/// One SQLite connection: a file path or `:memory:`. Not thread-safe by itself; `JournalStore`
/// serialises access with a lock.
public final class Database {
    let handle: OpaquePointer
    /// The file path, or `:memory:`.
    public let path: String

    public static let memoryPath = ":memory:"

    /// Opens (creating when missing) the database at `path`, with extended result codes and a busy
    /// timeout so other processes' short writes are waited for instead of failing. `immutable` (read
    /// only) tells SQLite the file cannot change, so it needs no `-shm` beside it: the one way to read
    /// a WAL database in a directory it may not write to.
    public init(path: String, readOnly: Bool = false, immutable: Bool = false, busyTimeoutMilliseconds: Int32 = 5000) throws {
        var db: OpaquePointer?
        var flags = (readOnly || immutable ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_FULLMUTEX
        var name = path
        if immutable {
            flags |= SQLITE_OPEN_URI
            var allowed = CharacterSet.urlPathAllowed
            allowed.remove(charactersIn: "?#%")
            name = "file:" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path) + "?immutable=1"
        }
        let rc = sqlite3_open_v2(name, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            defer { sqlite3_close_v2(db) }
            try SQLiteError.check(rc == SQLITE_OK ? SQLITE_CANTOPEN : rc, db, "opening \(path)")
            fatalError("unreachable: check throws for a failed open")
        }
        self.handle = db
        self.path = path
        sqlite3_extended_result_codes(db, 1)
        try SQLiteError.check(sqlite3_busy_timeout(db, busyTimeoutMilliseconds), db, "setting the busy timeout")
    }

    /// A private in-memory database (tests, and the front when the disk cannot be used).
    public static func memory() throws -> Database { try Database(path: memoryPath) }

    deinit { sqlite3_close_v2(handle) }

    /// Runs one or more statements that take no parameters.
    public func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &error)
        if let error { sqlite3_free(error) }
        try SQLiteError.check(rc, handle, "running \(Statement.short(sql))")
    }

    public func prepare(_ sql: String) throws -> Statement { try Statement(db: handle, sql: sql) }

    /// Runs one statement with `values` bound, ignoring any rows.
    public func run(_ sql: String, _ values: [SQLiteValue] = []) throws {
        let stmt = try prepare(sql)
        try stmt.bind(values)
        while try stmt.step() {}
    }

    /// Runs one statement and maps every row.
    public func query<T>(_ sql: String, _ values: [SQLiteValue] = [], _ map: (Row) throws -> T) throws -> [T] {
        let stmt = try prepare(sql)
        try stmt.bind(values)
        var rows: [T] = []
        while try stmt.step() { rows.append(try map(stmt.row)) }
        return rows
    }

    /// The first column of the first row, or nil when there is no row.
    public func scalar<T>(_ sql: String, _ values: [SQLiteValue] = [], _ map: (Row) -> T?) throws -> T? {
        try query(sql, values) { map($0) }.first ?? nil
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    /// `immediate` takes the write lock at once, so two processes never both decide to write the
    /// same thing (the busy timeout makes the second one wait).
    public func transaction<T>(immediate: Bool = true, _ body: () throws -> T) throws -> T {
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if sqlite3_get_autocommit(handle) == 0 { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
            throw error
        }
    }

    public var lastInsertID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    public var userVersion: Int {
        get throws { try scalar("PRAGMA user_version") { $0.int(0) } ?? 0 }
    }

    public func setUserVersion(_ v: Int) throws { try execute("PRAGMA user_version = \(v)") }

    public var applicationID: Int32 {
        get throws { Int32(truncatingIfNeeded: try scalar("PRAGMA application_id") { $0.int64(0) } ?? 0) }
    }

    /// The lines `PRAGMA integrity_check` (or `quick_check`) reports; `["ok"]` when sound.
    public func integrityCheck(quick: Bool = false) throws -> [String] {
        try query(quick ? "PRAGMA quick_check" : "PRAGMA integrity_check") { $0.string(0) ?? "" }
    }

    /// The SQLite library version, e.g. `3.40.1`.
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }
}
