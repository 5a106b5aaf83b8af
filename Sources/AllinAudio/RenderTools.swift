import AllinCore
import Foundation

/// The voice (espeak-ng, or the natural voice when one is chosen) and sox as found on this machine,
/// with their versions and the voice's name (part of the cache key, so each engine and voice has its
/// own renders) and whether sox can write Ogg Vorbis.
public struct RenderTools: Sendable, Equatable {
    public var espeak: URL?
    /// The natural voice that speaks instead of espeak-ng, when chosen (see `VoiceEngines`).
    public var neural: NeuralVoice?
    public var sox: URL
    /// e.g. `espeak-ng 1.51; sox v14.4.2`, or `piper en_US-joe-medium; sox v14.4.2`.
    public var engine: String
    public var canWriteOgg: Bool

    public init(espeak: URL?, neural: NeuralVoice? = nil, sox: URL, engine: String, canWriteOgg: Bool) {
        self.espeak = espeak
        self.neural = neural
        self.sox = sox
        self.engine = engine
        self.canWriteOgg = canWriteOgg
    }

    /// Finds the tools in PATH and asks them their versions; throws when one is missing. With `neural`,
    /// Piper speaks and espeak-ng is not needed.
    public static func find(environment: [String: String], neural: NeuralVoice? = nil) throws(AudioError) -> RenderTools {
        guard let sox = ExecutableSearch.find("sox", environment: environment) else { throw .toolMissing("sox") }
        if let neural {
            let soxVersion = ToolRunner.output(sox, ["--version"], environment: environment)
            let sv = soxVersion.components(separatedBy: "SoX").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            return RenderTools(espeak: nil, neural: neural, sox: sox, engine: "piper \(neural.name); sox \(sv)",
                               canWriteOgg: canWriteOgg(sox, environment: environment))
        }
        guard let espeak = ExecutableSearch.find("espeak-ng", environment: environment) else { throw .toolMissing("espeak-ng") }
        let espeakVersion = ToolRunner.output(espeak, ["--version"], environment: environment)
        let soxVersion = ToolRunner.output(sox, ["--version"], environment: environment)
        let ev = espeakVersion.components(separatedBy: "Data at").first?
            .replacingOccurrences(of: "eSpeak NG text-to-speech:", with: "espeak-ng").trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let sv = soxVersion.components(separatedBy: "SoX").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return RenderTools(espeak: espeak, sox: sox, engine: "\(ev); sox \(sv)",
                           canWriteOgg: canWriteOgg(sox, environment: environment))
    }

    static func canWriteOgg(_ sox: URL, environment: [String: String]) -> Bool {
        let help = ToolRunner.output(sox, ["-h"], environment: environment)
        let formats = help.split(separator: "\n").first { $0.hasPrefix("AUDIO FILE FORMATS:") }?
            .split(separator: " ").map { $0.lowercased() } ?? []
        return formats.contains("vorbis") || formats.contains("ogg")
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
