import AllinCore

/// The pure heart of the terminal front: a message changes the state and may ask for effects.
public enum App {
    /// Applies one message. Keys go through the current screen's binding table first; printable keys
    /// that no binding claims are typing.
    public static func update(_ state: inout AppState, _ msg: Msg) -> [Effect] {
        if state.context.gates == nil, !worksBeforeDetectors(state, msg) { return [.waitForDetectors(msg)] }
        let before = state.screen
        let question = state.safetyQuestion
        let overlayBefore = state.overlay
        let kept = state.screen == .support && state.support?.reason.handoff(lane: .soothe, routed: nil) != nil
        var effects = apply(&state, msg)
        if state.screen == .support, before != .support {
            effects += SessionUpdate.supportOpened(&state, from: before)
        } else if state.screen == .support, !kept, state.support?.reason.handoff(lane: .soothe, routed: nil) != nil {
            // Support opened by F2 (not kept in the journal) and now words that would open it: kept, as
            // support opened by them is (found from outside: F2, then "going to kill myself tonight",
            // left no row).
            effects += SessionUpdate.supportOpened(&state, from: state.covered ?? .home)
        }
        // A paste or keys typed ahead must not answer a crisis question that has just opened (letters
        // over it are words, `StrayWords`, so a word typed to say yes never answers by its 'y').
        if let now = state.safetyQuestion, now != question { effects.append(.discardPendingInput) }
        // The same for "Leave this check-in?" (found from outside: "have the rope ready" on the
        // recommendation — its 'h' asked "Go home?", and the 'y' of "ready" answered yes): what was
        // typed on past the key that asked is read by the crisis rule, never taken as the answer.
        if case .leave? = state.overlay, state.overlay != overlayBefore, !effects.contains(.discardPendingInput) {
            effects.append(.discardPendingInput)
        }
        return effects
    }

    /// Where typing goes: the screen and, in a check-in, the step. When Enter moves it away from a
    /// text field, keys already waiting came in the same burst as that Enter (the rest of a paste in
    /// a terminal that does not mark pastes): the runtime reads them as text (`Msg.typedAheadDropped`).
    public static func focusPlace(_ state: AppState) -> FocusPlace {
        FocusPlace(screen: state.screen, step: state.checkIn?.flow.currentStep(in: state.context.vocabulary),
                   typing: state.hasTextFocus)
    }

    /// See `focusPlace`.
    public struct FocusPlace: Equatable, Sendable {
        let screen: ScreenID
        let step: Step?
        let typing: Bool
    }

    /// What the notice says of a paste's lines after the first: they were not used, and how to use them.
    static func pasteRestNotice(_ text: String) -> String {
        let count = text.trimmingCharacters(in: .whitespaces).count
        return "What you pasted after its first line break (\(count) character\(count == 1 ? "" : "s")) was not used: paste it into the field it belongs in."
    }

    /// Shown while a key waits for the detectors (a moment after start, at most).
    static let loadingNotice = "One moment: getting ready."

    /// Whether `msg` can be handled while the detectors load: nothing it leads to reads a person's
    /// words. The first screen's moves, the help, crisis support, quitting and resizing work at once;
    /// anything else waits for the detectors (`Effect.waitForDetectors`).
    public static func worksBeforeDetectors(_ state: AppState, _ msg: Msg) -> Bool {
        switch msg {
        case .terminalResized, .clockTicked, .detectorsLoaded, .detectorsLoading, .safetyPlanLoaded:
            return true
        case .appClosing:
            // Nothing can have been typed yet: every way into a text field waits for the detectors.
            return state.checkIn == nil
        case let .keyPressed(key):
            // Typing words where there is no field works at once; leaving them (Enter, Esc, Ctrl-C)
            // reads them, which waits.
            if state.stray != nil { return key.character != nil || key == .backspace }
            if key.character?.isLetter == true, StrayWords.takesLetters(state) { return StrayWords.starts(state) }
            guard [.home, .support].contains(state.screen), state.checkIn == nil,
                  let action = state.bindings.binding(for: key)?.action else { return false }
            switch action {
            case .openHelp, .closeHelp, .openSupport, .quit, .suspend, .up, .down, .pageUp, .pageDown: return true
            case .breathe, .stopBreathing, .nextRegion, .previousRegion, .leaveSupport: return state.screen == .support
            case .choose, .pickByKey:
                guard state.screen == .home, state.overlay == nil else { return false }
                return [.support, .help, .quit].contains(HomeUpdate.choice(state, action, key: key))
            default: return false
            }
        default:
            return false
        }
    }

    static func apply(_ state: inout AppState, _ msg: Msg) -> [Effect] {
        switch msg {
        case let .detectorsLoaded(loaded):
            state.context.detectorsLoaded(loaded.gates)
            if state.notice == loadingNotice { state.notice = nil }
            return []
        case .detectorsLoading:
            state.notice = loadingNotice
            return []
        case let .keyPressed(key): return handle(&state, key: key)
        case let .textPasted(text): return paste(&state, text)
        case let .terminalResized(size):
            state.size = size
            return []
        case .clockTicked: return SupportUpdate.tick(&state)
        case let .checkInRouted(recommendation): return ResultUpdate.routed(&state, recommendation)
        case let .labRouted(revision, recommendation):
            if revision == state.lab.revision { state.lab.result = recommendation }
            return []
        case let .journalLoaded(revision, result): return JournalUpdate.loaded(&state, revision: revision, result)
        case let .journalSearched(revision, query, result):
            return JournalUpdate.searched(&state, revision: revision, query: query, result)
        case let .playabilityChecked(availability): return PlayerUpdate.playabilityChecked(&state, availability)
        case let .lengthsMeasured(lengths):
            state.measuredLengths = lengths
            return []
        case let .preparationProgressed(slug, fraction, step):
            return PlayerUpdate.progressed(&state, slug: slug, fraction: fraction, step: step)
        case let .audioPrepared(slug): return PlayerUpdate.prepared(&state, slug: slug)
        case let .playbackStarted(start): return PlayerUpdate.started(&state, start)
        case let .playbackFailed(failure): return PlayerUpdate.failed(&state, failure)
        case let .playerTicked(status): return PlayerUpdate.ticked(&state, status)
        case let .journalBegun(id, problem): return SessionUpdate.journalBegun(&state, id: id, problem: problem)
        case let .handoffRecorded(id): return SessionUpdate.handoffRecorded(&state, id: id)
        case let .journalRenumbered(from, to):
            if state.session?.journalID == from { state.modify(\.session) { $0.journalID = to } }
            return []
        case let .checkInKept(problem): return SessionUpdate.checkInKept(&state, problem: problem)
        case let .journalCompleted(summary, problem):
            return SessionUpdate.journalCompleted(&state, summary: summary, problem: problem)
        case let .safetyPlanLoaded(plan):
            state.safetyPlan = plan
            return []
        case let .safetyPlanSaved(plan, problem): return PlanUpdate.saved(&state, plan, problem: problem)
        case let .planLoaded(plan): return BeliefsUpdate.loaded(&state, plan)
        case let .libraryLoaded(days, favourites):
            state.library.lastPlayed = days
            state.library.favourites = favourites
            return []
        case let .favouriteSaved(slug, on, problem): return LibraryUpdate.favouriteSaved(&state, slug, on, problem: problem)
        case let .favouriteKeptUntilQuit(slug, on, problem):
            _ = LibraryUpdate.favouriteSaved(&state, slug, on, problem: nil)
            state.notice = "Not saved: \(JournalCopy.cause(problem)). The mark lasts until you quit."
            return []
        case let .librarySearched(revision, slugs): return LibraryUpdate.searched(&state, revision: revision, slugs)
        case let .planMade(plan, problem): return BeliefsUpdate.made(&state, plan, problem: problem)
        case let .planStepSaved(problem):
            state.modify(\.session) { $0.save = problem.map(JournalSave.inMemory) ?? .saved }
            return []
        case .appClosing: return SessionUpdate.closing(&state)
        case let .typedAheadDropped(text, afterLineBreak): return typedAheadDropped(&state, text, afterLineBreak: afterLineBreak)
        }
    }

    /// The words typed on past a crisis question (the rest of "yes but i have the pills here" after
    /// its 'y', or typing ahead when the question opened) were dropped as keys; the one crisis rule
    /// reads them. A clear statement or a plea for help opens support; the gentle band opens it too
    /// once the question has been answered yes (a yes with heavy words after it is not a clear yes),
    /// while a question still showing asks already.
    /// The rest of a paste that came after a line break (`afterLineBreak`) is read the same way; when
    /// it finds nothing, a notice says the words were not used, since nothing is cut without saying so.
    static func typedAheadDropped(_ state: inout AppState, _ text: String, afterLineBreak: Bool = false) -> [Effect] {
        guard !text.allSatisfy(\.isWhitespace), let check = state.context.gates?.check else { return [] }
        let field = afterLineBreak ? "the words pasted after a line break" : "the words typed after the question"
        if !supportForWordsInNoField(&state, check.check(field: field, text: text).verdict, field: field, text: text),
           afterLineBreak {
            state.notice = pasteRestNotice(text)
        }
        return []
    }

    /// What the crisis rule's verdict on words in no field (typed ahead past a question, or where there
    /// is no field: `StrayWords`) opens: support for a plea for help, a clear statement or words that
    /// might mean danger, since there is no field to ask in place (a crisis question already showing
    /// asks for them). False for a clear verdict, which each caller handles.
    static func supportForWordsInNoField(_ state: inout AppState, _ verdict: CrisisCheck.Verdict, field: String,
                                         text: String) -> Bool {
        switch verdict {
        case .clear:
            return false
        case .askedForHelp:
            // On support already, it stays open (a question to leave it is answered no).
            openSupport(&state, reason: .typedHelp(field: field))
        case let .handoff(d):
            openSupport(&state, reason: .typedAhead(d.finding, field: field), flagged: text)
        case let .concern(d):
            if state.safetyQuestion == nil { openSupport(&state, reason: .typedAhead(d.finding, field: field), flagged: text) }
        }
        return true
    }

    static func handle(_ state: inout AppState, key: Key) -> [Effect] {
        let digits = state.digitsBefore
        state.digitsBefore = ""
        let c = key.character
        // Only digits taken as keys (a scale, a list's number), not typed into a filter.
        let continues = state.stray == nil && StrayWords.takesLetters(state) && state.bindings.binding(for: key) != nil
            && (c?.isNumber == true || (c == " " && !digits.isEmpty))
        let place = focusPlace(state)
        let effects = handleKey(&state, key: key, digits: digits)
        // Kept only on the same screen and step: a digit that chose and moved on is an answer given.
        if continues, let c, state.stray == nil, focusPlace(state) == place, state.overlay == nil {
            state.digitsBefore = String((digits + String(c)).suffix(40))
        }
        return effects
    }

    private static func handleKey(_ state: inout AppState, key: Key, digits: String) -> [Effect] {
        state.notice = nil
        if state.stray != nil {
            // Words typed where there is no field take every key until they are read; a screen that
            // changed under them (support, a question) reads them at once.
            guard StrayWords.starts(state) else { return StrayWords.read(&state, then: nil, key: key) }
            return StrayWords.key(&state, key)
        }
        // Where there is no field, a letter is words, never a key (`StrayWords`).
        if let c = key.character, c.isLetter, StrayWords.takesLetters(state) {
            if StrayWords.starts(state) { return StrayWords.start(&state, c, after: digits) }
            for d in digits { _ = CheckInUpdate.typed(&state, d) }
            return CheckInUpdate.typed(&state, c)
        }
        if let binding = state.bindings.binding(for: key) { return perform(&state, binding.action, key: key) }
        guard state.overlay == nil, let c = key.character else { return [] }
        // Letters were taken above; signs and spaces alone never start words.
        if StrayWords.starts(state) { return [] }
        switch state.screen {
        case .checkIn: return CheckInUpdate.typed(&state, c)
        case .lab: return LabUpdate.typed(&state, String(c))
        case .journal: return JournalUpdate.typed(&state, String(c))
        case .note: return SessionUpdate.typed(&state, String(c))
        case .safetyPlan: return PlanUpdate.typed(&state, String(c))
        case .support: return RegionPickerUpdate.typed(&state, String(c))
        case .beliefsPlan: return BeliefsUpdate.typed(&state, String(c))
        case .library: return LibraryUpdate.typed(&state, String(c))
        default: return []
        }
    }

    static func perform(_ state: inout AppState, _ action: Action, key: Key) -> [Effect] {
        switch action {
        case .openSupport:
            openSupport(&state, reason: .asked)
            return []
        case .openHelp:
            // Over a question, help keeps it, to show it again when closed: F1 never skips it.
            state.overlay = .help(over: state.overlay)
            state.helpScroll = 0
            return []
        case .closeHelp:
            if case let .help(under) = state.overlay { state.overlay = under } else { state.overlay = nil }
            return []
        case .openDemoTrace:
            state.overlay = .demoTrace
            state.helpScroll = 0
            return []
        case .quit:
            // Ctrl-C over the gentle question: its words were read already (that is why it shows), so
            // allin quits as Ctrl-C does everywhere, rather than asking the same question again.
            if state.overlay == .concern {
                state.overlay = nil
                state.asking = nil
                if let asked = LeaveUpdate.intercept(&state, action, key: key) { return asked }
                // Set only as allin quits: a person who stays (the leave question's no) left nothing.
                state.quitUnanswered = true
                return [.quit]
            }
            if let stopped = CheckInUpdate.checkBeforeQuit(&state) { return stopped }
            if let stopped = SessionUpdate.checkLeavingNote(&state, key: key) { return stopped }
            if let stopped = PlanUpdate.checkLeaving(&state, action: .quit, key: key) { return stopped }
            if let stopped = BeliefsUpdate.checkLeaving(&state, key: key) { return stopped }
            if let stopped = LibraryUpdate.checkLeaving(&state, action: .quit, key: key) { return stopped }
            if let stopped = JournalUpdate.checkLeaving(&state, action: .quit, key: key) { return stopped }
            if let stopped = LabUpdate.checkLeaving(&state, action: .quit, key: key) { return stopped }
            if let asked = LeaveUpdate.intercept(&state, action, key: key) { return asked }
            return [.quit]
        case .suspend: return [.suspend]
        default: break
        }
        switch state.overlay {
        case .help:
            if action == .up { state.helpScroll = max(0, state.helpScroll - 1) }
            if action == .down {
                let count = HelpOverlay.lines(state.helpTable, canvasWidth: state.size.width).count
                state.helpScroll = App.clampScroll(state.helpScroll + 1, count: count, visible: state.size.height - 6)
            }
            return []
        case .demoTrace:
            if action == .up { state.helpScroll = max(0, state.helpScroll - 1) }
            if action == .down {
                let count = DemoTraceView.lines(state, canvasWidth: state.size.width).count
                state.helpScroll = App.clampScroll(state.helpScroll + 1, count: count, visible: state.size.height - 6)
            }
            return []
        case .concern:
            if state.asking != nil { return CheckInUpdate.answer(&state, action) }
            return ResultUpdate.concern(&state, action)
        case let .leave(leaving):
            return LeaveUpdate.answer(&state, leaving, action)
        case let .closest(ids):
            return CheckInUpdate.answerClosest(&state, ids, action, key: key)
        case nil: break
        }
        if let asked = LeaveUpdate.intercept(&state, action, key: key) { return asked }
        switch state.screen {
        case .home: return HomeUpdate.perform(&state, action, key: key)
        case .checkIn: return CheckInUpdate.perform(&state, action, key: key)
        case .recommendation, .trace: return ResultUpdate.perform(&state, action)
        case .moodBefore, .moodAfter, .note, .done: return SessionUpdate.perform(&state, action, key: key)
        case .player: return PlayerUpdate.perform(&state, action)
        case .support: return SupportUpdate.perform(&state, action)
        case .lab: return LabUpdate.perform(&state, action, key: key)
        case .journal: return JournalUpdate.perform(&state, action, key: key)
        case .safetyPlan: return PlanUpdate.perform(&state, action)
        case .demo: return DemoUpdate.perform(&state, action)
        case .beliefsPlan: return BeliefsUpdate.perform(&state, action, key: key)
        case .library: return LibraryUpdate.perform(&state, action, key: key)
        case .routing: return []
        }
    }

    static func paste(_ state: inout AppState, _ text: String) -> [Effect] {
        guard state.overlay == nil else { return [] }
        if state.stray != nil || StrayWords.starts(state) {
            return StrayWords.pasted(&state, text)
        }
        switch state.screen {
        case .checkIn: return CheckInUpdate.pasted(&state, text)
        case .lab: return state.lab.field.isText ? LabUpdate.typed(&state, text) : []
        case .journal: return JournalUpdate.typed(&state, text)
        case .note: return SessionUpdate.typed(&state, text)
        case .safetyPlan: return PlanUpdate.typed(&state, text)
        case .support: return RegionPickerUpdate.typed(&state, text)
        case .beliefsPlan: return BeliefsUpdate.typed(&state, text)
        case .library: return LibraryUpdate.typed(&state, text)
        default: return []
        }
    }

    /// Opens crisis support over whatever is happening. The way back returns to where the person was:
    /// the screen under a trace, home for the router at work (its answer is not waited for; the
    /// check-in stays paused) and for the demo's list.
    /// `flagged` is the exact text that opened it, kept with the check-in (see `SupportState.flagged`).
    static func openSupport(_ state: inout AppState, reason: SupportReason, flagged: String? = nil,
                            handoff: Recommendation? = nil) {
        state.overlay = nil
        state.asking = nil
        if case .support(var s, let over) = state.current {
            s.scroll = 0
            s.breathing = nil
            s.confirmingLeave = false
            if (reason.tier ?? .none) > (s.reason.tier ?? .none) { s.reason = reason }
            state.current = .support(s, over: over)
            return
        }
        var under = state.current
        if case let .trace(over) = under { under = over }
        if case let .routing(c) = under {
            state.model.paused = c
            under = .home
        }
        if under == .demo { under = .home }
        var support = SupportState(reason: reason, region: state.region)
        support.flagged = flagged
        support.handoff = handoff
        state.current = .support(support, over: under)
    }
}
