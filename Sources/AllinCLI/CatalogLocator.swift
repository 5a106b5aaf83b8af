import AllinCore
import Foundation
import Synchronization

/// Finds and reads the catalog directory: `--catalog DIR`, else `ALLIN_CATALOG`, else the nearest
/// `catalog/` above the executable, else above the working directory.
public enum CatalogLocator {
    public static func directory(option: String?, environment: [String: String]) throws -> URL {
        if let option { return URL(fileURLWithPath: option) }
        if let env = environment["ALLIN_CATALOG"], !env.isEmpty { return URL(fileURLWithPath: env) }
        var starts: [URL] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            starts.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        starts.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        starts.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        for start in starts {
            var dir = start.standardizedFileURL
            for _ in 0..<12 {
                let candidate = dir.appendingPathComponent("catalog")
                if FileManager.default.fileExists(atPath: candidate.appendingPathComponent(Catalog.vocabularyFile).path) {
                    return candidate
                }
                let parent = dir.deletingLastPathComponent()
                if parent.path == dir.path { break }
                dir = parent
            }
        }
        throw CLIError.catalog(["no catalog directory found; pass --catalog DIR or set ALLIN_CATALOG"])
    }

    /// Reads the named catalog files that exist (all of them by default); missing ones are reported
    /// by the decoder.
    public static func files(in directory: URL, names: [String] = Catalog.fileNames) -> [String: Data] {
        var files: [String: Data] = [:]
        for name in names {
            if let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) {
                files[name] = data
            }
        }
        return files
    }

    /// Loads and validates the catalog, turning problems into a `CLIError.catalog`. The trained model,
    /// the concept rules, the phrase programs and the sentence reading come from their compiled
    /// forms when sound ones made from these texts are cached (`CompiledCache`); otherwise from the
    /// texts, and the forms are stored for the next run (unless `savesCompiled` is false: the demo
    /// writes nothing anywhere).
    public static func load(option: String?, environment: [String: String], savesCompiled: Bool = true) throws -> Catalog {
        try load(option: option, environment: environment, cache: CompiledCache(environment: environment),
                 savesCompiled: savesCompiled)
    }

    static func load(option: String?, environment: [String: String], cache: CompiledCache,
                     savesCompiled: Bool = true) throws -> Catalog {
        try load(option: option, environment: environment, names: Catalog.fileNames) { files in
            // The phrase programs are made from three texts: their digest is taken over all three.
            let programTexts = CompiledPrograms.sourceFiles.compactMap { files[$0] }
            let texts: [(part: String, text: Data?)] = [
                ("model", files[CrisisModel.fileName]), ("concepts", files[ConceptScanner.fileName]),
                ("programs", programTexts.count == CompiledPrograms.sourceFiles.count ? programTexts.reduce(Data(), +) : nil),
                ("sentences", files[AffectSentenceModel.fileName]),
            ]
            // Each form is filed under its text's digest, taken once here for loading and storing.
            var sources: [String: UInt64] = [:]
            for case let (part, text?) in texts { sources[part] = cache.source(of: text) }
            let cached = sources.count == texts.count
                && sources.allSatisfy { FileManager.default.fileExists(atPath: cache.file($0.key, source: $0.value).path) }
            // Which forms were found sound (each loader runs on its own thread, beside the others).
            let found = Mutex<Set<String>>([])
            func loader<T>(_ part: String, _ load: @escaping @Sendable (Data, UInt64) throws -> T) -> @Sendable () -> T? {
                let source = sources[part]
                return { () -> T? in
                    guard let source, let value = cache.load(part, source: source, load) else { return nil }
                    found.withLock { _ = $0.insert(part) }
                    return value
                }
            }
            let catalog = try Catalog.decode(files: files, compiled: CompiledParts(
                model: loader("model", CrisisModel.load), concepts: loader("concepts", ConceptScanner.load),
                programs: loader("programs", CompiledPrograms.load), sentences: loader("sentences", AffectSentenceModel.load),
                cached: cached))
            guard savesCompiled else { return catalog }
            let lexicon = catalog.crisisLexicon, loaded = found.withLock { $0 }
            let compile: [String: (UInt64) -> Data] = [
                "model": lexicon.model.compiled(source:), "concepts": lexicon.conceptScanner.compiled(source:),
                "programs": lexicon.programs.compiled(source:), "sentences": catalog.affectLexicon.sentenceModel.compiled(source:),
            ]
            // In turn: each form is built whole, written and let go before the next.
            for (part, _) in texts where !loaded.contains(part) {
                if let source = sources[part], let make = compile[part] { cache.store(part, source: source, make) }
            }
            return catalog
        }
    }

    /// Loads and validates only the listing (chips, sessions, helplines): no detector is built.
    public static func loadListing(option: String?, environment: [String: String]) throws -> CatalogListing {
        try load(option: option, environment: environment, names: CatalogListing.fileNames, decode: CatalogListing.decode)
    }

    /// Reads the catalog files `names` and decodes them with `decode`, turning problems into a
    /// `CLIError.catalog` whose lines name the folder, the file and the entry.
    public static func load<T>(option: String?, environment: [String: String], names: [String],
                               decode: ([String: Data]) throws -> T) throws -> T {
        let dir = try directory(option: option, environment: environment)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue else {
            throw CLIError.catalog(["\(dir.path): not a directory"])
        }
        do {
            return try decode(files(in: dir, names: names))
        } catch let problems as CatalogProblems {
            throw CLIError.catalog(problems.issues.map { "\(dir.lastPathComponent)/\($0.description)" })
        }
    }
}
