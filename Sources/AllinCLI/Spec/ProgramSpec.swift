import AllinCore

/// A program's commands and the words around them: what `--help`, `help CMD`, the completions and
/// the README's table are made from.
public struct ProgramSpec: Sendable {
    public let name: String
    public let summary: String
    /// What the program does with no command (nil: it prints the help).
    public let front: CommandSpec?
    public let commands: [CommandSpec]
    public let footer: String

    public init(name: String, summary: String, front: CommandSpec? = nil, commands: [CommandSpec], footer: String) {
        self.name = name
        self.summary = summary
        self.front = front
        self.commands = commands
        self.footer = footer
    }

    /// Every command and subcommand, depth first.
    public var all: [CommandSpec] { commands.flatMap(\.all) }

    /// `args` with the front's options written before the command (`allin --data-dir D journal`,
    /// `allin --catalog C --help`) moved after it, where the command reads them; unchanged when no
    /// command follows them.
    public func commandFirst(_ args: [String]) -> [String] {
        guard let front else { return args }
        let commandWords = Set(commands.flatMap { $0.path.prefix(1) + $0.aliases } + ["--help", "-h", "help", "--version", "version"])
        let i = Self.leadingOptions(args, of: front, stoppingAt: commandWords)
        let lead = Array(args[..<i])
        guard !lead.isEmpty, i < args.count, commandWords.contains(args[i]) || !args[i].hasPrefix("-") else { return args }
        var rest = Array(args[i...])
        rest.insert(contentsOf: lead, at: rest.firstIndex(of: "--") ?? rest.endIndex)
        return rest
    }

    /// The command named by the leading words of `args`, and the words left for it. A subcommand is
    /// the first word after its parent (`allin journal show 3`) or after options its parent takes
    /// (`allin journal --data-dir D show 3`): those options are then read by the subcommand.
    public func resolve(_ args: [String]) -> (spec: CommandSpec, rest: [String])? {
        guard let first = args.first,
              var spec = commands.first(where: { $0.path == [first] || $0.aliases.contains(first) }) else { return nil }
        var rest = Array(args.dropFirst())
        while !spec.subcommands.isEmpty {
            let lead = Self.leadingOptions(rest, of: spec)
            guard lead < rest.count, let sub = spec.subcommand(rest[lead]) else { break }
            spec = sub
            rest.remove(at: lead)
        }
        return (spec, rest)
    }

    /// How many of `args`' first words are options `spec` declares, with their values (up to a word in
    /// `stops`: `--help` before a command is the command's).
    private static func leadingOptions(_ args: [String], of spec: CommandSpec, stoppingAt stops: Set<String> = []) -> Int {
        var i = 0
        while i < args.count, args[i].hasPrefix("-"), args[i] != "--", args[i] != "-", !stops.contains(args[i]),
              let option = spec.option(named: String(args[i].prefix { $0 != "=" })) {
            i += 1
            if !option.isFlag, !args[i - 1].contains("=") { i += 1 }
        }
        return min(i, args.count)
    }

    /// When `spec` only groups subcommands and the word after it is none of them, what to say
    /// ("unknown command 'bogus' (audio has: render, players, check)"), before any option
    /// after it is read: the word is what is wrong, not an option the group itself doesn't take.
    public func unknownSubcommand(_ spec: CommandSpec, _ rest: [String]) -> String? {
        guard !spec.runnable, !spec.subcommands.isEmpty, let word = rest.first, !word.hasPrefix("-") else { return nil }
        let names = spec.subcommands.filter { !$0.hidden }.map { $0.path.last ?? "" }
        return "unknown command '\(Visible.text(word, limit: 40))' (\(spec.name) has: \(names.joined(separator: ", ")))"
    }

    /// The rows of the command list: each command, and a subcommand when its parent also runs on
    /// its own (`route diff` beside `route`).
    public var listed: [CommandSpec] {
        commands.filter { !$0.hidden }.flatMap { command in
            [command] + command.subcommands.filter(\.ownRow)
        }
    }

    // MARK: help

    /// `allin --help`.
    public var mainHelp: String {
        var out = summary + "\n\n"
        out += "Usage: \(name)"
        if let front {
            out += " ".padding(toLength: 16 - name.count, withPad: " ", startingAt: 0) + lowerFirst(front.abstract) + "\n"
            out += "       \(name) <command> [options]\n"
        } else {
            out += " <command> [options]\n"
        }
        out += "\nCommands:\n"
        let rows = listed.map { ($0.name, $0.abstract) } + [("help CMD", "Show help for a command")]
        out += HelpText.table(rows, indent: 2)
        if let front {
            out += "\nOptions with no command:\n"
            out += HelpText.options(front.options.filter { $0 != .help })
        }
        out += "\nEvery command takes -h or --help, which lists the options it takes.\n"
        if !footer.isEmpty { out += "\n" + footer + "\n" }
        return out + "\n"
    }

    /// `allin CMD --help`.
    public func help(_ spec: CommandSpec) -> String {
        var out = "Usage: " + usageLines(spec).joined(separator: "\n       ") + "\n"
        // A command with no longer description says at least its one line (found from outside:
        // 'allin safety-plan edit --help' said nothing of what it does).
        let about = !spec.about.isEmpty ? spec.about : spec.abstract.isEmpty || spec.abstract.hasSuffix(".") ? spec.abstract : spec.abstract + "."
        if !about.isEmpty { out += "\n" + about + "\n" }
        let subs = spec.subcommands.filter { !$0.hidden }
        if !subs.isEmpty {
            out += "\nCommands:\n"
            out += HelpText.table(subs.map { ($0.path.last ?? "", $0.abstract) }, indent: 2)
            out += "Run '\(name) \(spec.name) COMMAND --help' for a command's options.\n"
        }
        if !spec.arguments.isEmpty {
            out += "\nArguments:\n"
            out += HelpText.table(spec.arguments.map { ($0.usage, $0.help) }, indent: 2)
        }
        if !spec.ownOptions.isEmpty {
            out += "\nOptions:\n" + HelpText.options(spec.ownOptions)
        }
        out += "\nCommon options:\n" + HelpText.options(spec.commonOptions + [.help])
        if !spec.notes.isEmpty { out += "\n" + spec.notes + "\n" }
        return out + "\n"
    }

    /// `allin journal record [options]`, and one line for each subcommand.
    public func usageLines(_ spec: CommandSpec) -> [String] {
        var lines: [String] = []
        if spec.runnable {
            let words = [name] + spec.path + spec.arguments.map(\.usage)
            lines.append(words.joined(separator: " ") + " [options]")
        }
        for sub in spec.subcommands where !sub.hidden {
            lines.append(([name] + sub.path + sub.arguments.map(\.usage)).joined(separator: " ") + " [options]")
        }
        return lines
    }

    /// `help CMD` with the words after `help`; nil when they name no command. `help --help` (and
    /// `help help --help`) is help's own help; `help CMD --help` is CMD's.
    public func help(topic words: [String]) -> String? {
        let helpFlags: Set<String> = ["--help", "-h"]
        let topic = words.filter { !helpFlags.contains($0) }
        if topic.isEmpty || topic == ["help"] { return words.isEmpty || words == ["help"] ? mainHelp : helpHelp }
        guard let (spec, rest) = resolve(topic), rest.isEmpty else { return nil }
        return help(spec)
    }

    /// `help --help`.
    public var helpHelp: String {
        "Usage: \(name) help [COMMAND...]\n\nShows a command's help, the same as '\(name) COMMAND --help' (a subcommand's too:\n"
            + "'\(name) help journal show'). With no command, the list of commands.\n\n"
    }

    /// The README's command table, one row per listed command.
    public var readmeTable: String {
        var rows = ["| Command | What it does |", "|---|---|"]
        if let front {
            rows.append("| `\(name)` | \(front.abstract) |")
        }
        for spec in listed {
            let synopsis = spec.synopsis.map { $0.isEmpty ? "" : " " + $0 } ?? ""
            let code = "\(name) \(spec.name)\(synopsis)".replacingOccurrences(of: "|", with: "\\|")
            rows.append("| `\(code)` | \(spec.abstract) |")
        }
        return rows.joined(separator: "\n") + "\n"
    }

    private func lowerFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}

/// The two-column layout every help text uses.
enum HelpText {
    static let width = 100

    static func options(_ options: [OptionSpec]) -> String {
        table(options.map { option in
            let value = option.value.map { " " + $0 } ?? ""
            let names = (option.aliases + [option.name]).joined(separator: ", ")
            return (names + value, option.help)
        }, indent: 2)
    }

    /// Rows of a name and its text, the text wrapped under itself.
    static func table(_ rows: [(String, String)], indent: Int) -> String {
        let nameWidth = min(24, rows.map(\.0.count).max() ?? 0)
        let column = indent + nameWidth + 2
        var out = ""
        for (name, text) in rows {
            let lead = String(repeating: " ", count: indent) + name
            let lines = wrap(text, width: width - column)
            if name.count > nameWidth {
                out += lead + "\n"
                for line in lines { out += String(repeating: " ", count: column) + line + "\n" }
            } else {
                for (i, line) in lines.enumerated() {
                    let start = i == 0 ? lead.padding(toLength: column, withPad: " ", startingAt: 0)
                        : String(repeating: " ", count: column)
                    out += start + line + "\n"
                }
            }
        }
        return out
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
