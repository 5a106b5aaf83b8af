import AllinCore
import Foundation

/// Everything that can go wrong in the audio adapter. `message` is the one place these become
/// user text: calm, specific, and free of raw control characters.
public enum AudioError: Error, Sendable, Equatable {
    /// A player the user named is not installed: `field` is `--player`, `ALLIN_PLAYER` or the config line.
    case playerNotFound(field: String, program: String)
    /// A player setting could not be read.
    case badPlayerSetting(field: String, problem: String)
    /// posix_spawn refused to start a program.
    case spawnFailed(program: String, code: Int32)
    /// The player ended (or crashed) right after it started. `detail` is a plain cause ("couldn't
    /// open an audio device"); `log` is where its own messages went.
    case failedAtStart(player: String, detail: String, log: String)
    /// The player stopped with an error while playing.
    case failedWhilePlaying(player: String, detail: String, log: String)
    /// The player ended (exit status 0) at `at` seconds, well before the end of the audio (`of`
    /// seconds long; nil when the length was still being made).
    case endedEarly(player: String, at: Double, of: Double?, log: String)
    /// espeak-ng or sox is not installed.
    case toolMissing(String)
    /// espeak-ng or sox failed.
    case toolFailed(tool: String, detail: String)
    /// The session has no script file.
    case noScript(slug: String, path: String)
    /// The script file has problems (each names its line).
    case script(ScriptProblems)
    /// The player cannot play this kind of file and it could not be converted.
    case unsupportedFormat(player: String, ext: String)
    case io(path: String, message: String)
    /// The config file has a bad line or value.
    case config(file: String, line: Int?, message: String)

    /// For a player that failed, one plain line for the screen: "mpv couldn't open an audio device
    /// (details in ~/.local/state/allin/player.log)"; nil for other errors.
    public var soundProblem: String? {
        switch self {
        case let .failedAtStart(player, detail, log), let .failedWhilePlaying(player, detail, log):
            return "\(Visible.text(player, limit: 40)) \(detail) (details in \(Visible.text(log, limit: 200)))"
        case let .endedEarly(player, at, of, log):
            return "\(Visible.text(player, limit: 40)) \(AudioError.stoppedBeforeTheEnd(at: at, of: of)) (details in \(Visible.text(log, limit: 200)))"
        default: return nil
        }
    }

    /// "stopped at 0:03 of 4:23, before the end".
    static func stoppedBeforeTheEnd(at: Double, of: Double?) -> String {
        "stopped at \(Clock.text(at))\(of.map { " of \(Clock.text($0))" } ?? ""), before the end"
    }

    public var message: String {
        switch self {
        case let .playerNotFound(field, program):
            return "\(field): the player '\(Visible.text(program, limit: 60))' was not found (not in PATH or not executable)"
        case let .badPlayerSetting(field, problem):
            return "\(field): \(problem)"
        case let .spawnFailed(program, code):
            return "could not start '\(Visible.text(program, limit: 60))': \(String(cString: strerror(code)))"
        case let .failedAtStart(player, detail, log):
            return "the player '\(Visible.text(player, limit: 40))' stopped as soon as it started (\(detail)); its messages are in \(Visible.text(log, limit: 200))"
        case let .failedWhilePlaying(player, detail, log):
            return "the player '\(Visible.text(player, limit: 40))' stopped with an error (\(detail)); its messages are in \(Visible.text(log, limit: 200))"
        case let .endedEarly(player, at, of, log):
            return "the player '\(Visible.text(player, limit: 40))' \(AudioError.stoppedBeforeTheEnd(at: at, of: of)); its messages are in \(Visible.text(log, limit: 200))"
        case let .toolMissing(tool):
            return "\(tool) is not installed, so session audio cannot be rendered (apt-get install \(tool == "sox" ? "sox libsox-fmt-all" : tool))"
        case let .toolFailed(tool, detail):
            return "\(tool) failed: \(detail)"
        case let .noScript(slug, path):
            return "session '\(slug)' has no script yet (\(Visible.text(path, limit: 200)))"
        case let .script(problems):
            return problems.problems.map { Visible.text($0.description, limit: 300) }.joined(separator: "\n")
        case let .unsupportedFormat(player, ext):
            return "the player '\(player)' cannot play .\(ext) files and sox is not there to convert them"
        case let .io(path, message):
            return "\(Visible.text(path, limit: 200)): \(message)"
        case let .config(file, line, message):
            let place = line.map { "\(file):\($0)" } ?? file
            return "\(Visible.text(place, limit: 200)): \(message)"
        }
    }
}

/// How a child process ended.
public enum ExitStatus: Sendable, Equatable {
    case exited(Int32)
    case signaled(Int32)

    public var succeeded: Bool { self == .exited(0) }

    /// "exit status 2", "crashed with SIGFPE (signal 8)".
    public var plain: String {
        switch self {
        case let .exited(code): return "exit status \(code)"
        case let .signaled(sig):
            let name = ExitStatus.signalNames[sig].map { "SIG\($0)" } ?? "signal \(sig)"
            switch sig {
            case SIGTERM, SIGKILL, SIGINT, SIGHUP: return "ended by \(name)"
            default: return "crashed with \(name) (signal \(sig))"
            }
        }
    }

    static let signalNames: [Int32: String] = [
        SIGHUP: "HUP", SIGINT: "INT", SIGQUIT: "QUIT", SIGILL: "ILL", SIGTRAP: "TRAP", SIGABRT: "ABRT",
        SIGBUS: "BUS", SIGFPE: "FPE", SIGKILL: "KILL", SIGSEGV: "SEGV", SIGPIPE: "PIPE", SIGALRM: "ALRM",
        SIGTERM: "TERM",
    ]
}
