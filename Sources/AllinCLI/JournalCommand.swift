import AllinCore
import AllinUI
import AllinStore
import Foundation

/// `allin journal`: past check-ins with the streak, days checked in and the mood trend;
/// `allin journal show ID`; and `allin journal record` to store a check-in from a file.
struct JournalCommand {
    let cli: CLI

    func run(_ args: Arguments) async throws -> Int32 {
        switch args.spec.path.last {
        case "record": return try await JournalRecordCommand(cli: cli).run(args)
        case "show": return try await show(args)
        default: return try await list(args)
        }
    }

    private func list(_ args: Arguments) async throws -> Int32 {
        let since = try cli.dayOption(args, "--since")
        let limit = try args.wholeNumber("--limit", in: 0...1_000_000)
        let paths = try cli.appPaths(args)
        var rest = StreakRules.standard.restDaysPerWeek
        if let option = try args.wholeNumber("--rest-days", in: 0...6) {
            rest = option
        } else {
            switch JournalSettings.restDays(configDirectory: paths.config) {
            case let .success(configured): rest = configured ?? rest
            case let .failure(problem):
                // Named and left out, as a bad region line is: the journal is still shown.
                cli.io.err(problem.leftOut(by: "allin journal"))
            }
        }
        let search = args["--search"]
        if let search, JournalSearch.terms(search).isEmpty {
            throw CLIError.usage(command: "journal", message: "--search needs at least one word of letters or digits")
        }
        return try await cli.runJournalCommand("journal") {
            let journal: any JournalStoring = try cli.existingJournal(args, paths: paths) ?? MemoryJournal()
            let now = Date()
            let summary = try journal.summary(now: now, timeZone: cli.timeZone, rules: StreakRules(restDaysPerWeek: rest))
            let shown = limit.map { $0 == 0 ? nil : $0 } ?? (args.has("--json") ? nil : 30)
            let query = JournalQuery(since: since, search: search, limit: shown)
            let entries = try journal.entries(query)
            if args.has("--json") {
                cli.io.out(JSONValue.object([
                    ("journal", .string(paths.journal)), ("timeZone", .string(cli.timeZone.identifier)),
                    ("restDaysPerWeek", .int(rest)), ("summary", summary.json),
                    ("entries", .array(entries.map(\.json))),
                ]).serialized(pretty: true) + "\n")
            } else {
                // On a terminal, prose breaks at spaces and the table fits its width.
                let io = WrappingIO.forTerminal(cli.io)
                io.out(JournalReport.overview(summary, rules: StreakRules(restDaysPerWeek: rest), path: paths.journal))
                io.out(JournalReport.table(entries, total: summary.total, query: query, width: cli.outputColumns))
            }
            return 0
        }
    }

    private func show(_ args: Arguments) async throws -> Int32 {
        guard args.positional.count == 1, let id = Int64(args.positional[0]), id > 0 else {
            throw CLIError.usage(command: "journal show", message: "give one entry number, e.g. 'allin journal show 12'")
        }
        let paths = try cli.appPaths(args)
        return try await cli.runJournalCommand("journal show") {
            guard let entry = try cli.existingJournal(args, paths: paths)?.entry(id) else { throw JournalError.notFound(id: id) }
            cli.io.out(args.has("--json") ? entry.json.serialized(pretty: true) + "\n"
                       : JournalReport.detail(entry, listing: try? cli.loadListing(args), trace: args.has("--trace")))
            return 0
        }
    }
}

/// `allin journal record`: routes a check-in from a file and stores it as completed — the
/// journal's end-to-end path before the terminal front lands, and handy for scripts.
struct JournalRecordCommand {
    let cli: CLI

    func run(_ args: Arguments) async throws -> Int32 {
        let before = try args.wholeNumber("--mood-before", in: 1...10)
        let after = try args.wholeNumber("--mood-after", in: 1...10)
        let repeatCount = try args.wholeNumber("--repeat", in: 1...100_000_000) ?? 1
        let at = try cli.timeOption(args, "--at")
        let catalog = try cli.loadCatalog(args)
        let source = try cli.input(args)
        if args["--file"] == nil, cli.io.inputIsTerminal {
            cli.io.err("Reading a check-in as JSON from standard input (end with Ctrl-D).\n")
        }
        let data = try source.readAll(command: "journal record")
        let checkIn: CheckIn
        do {
            checkIn = try CheckInParser.parse(data, vocabulary: catalog.vocabulary)
        } catch {
            // A check-in that can't be kept still has its words read first, as `allin route` does.
            SupportPrint.linesIfFlagged(data, catalog: catalog, region: cli.supportRegion(args).code, io: cli.io)
            throw error
        }
        let recommendation = await Router(catalog: catalog).route(checkIn)
        let paths = try cli.appPaths(args)
        // The note is read by the one crisis rule, as every note is: one it flags is not kept.
        var note = args["--note"]
        if let text = note, recommendation.kind == .audio,
           SupportPrint.check(catalog).check(field: "note", text: text).verdict != .clear {
            note = nil
        }
        let noteDropped = note == nil && args["--note"] != nil
        // Read first (above), then held to the note's limit like every free-text field (found from
        // outside: 50,000 characters were kept).
        if let note, note.count > TextLimits.freeText {
            throw CLIError.input(field: "--note", message: "is \(note.count) characters long; the most it takes is \(TextLimits.freeText)")
        }
        // Words the app would ask "are you safe right now?" about are recorded, and the lines shown
        // with a kind word, since a command can't ask (found from outside: it was silent).
        let asks = recommendation.kind == .audio && recommendation.concern != nil
        if recommendation.kind == .safetyHandoff || noteDropped || asks {
            try showLines(args, catalog: catalog, noteDropped: noteDropped, asks: asks,
                          handoff: recommendation.kind == .safetyHandoff ? recommendation.crisis : nil)
        }
        return try await cli.runJournalCommand("journal record") {
            let store = try cli.openJournal(args, paths: paths)
            for n in 0..<repeatCount {
                // A second apart, the last at --at (or now): none is dated after the time given.
                let started = (at ?? Date()).addingTimeInterval(Double(n - (repeatCount - 1)))
                let id = try store.begin(checkIn, recommendation: recommendation, moodBefore: before, at: started, timeZone: cli.timeZone)
                try store.complete(id, moodAfter: after, note: note, at: started)
                let entry = try store.entry(id)
                if args.has("--json") {
                    cli.io.out((entry?.json ?? .null).serialized() + "\n")
                } else if let entry {
                    cli.io.out(JournalReport.recorded(entry, vocabulary: catalog.vocabulary))
                }
            }
            return 0
        }
    }

    /// The region's crisis lines, for a check-in the router handed off or a note the crisis rule
    /// flagged (on standard error with --json, so the JSON stays whole).
    /// A handoff speaks as support does after a crisis statement, and an act under way or a plan
    /// made now (tier immediate) puts the emergency number first, as the recorded entry says (found
    /// from outside: it said so and printed the number last).
    func showLines(_ args: Arguments, catalog: Catalog, noteDropped: Bool, asks: Bool = false,
                   handoff: CrisisDecision? = nil) throws {
        let region = cli.supportRegion(args)
        let resources = catalog.helplines.resources(for: region.code)
        let json = args.has("--json")
        func say(_ text: String) { if json { cli.io.err(text) } else { cli.io.out(text) } }
        if asks { say("Some of what you wrote sounds heavy. If you are not safe right now, please reach out.\n") }
        say(SupportPrint.intro(handoff.map(SupportReason.router) ?? .asked, resources))
        if noteDropped { say("The note was not kept: it sounds like you may not be safe.\n") }
        say("\n" + SupportPrint.lines(resources, emergencyFirst: handoff?.finding.tier == .immediate) + "\n")
        if let problem = region.problem { throw problem }
    }
}
