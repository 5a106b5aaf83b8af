import Foundation
import Testing

/// `allin demo` in the real binary: the screens work, crisis support opens, and the data directory (a
/// real journal and safety plan in it), the cache and the state directory are left exactly as they were.
@Suite("Demo end to end (tmux)", .enabled(if: Paths.tmuxAvailable, "tmux is not installed"))
struct DemoEndToEndTests {
    /// Every file under `root` with its size and contents, to compare before and after.
    static func listing(_ root: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return out }
        for case let url as URL in walker {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), !isDir.boolValue {
                out[String(url.path.dropFirst(root.path.count))] = FileManager.default.contents(atPath: url.path) ?? Data()
            }
        }
        return out
    }

    @Test func aCrisisStatementInTheDemoLeavesTheDataDirectoryUntouched() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("allin-e2e-demo-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let data = root.appendingPathComponent("data"), cache = root.appendingPathComponent("cache"),
            state = root.appendingPathComponent("state")
        var env = ["PATH": "/usr/bin:/bin", "ALLIN_DATA_DIR": data.path, "TZ": "Europe/London",
                   "ALLIN_CATALOG": Paths.root.appendingPathComponent("catalog").path]
        // A real journal and plan first.
        let checkIn = root.appendingPathComponent("c.json")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data(#"{"emotion":"stressed","triggerText":"three deadlines","intensity":5,"intent":"soothe"}"#.utf8).write(to: checkIn)
        #expect(spawn([Paths.allin, "journal", "record", "--file", checkIn.path, "--mood-before", "4", "--mood-after", "6"], env: env).status == 0)
        let before = Self.listing(data)
        #expect(!before.isEmpty)

        env = ["LANG": "en_GB.UTF-8", "ALLIN_DATA_DIR": data.path, "XDG_CACHE_HOME": cache.path, "XDG_STATE_HOME": state.path]
        let t = TmuxSession(appEnv: env, args: ["demo"])
        t.waitFor("DEMO, nothing is saved", "Start a check-in")
        t.toSituation()
        t.type("i want to die")
        t.keys("Enter")
        t.waitFor("116 123", "Call 999", "DEMO, nothing is saved")
        t.keys("C-c")
        t.waitFor("EXIT=")
        #expect(Self.listing(data) == before, "the demo changed the data directory")
        #expect(!FileManager.default.fileExists(atPath: cache.path) && !FileManager.default.fileExists(atPath: state.path))
    }

    @Test func offATerminalTheDemoPointsToPlainAndPlainSavesNothing() {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("allin-e2e-demo-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let env = ["PATH": "/usr/bin:/bin", "ALLIN_DATA_DIR": root.path, "ALLIN_CATALOG": Paths.root.appendingPathComponent("catalog").path]
        let r = spawn([Paths.allin, "demo"], env: env)
        #expect((r.status >> 8) & 0xff == 2 && r.output.contains("allin demo --plain"), "raw wait status \(r.status)")
        let plain = spawn(["/bin/sh", "-c", "printf 'help\\nquit\\n' | '\(Paths.allin)' demo --plain --region GB"], env: env)
        #expect(plain.output.contains("DEMO: nothing you type is saved") && plain.output.contains("116 123"))
        #expect(!FileManager.default.fileExists(atPath: root.path))
    }
}
