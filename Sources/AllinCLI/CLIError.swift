/// Everything that stops a command, turned into user text and an exit code in one place.
public enum CLIError: Error, Equatable {
    /// A bad option or argument: exit 2.
    case usage(command: String, message: String)
    /// Bad input data naming the field: exit 2.
    case input(field: String, message: String)
    /// The catalog failed to load or validate: exit 1, every problem listed.
    case catalog([String])
    /// A file could not be read: exit 2.
    case file(path: String, message: String)
    /// An input (or one line of it) over `InputLimit`: exit 2, naming the input and the limit.
    case tooLarge(command: String, input: String, unit: String)

    public var exitCode: Int32 {
        switch self {
        case .usage, .input, .file, .tooLarge: return 2
        case .catalog: return 1
        }
    }

    /// The message for standard error. `command` (the command that ran, e.g. "route") names it in
    /// the messages that carry no command of their own (bad input, a file that can't be read).
    public func message(program: String = "allin", command: String = "") -> String {
        let named = command.isEmpty ? program : "\(program) \(command)"
        switch self {
        case let .usage(command, message):
            let name = command.isEmpty ? program : "\(program) \(command)"
            return "\(name): \(message)\nRun '\(name) --help' for usage.\n"
        case let .input(field, message):
            return "\(named): invalid input: '\(field)': \(message)\n"
        case let .catalog(problems):
            return "\(program): the catalog has \(problems.count) problem\(problems.count == 1 ? "" : "s"):\n"
                + problems.map { "  - \($0)\n" }.joined()
        case let .file(path, message):
            return "\(named): cannot read '\(path)': \(message)\n"
        case let .tooLarge(command, input, unit):
            let name = command.isEmpty ? program : "\(program) \(command)"
            return "\(name): \(input) is over the \(InputLimit.text) limit (\(InputLimit.exactText) bytes per \(unit))\n"
        }
    }
}
