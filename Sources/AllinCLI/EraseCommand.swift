import AllinCore
import AllinStore
import Foundation

/// `allin erase`: deletes every row of the journal and then its files (`-wal` and `-shm` included),
/// after the person confirms (or `--yes`). A file that is not an allin journal is never deleted.
struct EraseCommand {
    let cli: CLI

    func run(_ args: Arguments) async throws -> Int32 {
        let paths = try cli.appPaths(args)
        let shownPath = Visible.text(paths.journal)
        return try await cli.runJournalCommand("erase") {
            guard try cli.journalExists(paths) else {
                cli.io.out("Nothing to erase: there is no journal at \(shownPath).\n")
                return 0
            }
            var (checkIns, consents) = (0, 0)
            do {
                // Opening proves the file is an allin journal before anything is deleted.
                let store = try JournalStore.open(path: paths.journal)
                (checkIns, consents) = (try store.count(), try store.consents().count)
                if !args.has("--yes") {
                    let question = "This erases \(JournalReport.plural(checkIns, "check-in")), every note and reframe, and "
                        + "\(JournalReport.plural(consents, "consent record")) in \(shownPath).\nIt cannot be undone. Type 'erase' to confirm: "
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
                try store.deleteEverything()
            } catch let error as JournalError where error.canMoveAside {
                cli.io.err("allin erase: \(Visible.text(error.message))\n")
                cli.io.err("allin erase never deletes a file it cannot recognise as your journal. To set it aside, run 'allin journal --move-aside', then delete the moved file yourself if you are sure.\n")
                return 1
            }
            let removed = try JournalFiles.removeAll(paths.journal)
            rmdir(paths.data)   // only when empty; anything else there stays
            cli.io.out("Erased \(JournalReport.plural(checkIns, "check-in")) and \(JournalReport.plural(consents, "consent record")). Removed \(removed.map { Visible.text(($0 as NSString).lastPathComponent) }.joined(separator: ", ")).\n")
            let aside = JournalFiles.movedAside(paths.journal)
            if !aside.isEmpty {
                cli.io.out("Files moved aside earlier were kept (delete them yourself if you wish):\n" + aside.map { "  \(Visible.text($0))\n" }.joined())
            }
            return 0
        }
    }
}
