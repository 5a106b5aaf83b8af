/// A small argument reader: flags, options with values, and positional words, in any order.
public struct Arguments {
    public let command: String
    public private(set) var flags: Set<String> = []
    public private(set) var options: [String: String] = [:]
    public private(set) var positional: [String] = []

    /// Parses `args` against the known flags and options; anything else starting with `-` is an error.
    public init(command: String, _ args: [String], flags known: Set<String>, options knownOptions: Set<String>) throws {
        self.command = command
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
            var name = arg
            var inlineValue: String?
            if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
                name = String(arg[..<eq])
                inlineValue = String(arg[arg.index(after: eq)...])
            }
            if name == "-h" { name = "--help" }
            if known.contains(name) || name == "--help" {
                if inlineValue != nil { throw CLIError.usage(command: command, message: "option '\(name)' takes no value") }
                flags.insert(name)
            } else if knownOptions.contains(name) {
                if let inlineValue {
                    options[name] = inlineValue
                } else if i < args.count {
                    options[name] = args[i]
                    i += 1
                } else {
                    throw CLIError.usage(command: command, message: "option '\(name)' needs a value")
                }
            } else {
                throw CLIError.usage(command: command, message: "unknown option '\(Visible.text(name, limit: 40))'")
            }
        }
    }

    public func has(_ flag: String) -> Bool { flags.contains(flag) }
}
import AllinCore
