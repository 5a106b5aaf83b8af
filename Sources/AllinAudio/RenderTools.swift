import AllinCore
import Foundation

/// espeak-ng and sox as found on this machine, with their versions (part of the cache key) and
/// whether sox can write Ogg Vorbis.
public struct RenderTools: Sendable, Equatable {
    public var espeak: URL
    public var sox: URL
    /// e.g. `espeak-ng 1.51; sox v14.4.2`.
    public var engine: String
    public var canWriteOgg: Bool

    public init(espeak: URL, sox: URL, engine: String, canWriteOgg: Bool) {
        self.espeak = espeak
        self.sox = sox
        self.engine = engine
        self.canWriteOgg = canWriteOgg
    }

    /// Finds both tools in PATH and asks them their versions; throws when one is missing.
    public static func find(environment: [String: String]) throws(AudioError) -> RenderTools {
        guard let espeak = ExecutableSearch.find("espeak-ng", environment: environment) else { throw .toolMissing("espeak-ng") }
        guard let sox = ExecutableSearch.find("sox", environment: environment) else { throw .toolMissing("sox") }
        let espeakVersion = ToolRunner.output(espeak, ["--version"], environment: environment)
        let soxVersion = ToolRunner.output(sox, ["--version"], environment: environment)
        let help = ToolRunner.output(sox, ["-h"], environment: environment)
        let formats = help.split(separator: "\n").first { $0.hasPrefix("AUDIO FILE FORMATS:") }?
            .split(separator: " ").map { $0.lowercased() } ?? []
        let ev = espeakVersion.components(separatedBy: "Data at").first?
            .replacingOccurrences(of: "eSpeak NG text-to-speech:", with: "espeak-ng").trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let sv = soxVersion.components(separatedBy: "SoX").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return RenderTools(espeak: espeak, sox: sox, engine: "\(ev); sox \(sv)",
                           canWriteOgg: formats.contains("vorbis") || formats.contains("ogg"))
    }
}

/// Runs a tool to the end with its output in a log file (never the terminal).
enum ToolRunner {
    /// Runs `tool` and waits; the log receives stdout and stderr.
    static func run(_ tool: URL, _ args: [String], environment: [String: String], log: URL) throws(AudioError) -> ExitStatus {
        let child = try ChildProcess.spawn(executable: tool, arguments: args, environment: environment, log: log,
                                           pdeathsig: true)
        return child.waitUntilExit()
    }

    /// One tool run for `runAll`.
    struct Job {
        var tool: URL
        var args: [String]
        var name: String
    }

    /// Runs `jobs` with at most `parallel` at a time, calling `finished(index)` (on this thread) as
    /// each ends well. The first failure ends the others and is thrown.
    static func runAll(_ jobs: [Job], parallel: Int, environment: [String: String], log: URL,
                       finished: (Int) -> Void) throws(AudioError) {
        var next = 0
        var running: [(index: Int, child: ChildProcess)] = []
        defer { for r in running { r.child.terminate(grace: 0.5) } }
        while next < jobs.count || !running.isEmpty {
            while running.count < max(1, parallel), next < jobs.count {
                let job = jobs[next]
                running.append((next, try ChildProcess.spawn(executable: job.tool, arguments: job.args,
                                                             environment: environment, log: log, pdeathsig: true)))
                next += 1
            }
            var progressed = false
            for (i, r) in running.enumerated().reversed() {
                guard let status = r.child.poll() else { continue }
                running.remove(at: i)
                progressed = true
                guard status.succeeded else {
                    let last = lastLine(log)
                    throw AudioError.toolFailed(tool: jobs[r.index].name,
                                                detail: status.plain + (last.isEmpty ? "" : ": \(Visible.text(last))"))
                }
                finished(r.index)
            }
            if !progressed { usleep(2_000) }
        }
    }

    /// Runs `tool` and returns what it printed (empty on failure).
    static func output(_ tool: URL, _ args: [String], environment: [String: String]) -> String {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("allin-tool-\(getpid())-\(UUID().uuidString).txt")
        defer { unlink(log.path) }
        guard (try? run(tool, args, environment: environment, log: log)) != nil,
              let data = FileManager.default.contents(atPath: log.path) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The last non-empty line of a log, for error messages.
    static func lastLine(_ log: URL) -> String {
        guard let data = FileManager.default.contents(atPath: log.path) else { return "" }
        let line = String(decoding: data.suffix(2048), as: UTF8.self).split(separator: "\n").last { !$0.isEmpty } ?? ""
        return String(line.prefix(200))
    }
}

extension ChildProcess {
    /// Waits for the child to end (polling, so a concurrent `terminate` never waits on a lock held here).
    public func waitUntilExit() -> ExitStatus {
        var pause: UInt32 = 500
        while true {
            if let s = poll() { return s }
            usleep(pause)
            pause = min(pause * 2, 10_000)
        }
    }
}
