import AllinCore
import AllinStore
import Foundation

/// The library's full-text index built from a catalog directory (each session's title, description,
/// tags and spoken script): the 10-step plan and `allin library` both search it.
public enum SessionLibrary {
    public static func index(sessions: [Session], directory: URL) throws -> SessionIndex {
        var scripts: [String: String] = [:]
        for s in sessions {
            let url = directory.appendingPathComponent("scripts").appendingPathComponent(s.slug + ".txt")
            if let data = FileManager.default.contents(atPath: url.path) { scripts[s.slug] = String(decoding: data, as: UTF8.self) }
        }
        return try SessionIndex(sessions: sessions, scripts: scripts)
    }

    public static func draft(_ intake: PlanIntake, catalog: Catalog, directory: URL) throws -> PlanDraft {
        let index = try index(sessions: catalog.sessions, directory: directory)
        return PlanEngine.build(intake, plan: catalog.plan, sessions: catalog.sessions, stopWords: catalog.routing.stopWords,
                                search: index.search)
    }
}

/// The index for a whole run of the full-screen front: built on first use (not at start-up), then kept,
/// so a search as you type does not read the scripts again on every key. One lock guards it.
public final class SharedSessionIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var index: SessionIndex?
    private let catalog: CatalogListing
    private let directory: URL

    public init(catalog: CatalogListing, directory: URL) {
        self.catalog = catalog
        self.directory = directory
    }

    /// Matches for an FTS5 query, best first; throws when the index can't be built.
    public func search(_ query: String, limit: Int) throws -> [SearchHit] {
        try lock.withLock {
            if index == nil { index = try SessionLibrary.index(sessions: catalog.sessions, directory: directory) }
            return index?.search(query, limit: limit) ?? []
        }
    }

    /// The library's search as you type: matching slugs, best first; [] with no word to look for, nil
    /// when the index can't be built.
    public func searchAsYouType(_ text: String) -> [String]? {
        let words = PlanEngine.queryWords([text], stopWords: catalog.stopWords)
        guard !words.isEmpty else { return [] }
        // The last word is still being typed unless a space follows it.
        let typing = text.last.map { !$0.isWhitespace } ?? false
        return try? search(PlanEngine.ftsQuery(words, prefixLast: typing), limit: catalog.sessions.count).map(\.slug)
    }

    /// A plan's ten steps from the same index.
    public func planSteps(_ intake: PlanIntake) throws -> [PlanStep] {
        _ = try search("", limit: 0)   // builds the index now, so a failure to build it is reported
        return PlanEngine.build(intake, plan: catalog.plan, sessions: catalog.sessions, stopWords: catalog.stopWords) {
            (try? self.search($0, limit: $1)) ?? []
        }.steps
    }
}
