import AllinCore
import Foundation

/// A full-text index of the sessions (title, description, tags and script) in an SQLite FTS5 table,
/// ranked by bm25. It lives in memory and is built from the catalog each time it is opened (54
/// sessions take a few milliseconds), so it always matches the catalog in use: the beliefs plan
/// searches it, and the audio library can too.
public final class SessionIndex {
    private let db: Database

    /// `scripts`: each session's script text by slug (missing ones index without a script).
    public init(sessions: [Session], scripts: [String: String]) throws {
        db = try Database.memory()
        try db.execute("CREATE VIRTUAL TABLE sessions USING fts5(slug UNINDEXED, title, description, tags, script, tokenize = 'porter unicode61')")
        try db.transaction {
            for s in sessions {
                try db.run("INSERT INTO sessions (slug, title, description, tags, script) VALUES (?, ?, ?, ?, ?)",
                           [.text(s.slug), .text(s.title), .text(s.description), .text(s.tags.joined(separator: " ")),
                            .text(SessionIndex.spoken(scripts[s.slug] ?? ""))])
            }
        }
    }

    /// The words a script speaks: comment lines (`# …`) and pause marks (`[pause 5]`) left out.
    static func spoken(_ script: String) -> String {
        script.split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { $0.replacingOccurrences(of: #"\[pause [0-9.]+\]"#, with: " ", options: .regularExpression) }
            .joined(separator: "\n")
    }

    /// Sessions matching an FTS5 query, best first (bm25, lower is closer; ties by slug), at most `limit`.
    /// A query FTS5 can't read finds nothing rather than failing.
    public func search(_ query: String, limit: Int) -> [SearchHit] {
        guard !query.allSatisfy(\.isWhitespace) else { return [] }
        let rows = try? db.query("SELECT slug, bm25(sessions) AS score FROM sessions WHERE sessions MATCH ? ORDER BY score, slug LIMIT ?",
                                 [.text(query), .integer(Int64(limit))]) { row in
            SearchHit(slug: row.string(0) ?? "", score: row.double(1) ?? 0)
        }
        return rows ?? []
    }
}
