import AllinCLI
import Foundation
import Testing

@Suite("allin catalog --check runs the script checks of allin audio check")
struct CatalogScriptCheckTests {
    @Test func brokenScriptsFailTheCheckNamingFileAndLine() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("allin-catalog-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = root.appendingPathComponent("catalog")
        try FileManager.default.copyItem(at: BinaryRunner.root.appendingPathComponent("catalog"), to: catalog)
        let env = ["ALLIN_CATALOG": catalog.path, "HOME": root.path]
        let ok = BufferIO()
        #expect(await CLI(environment: env, io: ok).run(["catalog", "--check"]) == 0)
        #expect(ok.stdout.hasPrefix("catalog OK"))

        let scripts = catalog.appendingPathComponent("scripts")
        let names = try FileManager.default.contentsOfDirectory(atPath: scripts.path).filter { $0.hasSuffix(".txt") }.sorted()
        let (deleted, empty, binary, pause) = (names[0], names[1], names[2], names[3])
        try FileManager.default.removeItem(at: scripts.appendingPathComponent(deleted))
        try Data().write(to: scripts.appendingPathComponent(empty))
        try Data([0x00, 0xFF, 0xFE, 0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A]).write(to: scripts.appendingPathComponent(binary))
        var text = try String(contentsOf: scripts.appendingPathComponent(pause), encoding: .utf8)
        text = "[pause 99999999999999999999]\n" + text
        try Data(text.utf8).write(to: scripts.appendingPathComponent(pause))

        let io = BufferIO()
        #expect(await CLI(environment: env, io: io).run(["catalog", "--check"]) == 1)
        #expect(io.stdout.isEmpty)
        #expect(io.stderr.hasPrefix("catalog check failed: 4 problems\n"), "\(io.stderr)")
        #expect(io.stderr.contains("scripts/\(deleted): missing: session '\(deleted.dropLast(4))' has no script"))
        #expect(io.stderr.contains("scripts/\(empty): has no spoken lines"))
        #expect(io.stderr.contains("scripts/\(binary): is not valid UTF-8 text"))
        #expect(io.stderr.contains("scripts/\(pause): line 1: pause must be 1 to 30 seconds, found 99999999999999999999"))

        // The same problems, in the same words, from allin audio check.
        let audio = BufferIO()
        #expect(await CLI(environment: env.merging(["XDG_CACHE_HOME": root.path + "/cache"]) { $1 }, io: audio)
            .run(["audio", "check"]) == 1)
        for line in io.stderr.split(separator: "\n").dropFirst() { #expect(audio.stderr.contains(line)) }

        try FileManager.default.removeItem(at: scripts)
        let none = BufferIO()
        #expect(await CLI(environment: env, io: none).run(["catalog", "--check"]) == 1)
        #expect(none.stderr.contains("scripts: there is no scripts directory"))
    }
}
