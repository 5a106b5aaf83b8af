import AllinCore
import Foundation
@testable import AllinAudio

/// Test fixtures under Tests/AllinAudioTests/Fixtures.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static var fakePlayer: URL { directory.appendingPathComponent("fake-player") }
    static func script(_ name: String) throws -> SessionScript {
        let url = directory.appendingPathComponent("scripts/\(name).txt")
        return try ScriptParser.parse(try Data(contentsOf: url), file: "scripts/\(name).txt")
    }
}

/// A private temporary directory removed when the value is released.
final class TempDir: @unchecked Sendable {
    let url: URL
    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("allin-audio-test-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func path(_ name: String) -> URL { url.appendingPathComponent(name) }
    var paths: AudioPaths {
        AudioPaths(cacheDirectory: path("cache/allin/audio"), configFile: path("config/allin/config"),
                   dataDirectory: path("data/allin"), runtimeDirectory: path("run"))
    }
}

/// Polls `condition` every 20 ms until it holds or `timeout` seconds pass; true when it held.
/// (Waiting on a real process's state; never a fixed sleep.)
func eventually(timeout: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Monotonic.now() + timeout
    while Monotonic.now() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

/// The one-letter state of a process from /proc (R, S, T, Z …), or nil when it no longer exists.
func processState(_ pid: pid_t) -> Character? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = text.lastIndex(of: ")") else { return nil }
    return text[text.index(close, offsetBy: 2)...].first
}

/// The states of every process in the group `pgid` (from /proc).
func groupStates(_ pgid: pid_t) -> [Character] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
    var states: [Character] = []
    for name in names where Int32(name) != nil {
        guard let text = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { continue }
        let fields = text[text.index(close, offsetBy: 2)...].split(separator: " ")
        if fields.count > 2, Int32(fields[2]) == pgid, let state = fields[0].first { states.append(state) }
    }
    return states
}

/// True when the group is stopped: a process stopped by SIGSTOP, the rest stopped too or (a shell
/// caught in vfork while its child was stopped) waiting in the kernel for that child.
func groupIsStopped(_ pgid: pid_t) -> Bool {
    let states = groupStates(pgid)
    return states.contains("T") && states.allSatisfy { $0 == "T" || $0 == "D" }
}

/// True when no process is left in the process group `pgid` (not even a zombie). A helper killed
/// with its player is reaped by init, not by us, so callers poll this with `eventually`.
func groupIsGone(_ pgid: pid_t) -> Bool {
    kill(-pgid, 0) != 0 && errno == ESRCH
}

/// Lines the fake player wrote to its log.
func logLines(_ url: URL) -> [String] {
    guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
}

/// The environment for children in tests: PATH plus whatever is given.
func childEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
    var env = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": NSHomeDirectory()]
    for (k, v) in extra { env[k] = v }
    return env
}

let renderToolsAvailable = ExecutableSearch.find("espeak-ng", environment: ProcessInfo.processInfo.environment) != nil
    && ExecutableSearch.find("sox", environment: ProcessInfo.processInfo.environment) != nil
let mpvAvailable = ExecutableSearch.find("mpv", environment: ProcessInfo.processInfo.environment) != nil
