import Foundation

/// `catalog/voices.json`: the voices allin can speak with, how each is installed and its licence.
public struct VoiceCatalog: Sendable, Equatable {
    public struct Voice: Sendable, Equatable {
        public var name: String
        public var engine: String
        /// `built-in` or `natural`.
        public var kind: String
        public var model: String?
        public var install: String
        public var licence: String
        public var sources: [String]
    }

    public static let fileName = "voices.json"
    public static let engines = ["espeak-ng", "piper"]
    public var voices: [Voice]

    public func voice(engine: String) -> Voice? { voices.first { $0.engine == engine } }

    /// Reads and checks the file; every problem names the file and the voice.
    public static func decode(_ data: Data, file: String = fileName) throws -> VoiceCatalog {
        var issues: [CatalogIssue] = []
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch {
            throw CatalogProblems([CatalogIssue(file: file, "\(error)")])
        }
        guard var top = ObjectReader(root, file: file, entry: nil, issues: &issues) else { throw CatalogProblems(issues) }
        var voices: [Voice] = []
        if case let .array(items)? = top.raw("voices"), !items.isEmpty {
            for (i, item) in items.enumerated() {
                guard var r = ObjectReader(item, file: file, entry: "voices[\(i)]", issues: &issues) else { continue }
                let name = r.string("name"), engine = r.string("engine"), kind = r.string("kind")
                let install = r.string("install"), licence = r.string("licence")
                let sources = r.stringArray("sources", required: true)
                let model = r.optionalString("model")
                if let engine, !engines.contains(engine) { r.rejectValue("'engine' must be one of \(engines.joined(separator: ", "))") }
                if let kind, !["built-in", "natural"].contains(kind) { r.rejectValue("'kind' must be built-in or natural") }
                if sources.isEmpty || !sources.allSatisfy({ $0.hasPrefix("https://") }) {
                    r.rejectValue("'sources' must list the licence's own pages (https)")
                }
                r.rejectUnknownKeys(["name", "engine", "kind", "model", "install", "licence", "sources"])
                issues += r.issues
                if let name, let engine, let kind, let install, let licence {
                    voices.append(Voice(name: name, engine: engine, kind: kind, model: model, install: install,
                                        licence: licence, sources: sources))
                }
            }
        } else {
            top.rejectValue("'voices' must be a non-empty list")
        }
        top.rejectUnknownKeys(["about", "voices"])
        issues += top.issues
        for engine in engines where !voices.contains(where: { $0.engine == engine }) {
            issues.append(CatalogIssue(file: file, entry: nil, "no voice for the engine '\(engine)'"))
        }
        guard issues.isEmpty else { throw CatalogProblems(issues) }
        return VoiceCatalog(voices: voices)
    }
}
