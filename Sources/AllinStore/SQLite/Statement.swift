import CSQLite3
import Foundation

/// A prepared statement with typed bindings. Finalized when released.
public final class Statement {
    let handle: OpaquePointer
    private let db: OpaquePointer
    public let sql: String

    init(db: OpaquePointer, sql: String) throws {
        var stmt: OpaquePointer?
        try SQLiteError.check(sqlite3_prepare_v2(db, sql, -1, &stmt, nil), db, "preparing \(Statement.short(sql))")
        guard let stmt else { throw SQLiteError(extendedCode: SQLITE_MISUSE, message: "empty statement", context: sql) }
        self.handle = stmt
        self.db = db
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Resets the statement and binds `values` to parameters 1, 2, …
    public func bind(_ values: [SQLiteValue]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        guard Int(sqlite3_bind_parameter_count(handle)) == values.count else {
            throw SQLiteError(extendedCode: SQLITE_RANGE,
                              message: "\(values.count) values for \(sqlite3_bind_parameter_count(handle)) parameters",
                              context: "binding \(Statement.short(sql))")
        }
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(handle, index)
            case let .integer(n): rc = sqlite3_bind_int64(handle, index, n)
            case let .real(x): rc = sqlite3_bind_double(handle, index, x)
            case let .text(s):
                // By byte count, so text with NUL characters is kept whole.
                let bytes = Array(s.utf8) + [0]
                rc = bytes.withUnsafeBufferPointer { buf in
                    buf.withMemoryRebound(to: CChar.self) { chars in
                        allin_sqlite3_bind_text(handle, index, chars.baseAddress, Int32(bytes.count - 1))
                    }
                }
            case let .blob(data):
                let bytes = [UInt8](data) + [0]   // never an empty buffer: SQLite stores a zero-length blob
                rc = bytes.withUnsafeBytes { raw in
                    allin_sqlite3_bind_blob(handle, index, raw.baseAddress, Int32(bytes.count - 1))
                }
            }
            try SQLiteError.check(rc, db, "binding parameter \(index) of \(Statement.short(sql))")
        }
    }

    /// Advances one row: true when a row is ready to read, false when done.
    public func step() throws -> Bool {
        let rc = sqlite3_step(handle)
        try SQLiteError.check(rc, db, "running \(Statement.short(sql))", ok: [SQLITE_ROW, SQLITE_DONE])
        return rc == SQLITE_ROW
    }

    /// The current row's columns.
    public var row: Row { Row(handle: handle) }

    static func short(_ sql: String) -> String {
        let flat = sql.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return flat.count > 60 ? String(flat.prefix(57)) + "..." : flat
    }
}

/// One result row; column reads are typed and NULL reads as nil.
public struct Row {
    let handle: OpaquePointer

    public func isNull(_ i: Int32) -> Bool { sqlite3_column_type(handle, i) == SQLITE_NULL }

    public func int64(_ i: Int32) -> Int64? { isNull(i) ? nil : sqlite3_column_int64(handle, i) }

    public func int(_ i: Int32) -> Int? { int64(i).map { Int($0) } }

    public func double(_ i: Int32) -> Double? { isNull(i) ? nil : sqlite3_column_double(handle, i) }

    public func bool(_ i: Int32) -> Bool? { int64(i).map { $0 != 0 } }

    public func string(_ i: Int32) -> String? {
        guard !isNull(i), let p = sqlite3_column_text(handle, i) else { return nil }
        let n = Int(sqlite3_column_bytes(handle, i))
        return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
    }

    public var count: Int32 { sqlite3_column_count(handle) }
}
