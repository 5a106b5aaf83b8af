import AllinAudio
import AllinCore
import AllinStore
import AllinUI
import Foundation

/// `allin plan`: the beliefs plan (ten sessions over three life areas, chosen by full-text search).
/// `new` reads the intake as JSON on standard input; `show`, `explain` and `next` work on the active plan.
struct PlanCommand {
    let cli: CLI

    func run(_ args: Arguments) async throws -> Int32 {
        let action = args.spec.path.last ?? ""
        let paths = try cli.appPaths(args)
        return try await cli.runJournalCommand("plan") {
            switch action {
            case "new": return try await make(args, paths: paths)
            case "next": return try await next(args, paths: paths)
            default:
                // Looking never creates a journal file.
                let plan = try cli.existingJournal(args, paths: paths)?.activePlan()
                if action == "explain" { return try explain(plan, args: args) }
                let listing = try cli.loadListing(args)
                if args.has("--json") {
                    cli.io.out((plan.map { PlanReport.json($0, listing: listing, zone: cli.timeZone) } ?? .null).serialized(pretty: true) + "\n")
                } else {
                    cli.io.out(plan.map { PlanReport.text($0, listing: listing, zone: cli.timeZone) }
                               ?? "No plan yet. Make one in allin (b on the home screen), or with: allin plan new < intake.json\n")
                }
                return 0
            }
        }
    }

    /// Reads the intake, checks every answer with the one crisis rule, builds and saves the plan.
    private func make(_ args: Arguments, paths: AppPaths) async throws -> Int32 {
        if cli.io.inputIsTerminal {
            cli.io.err("Reading a plan's intake as JSON from standard input (end with Ctrl-D). See 'allin plan --help'.\n")
        }
        let catalog = try cli.loadCatalog(args)
        let intake: PlanIntake
        let data = try InputSource.standardInput(cli.io).readAll(command: "plan new")
        do {
            intake = try PlanIntake.parse(CheckInParser.json(data), plan: catalog.plan)
        } catch {
            // An intake that can't be used still has its words read first, as `allin route` does.
            SupportPrint.linesIfFlagged(data, catalog: catalog, region: cli.supportRegion(args).code, io: cli.io)
            if let error = error as? PlanInputError { throw CLIError.input(field: error.field, message: error.message) }
            throw error
        }
        // Every answer, whole, through the crisis rule (all layers, each answer and all together).
        let report = FlowGates(catalog: catalog).check.check(intake.fields)
        switch report.verdict {
        case let .handoff(d):
            return handoff(d.json, reason: .router(d), catalog: catalog, args: args)
        case let .askedForHelp(field):
            return handoff(.object([("helpRequest", .bool(true)), ("field", .string(field))]),
                           reason: .typedHelp(field: field), catalog: catalog, args: args)
        case .clear, .concern:
            break
        }
        let draft = try PlanBuilder(cli: cli, args: args, catalog: catalog).draft(intake)
        let store = try cli.openJournal(args, paths: paths)
        let plan = try store.savePlan(intake, steps: draft.steps, at: Date())
        let listing = catalog.listing
        if args.has("--json") {
            var json = PlanReport.json(plan, listing: listing, zone: cli.timeZone)
            if case let .concern(d) = report.verdict, case let .object(pairs) = json {
                json = .object(pairs + [("concern", d.json)])
            }
            cli.io.out(json.serialized(pretty: true) + "\n")
        } else {
            if case .concern = report.verdict {
                cli.io.out("Some of what you wrote sounds heavy. If you are not safe right now, 'allin resources' lists people who listen.\n\n")
            }
            cli.io.out(PlanReport.text(plan, listing: listing, zone: cli.timeZone))
        }
        return 0
    }

    /// A crisis statement in an answer: the same answer as `allin route`, and no plan is stored.
    private func handoff(_ crisis: JSONValue, reason: SupportReason, catalog: Catalog, args: Arguments) -> Int32 {
        let region = (try? cli.region(args)) ?? (code: nil, source: "")
        let resources = catalog.helplines.resources(for: region.code)
        if args.has("--json") {
            cli.io.out(JSONValue.object([("kind", .string(RecommendationKind.safetyHandoff.rawValue)), ("crisis", crisis),
                                         ("resources", resources.json)]).serialized(pretty: true) + "\n")
        } else {
            cli.io.out("No plan was made. " + SupportText.intro(reason, lines: resources.shown) + "\n\n")
            cli.io.out(ResourcesReport.text(resources, source: region.source))
        }
        return 0
    }

    /// For each step: the area's query, what the search found with rank and score, and the fallback used.
    private func explain(_ plan: StoredPlan?, args: Arguments) throws -> Int32 {
        guard let plan else {
            cli.io.out("No plan yet, so nothing to explain. Make one with: allin plan new < intake.json\n")
            return 0
        }
        let catalog = try cli.loadCatalog(args)
        let draft = try PlanBuilder(cli: cli, args: args, catalog: catalog).draft(plan.intake)
        cli.io.out(PlanReport.explain(plan, draft: draft, catalog: catalog))
        return 0
    }

    /// Plays the next step: mood before, the session, mood after and a note (read by the crisis rule),
    /// recorded with the step.
    private func next(_ args: Arguments, paths: AppPaths) async throws -> Int32 {
        let store = try cli.journalExists(paths) ? cli.openJournal(args, paths: paths) : nil
        guard let store, let plan = try store.activePlan() else {
            cli.io.err("allin plan: no plan yet. Make one in allin (b on the home screen), or with: allin plan new < intake.json\n")
            return 1
        }
        guard let step = plan.next else {
            cli.io.out("All ten steps of your plan are played. Make a new one when you are ready: allin plan new\n")
            return 0
        }
        let catalog = try cli.loadCatalog(args)
        guard let session = catalog.session(step.step.slug) else {
            cli.io.err("allin plan: step \(step.step.index)'s session '\(Visible.text(step.step.slug, limit: 60))' is not in this catalog\n")
            return 1
        }
        let region = try cli.region(args)
        let area = catalog.plan.area(step.step.area)?.label ?? step.step.area
        cli.io.out("Step \(step.step.index) of \(plan.steps.count) (\(step.step.type.rawValue), \(area)): \(Visible.text(session.title))\n")
        var plain = PlainCheckIn(cli: cli, catalog: catalog, region: region)
        // Each answer is kept as it is given; Ctrl-C, SIGTERM or SIGHUP at a prompt say in one line what
        // is kept, as `allin --plain` does.
        let kept = PlanStepJournal(store: store, plan: plan, index: step.step.index, io: cli.io)
        kept.catchSignals()
        var moodBefore: Int?
        var start = PlainCheckIn.StartAnswer.start
        let resumeAt = PlayCommand.resumePosition(session.slug, cli: cli, args: args)
        do {
            while true {
                moodBefore = try plain.askMood("Before you start: how do you feel right now, from 1 to 10? (Enter to skip) ")
                // Read as `allin --plain` reads it: every line through the crisis rule first.
                do {
                    start = try plain.askStart(session, other: .later, resumeAt: resumeAt)
                    guard start != .other else {
                        cli.io.out("Left for later: step \(step.step.index) is still next.\n")
                        return 0
                    }
                    break
                } catch .back {
                    continue   // to the mood before
                }
            }
        } catch {
            // 'quit', the end of the input, or stopping from support.
            if case .stopped = error { return 0 }
            cli.io.out("Stopped before the session. Nothing was recorded: step \(step.step.index) is still next.\n")
            return 0
        }
        var record = PlaybackRecord.notPlayed
        var stoppedBy: Int32?
        let lines = plain.playLines()
        do {
            let ctx = try AudioContext(cli: cli, args: args, leavingOutBadSettings: true)
            let report = try? ctx.players(option: args["--player"])
            cli.io.out(PlayLines.hint(inputIsTerminal: cli.io.inputIsTerminal) + "\n")
            // The play loop answers signals while it plays: it stops the session and says where.
            kept.playLoopAnswersSignals(true)
            let played = PlayCommand.play(session, ctx: ctx, report: report, speed: 1, fromStart: start == .restart, plain: true,
                                          lines: lines, signalsForwarded: kept.catchSignals())
            record = played.record
            if played.code >= 128 { stoppedBy = played.code }
        } catch {
            cli.io.out("The session can't play here: \(Visible.text(AudioContext.plainWords(error), limit: 200))\n")
        }
        // A step counts as played by the journal's rule for a check-in's session (`PlaybackRecord.listened`),
        // kept before a signal that came as it ended is answered.
        let wrote = Result { if record.listened { try kept.played(moodBefore: moodBefore) } }
        kept.playLoopAnswersSignals(false)
        try wrote.get()
        if let stoppedBy {
            // Ended by a signal (SIGTERM, SIGHUP, Ctrl-C): what was heard is kept, and allin ends.
            cli.io.out("Stopped. \(kept.sentence())\n")
            return stoppedBy
        }
        guard record.listened else {
            // Nothing of the step would be kept, so no mood or note is asked for (found from outside:
            // both were asked and then thrown away). Lines typed while it played are still read.
            if let heard = lines.heard { try? plain.readHeard(heard) }
            cli.io.out("\nToo little of the session was played to count, so step \(step.step.index) stays next in your plan. "
                + "Nothing was kept.\n")
            return 0
        }
        var moodAfter: Int?
        var note: String?
        do {
            // A line typed while it played that the crisis rule did not clear: support at once.
            if let heard = lines.heard { try plain.readHeard(heard) }
            while true {
                moodAfter = try plain.askMood("\nAnd now? How do you feel, from 1 to 10? (Enter to skip) ")
                // Kept at once (the end writes it again with the note, and says what fails).
                try? kept.reflected(moodAfter: moodAfter, note: nil)
                do {
                    note = try plain.askNote()
                    break
                } catch .back {
                    continue   // to the mood after
                }
            }
        } catch {
            // 'quit', the end of the input or stopping from support: the step keeps what was answered.
        }
        try kept.reflected(moodAfter: moodAfter, note: note)
        // Read back: a plan made meanwhile by another allin leaves this step with the earlier plan.
        cli.io.out("\n" + kept.sentence() + "\n")
        if MoodDrop.feltWorse(before: moodBefore, after: moodAfter) {
            cli.io.out(SupportPrint.afterFeelingWorse(before: moodBefore, after: moodAfter,
                                                      catalog.helplines.resources(for: region.code), again: "'allin --plain'"))
        }
        return 0
    }
}

/// The search index and the engine, for a catalog.
struct PlanBuilder {
    let cli: CLI
    let args: Arguments
    let catalog: Catalog

    func draft(_ intake: PlanIntake) throws -> PlanDraft {
        let dir = try CatalogLocator.directory(option: args["--catalog"], environment: cli.environment)
        return try SessionLibrary.draft(intake, catalog: catalog, directory: dir)
    }
}
