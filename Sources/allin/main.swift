import AllinCLI
import Foundation

// Wiring only: arguments and environment in, exit code out.
signal(SIGPIPE, SIG_IGN)
let cli = CLI(environment: ProcessInfo.processInfo.environment, io: StandardIO())
let status = await cli.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
