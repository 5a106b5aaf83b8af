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
