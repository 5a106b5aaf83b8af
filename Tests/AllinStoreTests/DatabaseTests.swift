import Foundation
import Testing
@testable import AllinStore

@Suite("SQLite wrapper: typed bindings, one error funnel, transactions")
struct DatabaseTests {
    @Test func typedValuesRoundTrip() throws {
        let db = try Database.memory()
        try db.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
        let text = "nul\u{0}inside, emoji 👨‍👩‍👧, e\u{301}, ESC\u{1B}"
        let blob = Data([0, 1, 2, 255])
        try db.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)", [.integer(Int64.max), .real(-0.125), .text(text), .blob(blob), .null])
        let row = try db.query("SELECT i, r, s, length(CAST(s AS BLOB)), b IS NOT NULL, n FROM t") { r in
            (r.int64(0), r.double(1), r.string(2), r.int(3), r.bool(4), r.string(5))
        }.first
        #expect(row?.0 == Int64.max && row?.1 == -0.125 && row?.2 == text && row?.3 == text.utf8.count)
        #expect(row?.4 == true && row?.5 == nil)
    }

    @Test func emptyTextAndBlobsAreValuesNotNulls() throws {
        let db = try Database.memory()
        try db.execute("CREATE TABLE t (s TEXT, b BLOB)")
        try db.run("INSERT INTO t VALUES (?, ?)", [.text(""), .blob(Data())])
        let row = try db.query("SELECT s, typeof(s), length(b), typeof(b) FROM t") { ($0.string(0), $0.string(1), $0.int(2), $0.string(3)) }.first
        #expect(row?.0 == "" && row?.1 == "text" && row?.2 == 0 && row?.3 == "blob")
    }

    @Test func errorsComeThroughOneFunnelWithContext() throws {
        let db = try Database.memory()
        do {
            try db.run("SELEKT 1")
            Issue.record("a syntax error must throw")
        } catch let e as SQLiteError {
            #expect(e.code == 1 && e.message.contains("syntax error") && e.context.contains("SELEKT"))
        }
        try db.execute("CREATE TABLE t (x INTEGER NOT NULL)")
        #expect(throws: SQLiteError.self) { try db.run("INSERT INTO t VALUES (?)", [.null]) }
        do { try db.run("INSERT INTO t VALUES (?)", [.integer(1), .integer(2)]) } catch let e as SQLiteError {
            #expect(e.message.contains("2 values for 1 parameters"))
        }
        #expect(throws: SQLiteError.self) { try db.run("INSERT INTO t VALUES (?)", [.null]) }
    }

    @Test func transactionsCommitOrRollBackWhole() throws {
        let db = try Database.memory()
        try db.execute("CREATE TABLE t (x INTEGER)")
        try db.transaction { try db.run("INSERT INTO t VALUES (1)") }
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try db.transaction {
                try db.run("INSERT INTO t VALUES (2)")
                throw Stop()
            }
        }
        #expect(try db.query("SELECT x FROM t") { $0.int(0) } == [1])
        // The connection is usable again after the rollback.
        try db.transaction { try db.run("INSERT INTO t VALUES (3)") }
        #expect(try db.scalar("SELECT count(*) FROM t") { $0.int(0) } == 2)
    }

    @Test func errorKindsMapFromResultCodes() {
        #expect(SQLiteError(extendedCode: 13, message: "", context: "").kind == .full)
        #expect(SQLiteError(extendedCode: 8, message: "", context: "").kind == .readOnly)
        #expect(SQLiteError(extendedCode: 26, message: "", context: "").kind == .notADatabase)
        #expect(SQLiteError(extendedCode: 11, message: "", context: "").kind == .corrupt)
        #expect(SQLiteError(extendedCode: 5, message: "", context: "").kind == .busy)
        #expect(SQLiteError(extendedCode: 10 | (2 << 8), message: "", context: "").kind == .corrupt)
        #expect(SQLiteError(extendedCode: 10 | (4 << 8), message: "", context: "").kind == .io)
        // No room to grow the -shm file a reader needs (SQLITE_IOERR_SHMSIZE): the disk is full.
        #expect(SQLiteError(extendedCode: 10 | (19 << 8), message: "disk I/O error", context: "", systemErrno: ENOSPC).kind == .full)
        #expect(SQLiteError(extendedCode: 10 | (19 << 8), message: "disk I/O error", context: "", systemErrno: EIO).kind == .io)
    }

    @Test func fts5IsAvailable() throws {
        let db = try Database.memory()
        try db.execute("CREATE VIRTUAL TABLE f USING fts5(x)")
        #expect(Database.libraryVersion.hasPrefix("3."))
    }
}
