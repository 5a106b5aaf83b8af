import AllinCore
import AllinStore
import Foundation

/// `allin route diff`: replays check-ins through two catalogs and shows the decisions that change,
/// so a routing change can be tested before it ships. The comparison itself is `RouteDiff`.
struct RouteDiffCommand {
    let cli: CLI

    static let command = "route diff"
    /// Narrower terminals get the two traces one after the other.
    static let twoColumnWidth = 120
    /// Bad input lines listed before the rest are only counted.
    static let badLinesShown = 20

    func run(_ args: Arguments) async throws -> Int32 {
        guard let beforeDir = args["--before"] else {
            throw CLIError.usage(command: Self.command, message: "--before DIR is required: the catalog as it is now")
        }
        guard let afterDir = args["--after"] else {
            throw CLIError.usage(command: Self.command, message: "--after DIR is required: the changed catalog to compare")
        }
        if args.positional.count > 1 {
            throw CLIError.usage(command: Self.command, message: "give at most one file of check-ins, found \(args.positional.count) arguments")
        }
        if args.has("--journal"), let file = args.positional.first {
            throw CLIError.usage(command: Self.command, message: "--journal replays the journal; leave out '\(Visible.text(file, limit: 40))' or --journal")
        }
        if !args.has("--journal"), args["--data-dir"] != nil {
            throw CLIError.usage(command: Self.command, message: "--data-dir is only read with --journal")
        }
        let limit = try args.wholeNumber("--limit", in: 0...1_000_000).flatMap { $0 == 0 ? nil : $0 }
        let before = try catalog(beforeDir, option: "--before")
        let after = try catalog(afterDir, option: "--after")
        let catalogs = Catalogs(before: before, after: after, beforeDir: beforeDir, afterDir: afterDir)

        if args.has("--journal") {
            let paths = try cli.appPaths(args)
            return try await cli.runJournalCommand(Self.command) {
                let entries = try cli.journalExists(paths)
                    ? JournalStore.openForReading(path: paths.journal).entries(JournalQuery(newestFirst: false)) : []
                let input = RouteDiffInput.journal(entries, source: "the journal at \(Visible.text(paths.journal))")
                return await replay(input, catalogs: catalogs, args: args, limit: limit)
            }
        }
        switch try RouteDiffInput.lines(readInput(args.positional.first), vocabularies: [before.vocabulary, after.vocabulary]) {
        case let .success(input):
            return await replay(input, catalogs: catalogs, args: args, limit: limit)
        case let .failure(problems):
            let bad = problems.lines
            for b in bad.prefix(Self.badLinesShown) {
                cli.io.err("allin \(Self.command): line \(b.line): '\(b.field)': \(b.message)\n")
            }
            if bad.count > Self.badLinesShown {
                cli.io.err("allin \(Self.command): \(bad.count - Self.badLinesShown) more bad lines not listed (\(bad.count) in all)\n")
            }
            cli.io.err("Nothing was compared: fix the lines above (the keys are those of 'allin route --help', plus an optional \"id\").\n")
            return 2
        }
    }

    /// The two catalogs and where they were read from.
    struct Catalogs {
        var before: Catalog
        var after: Catalog
        var beforeDir: String
        var afterDir: String
    }

    private func replay(_ input: RouteDiffInput, catalogs: Catalogs, args: Arguments, limit: Int?) async -> Int32 {
        let beforeRouter = Router(catalog: catalogs.before)
        let afterRouter = Router(catalog: catalogs.after)
        var beforeRoutes: [Recommendation] = []
        var afterRoutes: [Recommendation] = []
        for item in input.items {
            beforeRoutes.append(await beforeRouter.route(item.checkIn, localHour: item.localHour))
            afterRoutes.append(await afterRouter.route(item.checkIn, localHour: item.localHour))
        }
        let diff = RouteDiff(before: beforeRoutes, after: afterRoutes)
        if args.has("--json") {
            var extra: [(String, JSONValue)] = [
                ("before", .string(catalogs.beforeDir)), ("after", .string(catalogs.afterDir)),
            ]
            if args.has("--journal") {
                extra.append(("skippedHandoffs", .int(input.skippedHandoffs)))
                extra.append(("skippedWithoutAnswers", .int(input.skippedWithoutAnswers)))
            }
            let json = diff.json(limit: limit, about: { input.items[$0].about }, extra: extra)
            cli.io.out(json.serialized(pretty: true) + "\n")
        } else {
            let report = RouteDiffReport(diff: diff, labels: input.items.map(\.label), limit: limit, width: twoColumnWidth())
            cli.io.out(report.header(input: input, beforeDir: catalogs.beforeDir, afterDir: catalogs.afterDir) + report.text())
        }
        return 0
    }

    /// The terminal's width when standard output is one wide enough for two columns, else nil.
    private func twoColumnWidth() -> Int? {
        guard cli.outputIsTerminal else { return nil }
        let columns = StandardIO.columns
        return columns >= Self.twoColumnWidth ? columns : nil
    }

    /// Loads a catalog; a problem names the option and the directory, and exits 2.
    private func catalog(_ dir: String, option: String) throws -> Catalog {
        do {
            return try CatalogLocator.load(option: dir, environment: cli.environment)
        } catch let CLIError.catalog(problems) {
            let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
            throw CLIError.usage(command: Self.command, message: "\(option) catalog '\(Visible.text(dir, limit: 200))' is not valid (\(count)):\n"
                + problems.map { "  - \(Visible.text($0, limit: 400))" }.joined(separator: "\n"))
        }
    }

    /// The JSON lines from FILE, or standard input for `-` or no FILE.
    private func readInput(_ path: String?) throws -> InputLines {
        if let path, path != "-" { return try InputSource.file(path).lines(command: Self.command) }
        if cli.io.inputIsTerminal {
            cli.io.err("Reading check-ins as JSON lines from standard input (end with Ctrl-D). See 'allin route diff --help'.\n")
        }
        return InputSource.standardInput(cli.io).lines(command: Self.command)
    }
}
