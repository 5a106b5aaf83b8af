import Foundation
@testable import AllinCore

/// The package root, found by walking up from this file to `Package.swift`.
func packageRoot(from file: String = #filePath) -> URL {
    var dir = URL(fileURLWithPath: file).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
        let parent = dir.deletingLastPathComponent()
        precondition(parent.path != dir.path, "Package.swift not found above \(file)")
        dir = parent
    }
    return dir
}

/// Every catalog file of the real catalog, keyed by catalog-relative path.
func realCatalogFiles() -> [String: Data] {
    let dir = packageRoot().appendingPathComponent("catalog")
    var files: [String: Data] = [:]
    for name in Catalog.fileNames {
        if let data = FileManager.default.contents(atPath: dir.appendingPathComponent(name).path) { files[name] = data }
    }
    return files
}

/// The real catalog, decoded once for the whole test run.
let realCatalog: Catalog = {
    do { return try Catalog.decode(files: realCatalogFiles()) } catch {
        fatalError("the real catalog does not load: \(error)")
    }
}()

/// The real catalog's lexicons and vocabulary with a hand-made session list, for exact router paths.
/// A catalog of the given sessions with the real vocabulary and word lists. The picker's minimum score
/// is tuned to the real catalog's size (bm25 scores grow with it), so a small test catalog keeps every
/// match unless a test sets one.
func catalog(sessions: [Session], defaults: [Lane: String]) -> Catalog {
    var routing = realCatalog.routing
    routing.pickerMinScore = 0
    return Catalog(vocabulary: realCatalog.vocabulary, sessions: sessions, laneDefaults: defaults, routing: routing,
            helplines: realCatalog.helplines, crisisLexicon: realCatalog.crisisLexicon,
            affectLexicon: realCatalog.affectLexicon)
}

func session(_ slug: String, _ lane: Lane, families: [String] = [], needs: [String] = [], tags: [String] = [],
             description: String = "A session.", situational: Bool = false) -> Session {
    Session(slug: slug, title: slug.replacingOccurrences(of: "_", with: " "), lane: lane, description: description,
            tags: tags, families: families, needs: needs, cluster: nil, durationSeconds: 300, situational: situational)
}

/// Reads a fixture file under Tests/AllinCoreTests/Fixtures.
func fixture(_ name: String) throws -> String {
    let url = packageRoot().appendingPathComponent("Tests/AllinCoreTests/Fixtures/\(name)")
    return try String(contentsOf: url, encoding: .utf8)
}

/// A picker that answers a fixed slug and counts its calls.
final class FixedPicker: SessionPicker, @unchecked Sendable {
    let answer: String?
    private let lock = NSLock()
    private var count = 0
    init(answer: String?) { self.answer = answer }
    var name: String { "fixed" }
    var calls: Int { lock.withLock { count } }
    func pick(candidates: [Int], text: String, catalog: Catalog) async -> PickerAnswer? {
        lock.withLock { count += 1 }
        return answer.map { PickerAnswer(slug: $0, score: 1, matchedTerms: []) }
    }
}
