import AllinAudio
import AllinCore
import AllinStore
import Foundation

/// `allin export`: the whole journal as JSON (everything stored), CSV or Markdown, to standard
/// output or to a file written with mode 0600.
struct ExportCommand {
    let cli: CLI

    func run(_ args: Arguments) async throws -> Int32 {
        let rawFormat = args["--format"] ?? "json"
        guard let format = JournalExport.Format(rawValue: rawFormat.lowercased()) else {
            throw CLIError.usage(command: "export", message: "--format must be json, csv or md, found '\(Visible.text(rawFormat, limit: 20))'")
        }
        let output = args["--output"]
        if output?.isEmpty == true { throw CLIError.usage(command: "export", message: "-o needs a file name") }
        let paths = try cli.appPaths(args)
        // Markdown and CSV name every answer in the catalog's words, so they need it; without it they
        // would show ids. JSON keeps the ids and needs no catalog.
        var listing: CatalogListing?
        if format != .json {
            do {
                listing = try cli.loadListing(args)
            } catch let error as CLIError {
                cli.io.err(error.message())
                cli.io.err("allin export: Markdown and CSV name your answers in the catalog's words, so they need it. Nothing was written; pass --catalog DIR, or export as JSON (--format json), which needs no catalog.\n")
                return error.exitCode
            }
        }
        return try await cli.runJournalCommand("export") {
            var entries: [JournalEntry] = [], consents: [ConsentRecord] = [], plan = SafetyPlan(), plans: [StoredPlan] = [],
                favourites: Set<String> = []
            var schema = JournalSchema.latestVersion
            let (opened, salvage) = try journal(args, paths: paths)
            if let salvage {
                (entries, consents, plan, plans, favourites, schema) = (salvage.entries, salvage.consents, salvage.safetyPlan,
                                                                       salvage.plans, salvage.favourites, salvage.schemaVersion)
            } else if let store = opened {
                entries = try store.entries(JournalQuery(newestFirst: false))
                consents = try store.consents()
                plan = try store.safetyPlan()
                plans = try store.plans()
                favourites = try store.favourites()
                schema = try store.schemaVersion
            }
            let now = Date()
            let text: String
            // JSON escapes control characters itself; in CSV and Markdown they are shown as symbols
            // (ESC as ␛), as the screens show them, wherever the export goes. The rest of the words
            // are kept as written (emoji joiners, direction marks), but printed on a terminal, where
            // a direction override could reorder the line, they are shown as the screens show them.
            let onTerminal = (output == nil || output == "-") && cli.outputIsTerminal
            let missing = salvage.flatMap(Self.missing)
            switch format {
            case .json: text = JournalExport.json(entries, consents: consents, schema: schema, path: paths.journal, now: now,
                                                  plan: plan, plans: plans, favourites: favourites, missing: missing)
            case .csv: text = Self.visibleLines(JournalExport.csv(entries, listing: listing), onTerminal: onTerminal)
            case .md: text = Self.visibleLines(JournalExport.md(entries, consents: consents, now: now,
                                                                listing: listing, plan: plan, plans: plans, missing: missing),
                                               onTerminal: onTerminal)
            }
            // A damaged journal exports what could be read, says what could not, and ends with 1.
            func done() -> Int32 {
                guard let missing else { return 0 }
                cli.io.err(Self.partialMessage(missing, read: entries.count))
                return 1
            }
            guard let output, output != "-" else {
                // A failed write (a full disk, a closed pipe) is not a success.
                if cli.io.outChecked(text) { return done() }
                cli.io.err("allin export: the export could not be written to standard output.\n")
                return 1
            }
            // Only a plain file is replaced: a directory, a device, a pipe, a link or a socket never is.
            var info = stat()
            if lstat(output, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
                cli.io.err("allin export: '\(Visible.text(output))' is \(Self.kind(info.st_mode)), not a plain file. Nothing was written; name a new file, or leave out -o for standard output.\n")
                return 2
            }
            if let code = AudioPaths.writePrivately(Data(text.utf8), to: output) {
                cli.io.err("allin export: cannot write '\(Visible.text(output))': \(Self.reason(code)). Nothing was written.\n")
                return [ENOENT, ENOTDIR, EISDIR, ENAMETOOLONG].contains(code) ? 2 : 1
            }
            cli.io.err("Exported \(JournalReport.plural(entries.count, "check-in")) to \(Visible.text(output)) (\(format.rawValue), readable only by you).\n")
            return done()
        }
    }

    /// The journal to export, opened to read (nil when there is none), or, for one SQLite finds
    /// damaged, what can still be read from it after saying it is damaged (the file is only read,
    /// never changed). Another program's file, and --move-aside, go the way every command's do.
    private func journal(_ args: Arguments, paths: AppPaths) throws -> (JournalStore?, JournalSalvage?) {
        guard !args.has("--move-aside"), try cli.journalExists(paths) else { return (try cli.existingJournal(args, paths: paths), nil) }
        do {
            return (try JournalStore.openForReading(path: paths.journal), nil)
        } catch let error as JournalError where error.canMoveAside {
            guard case .corrupt = error else { return (try cli.openJournal(args, paths: paths, readOnly: true), nil) }
            cli.io.err("allin export: \(Visible.text(error.message))\n")
            do {
                return (nil, try JournalStore.salvage(path: paths.journal))
            } catch let failure as JournalError {
                throw JournalFailure(error: failure, hint: "Nothing in it could be read. " + JournalAccess.moveAsideHint("export"))
            }
        }
    }

    /// What a partial export leaves out, in words; nil when nothing is missing.
    static func missing(_ s: JournalSalvage) -> String? {
        var parts: [String] = []
        if !s.unreadableEntries.isEmpty {
            let count = s.unreadableAreKnown ? " (\(JournalReport.plural(s.unreadableEntries.count, "check-in")))" : ""
            parts.append("the check-ins numbered " + ranges(s.unreadableEntries) + count)
        }
        if let after = s.unreadableAfter { parts.append("every check-in after number \(after)") }
        parts += s.unreadableParts
        guard !parts.isEmpty else { return nil }
        return parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
    }

    /// "3, 7 to 12 and 20": numbers in order, runs shown as ranges.
    static func ranges(_ ids: [Int64]) -> String {
        var runs: [(Int64, Int64)] = []
        for id in ids.sorted() {
            if let last = runs.last, last.1 + 1 == id { runs[runs.count - 1].1 = id } else { runs.append((id, id)) }
        }
        let words = runs.map { $0.0 == $0.1 ? "\($0.0)" : "\($0.0) to \($0.1)" }
        return words.count == 1 ? words[0] : words.dropLast().joined(separator: ", ") + " and " + words[words.count - 1]
    }

    static func partialMessage(_ missing: String, read: Int) -> String {
        "allin export: the journal is damaged, so only what could be read was exported (\(JournalReport.plural(read, "check-in"))"
            + " and the rest of what it holds). Not exported, because that part of the file can't be read: \(missing). "
            + "The journal file was not changed. " + JournalAccess.moveAsideHint("journal") + "\n"
    }

    /// Every control character shown as a symbol (`Visible.printable`), line breaks kept (`\r\n`
    /// too); for a terminal, direction controls too (`Visible.text`).
    static func visibleLines(_ text: String, onTerminal: Bool = false) -> String {
        let shown: (String) -> String = onTerminal ? { Visible.text($0) } : { Visible.printable($0) }
        return text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.last == "\r" ? shown(String(line.dropLast())) + "\r" : shown(String(line))
        }.joined(separator: "\n")
    }

    /// What is at a path that is not a plain file, in a few words.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFLNK: return "a link"
        case S_IFIFO: return "a pipe"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "something other than a file"
        }
    }

    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOSPC, EDQUOT: return "the disk is full"
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "the file system is read-only"
        case ENOENT: return "no such directory"
        case ENOTDIR: return "part of the path is a file, not a directory"
        case EISDIR: return "it is a directory"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
