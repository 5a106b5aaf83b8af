import AllinCore

extension Commands {
    /// Runs a parsed command: the one place a spec meets the type that does its work.
    static func run(_ args: Arguments, cli: CLI) async throws -> Int32 {
        switch args.spec.path.first ?? "" {
        case "route" where args.spec.path.count > 1: return try await RouteDiffCommand(cli: cli).run(args)
        case "route": return try await RouteCommand(cli: cli).run(args)
        case "classify": return try ClassifyCommand(cli: cli).run(args)
        case "resources": return try ResourcesCommand(cli: cli).run(args)
        case "catalog": return try CatalogCommand(cli: cli).run(args)
        case "journal": return try await JournalCommand(cli: cli).run(args)
        case "export": return try await ExportCommand(cli: cli).run(args)
        case "erase": return try await EraseCommand(cli: cli).run(args)
        case "where": return try WhereCommand(cli: cli).run(args)
        case "safety-plan": return try await SafetyPlanCommand(cli: cli).run(args)
        case "plan": return try await PlanCommand(cli: cli).run(args)
        case "library": return try await LibraryCommand(cli: cli).run(args)
        case "demo": return try await DemoCommand(cli: cli).run(args)
        case "play": return try PlayCommand(cli: cli).run(args)
        case "audio": return try AudioCommand(cli: cli).run(args)
        case "voice": return try VoiceCommand(cli: cli).run(args)
        case "completions": return try CompletionsCommand(cli: cli).run(args)
        case "--plain": return try await PlainCommand(cli: cli).run(args)
        default:
            throw CLIError.usage(command: "", message: "unknown command '\(Visible.text(args.spec.name, limit: 40))'")
        }
    }
}
