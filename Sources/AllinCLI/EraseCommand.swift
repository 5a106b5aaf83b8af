import AllinCore
import AllinStore
import Foundation

/// `allin erase`: deletes every row of the journal and then its files (`-wal` and `-shm` included),
/// and the rest of what allin keeps about the person: where each session stopped today and the
/// player's log, after the person confirms (or `--yes`). A file that is not an allin journal is
/// never deleted.
struct EraseCommand {
    let cli: CLI

    func run(_ args: Arguments) async throws -> Int32 {
        let paths = try cli.appPaths(args)
        let shownPath = Visible.text(paths.journal)
        // Where each session stopped (its name and the day) and the player's messages about the last one.
        let playerLog = (try? cli.audioPaths(args))?.playerLog.path
        let others = ([paths.positions] + [playerLog].compactMap { $0 }).filter { Self.exists($0) }
        return try await cli.runJournalCommand("erase") {
            let hasJournal = try cli.journalExists(paths)
            guard hasJournal || !others.isEmpty else {
                cli.io.out("Nothing to erase: there is no journal at \(shownPath).\n")
                return 0
            }
            var contents = JournalContents()
            do {
                // Opening proves the file is an allin journal before anything is deleted.
                let store = hasJournal ? try JournalStore.open(path: paths.journal) : nil
                if let store { contents = try store.contents() }
                if !args.has("--yes") {
                    let rest = others.isEmpty ? "" : "where your sessions stopped and the player's messages"
                    let question = (hasJournal
                        ? "This erases, in \(shownPath): \(Self.list(contents, before: true))" + (rest.isEmpty ? "" : "; and " + rest)
                        : "There is no journal at \(shownPath). This erases " + rest)
                        + ".\nIt cannot be undone. Type 'erase' to confirm: "
                    switch cli.confirm(question, accept: ["erase"]) {
                    case nil:
                        cli.io.err("allin erase: refusing to erase without confirmation: there is no terminal to ask on. Pass --yes to erase from a script.\n")
                        return 2
                    case false?:
                        cli.io.err("Nothing was erased.\n")
                        return 1
                    case true?:
                        break
                    }
                }
                try store?.deleteEverything()
            } catch let error as JournalError where error.canMoveAside {
                cli.io.err("allin erase: \(Visible.text(error.message))\n")
                cli.io.err("allin erase never deletes a file it cannot recognise as your journal. To set it aside, run 'allin journal --move-aside', then delete the moved file yourself if you are sure.\n")
                return 1
            }
            var removed = hasJournal ? try JournalFiles.removeAll(paths.journal) : []
            for file in others {
                guard unlink(file) == 0 || errno == ENOENT else {
                    cli.io.err("allin erase: could not remove \(Visible.text(file)): \(ExportCommand.reason(errno)).\n")
                    return 1
                }
                removed.append(file)
            }
            rmdir(paths.data)   // only when empty; anything else there stays
            if let playerLog { rmdir((playerLog as NSString).deletingLastPathComponent) }
            let names = removed.map { Visible.text(($0 as NSString).lastPathComponent) }.joined(separator: ", ")
            cli.io.out(hasJournal ? "Erased \(Self.list(contents, before: false)). Removed \(names).\n"
                                  : "Removed \(names).\n")
            let aside = JournalFiles.movedAside(paths.journal)
            if !aside.isEmpty {
                cli.io.out("Files moved aside earlier were kept (delete them yourself if you wish):\n" + aside.map { "  \(Visible.text($0))\n" }.joined())
            }
            return 0
        }
    }

    /// Everything the journal holds, named with its count: the check-ins and consent records always,
    /// the safety plan, the 10-step plans and the favourites when there are any. `before` (the question)
    /// says what goes with the check-ins.
    static func list(_ c: JournalContents, before: Bool) -> String {
        var items = [JournalReport.plural(c.checkIns, "check-in") + (before ? " (with every note and reframe)" : "")]
        if c.safetyPlanParts > 0 {
            items.append("your safety plan" + (before ? " (\(c.safetyPlanParts) of \(SafetyPlan.Part.allCases.count) parts written)" : ""))
        }
        if c.plans > 0 { items.append(c.plans == 1 ? "your 10-step plan" : "your 10-step plans (\(c.plans))") }
        if c.favourites > 0 { items.append(JournalReport.plural(c.favourites, "favourite session")) }
        items.append(JournalReport.plural(c.consents, "consent record"))
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }

    /// A file (or a link) at `path`, whatever it points to.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR
    }
}
