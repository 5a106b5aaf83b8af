import AllinCore
import Foundation
import AllinStore
import AllinUI

/// `allin --plain`: the check-in as numbered prompts on standard input and output, for screen readers
/// and pipes. The same step machine, gates, router and support text as the full-screen front.
struct PlainCommand {
    let cli: CLI

    func run(_ args: Arguments) async throws -> Int32 {
        let region = try cli.region(args)
        let catalog = try cli.loadCatalog(args)
        var session = PlainCheckIn(cli: cli, catalog: catalog, region: region)
        session.place = PlainSessionContext(cli: cli, args: args)
        session.journal = PlainJournal(path: try? cli.appPaths(args).journal,
                                       zone: LocalZone.current(environment: cli.environment), io: cli.io)
        // The person's own safety plan, shown by support after its numbers (read only: looking creates no file).
        if let paths = try? cli.appPaths(args), (try? cli.journalExists(paths)) == true,
           let plan = try? JournalStore.openForReading(path: paths.journal).safetyPlan() {
            session.plan = plan
        }
        return await session.run()
    }
}

/// One line-based check-in.
struct PlainCheckIn {
    let io: any CommandIO
    let catalog: Catalog
    let gates: FlowGates
    let region: String?
    let regionSource: String
    var flow = CheckInFlow()
    /// Answers the person already answered for (see `CheckInState.answered`).
    var answered: Set<String> = []
    /// A note refused for its length in a pipe: the check-in is kept without it, and the run ends with
    /// exit 2 naming the field, as any over-long answer in a pipe does (found from outside: exit 0).
    var noteRefused: String?
    /// The command line, for the session after the recommendation (nil: stop at the recommendation).
    var place: PlainSessionContext?
    /// The person's safety plan (empty when none is written).
    var plan = SafetyPlan()
    /// `allin demo --plain`: 'why' at any prompt explains what the crisis check reads, and support says
    /// why it opened.
    var demo = false
    /// Where this check-in is kept (nowhere in the demo), and what it keeps.
    var journal: PlainJournal
    /// The line the crisis rule is reading before it is kept (`screen`): the demo's 'why' shows it.
    var pending: (field: String, text: String)?

    /// What a typed line asked for besides an answer. `stopped`: the person chose to stop from support.
    enum Interrupt: Error { case back, quit, help, ended, stopped, tooLong(String) }

    /// The check-in on the command's own streams, wrapped to the terminal's width when they are one
    /// (`WrappingIO.forTerminal`): `allin --plain`, `allin demo --plain` and a plan step's note.
    init(cli: CLI, catalog: Catalog, region: (code: String?, source: String)) {
        self.init(io: WrappingIO.forTerminal(cli.io), catalog: catalog, region: region.code, regionSource: region.source)
    }

    init(io: any CommandIO, catalog: Catalog, region: String?, regionSource: String) {
        self.io = io
        self.catalog = catalog
        self.gates = FlowGates(catalog: catalog)
        self.region = region
        self.regionSource = regionSource
        journal = PlainJournal(path: nil, zone: .current, io: io)
    }

    var vocabulary: Vocabulary { catalog.vocabulary }

    mutating func run() async -> Int32 {
        io.out("allin check-in, plain mode. Answer with a number or with words, then Enter.\n")
        if demo { io.out("Demo: type 'why' at any prompt to see what the crisis check reads and what it would do.\n") }
        io.out("Type 'back' to go back, 'quit' to stop, or 'help' at any prompt for crisis support.\n")
        // Said before the first question, so no one writes a check-in that can't be kept.
        if let problem = journal.problemAtStart() { io.out(PlainJournal.notice(problem) + "\n") }
        journal.catchSignals()
        // After "Which is closest?" the step is answered: next again without asking it once more.
        var answeredStep = false
        while true {
            let step = flow.currentStep(in: vocabulary)
            do {
                if !answeredStep { try ask(step) }
                answeredStep = false
            } catch {
                switch error {
                case .back:
                    if !flow.back(in: vocabulary) { io.out("This is the first question.\n") }
                    continue
                case .quit:
                    io.out("Stopped. \(PlainJournal.sentence(journal.kept()))\n")
                    return 0
                case .stopped:
                    return 0
                case .help:
                    support(.typedHelp(field: StepCopy.textField(step) ?? step.rawValue))
                    if afterSupport() { continue }
                    return 0
                case .ended:
                    let kept = PlainJournal.sentence(journal.kept())
                    io.err("allin --plain: input ended before the check-in was complete (at \"\(StepCopy.question(step))\"). \(kept)\n")
                    return 2
                case let .tooLong(message):
                    io.err("allin --plain: \(message)\n")
                    return 2
                }
            }
            switch flow.next(gates: gates, answered: answered) {
            case .advanced: continue
            case let .needsAnswer(message): io.out(message + "\n")
            case let .crisis(hit):
                support(.tripwire(hit))
                guard afterSupport() else { return 0 }
                if let text = flagged(hit) { answered.insert(text) }
            case let .concern(hit):
                if let reason = askSafe(step, otherwise: .notSafe(hit)) {
                    support(reason)
                    guard afterSupport() else { return 0 }
                }
                if let text = flagged(hit) { answered.insert(text) }
            case let .askedForHelp(field):
                support(.typedHelp(field: field))
                guard afterSupport() else { return 0 }
                StepModel.setText(step, &flow.answers, nil)
            case let .askClosest(ids):
                // Other words typed here are the feeling in new words: next reads them with the crisis
                // check like any answer, and asks again if they still can't be placed.
                switch askClosest(ids) {
                case let .chip(id): flow.answerClosest(id)
                case .none: flow.answerClosest(nil)
                case let .words(text): flow.answers.customEmotion = text
                }
                answeredStep = true
            case let .complete(completion):
                return await finish(completion)
            }
        }
    }

    // MARK: Ending

    mutating func finish(_ completion: FlowCompletion) async -> Int32 {
        let router = Router(catalog: catalog)
        let r = await router.route(flow.answers, answered: answered)
        if r.kind == .safetyHandoff {
            support(r.crisis.map(SupportReason.router) ?? .asked, routed: r)
            return 0
        }
        if r.concern != nil, let reason = askSafe(.intent, otherwise: .concernConfirmed, concern: r.concern) {
            support(reason, routed: r)
            return 0
        }
        guard let session = r.session else { return 0 }
        // The length the player will give it: a render's once in the cache, else the estimate at `rate`.
        let length = place.flatMap { AudioContext.lengths(cli: $0.cli, args: $0.args)?(session) }
        io.out("\nYour session: \(Visible.text(session.title)) (\(TimeText.minutes(length ?? Double(session.durationSeconds))))\n")
        for line in Wrap.lines(Visible.text(session.description), width: columns - 4) { io.out("  \(line)\n") }
        if let soothe = WhyText.sootheFirst(r, completion: completion) {
            io.out("\n" + Wrap.lines(soothe, width: columns - 2).joined(separator: "\n") + "\n")
        }
        io.out("\nWhy this session:\n")
        for line in WhyText.lines(r, catalog: catalog.listing, answers: flow.answers, unquoted: answered, length: length) {
            io.out(Wrap.lines(line, width: columns - 6).enumerated().map { ($0.offset == 0 ? "  - " : "    ") + $0.element }
                .joined(separator: "\n") + "\n")
        }
        io.out("\nHow sessions are chosen, step by step: 'allin route --help'.\n")
        guard let place else { return 0 }
        return await self.session(r, session, place, completion: completion)
    }

    /// The stored answer a gate's finding is about.
    func flagged(_ hit: FlowCrisis) -> String? {
        flow.answers.text(named: hit.field)
    }

    /// An answer to "Which is closest?".
    enum Closest { case chip(String), none, words(String) }

    /// "Which is closest?" for own words the app can't place: a number chooses, Enter keeps the own
    /// words alone, other words are the feeling said again.
    func askClosest(_ ids: [String]) -> Closest {
        let own = flow.answers.customEmotion.map { Visible.text($0, limit: 60) } ?? ""
        io.out("\nYou wrote \"\(own)\". Which of these is closest?\n")
        for (i, id) in ids.enumerated() { io.out("  \(i + 1)) \(vocabulary.emotion(id)?.label ?? id)\n") }
        while true {
            io.out("Type a number, other words, or press Enter for none of these: ")
            let line = io.readInputLine()?.trimmingCharacters(in: .whitespaces) ?? ""
            if !io.inputIsTerminal { io.out(Visible.text(line, limit: 40) + "\n") }
            // "n" and "none" as the full screen's n key (found from outside: "n" became the feeling word).
            if line.isEmpty || ["n", "none", "none of these"].contains(line.lowercased()) { return .none }
            guard let n = Int(line) else { return .words(line) }
            if (1...ids.count).contains(n) { return .chip(ids[n - 1]) }
            notAChoice([line], question: "Which of these is closest?", "Please type a number from 1 to \(ids.count).")
        }
    }

    /// The gentle question, in place: nil when the person says they are safe (`SafeAnswer`: "yes",
    /// "Yes, I'm safe", "yeah", "i'm fine"…), else the support to show. The answer is read by the one
    /// crisis rule first, like every typed line: a clear statement in it opens support for itself;
    /// no, not sure, anything else or the end of the input open `otherwise`.
    func askSafe(_ step: Step, otherwise: SupportReason, concern: CrisisDecision? = nil) -> SupportReason? {
        let unread: Bool
        if case let .notSafe(hit) = otherwise { unread = hit.finding.rule == CrisisCheck.unreadScriptRule } else {
            unread = concern?.finding.rule == CrisisCheck.unreadScriptRule
        }
        io.out("\n" + ConcernView.reason(unread: unread) + ": are you safe right now? (yes / no / not sure) ")
        guard let raw = io.readInputLine() else { return otherwise }
        let line = raw.trimmingCharacters(in: .whitespaces)
        if !io.inputIsTerminal { io.out(Visible.text(line, limit: 40) + "\n") }
        switch gates.check.check(field: "are you safe", text: line, answered: answered).verdict {
        case let .handoff(d) where d.finding.tier >= (otherwise.tier ?? .none):
            return .tripwire(FlowCrisis(step: step, field: "are you safe", finding: d.finding))
        case .handoff, .concern, .askedForHelp:
            return otherwise
        case .clear:
            let answer = SafeAnswer(line)
            guard answer == .safe else {
                if case let .notSafe(hit) = otherwise { return .answered(answer, hit) }
                if case .concernConfirmed = otherwise { return .answered(answer, concern: concern) }
                return otherwise
            }
            io.out("Thank you for telling me. Type 'help' at any prompt for crisis support.\n")
            return nil
        }
    }

    /// Shows support and, when it opened during the check-in, gives the journal its one record of it
    /// (the tier and time only, as in the full-screen front): on the check-in's own entry when it has
    /// one, else as a handoff entry that joins the check-in's entry if it goes on.
    mutating func support(_ reason: SupportReason, routed: Recommendation? = nil) {
        show(reason)
        journal.supportShown()
        guard !demo, place != nil,
              let handoff = reason.handoff(lane: flow.intentLane(in: vocabulary), routed: routed) else { return }
        journal.recordSupport(handoff, answers: flow.answers)
    }

    func show(_ reason: SupportReason) {
        let resources = catalog.helplines.resources(for: region)
        io.out("\n" + SupportPrint.intro(reason, resources))
        let said = SupportText.region(resources, origin: .of(region: region, source: regionSource))
        if resources.hasLines {
            io.out(said + "\n\n")
            io.out(SupportPrint.rows(resources, emergencyFirst: reason.tier == .immediate))
            io.out("\nFor another country: allin resources --region XX\n")
        } else {
            // No lines to show: that first, with the way to choose a country, then the one number.
            io.out(Wrap.lines(said, width: columns - 2).joined(separator: "\n")
                   + "\n" + SupportPrint.chooseCountry + "\n\n")
            io.out(SupportPrint.rows(resources, emergencyFirst: true))
        }
        // The person's own plan after the numbers, as on the full screen (found from outside: it came
        // before the emergency number).
        let planRows = SupportText.planRows(plan, check: gates.check)
        if !planRows.isEmpty {
            io.out("\n")
            for row in planRows { io.out(Visible.text(row.map(\.text).joined(), limit: 4_000) + "\n") }
        }
        if demo { printWhy(support: reason) }
    }

    /// The width the prompts' paragraphs are laid out for: the terminal's (`WrappingIO`), else 80.
    var columns: Int { min(80, (io as? WrappingIO)?.width ?? 80) }

    /// What stops the line-based check-in, at every prompt and after support.
    static let quitWords: Set<String> = ["quit", "q", "exit"]

    /// The closing words after support was shown, pointing back at its lines.
    func sayTakeCare() {
        switch catalog.helplines.resources(for: region).shown {
        case .anyHour: io.out("Take care. The lines above are there at any hour.\n")
        case .someHours: io.out("Take care. The lines above are there at the hours shown.\n")
        case .none: io.out("Take care. If you are in danger now, call the emergency number above.\n")
        }
    }

    /// After help was typed: go on only when the person says so; a "no" gets an answer, not an ending.
    /// Other words are read by the one crisis rule like any answer: a clear statement shows support
    /// again for it (the emergency number first when it says the danger is now).
    func afterSupport() -> Bool {
        io.out("\nWhen you are ready, type 'continue' to go back to the check-in, or 'quit' to stop.\n")
        while true {
            io.out("> ")
            guard let raw = io.readInputLine() else { return false }
            let line = raw.trimmingCharacters(in: .whitespaces)
            if !io.inputIsTerminal { io.out(Visible.text(line, limit: 200) + "\n") }
            let word = line.lowercased()
            if ["continue", "c", "go on", "back"].contains(word) {
                journal.supportClosed()
                return true
            }
            let shown = catalog.helplines.resources(for: region).shown
            if Self.quitWords.contains(word) {
                sayTakeCare()
                return false
            }
            if case let .handoff(d) = gates.check.check(field: "support", text: line, answered: answered).verdict {
                show(.tripwire(FlowCrisis(step: .intent, field: "support", finding: d.finding)))
                io.out("\nWhen you are ready, type 'continue' to go back to the check-in, or 'quit' to stop.\n")
                continue
            }
            switch shown {
            case .anyHour: io.out("I'm still here. The lines above are there for you. Type 'continue' or 'quit'.\n")
            case .someHours: io.out("I'm still here. The lines above are there at the hours shown. Type 'continue' or 'quit'.\n")
            case .none: io.out("I'm still here. If you are in danger now, call the emergency number above. Type 'continue' or 'quit'.\n")
            }
        }
    }
}
