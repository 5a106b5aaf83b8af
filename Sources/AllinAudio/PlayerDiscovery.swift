import AllinCore
import Foundation

/// The player allin will use, where it was found, and which setting chose it.
public struct PlayerChoice: Sendable, Equatable {
    public var command: PlayerCommand
    public var executable: URL
    /// `--player`, `ALLIN_PLAYER`, `config file … line N`, or `discovery`.
    public var source: String
    public var template: PlayerTemplate { command.template }
    public var name: String { template.name }

    public init(command: PlayerCommand, executable: URL, source: String) {
        self.command = command
        self.executable = executable
        self.source = source
    }
}

/// What discovery saw: every known player and where it is, and the choice (nil: read-along text).
public struct PlayerReport: Sendable, Equatable {
    public struct Candidate: Sendable, Equatable {
        public var template: PlayerTemplate
        public var path: URL?
    }

    public var candidates: [Candidate]
    public var choice: PlayerChoice?
    /// Why there is no choice, with where that came from (for `allin audio players`, `allin play`
    /// and the trace).
    public var why: String
    /// The same for a person in the full-screen app: no option, variable or file names.
    public var plain = ""
}

/// Picks the player: `--player`, else `ALLIN_PLAYER`, else the config file's `player`, else the
/// first of mpv, ffplay, play, paplay, aplay found in PATH. The value `none` means no player
/// (read-along text). A player the user names but that is missing is an error, not a silent fallback.
public enum PlayerDiscovery {
    public static func discover(option: String?, environment: [String: String],
                                config: AudioConfig) throws(AudioError) -> PlayerReport {
        let candidates = PlayerTemplate.all.map {
            PlayerReport.Candidate(template: $0, path: ExecutableSearch.find($0.name, environment: environment))
        }
        var named: (field: String, value: String)?
        if let option {
            named = ("--player", option)
        } else if let env = environment["ALLIN_PLAYER"], !env.trimmingCharacters(in: .whitespaces).isEmpty {
            named = ("ALLIN_PLAYER", env)
        } else if let p = config.player {
            named = ("\(config.file ?? "config") line \(p.line) (player)", p.command)
        }
        if let named {
            if named.value.trimmingCharacters(in: .whitespaces).lowercased() == "none" {
                return PlayerReport(candidates: candidates, choice: nil, why: "\(named.field) is 'none': read-along text",
                                    plain: "sound is turned off for allin")
            }
            let command: PlayerCommand
            switch PlayerCommand.parse(named.value) {
            case let .success(c): command = c
            case let .failure(problem): throw AudioError.badPlayerSetting(field: named.field, problem: "the value \(problem)")
            }
            guard let exe = ExecutableSearch.find(command.program, environment: environment) else {
                throw AudioError.playerNotFound(field: named.field, program: command.program)
            }
            let choice = PlayerChoice(command: command, executable: exe, source: named.field)
            return PlayerReport(candidates: candidates, choice: choice, why: "")
        }
        if let first = candidates.first(where: { $0.path != nil }), let path = first.path {
            let choice = PlayerChoice(command: PlayerCommand(program: first.template.name), executable: path,
                                      source: "discovery (first found of \(PlayerTemplate.all.map(\.name).joined(separator: ", ")))")
            return PlayerReport(candidates: candidates, choice: choice, why: "")
        }
        return PlayerReport(candidates: candidates, choice: nil,
                            why: "no audio player found (looked for \(PlayerTemplate.all.map(\.name).joined(separator: ", ")) in PATH)",
                            plain: "no audio player is installed")
    }
}
