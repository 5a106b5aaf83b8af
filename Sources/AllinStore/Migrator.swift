/// One numbered schema change. Once shipped, a migration's SQL never changes; a new one is added.
public struct Migration: Sendable {
    public var version: Int
    public var name: String
    public var sql: String

    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }
}

/// Brings a database up to the newest schema, keyed by `PRAGMA user_version`: each migration runs in
/// its own write transaction together with the version bump, so a crash leaves the old version or
/// the new one, never half of a change.
public enum Migrator {
    /// Applies every migration newer than the database's version, up to `target` (default: all).
    /// Returns the versions applied. Throws `MigrationError.newerSchema` for a database from the future.
    @discardableResult
    public static func migrate(_ db: Database, _ migrations: [Migration], upTo target: Int? = nil) throws -> [Int] {
        let newest = migrations.map(\.version).max() ?? 0
        let found = try db.userVersion
        if found > newest { throw MigrationError.newerSchema(found: found, known: newest) }
        var applied: [Int] = []
        for m in migrations.sorted(by: { $0.version < $1.version }) where m.version <= (target ?? newest) {
            guard m.version > found else { continue }
            try db.transaction {
                // Another process may have migrated while this one waited for the lock.
                guard try db.userVersion < m.version else { return }
                try db.execute(m.sql)
                try db.setUserVersion(m.version)
                applied.append(m.version)
            }
        }
        return applied
    }
}

/// A schema this build cannot read.
public enum MigrationError: Error, Equatable, Sendable {
    case newerSchema(found: Int, known: Int)
}
