import AllinCore

/// A command's arguments read against its spec: flags, options with values, and positional words,
/// in any order. The spec is the only list of what a command accepts.
public struct Arguments: Sendable {
    public let spec: CommandSpec
    public private(set) var flags: Set<String> = []
    private var values: [String: String] = [:]
    public private(set) var positional: [String] = []
    /// Common options given to a command that has no use for them, and set aside: a data directory,
    /// a player, a catalog or a region (an alias such as `allin --data-dir ~/private` must never keep
    /// `resources` from showing crisis lines, nor `--catalog` keep `journal` from opening). The caller
    /// says they were ignored.
    public private(set) var ignored: [String] = []

    /// The command's name for messages: `journal record`.
    public var command: String { spec.name }

    /// Reads `args` against `spec`. Anything else starting with `-` is an error naming it; a value
    /// outside an option's choices and a wrong number of positional words are errors too.
    public init(_ spec: CommandSpec, _ args: [String]) throws {
        self.spec = spec
        var i = 0
        var onlyPositional = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if onlyPositional || !arg.hasPrefix("-") || arg == "-" {
                positional.append(arg)
                continue
            }
            if arg == "--" { onlyPositional = true; continue }
            var spelling = arg
            var inlineValue: String?
            if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
                spelling = String(arg[..<eq])
                inlineValue = String(arg[arg.index(after: eq)...])
            }
            guard let option = spec.option(named: spelling) else {
                if [OptionSpec.dataDir, .player, .catalog, .region].contains(where: { $0.name == spelling }) {
                    // Its value goes with it, so it is never read as a positional word.
                    if inlineValue == nil, i < args.count { i += 1 }
                    ignored.append(spelling)
                    continue
                }
                throw CLIError.usage(command: spec.name, message: Self.unknown(spelling, in: spec))
            }
            if option.isFlag {
                if inlineValue != nil { throw CLIError.usage(command: spec.name, message: "option '\(option.name)' takes no value") }
                flags.insert(option.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if i < args.count {
                value = args[i]
                i += 1
            } else {
                throw CLIError.usage(command: spec.name, message: "option '\(spelling)' needs a value (\(option.value ?? ""))")
            }
            if let choices = option.choices, !choices.contains(value.lowercased()) {
                throw CLIError.usage(command: spec.name,
                                     message: "\(option.name) must be \(Self.either(choices)), found '\(Visible.text(value, limit: 20))'")
            }
            values[option.name] = option.choices == nil ? value : value.lowercased()
        }
        if flags.contains(OptionSpec.help.name) { return }
        try checkPositional()
    }

    /// Whether a flag was given. Asking for one the spec doesn't declare is a programming error.
    public func has(_ flag: String) -> Bool {
        assert(spec.option(named: flag)?.isFlag == true, "'\(spec.name)' does not declare the flag \(flag)")
        return flags.contains(flag)
    }

    /// An option's value, by its long name; nil when not given.
    public subscript(_ name: String) -> String? {
        assert(spec.option(named: name).map { !$0.isFlag } == true, "'\(spec.name)' does not declare the option \(name)")
        return values[name]
    }

    /// An option's value when the command declares it at all (for the shared helpers: the catalog,
    /// the data directory, the region), else nil.
    func ifDeclared(_ name: String) -> String? {
        spec.option(named: name) == nil ? nil : values[name]
    }

    private func checkPositional() throws {
        let declared = spec.arguments
        let needed = declared.filter { !$0.optional && !($0.unless.map(flags.contains) ?? false) }
        if positional.count < needed.count {
            let missing = needed[positional.count]
            throw CLIError.usage(command: spec.name, message: "needs \(missing.name) (\(missing.help))")
        }
        if declared.last?.repeats == true { return }
        if positional.count > declared.count {
            let extra = positional[declared.count]
            var message = "unexpected argument '\(Visible.text(extra, limit: 40))'"
            if !spec.subcommands.isEmpty {
                message += " (\(spec.name) has: \(spec.subcommands.map { $0.path.last ?? "" }.joined(separator: ", ")))"
            }
            throw CLIError.usage(command: spec.name, message: message)
        }
    }

    private static func unknown(_ spelling: String, in spec: CommandSpec) -> String {
        "unknown option '\(Visible.text(spelling, limit: 40))'"
    }

    static func either(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
    }
}

extension Arguments {
    /// The whole number given for the option `name`, which must lie in `range`; nil when it is not
    /// given. Otherwise an error naming the option, the range and what was found.
    public func wholeNumber(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        try value(name, in: range, kind: "a whole number") { Int($0) }
    }

    /// The number given for the option `name`, as `wholeNumber`.
    public func number(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        try value(name, in: range, kind: "a number") { Double($0) }
    }

    private func value<T: Comparable>(_ name: String, in range: ClosedRange<T>, kind: String,
                                      parse: (String) -> T?) throws -> T? {
        guard let raw = self[name] else { return nil }
        guard let x = parse(raw.trimmingCharacters(in: .whitespaces)), range.contains(x) else {
            throw CLIError.usage(command: command,
                                 message: "\(name) must be \(kind) from \(range.lowerBound) to \(range.upperBound), found '\(Visible.text(raw, limit: 20))'")
        }
        return x
    }
}
