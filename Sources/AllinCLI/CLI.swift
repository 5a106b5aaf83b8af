import AllinCore
import Foundation

/// The `allin` command line: parses the command, runs it, and turns every error into text and an exit code.
public struct CLI: Sendable {
    public let environment: [String: String]
    public let io: any CommandIO

    public init(environment: [String: String], io: any CommandIO) {
        self.environment = environment
        self.io = io
    }

    public static let version = "0.1.0"

    /// Runs `args` (without the program name) and returns the exit code.
    public func run(_ args: [String]) async -> Int32 {
        let args = Commands.program.commandFirst(args)
        let command = args.first ?? ""
        let rest = Array(args.dropFirst())
        var running = ""   // the command's name once it is known, for messages that carry none
        do {
            switch command {
            case "":
                // The front door sends `allin` here only when there is no terminal to draw on.
                throw CLIError.usage(command: "", message: "the full-screen check-in needs a terminal; for numbered prompts (screen readers, pipes) use 'allin --plain'")
            case "--help", "-h":
                io.out(Commands.program.mainHelp)
                return 0
            case "help":
                io.out(try Self.help(topic: rest, in: Commands.program))
                return 0
            case "--version", "version":
                io.out("allin \(CLI.version)\n")
                return 0
            case "bench", "model":
                throw CLIError.usage(command: "", message: "'\(command)' is a developer tool now: run 'allin-dev \(command)'")
            default:
                break
            }
            guard let (spec, words2) = Commands.program.resolve(args) else {
                if command.hasPrefix("-") {
                    // An option with no command: the front's parser names what is wrong with it.
                    _ = try Arguments(Commands.front, args)
                }
                throw CLIError.usage(command: "", message: "unknown command '\(Visible.text(command, limit: 40))'")
            }
            if let message = Commands.program.unknownSubcommand(spec, words2) {
                throw CLIError.usage(command: spec.name, message: message)
            }
            running = spec.name
            let parsed = try Arguments(spec, words2)
            for option in parsed.ignored {
                io.err("allin \(spec.name): \(option) is not used by this command; ignored.\n")
            }
            if parsed.flags.contains(OptionSpec.help.name) || !spec.runnable {
                io.out(Commands.program.help(spec))
                return 0
            }
            return try await Commands.run(parsed, cli: self)
        } catch let error as CLIError {
            io.err(error.message(command: running))
            return error.exitCode
        } catch {
            io.err("allin: \(Visible.text(String(describing: error), limit: 400))\n")
            return 1
        }
    }

    /// Loads the catalog named by `--catalog` or found near the executable. `savesCompiled: false` (the
    /// demo, which saves nothing) reads a compiled model from the cache but never writes one.
    public func loadCatalog(_ args: Arguments, savesCompiled: Bool = true) throws -> Catalog {
        try CatalogLocator.load(option: args["--catalog"], environment: environment, savesCompiled: savesCompiled)
    }

    /// The catalog's chips, sessions and helplines only, for commands that show them and never check words.
    func loadListing(_ args: Arguments) throws -> CatalogListing {
        try CatalogLocator.loadListing(option: args["--catalog"], environment: environment)
    }

    /// Only the crisis lines and the country table, so a problem elsewhere in the catalog never
    /// keeps crisis lines from showing.
    func loadHelplines(_ args: Arguments) throws -> HelplineDirectory {
        try CatalogLocator.load(option: args["--catalog"], environment: environment,
                                names: [HelplineDirectory.fileName, CountryTable.fileName], decode: HelplineDirectory.decode(files:))
    }

    /// The region from `--region`, else the locale environment; nil when none is known.
    func region(_ args: Arguments) throws -> (code: String?, source: String) {
        // The country table is read only when a region was named, and then once.
        let table = { (try? loadHelplines(args))?.countries }
        if let raw = args["--region"] {
            let countries = table()
            guard let code = RegionDetector.normalized(code: raw) else {
                throw CLIError.usage(command: args.command,
                                     message: "--region must be a two-letter country code such as GB or US, found '\(Visible.text(raw, limit: 20))'\(countries?.didYouMean(raw) ?? "")")
            }
            try Self.checkCountry(code, typed: raw, command: args.command, table: countries)
            return (code, "--region")
        }
        let paths = try? appPaths(args)
        // A bad line in the config file never keeps crisis lines from a person: it is named, and the
        // region comes from the computer's settings instead.
        let configured = Self.configuredRegion(configDirectory: paths?.config, table: table,
                                                name: args.command.isEmpty ? "allin" : "allin \(args.command)")
        if let code = configured.code { return (code, RegionDetector.configSource) }
        if let warning = configured.warning { io.err(warning) }
        if let found = RegionDetector.detect(environment: environment) { return (found.region, found.source) }
        return (nil, "no country in LC_ALL, LC_MESSAGES or LANG")
    }

    /// The region whose crisis lines are shown: `region`, except that a `--region` that can't be used
    /// never keeps lines from a person. It comes back as no country (the advice and directory that work
    /// anywhere) with its problem, which the caller raises (exit 2) once the lines are shown.
    func supportRegion(_ args: Arguments) -> (code: String?, source: String, problem: CLIError?) {
        do {
            let region = try region(args)
            return (region.code, region.source, nil)
        } catch let error as CLIError {
            return (nil, "--region", error)
        } catch {
            return (nil, "--region", .usage(command: args.command, message: "--region could not be read"))
        }
    }

    /// `region = XX` from the config file, for the commands and the full screen alike: a bad line is
    /// named (the warning, for `name` to print) and left out, so the computer's settings decide; it
    /// never keeps crisis lines, or the full screen and F2 in it, from a person.
    public static func configuredRegion(configDirectory: String?, table: () -> CountryTable?, name: String = "allin")
        -> (code: String?, warning: String?) {
        switch RegionSettings.region(configDirectory: configDirectory, table: table) {
        case let .success(code): return (code, nil)
        case let .failure(problem): return (nil, problem.leftOut(by: name))
        }
    }

    /// A `--region` must be an ISO 3166-1 code the catalog knows; otherwise exit 2 with a suggestion.
    public static func checkCountry(_ code: String, typed: String, command: String, table: CountryTable?) throws {
        guard let table, !table.countries.isEmpty, table.country(code) == nil else { return }
        throw CLIError.usage(command: command,
                             message: "--region '\(Visible.text(typed, limit: 20))' is not an ISO 3166-1 country code\(table.didYouMean(typed))")
    }

    /// What `help [COMMAND...]` prints: the main help, or a command's; an unknown command is a usage
    /// error. Shared by `allin` and `allin-dev`.
    public static func help(topic words: [String], in program: ProgramSpec) throws -> String {
        guard let text = program.help(topic: words) else {
            throw CLIError.usage(command: "", message: "no help for '\(Visible.text(words.joined(separator: " "), limit: 40))'")
        }
        return text
    }
}
