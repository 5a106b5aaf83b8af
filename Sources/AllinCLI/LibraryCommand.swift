import AllinAudio
import AllinCore
import AllinStore
import Foundation

/// `allin library`: every session, grouped by what it helps with, with its length and when it was last
/// played; `--search TEXT` ranks them by full-text search (title, description, tags, script; bm25).
struct LibraryCommand {
    let cli: CLI

    func run(_ args: Arguments) async throws -> Int32 {
        let listing = try cli.loadListing(args)
        let paths = try cli.appPaths(args)
        return try await cli.runJournalCommand("library") {
            // Looking never creates a journal file.
            let journal = try cli.existingJournal(args, paths: paths)
            let last = JournalPoint.lastPlayed(try journal?.points() ?? [])
            let favourites = try journal?.favourites() ?? []
            var sessions = listing.sessions
            var scores: [String: Double] = [:]
            if let text = args["--search"] {
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
                        ("helpsWith", .string(Self.group(s.lane, listing))), ("durationSeconds", .int(s.durationSeconds)),
                        ("lastPlayed", .optional(last[s.slug]?.iso)),
                        ("favourite", .bool(favourites.contains(s.slug))), ("score", scores[s.slug].map { .number($0) } ?? .null),
                    ])
                }))]).serialized(pretty: true) + "\n")
                return 0
            }
            if args["--search"] != nil {
                if sessions.isEmpty { cli.io.out("No session matches. Try other words, or 'allin library' for all of them.\n") }
                for (i, s) in sessions.enumerated() { cli.io.out(String(format: "%2d. ", i + 1) + Self.line(s, last: last[s.slug], favourite: favourites.contains(s.slug))) }
                return 0
            }
            for lane in Lane.allCases {
                let group = listing.sessions.filter { $0.lane == lane }
                guard !group.isEmpty else { continue }
                cli.io.out("\n\(Self.group(lane, listing))\n")
                for s in group { cli.io.out("  " + Self.line(s, last: last[s.slug], favourite: favourites.contains(s.slug))) }
            }
            cli.io.out("\nPlay one with: allin play SLUG" + (favourites.isEmpty ? "" : " (★ marks your favourites)") + "\n")
            return 0
        }
    }

    static func group(_ lane: Lane, _ listing: CatalogListing) -> String { listing.vocabulary.helpsWith(lane) }

    static func line(_ s: Session, last: LocalDay?, favourite: Bool) -> String {
        let length = Clock.text(Double(s.durationSeconds))
        return (favourite ? "★ " : "") + "\(Visible.text(s.title)) (\(length))  \(s.slug)" + (last.map { "  · last played \($0.iso)" } ?? "") + "\n"
    }
}
