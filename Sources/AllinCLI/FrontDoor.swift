import AllinCore

/// Decides what `allin` does with its arguments: a command, or the full-screen front.
public enum FrontDoor: Equatable, Sendable {
    /// Run a command through `CLI.run` with these arguments.
    case command([String])
    /// Open the full-screen check-in (stdin and stdout are terminals, no command given).
    case fullScreen(catalog: String?, region: String?, player: String? = nil, dataDir: String? = nil, demo: Bool = false)

    /// No arguments (or only `--catalog DIR`, `--region XX`, `--player CMD`, `--data-dir DIR`) on a
    /// terminal opens the front; the same off a terminal prints the help, as before. Anything else is
    /// a command.
    public static func decide(_ args: [String], interactive: Bool) -> FrontDoor {
        var catalog: String?
        var region: String?
        var player: String?
        var dataDir: String?
        // `allin demo` is the same front with nothing saved (`allin demo --plain` and `--help` are commands).
        let demo = args.first == "demo"
        var i = demo ? 1 : 0
        while i < args.count {
            let arg = args[i]
            func value(_ name: String) -> String? {
                if arg.hasPrefix(name + "=") { return String(arg.dropFirst(name.count + 1)) }
                if arg == name, i + 1 < args.count { i += 1; return args[i] }
                return nil
            }
            if let v = value("--catalog") {
                catalog = v
            } else if let v = value("--region") {
                region = v
            } else if let v = value("--player") {
                player = v
            } else if let v = value("--data-dir") {
                dataDir = v
            } else {
                return .command(args)
            }
            i += 1
        }
        if demo, !interactive { return .command(args) }
        return interactive ? .fullScreen(catalog: catalog, region: region, player: player, dataDir: dataDir, demo: demo)
            : .command([])
    }
}
