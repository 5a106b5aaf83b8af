import AllinCore

/// One option of a command, declared once: the parser, `--help`, the completions and the README's
/// command table all read it.
public struct OptionSpec: Sendable, Equatable {
    /// What the shells offer after the option.
    public enum Completion: Sendable, Equatable {
        case none, file, directory
        case choices([String])
    }

    /// The long name, e.g. `--data-dir`.
    public let name: String
    /// Other spellings (`-o` for `--output`).
    public let aliases: [String]
    /// The value's name in the help (`DIR`); nil for a flag.
    public let value: String?
    /// One line (or a short paragraph) for the help.
    public let help: String
    /// The only values accepted, when the option has a fixed set; checked by the parser.
    public let choices: [String]?
    public let completion: Completion

    public init(_ name: String, _ value: String? = nil, aliases: [String] = [], choices: [String]? = nil,
                completion: Completion? = nil, help: String) {
        self.name = name
        self.aliases = aliases
        self.value = value
        self.help = help
        self.choices = choices
        if let completion {
            self.completion = completion
        } else if let choices {
            self.completion = .choices(choices)
        } else {
            switch value {
            case "DIR": self.completion = .directory
            case "FILE": self.completion = .file
            default: self.completion = .none
            }
        }
    }

    public var isFlag: Bool { value == nil }
    public var spellings: [String] { aliases + [name] }
}

/// A word a command takes in place (`SLUG`, `TEXT...`, `[FILE]`).
public struct ArgumentSpec: Sendable, Equatable {
    public let name: String
    public let help: String
    public let optional: Bool
    public let repeats: Bool
    /// A flag that takes the argument's place: with it the argument is not needed (and not shown as
    /// optional in the usage).
    public let unless: String?

    public init(_ name: String, optional: Bool = false, repeats: Bool = false, unless: String? = nil, help: String) {
        self.name = name
        self.help = help
        self.optional = optional
        self.repeats = repeats
        self.unless = unless
    }

    var usage: String {
        let word = repeats ? "\(name)..." : name
        return optional ? "[\(word)]" : word
    }
}

/// What running a command reaches for. The common options follow from it: a catalog brings
/// `--catalog DIR`, the journal `--data-dir DIR`, a region `--region XX`, audio `--player P`.
public struct CommandNeeds: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let catalog = CommandNeeds(rawValue: 1)
    /// The crisis detector and the affect model (the heavy part of the catalog).
    public static let detector = CommandNeeds(rawValue: 2)
    public static let journal = CommandNeeds(rawValue: 4)
    public static let audio = CommandNeeds(rawValue: 8)
    public static let region = CommandNeeds(rawValue: 16)
}

/// One command (or subcommand) of a program, declared once.
public struct CommandSpec: Sendable {
    /// The words that name it after the program: `["journal", "record"]`.
    public let path: [String]
    /// One line for the command list and the README.
    public let abstract: String
    /// What the README's table shows after `allin NAME` when more than the name helps (`[--region XX]`).
    public let synopsis: String?
    public let arguments: [ArgumentSpec]
    /// The command's own options; the common ones come from `needs`.
    public let ownOptions: [OptionSpec]
    public let needs: CommandNeeds
    /// Paragraphs between the usage and the options.
    public let about: String
    /// Text after the options: examples, exit status.
    public let notes: String
    public let subcommands: [CommandSpec]
    /// False for a command that only runs its subcommands (`allin audio`).
    public let runnable: Bool
    /// Kept out of the command list and the README (spellings kept for old habits).
    public let hidden: Bool
    /// A subcommand listed on its own row in the command list and the README (`route diff`).
    public let ownRow: Bool
    /// Other words that name the command (`plain` for `--plain`).
    public let aliases: [String]

    public init(_ path: [String], abstract: String, synopsis: String? = nil, arguments: [ArgumentSpec] = [],
                options: [OptionSpec] = [], needs: CommandNeeds = [], about: String = "", notes: String = "",
                subcommands: [CommandSpec] = [], runnable: Bool = true, hidden: Bool = false, ownRow: Bool = false,
                aliases: [String] = []) {
        self.path = path
        self.abstract = abstract
        self.synopsis = synopsis
        self.arguments = arguments
        self.ownOptions = options
        self.needs = needs
        self.about = about
        self.notes = notes
        self.subcommands = subcommands
        self.runnable = runnable
        self.hidden = hidden
        self.ownRow = ownRow
        self.aliases = aliases
    }

    public var name: String { path.joined(separator: " ") }

    /// Every option the command accepts, its own first, then the common ones, then `--help`.
    public var options: [OptionSpec] { ownOptions + commonOptions + [OptionSpec.help] }

    public var commonOptions: [OptionSpec] {
        var list: [OptionSpec] = []
        if needs.contains(.region) { list.append(.region) }
        if needs.contains(.audio) { list.append(.player) }
        if needs.contains(.journal) { list.append(.dataDir) }
        if needs.contains(.catalog) || needs.contains(.detector) { list.append(.catalog) }
        return list
    }

    public func option(named spelling: String) -> OptionSpec? {
        options.first { $0.spellings.contains(spelling) }
    }

    public func subcommand(_ word: String) -> CommandSpec? {
        subcommands.first { $0.path.last == word }
    }

    /// This command and every subcommand under it, depth first.
    public var all: [CommandSpec] { [self] + subcommands.flatMap(\.all) }
}

extension OptionSpec {
    public static let help = OptionSpec("--help", aliases: ["-h"], help: "Show this help")
    public static let catalog = OptionSpec(
        "--catalog", "DIR",
        help: "Read the catalog from DIR (default: $ALLIN_CATALOG, else the catalog next to the program)")
    public static let dataDir = OptionSpec(
        "--data-dir", "DIR",
        help: "Keep the journal in DIR (default: $ALLIN_DATA_DIR, else $XDG_DATA_HOME/allin, else ~/.local/share/allin)")
    public static let region = OptionSpec(
        "--region", "XX",
        help: "Country for crisis lines, a two-letter code such as GB, US or DE (default: 'region' in the config file, else the system language)")
    public static let player = OptionSpec(
        "--player", "P",
        help: "The audio player: a name such as mpv, a path, or a command with options (\"mpv --ao=null\"); default $ALLIN_PLAYER, else 'player' in the config file, else the first found")
}
