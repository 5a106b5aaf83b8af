import AllinCore

/// Decides what `allin` does with its arguments: a command, or the full-screen front.
public enum FrontDoor: Equatable, Sendable {
    /// Run a command through `CLI.run` with these arguments.
    case command([String])
    /// Open the full-screen check-in (stdin and stdout are terminals, no command given).
    case fullScreen(catalog: String?, region: String?, player: String? = nil, dataDir: String? = nil, demo: Bool = false)

    /// No command (only the front's options: `--catalog`, `--region`, `--player`, `--data-dir`) on a
    /// terminal opens the front; the same off a terminal is `CLI.run([])`, which says the front needs one
    /// and points to `--plain`. `allin demo` with its options
    /// is the same front with nothing saved. Anything else, a bad option included, is a command, so
    /// `CLI.run` gives the message. The options are read by the same spec the help is made from.
    public static func decide(_ args: [String], interactive: Bool) -> FrontDoor {
        let demo = args.first == "demo"
        let spec = demo ? Commands.demo : Commands.front
        guard let parsed = try? Arguments(spec, demo ? Array(args.dropFirst()) : args),
              parsed.positional.isEmpty, parsed.flags.isEmpty else {
            return .command(args)
        }
        if demo, !interactive { return .command(args) }
        guard interactive else { return .command([]) }
        let dataDir = demo ? nil : parsed["--data-dir"]
        let player = demo ? nil : parsed["--player"]
        return .fullScreen(catalog: parsed["--catalog"], region: parsed["--region"], player: player, dataDir: dataDir, demo: demo)
    }
}
