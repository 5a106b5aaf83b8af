import CSQLite3
import Foundation

/// A failed SQLite call: the result code, SQLite's own message, and what we were doing.
/// Every call into SQLite reports through `SQLiteError.check`, the wrapper's one error funnel.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The extended result code (e.g. `SQLITE_READONLY_DBMOVED`); `code & 0xff` is the primary code.
    public var extendedCode: Int32
    public var message: String
    public var context: String
    /// The operating system's error number behind an I/O failure (`sqlite3_system_errno`), 0 when none.
    public var systemErrno: Int32 = 0

    public var code: Int32 { extendedCode & 0xFF }

    /// The kinds of failure the store reacts to differently.
    public enum Kind: Sendable, Equatable {
        case full, readOnly, cannotOpen, notADatabase, corrupt, busy, io, constraint, other
    }

    public var kind: Kind {
        switch code {
        case SQLITE_FULL: return .full
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH: return .readOnly
        case SQLITE_CANTOPEN: return .cannotOpen
        case SQLITE_NOTADB: return .notADatabase
        case SQLITE_CORRUPT: return .corrupt
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        // SQLite reports some writes that found no room as I/O errors (growing the `-shm` file a
        // reader needs, say): the operating system's error says what happened.
        case SQLITE_IOERR where [ENOSPC, EDQUOT].contains(systemErrno): return .full
        case SQLITE_IOERR: return extendedCode == SQLITE_IOERR | (2 << 8) ? .corrupt : .io   // SQLITE_IOERR_SHORT_READ: a truncated file
        case SQLITE_CONSTRAINT: return .constraint
        default: return .other
        }
    }

    public var description: String { "\(context): \(message) (SQLite code \(extendedCode))" }

    /// Throws when `rc` is not one of the `ok` codes, with the connection's message when there is one.
    @discardableResult
    static func check(_ rc: Int32, _ db: OpaquePointer?, _ context: @autoclosure () -> String,
                      ok: Set<Int32> = [SQLITE_OK]) throws -> Int32 {
        if ok.contains(rc) { return rc }
        var message = String(cString: sqlite3_errstr(rc))
        if let db, sqlite3_errcode(db) != SQLITE_OK, let detail = sqlite3_errmsg(db) {
            message = String(cString: detail)
        }
        let extended = db.map { sqlite3_extended_errcode($0) }.flatMap { ($0 & 0xFF) == (rc & 0xFF) ? $0 : nil } ?? rc
        throw SQLiteError(extendedCode: extended, message: message, context: context(),
                          systemErrno: db.map { sqlite3_system_errno($0) } ?? 0)
    }
}
