import AllinCLI
import AllinCore
import Foundation

/// The `allin-dev` command line: the crisis model's trainer and the benchmarks, kept out of the
/// program people use. Same error form and exit codes as `allin`.
public struct DevCLI: Sendable {
    let cli: CLI

    public init(environment: [String: String], io: any CommandIO) {
        cli = CLI(environment: environment, io: io)
    }

    /// Runs `args` (without the program name) and returns the exit code.
    public func run(_ args: [String]) async -> Int32 {
        let command = args.first ?? ""
        let rest = Array(args.dropFirst())
        do {
            switch command {
            case "", "--help", "-h":
                cli.io.out(DevCommands.program.mainHelp)
                return 0
            case "help":
                cli.io.out(try CLI.help(topic: rest, in: DevCommands.program))
                return 0
            default:
                break
            }
            guard let (spec, words) = DevCommands.program.resolve(args) else {
                throw CLIError.usage(command: "", message: "unknown command '\(Visible.text(command, limit: 40))' (allin-dev has: model, valence, bench, readme)")
            }
            if let message = DevCommands.program.unknownSubcommand(spec, words) {
                throw CLIError.usage(command: spec.name, message: message)
            }
            let parsed = try Arguments(spec, words)
            if parsed.flags.contains(OptionSpec.help.name) || !spec.runnable {
                cli.io.out(DevCommands.program.help(spec))
                return 0
            }
            switch spec.path.first {
            case "model": return try ModelCommand(cli: cli).run(parsed)
            case "valence": return try ValenceCommand(cli: cli).run(parsed)
            case "readme":
                cli.io.out(Commands.program.readmeTable)
                return 0
            default: return try await BenchCommand(cli: cli).run(parsed)
            }
        } catch let error as CLIError {
            cli.io.err(error.message(program: "allin-dev"))
            return error.exitCode
        } catch {
            cli.io.err("allin-dev: \(Visible.text(String(describing: error), limit: 400))\n")
            return 1
        }
    }
}
