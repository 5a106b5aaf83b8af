import AllinCLI
import Foundation

// Wiring only: arguments and environment in, exit code out.
let started = ContinuousClock.now
signal(SIGPIPE, SIG_IGN)
let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment
switch FrontDoor.decide(arguments, interactive: isatty(0) == 1 && isatty(1) == 1) {
case let .command(args):
    let cli = CLI(environment: environment, io: StandardIO())
    exit(await cli.run(args))
case let .fullScreen(catalog, region, player, dataDir, demo):
    exit(await FullScreen.run(catalog: catalog, region: region, player: player, dataDir: dataDir, demo: demo,
                              environment: environment, started: started))
}
