@testable import AllinCLI
@testable import AllinCore
import Foundation
import Testing

@Suite("The compiled model in the cache: used when sound, rebuilt when damaged or stale")
struct CompiledCacheTests {
    static let catalog = BinaryRunner.root.appendingPathComponent("catalog")

    func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-compiled-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    func mode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int ?? 0) & 0o777
    }

    @Test func theFirstLoadStoresTheFormThenASoundOneIsUsedAndADamagedOneReplaced() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = CompiledCache(directory: root.appendingPathComponent("compiled"))
        let text = try Data(contentsOf: Self.catalog.appendingPathComponent(CrisisModel.fileName))
        let file = cache.file("model", source: cache.source(of: text))

        let first = try CatalogLocator.load(option: Self.catalog.path, environment: [:], cache: cache)
        let model = first.crisisLexicon.model
        #expect(try mode(cache.directory) == 0o700 && mode(file) == 0o600)
        #expect(cache.load("model", for: text, CrisisModel.load) == model)
        #expect(cache.load("concepts", for: try Data(contentsOf: Self.catalog.appendingPathComponent(ConceptScanner.fileName)),
                           ConceptScanner.load) != nil)
        let programTexts = try CompiledPrograms.sourceFiles.map { try Data(contentsOf: Self.catalog.appendingPathComponent($0)) }
        #expect(cache.load("programs", for: programTexts.reduce(Data(), +), CompiledPrograms.load)?.a.code.count
            == first.crisisLexicon.programA.code.count)
        let sentences = try Data(contentsOf: Self.catalog.appendingPathComponent(AffectSentenceModel.fileName))
        #expect(cache.load("sentences", for: sentences, AffectSentenceModel.load)?.weights.count == first.affectLexicon.sentenceModel.weights.count)

        // A sound form is what the next load uses: one that weighs differently shows through.
        let other = CrisisModel(bias: model.bias + 1, crisisAt: model.crisisAt, askAt: model.askAt, table: model.table,
                                entries: model.entries, names: model.names, about: model.about)
        cache.store("model", for: text) { other.compiled(source: $0) }
        #expect(try CatalogLocator.load(option: Self.catalog.path, environment: [:], cache: cache).crisisLexicon.model == other)

        // A damaged one is never used: the text is decoded and the form written again.
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: file)
        #expect(cache.load("model", for: text, CrisisModel.load) == nil)
        #expect(try CatalogLocator.load(option: Self.catalog.path, environment: [:], cache: cache).crisisLexicon.model == model)
        #expect(cache.load("model", for: text, CrisisModel.load) == model)
    }

    @Test func aChangedTextGetsItsOwnFormAndTheOldOneGoes() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let copy = root.appendingPathComponent("catalog")
        try FileManager.default.copyItem(at: Self.catalog, to: copy)
        let cache = CompiledCache(directory: root.appendingPathComponent("compiled"))
        let modelFile = copy.appendingPathComponent(CrisisModel.fileName)
        let before = try Data(contentsOf: modelFile)
        _ = try CatalogLocator.load(option: copy.path, environment: [:], cache: cache)
        #expect(FileManager.default.fileExists(atPath: cache.file("model", source: cache.source(of: before)).path))

        var after = before
        after.append(contentsOf: Array("# a comment added after training\n".utf8))
        try after.write(to: modelFile)
        let catalog = try CatalogLocator.load(option: copy.path, environment: [:], cache: cache)
        #expect(catalog.crisisLexicon.model.about.last == "a comment added after training")
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.directory.path)
        #expect(names.filter { $0.hasPrefix("model-") } == [cache.file("model", source: cache.source(of: after)).lastPathComponent])
    }

    @Test func aFormWrittenByAnotherBuildOfAllinIsNotUsed() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let dir = root.appendingPathComponent("compiled")
        let older = CompiledCache(directory: dir, program: 1), newer = CompiledCache(directory: dir, program: 2)
        let text = try Data(contentsOf: Self.catalog.appendingPathComponent(CrisisModel.fileName))
        let model = try CatalogLocator.load(option: Self.catalog.path, environment: [:], cache: older).crisisLexicon.model
        #expect(older.load("model", for: text, CrisisModel.load) == model)
        #expect(newer.load("model", for: text, CrisisModel.load) == nil)
        #expect(older.source(of: text) != newer.source(of: text))
        #expect(CompiledCache.runningProgram != 0)
    }

    @Test func anUnwritableCacheLeavesTheTextToDoTheWork() throws {
        let cache = CompiledCache(directory: URL(fileURLWithPath: "/proc/allin-compiled"))
        let catalog = try CatalogLocator.load(option: Self.catalog.path, environment: [:], cache: cache)
        #expect(catalog.crisisLexicon.model.names.count > 10_000)
    }
}
