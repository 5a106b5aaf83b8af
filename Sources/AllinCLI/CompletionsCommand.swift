import AllinCore

/// `allin completions SHELL`: a completion script for bash, zsh or fish, made from the command spec.
struct CompletionsCommand {
    let cli: CLI

    func run(_ args: Arguments) throws -> Int32 {
        let shell = args.positional[0].lowercased()
        guard let script = Completions.script(for: shell, program: Commands.program) else {
            throw CLIError.usage(command: args.command,
                                 message: "SHELL must be \(Arguments.either(Completions.shells)), found '\(Visible.text(args.positional[0], limit: 20))'")
        }
        cli.io.out(script)
        return 0
    }
}
