import AllinCLI
import AllinDev
import Foundation

// Wiring only: arguments and environment in, exit code out.
signal(SIGPIPE, SIG_IGN)
let cli = DevCLI(environment: ProcessInfo.processInfo.environment, io: StandardIO())
exit(await cli.run(Array(CommandLine.arguments.dropFirst())))
