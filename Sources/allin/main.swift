import AllinCLI
import Foundation

// Wiring only: arguments and environment in, exit code out.
let started = ContinuousClock.now
signal(SIGPIPE, SIG_IGN)
let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment
let status: Int32
switch FrontDoor.decide(arguments, interactive: isatty(0) == 1 && isatty(1) == 1) {
case let .command(args):
    status = await CLI(environment: environment, io: StandardIO()).run(args)
case let .fullScreen(catalog, region, player, dataDir, demo):
    status = await FullScreen.run(catalog: catalog, region: region, player: player, dataDir: dataDir, demo: demo,
                                  environment: environment, started: started)
}
// The benchmark's start-up figures (allin-dev bench --only startup): this process's peak memory.
if environment["ALLIN_STARTUP_REPORT"] == "1", let line = PeakMemory.reportLine() {
    FileHandle.standardError.write(Data(line.utf8))
}
exit(status)
