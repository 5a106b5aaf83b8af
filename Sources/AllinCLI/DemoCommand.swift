import AllinCore

/// `allin demo`: the check-in, the router and crisis support with nothing saved. On a terminal the
/// full-screen front runs it (see `FrontDoor`); here come `--help`, `--plain` and the off-terminal case.
struct DemoCommand {
    let cli: CLI

    func run(_ args: Arguments) async throws -> Int32 {
        guard args.has("--plain") else {
            throw CLIError.usage(command: "demo", message: "the demo needs a terminal; for numbered prompts use 'allin demo --plain'")
        }
        let region = try cli.region(args)
        let catalog = try cli.loadCatalog(args, savesCompiled: false)
        cli.io.out("DEMO: nothing you type is saved, and no journal is read or written.\n")
        // No journal, no plan read, and no session after the recommendation (nothing is played or kept).
        var session = PlainCheckIn(cli: cli, catalog: catalog, region: region)
        session.demo = true
        return await session.run()
    }
}
