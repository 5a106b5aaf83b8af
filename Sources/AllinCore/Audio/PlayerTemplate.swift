/// How a player is paused and resumed.
public enum PauseMethod: String, Sendable, Equatable {
    /// Over mpv's JSON IPC socket (exact position too).
    case ipc
    /// SIGSTOP / SIGCONT on the player's process group.
    case signal
}

/// How a player seeks.
public enum SeekMethod: String, Sendable, Equatable {
    /// Over mpv's JSON IPC socket.
    case ipc
    /// Stop the player and start it again at the new position.
    case restart
    /// The player cannot seek.
    case none
}

/// One piece of a player's argument list.
public enum PlayerArgument: Sendable, Equatable {
    case literal(String)
    /// The audio file.
    case file
    /// The IPC socket path after a prefix, e.g. `--input-ipc-server=` (left out when no socket is used).
    case socket(prefix: String)
    /// Words given only when starting past 0; `{s}` inside each becomes the start in seconds.
    case start([String])
    /// The player's own log file after a prefix, e.g. `--log-file=` (left out when there is none):
    /// for a player that says nothing on stderr when told to be quiet (mpv with --no-terminal).
    case log(prefix: String)
}

/// A command-line player: how to call it and what it can do. The table in `PlayerTemplate.all`
/// is the discovery order.
public struct PlayerTemplate: Sendable, Equatable {
    public var name: String
    public var arguments: [PlayerArgument]
    public var pause: PauseMethod
    public var seek: SeekMethod
    /// File extensions it plays; empty means "anything" (a custom command).
    public var formats: Set<String>
    /// What to know about it, shown by `allin audio players`.
    public var note: String
    /// True when it plays a WAV stream of unknown length from a named pipe to its end, so a session
    /// can start while the rest of it renders.
    public var streams: Bool

    public init(name: String, arguments: [PlayerArgument], pause: PauseMethod, seek: SeekMethod,
                formats: Set<String>, note: String, streams: Bool = false) {
        self.streams = streams
        self.name = name
        self.arguments = arguments
        self.pause = pause
        self.seek = seek
        self.formats = formats
        self.note = note
    }

    public var canStartAtPosition: Bool {
        arguments.contains { if case .start = $0 { return true } else { return false } }
    }

    public func plays(extension ext: String) -> Bool { formats.isEmpty || formats.contains(ext.lowercased()) }

    /// The argument list (without the program) for `file`, starting at `start` seconds, with the
    /// player's log at `log` when it writes one itself.
    public func arguments(file: String, socket: String?, start: Double, log: String? = nil) -> [String] {
        var out: [String] = []
        for a in arguments {
            switch a {
            case let .literal(s): out.append(s)
            case .file: out.append(file)
            case let .socket(prefix): if let socket { out.append(prefix + socket) }
            case let .log(prefix): if let log { out.append(prefix + log) }
            case let .start(words):
                guard start > 0 else { continue }
                let s = SessionScript.seconds(start)
                out += words.map { $0.replacingOccurrences(of: "{s}", with: s) }
            }
        }
        return out
    }

    /// The players allin knows, in the order discovery tries them.
    public static let all: [PlayerTemplate] = [
        PlayerTemplate(name: "mpv", arguments: [
            .literal("--no-config"), .literal("--no-terminal"), .literal("--no-video"), .literal("--really-quiet"),
            .literal("--idle=no"), .literal("--keep-open=no"), .socket(prefix: "--input-ipc-server="), .log(prefix: "--log-file="), .start(["--start={s}"]), .literal("--"), .file,
        ], pause: .ipc, seek: .ipc, formats: ["ogg", "opus", "wav", "mp3", "flac", "m4a"],
        note: "pause, seek and exact position over its IPC socket", streams: true),
        PlayerTemplate(name: "ffplay", arguments: [
            .literal("-nodisp"), .literal("-autoexit"), .literal("-hide_banner"), .literal("-loglevel"),
            .literal("error"), .start(["-ss", "{s}"]), .literal("-i"), .file,
        ], pause: .signal, seek: .restart, formats: ["ogg", "opus", "wav", "mp3", "flac", "m4a"],
        note: "pause by signals; seeks by restarting at the new position", streams: true),
        PlayerTemplate(name: "play", arguments: [
            .literal("-q"), .file, .start(["trim", "{s}"]),
        ], pause: .signal, seek: .restart, formats: ["ogg", "wav", "mp3", "flac"],
        note: "from sox; needs a sound device (crashes without one); no Opus"),
        PlayerTemplate(name: "paplay", arguments: [.file], pause: .signal, seek: .none,
                       formats: ["ogg", "wav", "flac"], note: "needs a PulseAudio or PipeWire server; cannot seek"),
        PlayerTemplate(name: "aplay", arguments: [.literal("-q"), .file], pause: .signal, seek: .none,
                       formats: ["wav"], note: "ALSA; WAV only (allin converts); cannot seek", streams: true),
    ]

    /// The template for a program name or path (`/usr/bin/mpv` → mpv); nil for an unknown program.
    public static func named(_ program: String) -> PlayerTemplate? {
        let base = program.split(separator: "/").last.map(String.init) ?? program
        return all.first { $0.name == base }
    }

    /// The template for a program allin does not know: the file as its last argument, paused by
    /// signals, no seeking.
    public static func custom(_ program: String) -> PlayerTemplate {
        let base = program.split(separator: "/").last.map(String.init) ?? program
        return PlayerTemplate(name: base, arguments: [.file], pause: .signal, seek: .none, formats: [],
                              note: "not in allin's table: given the file as its last argument")
    }
}

/// A player as the user names it (`--player`, `ALLIN_PLAYER`, `player =`): a program and any
/// extra words for it, e.g. `mpv --ao=null`.
public struct PlayerCommand: Sendable, Equatable {
    public var program: String
    public var extraArguments: [String]

    public init(program: String, extraArguments: [String] = []) {
        self.program = program
        self.extraArguments = extraArguments
    }

    /// Splits a command line into words: spaces separate, '…' and "…" quote, \ escapes.
    /// Fails for an empty command, an unclosed quote or a control character.
    public static func parse(_ text: String) -> Result<PlayerCommand, PlayerCommandError> {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for ch in text {
            if escaped { current.append(ch); escaped = false; inWord = true; continue }
            if let q = quote {
                if ch == q { quote = nil } else if ch == "\\" && q == "\"" { escaped = true } else { current.append(ch) }
                continue
            }
            switch ch {
            case "\\": escaped = true; inWord = true
            case "'", "\"": quote = ch; inWord = true
            case " ", "\t":
                if inWord { words.append(current); current = ""; inWord = false }
            default:
                if ch.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                    return .failure(.controlCharacter)
                }
                current.append(ch); inWord = true
            }
        }
        if quote != nil || escaped { return .failure(.unclosedQuote) }
        if inWord { words.append(current) }
        guard let first = words.first, !first.isEmpty else { return .failure(.empty) }
        return .success(PlayerCommand(program: first, extraArguments: Array(words.dropFirst())))
    }

    /// The known template for the program, or the custom one.
    public var template: PlayerTemplate { PlayerTemplate.named(program) ?? PlayerTemplate.custom(program) }

    /// The whole argument list (without the program) for `file`.
    public func arguments(file: String, socket: String?, start: Double, log: String? = nil) -> [String] {
        extraArguments + template.arguments(file: file, socket: socket, start: start, log: log)
    }
}

/// Why a player command could not be read.
public enum PlayerCommandError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty, unclosedQuote, controlCharacter

    public var description: String {
        switch self {
        case .empty: return "is empty; name a player such as mpv"
        case .unclosedQuote: return "has an unclosed quote"
        case .controlCharacter: return "contains a control character"
        }
    }
}
