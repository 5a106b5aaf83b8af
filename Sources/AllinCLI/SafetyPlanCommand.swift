import AllinCore
import AllinStore
import AllinUI
import Foundation

/// `allin safety-plan`: show, write or export the person's safety plan, kept in the journal database
/// (private, crash-safe, in `allin export`, gone with `allin erase`).
struct SafetyPlanCommand {
    let cli: CLI

    func run(_ args: Arguments) async throws -> Int32 {
        let action = args.spec.path.count > 1 ? args.spec.path[1] : "show"
        // --format belongs to export alone (the spec says so); show prints plain text.
        let format = action == "export" ? args["--format"] ?? "md" : "text"
        let paths = try cli.appPaths(args)
        return try await cli.runJournalCommand("safety-plan") {
            switch action {
            case "edit":
                let store = try cli.openJournal(args, paths: paths)
                return try edit(store, args, path: paths.journal)
            default:
                // Looking never creates a journal file.
                let plan = try cli.existingJournal(args, paths: paths)?.safetyPlan() ?? SafetyPlan()
                let date = plan.updatedAt.map { JournalEntry.iso8601($0, in: cli.timeZone).prefix(10) }.map(String.init)
                let text = format == "md" ? Self.markdown(plan, date: date) : plan.printable(date: date)
                cli.io.out(ExportCommand.visibleLines(text))
                if plan.isEmpty, action == "show" { cli.io.out("Write one with: allin safety-plan edit\n") }
                return 0
            }
        }
    }

    /// Part by part on standard input: Enter keeps what is there, '-' clears it, 'quit' stops (what was
    /// answered so far is saved). Only the parts written or cleared are saved, onto the plan as stored
    /// then (`SafetyPlanDraft`), so a part another allin changed meanwhile is never put back. Each answer goes through the one crisis check, weighed by its part
    /// (`SafetyPlan.Part.weigh`): a clear statement or a request for help shows support at once; the
    /// gentle band asks whether the person is safe right now before going on, and shows support if not.
    private func edit(_ store: JournalStore, _ args: Arguments, path: String) throws -> Int32 {
        let started = try store.safetyPlan()
        var plan = started
        let catalog = try cli.loadCatalog(args)
        let check = SupportPrint.check(catalog)
        // Ctrl-C, SIGTERM and SIGHUP keep what was entered, as 'quit' does, and say so.
        let draft = SafetyPlanDraft(path: path, io: cli.io)
        draft.catchSignals()
        cli.io.out("Your safety plan: seven short parts, each optional. Press Enter to keep a part as it is,\n"
                   + "type '-' to clear it, or 'quit' to stop (what you have written is saved, on Ctrl-C too).\n")
        var answered: Set<String> = []
        parts: for part in SafetyPlan.Part.allCases {
            // Each part as stored now (another allin may have saved it meanwhile), under what was written here.
            if let stored = try? store.safetyPlan() { plan = stored.applying(draft.edits) }
            cli.io.out("\n\(part.title)\n  \(part.prompt)\n  \(part.example)\n")
            if !plan[part].isEmpty { cli.io.out("  Now: \(Visible.text(plan[part], limit: 400))\n") }
            cli.io.out("> ")
            guard let line = cli.io.readInputLine() else { break }
            let text = line.trimmingCharacters(in: .whitespaces)
            switch text.lowercased() {
            case "": continue parts
            case "quit", "q": break parts
            case "-":
                plan[part] = ""
                draft.set(part, "")
                continue parts
            default: break
            }
            // The whole line is read, the part past the limit too; the part weighs the verdict.
            let verdict = part.weigh(check.check(field: part.rawValue, text: text, answered: answered).verdict, text: text, answered: answered)
            // A request for help ('help', 'sos', 'not safe') is never written as the person's answer.
            var notWritten: String?
            if case .askedForHelp = verdict {
                notWritten = Self.notWritten(plan[part])
            } else {
                if text.count > SafetyPlan.partLimit {
                    cli.io.out("That is longer than \(SafetyPlan.partLimit) characters; only the first \(SafetyPlan.partLimit) are kept.\n")
                }
                plan[part] = String(text.prefix(SafetyPlan.partLimit))
                draft.set(part, plan[part])
            }
            let reason: SupportReason
            switch verdict {
            case .clear:
                continue parts
            case .concern:
                cli.io.out("Thank you for writing that down. Are you safe right now? (y = yes, n = no or not sure) ")
                let reply = cli.io.readInputLine() ?? "n"
                // The reply is read by the crisis rule first, then only a clear yes goes on (not "yes but…").
                if check.check(field: part.rawValue, text: reply, answered: answered).verdict == .clear,
                   SafeAnswer(reply) == .safe {
                    answered.insert(text)
                    continue parts
                }
                reason = .concernConfirmed
            case .askedForHelp:
                reason = .typedHelp(field: part.title)
            case let .handoff(d):
                reason = .tripwire(FlowCrisis(step: .embodyNew, field: part.title, finding: d.finding))
            }
            let saved = try draft.save(store)
            let region = cli.supportRegion(args)
            let resources = catalog.helplines.resources(for: region.code)
            let emergencyFirst = reason == .concernConfirmed || reason.tier == .immediate
            cli.io.out("\n" + SupportPrint.intro(reason, resources) + SupportPrint.lines(resources, emergencyFirst: emergencyFirst))
            if let notWritten { cli.io.out("\n" + notWritten + "\n") }
            if let meanwhile = SafetyPlan.changedMeanwhile(started, draft.edits, saved) { cli.io.out("\n" + meanwhile + "\n") }
            cli.io.out("\nWhat you wrote is saved; finish the plan another time with: allin safety-plan edit\n")
            if let problem = region.problem { throw problem }
            return 0
        }
        let saved = try draft.save(store)
        cli.io.out("\nSaved. See it with: allin safety-plan show\n")
        if let meanwhile = SafetyPlan.changedMeanwhile(started, draft.edits, saved) { cli.io.out(meanwhile + "\n") }
        return 0
    }

    /// Said when a line asked for help: the part is left as it was.
    static func notWritten(_ before: String) -> String {
        before.isEmpty ? "What you typed opened support, so it was not written into this part."
            : "What you typed opened support, so it was not written into this part; it keeps what it had."
    }

    /// The plan as Markdown, the person's words kept as written but never turned into markup.
    static func markdown(_ plan: SafetyPlan, date: String?, level: Int = 1) -> String {
        let heading = String(repeating: "#", count: level)
        var out = "\(heading) My safety plan\n" + (date.map { "\nUpdated \($0).\n" } ?? "")
        for (part, text) in plan.written {
            out += "\n\(heading)# \(part.title)\n\n"
            out += text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { JournalExport.mdText(String($0)) }.joined(separator: "  \n") + "\n"
        }
        if plan.isEmpty { out += "\nNothing written yet.\n" }
        return out
    }
}
