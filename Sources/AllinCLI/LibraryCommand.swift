import AllinAudio
import AllinCore
import AllinStore
import AllinUI
import Foundation

/// `allin library`: every session, grouped by what it helps with, with its length and when it was last
/// played; `--search TEXT` ranks them by full-text search (title, description, tags, script; bm25).
struct LibraryCommand {
    let cli: CLI

    func run(_ args: Arguments) async throws -> Int32 {
        // A search reads its words with the crisis rule, so it loads the whole catalog once; a listing
        // alone needs no detector.
        let catalog = args["--search"] != nil ? try cli.loadCatalog(args) : nil
        let listing = try catalog?.listing ?? cli.loadListing(args)
        let paths = try cli.appPaths(args)
        // The lengths the full screen shows: a render's once in the cache, else the estimate at `rate`.
        let measure = AudioContext.lengths(cli: cli, args: args)
        // Whole seconds as the player's clock and the full-screen library count them (found from outside:
        // this list rounded, so it said 4:24 where they said 4:23).
        func seconds(_ s: Session) -> Int { Int((measure?(s) ?? Double(s.durationSeconds)).rounded(.down)) }
        return try await cli.runJournalCommand("library") {
            // Looking never creates a journal file.
            let journal = try cli.existingJournal(args, paths: paths)
            let last = try journal?.lastPlayed(timeZone: cli.timeZone) ?? [:]
            let favourites = try journal?.favourites() ?? []
            var sessions = listing.sessions
            var scores: [String: Double] = [:]
            if let text = args["--search"] {
                // The words looked for are read by the one crisis rule first, as the full-screen search's are.
                if let catalog, try searchOpensSupport(text, catalog, args) { return 0 }
                let words = PlanEngine.queryWords([text], stopWords: listing.stopWords)
                guard !words.isEmpty else {
                    throw CLIError.input(field: "--search", message: "needs a word to look for (filler words like 'the' are left out)")
                }
                let dir = try CatalogLocator.directory(option: args["--catalog"], environment: cli.environment)
                let hits = try SessionLibrary.index(sessions: listing.sessions, directory: dir)
                    .search(PlanEngine.ftsQuery(words), limit: listing.sessions.count)
                for h in hits { scores[h.slug] = h.score }
                sessions = hits.compactMap { h in listing.sessions.first { $0.slug == h.slug } }
            }
            if args.has("--json") {
                cli.io.out(JSONValue.object([("sessions", .array(sessions.map { s in
                    .object([
                        ("slug", .string(s.slug)), ("title", .string(s.title)), ("lane", .string(s.lane.rawValue)),
                        ("helpsWith", .string(Self.group(s.lane, listing))), ("durationSeconds", .int(seconds(s))),
                        ("lastPlayed", .optional(last[s.slug]?.iso)),
                        ("favourite", .bool(favourites.contains(s.slug))), ("score", scores[s.slug].map { .number($0) } ?? .null),
                    ])
                }))]).serialized(pretty: true) + "\n")
                return 0
            }
            if args["--search"] != nil {
                if sessions.isEmpty { cli.io.out("No session matches. Try other words, or 'allin library' for all of them.\n") }
                for (i, s) in sessions.enumerated() { cli.io.out(String(format: "%2d. ", i + 1) + Self.line(s, seconds: seconds(s), last: last[s.slug], favourite: favourites.contains(s.slug))) }
                return 0
            }
            for lane in Lane.allCases {
                let group = listing.sessions.filter { $0.lane == lane }
                guard !group.isEmpty else { continue }
                cli.io.out("\n\(Self.group(lane, listing))\n")
                for s in group { cli.io.out("  " + Self.line(s, seconds: seconds(s), last: last[s.slug], favourite: favourites.contains(s.slug))) }
            }
            cli.io.out("\nPlay one with: allin play SLUG" + (favourites.isEmpty ? "" : " (★ marks your favourites)") + "\n")
            return 0
        }
    }

    static func group(_ lane: Lane, _ listing: CatalogListing) -> String { listing.vocabulary.helpsWith(lane) }

    /// Support for search words the crisis rule flags: the lines for the region first. True when it
    /// was a clear statement or a request for help (then no sessions are listed); for the gentle
    /// band the sessions follow the lines.
    func searchOpensSupport(_ text: String, _ catalog: Catalog, _ args: Arguments) throws -> Bool {
        let verdict = SupportPrint.check(catalog).check(field: "library search", text: text).verdict
        let reason: SupportReason
        switch verdict {
        case .clear: return false
        case .askedForHelp: reason = .typedHelp(field: "library search")
        case let .handoff(d): reason = .tripwire(FlowCrisis(step: .emotion, field: "library search", finding: d.finding))
        case let .concern(d): reason = .notSafe(FlowCrisis(step: .emotion, field: "library search", finding: d.finding))
        }
        let region = cli.supportRegion(args)
        let resources = catalog.helplines.resources(for: region.code)
        // With --json the lines go to standard error, so the JSON stays whole.
        let json = args.has("--json")
        func say(_ text: String) { if json { cli.io.err(text) } else { cli.io.out(text) } }
        say(SupportPrint.intro(reason, resources) + "\n" + SupportPrint.lines(resources, emergencyFirst: reason.tier == .immediate))
        if let problem = region.problem { throw problem }
        if case .concern = verdict {
            say("\nIf you are safe right now, these sessions match your words:\n")
            return false
        }
        if json { cli.io.out(#"{"sessions":[]}"# + "\n") }
        return true
    }

    static func line(_ s: Session, seconds: Int, last: LocalDay?, favourite: Bool) -> String {
        let length = Clock.text(Double(seconds))
        return (favourite ? "★ " : "") + "\(Visible.text(s.title)) (\(length))  \(s.slug)" + (last.map { "  · last played \($0.iso)" } ?? "") + "\n"
    }
}
