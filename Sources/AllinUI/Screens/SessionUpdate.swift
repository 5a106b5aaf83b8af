import AllinCore

/// The session after the recommendation: mood before, mood after, the note, the end, the journal's
/// answers, and what opening crisis support means for a session under way.
enum SessionUpdate {
    /// Enter on the recommendation: ask the mood first (kept if the person comes back to it).
    static func start(_ state: inout AppState) -> [Effect] {
        guard case let .recommendation(r, c, kept) = state.current, let session = r.recommendation.session else { return [] }
        let s = kept.flatMap { $0.player.routed.slug == session.slug ? $0 : nil } ?? SessionState(routed: session)
        state.current = .session(.moodBefore, s, r, checkIn: c)
        return []
    }

    static func perform(_ state: inout AppState, _ action: Action, key: Key) -> [Effect] {
        guard var s = state.session else { return [] }
        switch state.screen {
        case .moodBefore, .moodAfter:
            let before = state.screen == .moodBefore
            var mood = before ? s.moodBefore : s.moodAfter
            switch action {
            case .lower, .higher: mood = min(10, max(1, mood.map { action == .lower ? $0 - 1 : $0 + 1 } ?? 5))
            case .setMood:
                guard let digit = key.character?.wholeNumberValue else { break }
                mood = digit == 0 ? 10 : digit
            case .skip: mood = nil
            case .back:
                if s.withoutCheckIn, before {
                    state.current = s.planStep != nil ? .beliefsPlan : .library
                    return []
                }
                // Back to the recommendation, the session kept with it.
                if case let .session(_, kept, r, c?) = state.current { state.current = .recommendation(r, c, kept: kept) }
                return []
            default: break
            }
            if before { s.moodBefore = mood } else { s.moodAfter = mood }
            state.modify(\.session) { $0 = s }
            guard action == .next || action == .skip else { return [] }
            if !before {
                state.model.goTo(.note)
                return []
            }
            state.model.goTo(.player)
            if s.player.availability == nil { return [.checkPlayability] }
            return []
        case .note:
            switch action {
            case let .edit(edit): s.note.apply(edit)
            case .back:
                // Esc reads the note like every field's way out (found from outside: Esc, then Ctrl-C on
                // the mood scale, left with a plan for tonight read by nothing); its words are kept.
                state.modify(\.session) { $0 = s }
                if let stopped = checkNote(&state, action: .back, key: key) { return stopped }
                state.model.goTo(.moodAfter)
                return []
            case .next:
                state.modify(\.session) { $0 = s }
                return finishNote(&state)
            default: break
            }
            state.modify(\.session) { $0 = s }
            return []
        case .done:
            if [.up, .down, .pageUp, .pageDown].contains(action) {
                let body = App.bodyRect(for: state.size)
                let page = max(1, body.height - 1)
                let delta = action == .up ? -1 : action == .down ? 1 : action == .pageUp ? -page : page
                let count = ReflectionView.doneLines(state, in: body).count
                s.doneScroll = App.clampScroll(s.doneScroll + delta, count: count, visible: body.height)
                state.modify(\.session) { $0 = s }
                return []
            }
            if action == .goHome { goHome(&state) }
            if action == .pickByKey, key.character == "b", s.planStep != nil {
                return BeliefsUpdate.open(&state)
            }
            if action == .newCheckIn {
                goHome(&state)
                return HomeUpdate.choose(&state, .newCheckIn)
            }
            if action == .openJournal {
                goHome(&state)
                return JournalUpdate.open(&state)
            }
            return []
        default:
            return []
        }
    }

    static func typed(_ state: inout AppState, _ text: String) -> [Effect] {
        guard state.screen == .note, var s = state.session else { return [] }
        let dropped = s.note.insertReporting(text)
        if dropped > 0 { state.notice = s.note.refusal(dropped: dropped) }
        state.modify(\.session) { $0 = s }
        return []
    }

    /// Enter on the note: the one crisis rule reads it whole (layers A and B). A clear statement opens
    /// support over the note, its words kept there: "yes, go back" returns to them, to change or keep,
    /// as in every field. A request for help opens support and is not kept as the note. The ambiguous
    /// band asks "are you safe right now?" first. Otherwise the reflection goes to the journal and the
    /// end screen shows what was kept. Nothing is stored until then (`closingAtTheNote` if allin closes).
    static func finishNote(_ state: inout AppState) -> [Effect] {
        guard var s = state.session, let check = state.context.gates?.check else { return [] }
        // What the limit refused is read too; only what the field kept is stored.
        let text = s.note.checkedText
        let report = check.check(field: "note", text: text, answered: noteAnswered(state))
        switch report.verdict {
        case .clear: break
        case .askedForHelp:
            s.note = TextField(limit: SessionState.noteLimit)
            state.modify(\.session) { $0 = s }
            App.openSupport(&state, reason: .typedHelp(field: "note"))
            return []
        case let .handoff(d):
            App.openSupport(&state, reason: .noteTripwire(d.finding), flagged: text)
            return []
        case let .concern(d):
            CheckInUpdate.ask(&state, FlowCrisis(step: .embodyNew, field: "note", finding: d.finding), text: text,
                              action: .next, key: .enter)
            return []
        }
        s.completed = true
        state.modify(\.session) { $0 = s }
        let effects = reflection(s, note: JournalEntry.cleanNote(s.note.text))
        state.model.goTo(.done)
        return effects
    }

    /// What the crisis rule does not ask about again in the note: the note words answered for, and
    /// the check-in's.
    static func noteAnswered(_ state: AppState) -> Set<String> {
        (state.checkIn?.answered ?? []).union(state.session?.noteAnswered ?? [])
    }

    /// Ctrl-C or q at the note: its words are read by the one crisis rule before allin closes, like
    /// every field's (what is kept then: `closingAtTheNote`). Nil when they may go.
    static func checkLeavingNote(_ state: inout AppState, key: Key) -> [Effect]? {
        // The mood scale before the note keeps its words (Esc went back): they are read again too.
        guard state.screen == .note || state.screen == .moodAfter else { return nil }
        return checkNote(&state, action: .quit, key: key)
    }

    /// The note's words (all of them, what the limit refused too) through the one crisis rule, on a way
    /// out of the note other than Enter: support or the gentle question (which, answered "safe", goes
    /// on with `action`), or nil when they may go.
    static func checkNote(_ state: inout AppState, action: Action, key: Key) -> [Effect]? {
        guard let s = state.session, let check = state.context.gates?.check else { return nil }
        let text = s.note.checkedText
        guard !text.allSatisfy(\.isWhitespace) else { return nil }
        switch check.check(field: "note", text: text, answered: noteAnswered(state)).verdict {
        case .clear: return nil
        case .askedForHelp: App.openSupport(&state, reason: .typedHelp(field: "note"))
        case let .handoff(d): App.openSupport(&state, reason: .noteTripwire(d.finding), flagged: text)
        case let .concern(d):
            CheckInUpdate.ask(&state, FlowCrisis(step: .embodyNew, field: "note", finding: d.finding), text: text,
                              action: action, key: key)
        }
        return []
    }

    /// The reflection handed to the journal (the check-in's row) or to the plan (a plan step's, only
    /// when the step was played: one that wasn't stays open, with nothing kept).
    static func reflection(_ s: SessionState, note: String?) -> [Effect] {
        var effects: [Effect] = []
        if let id = s.journalID { effects.append(.completeJournal(id: id, moodAfter: s.moodAfter, note: note)) }
        if let step = s.planStep, s.listened {
            effects.append(.recordPlanStepReflection(step, moodAfter: s.moodAfter, note: note))
        }
        return effects
    }

    static func goHome(_ state: inout AppState) {
        // A plan step or a library session leaves a paused check-in where it was.
        if state.session?.withoutCheckIn != true { state.model.paused = nil }
        state.home.cursor = 0
        state.current = .home
    }

    /// The check-in's answers as the journal keeps them: those of the steps it took.
    static func taken(_ c: CheckInState, _ state: AppState) -> CheckIn {
        c.flow.answersTaken(expressSoothe: c.completion?.expressSoothe == true, in: state.context.vocabulary)
    }

    /// Home from the recommendation, the session not begun: the check-in is kept in the journal marked
    /// not played (with its visit to support, one entry), as quitting there keeps it.
    static func goHomeKeeping(_ state: inout AppState) -> [Effect] {
        guard case let .recommendation(r, c, kept) = state.current, let session = r.recommendation.session else {
            goHome(&state)
            return []
        }
        let s = kept.flatMap { $0.player.routed.slug == session.slug ? $0 : nil } ?? SessionState(routed: session)
        goHome(&state)
        return [.keepCheckIn(taken(c, state), r.recommendation.played(s.player.session, extra: []), moodBefore: s.moodBefore,
                             s.player.record(.notPlayed), mergingHandoff: c.supportRow)]
    }

    /// The journal answered `Effect.keepCheckIn`: only now does home say the check-in is kept.
    static func checkInKept(_ state: inout AppState, problem: JournalError?) -> [Effect] {
        state.notice = problem.map(JournalCopy.notSaved) ?? "Kept in your journal, its session not played."
        return []
    }

    /// The check-in is stored as its session starts (or when it ends before it could start).
    static func beginJournal(_ state: inout AppState) -> [Effect] {
        // A plan step is kept with its plan, never as a check-in, and only once it was played (see
        // `sessionEnded`): starting is not playing.
        if var s = state.session, s.planStep != nil {
            guard !s.begun else { return [] }
            s.begun = true
            state.modify(\.session) { $0 = s }
            return []
        }
        guard var s = state.session, s.journalID == nil, s.save == .pending, !s.begun,
              let r = state.result?.recommendation,
              let answers = s.withoutCheckIn ? CheckIn() : state.checkIn.map({ taken($0, state) }) else { return [] }
        s.begun = true
        state.modify(\.session) { $0 = s }
        return [.beginJournal(answers, r.played(s.player.session, extra: []), moodBefore: s.moodBefore)]
    }

    static func journalBegun(_ state: inout AppState, id: Int64?, problem: JournalError?) -> [Effect] {
        guard var s = state.session else { return [] }
        s.journalID = id
        s.save = problem.map(JournalSave.inMemory) ?? .saved
        state.modify(\.session) { $0 = s }
        if let problem { state.notice = JournalCopy.notSaved(problem) }
        var effects: [Effect] = []
        // The session ended before the row was there (it never started): record how now (before the
        // merge below, which may give the row another number).
        if let id, let outcome = s.player.ended { effects.append(.recordPlayback(id: id, s.player.record(outcome))) }
        // The check-in opened support earlier and went on: its handoff row joins this one. Only the
        // session's own check-in (one from the library, with a check-in paused, keeps the row apart).
        if let id, let handoff = state.model.current.part(\.checkIn)?.supportRow {
            state.modify(\.checkIn) { $0.supportRow = nil }
            effects.append(.mergeHandoff(handoff, into: id))
        }
        return effects
    }

    /// The handoff row of this check-in's visit to support, kept to merge if the check-in goes on.
    static func handoffRecorded(_ state: inout AppState, id: Int64?) -> [Effect] {
        guard let id, state.checkIn?.supportRecorded == true else { return [] }
        if let row = state.session?.journalID {
            // The check-in's own row was begun meanwhile: merge at once.
            return [.mergeHandoff(id, into: row)]
        }
        state.modify(\.checkIn) { $0.supportRow = id }
        return []
    }

    /// The session ended (finished, stopped, or allin closing): the journal learns what happened. A
    /// plan step counts as played by the journal's own rule (`PlaybackRecord.listened`), else it
    /// stays open.
    static func sessionEnded(_ state: inout AppState, _ outcome: PlaybackRecord.Outcome) -> [Effect] {
        guard var s = state.session, s.player.ended == nil else { return [] }
        s.player.ended = outcome
        state.modify(\.session) { $0 = s }
        if let step = s.planStep {
            return s.listened ? [.recordPlanStepPlayed(step, moodBefore: s.moodBefore)] : []
        }
        guard let id = s.journalID else { return [] }
        return [.recordPlayback(id: id, s.player.record(outcome))]
    }

    /// allin is closing. A check-in that got past its last step stays in the journal even if its
    /// session never started (marked not played); one whose session was under way records how far
    /// it got. A check-in that opened crisis support keeps only the handoff (the privacy rule). At the
    /// note, or in support opened over it, the reflection is kept, with the note's words only where
    /// the crisis rule finds nothing in them (`closingAtTheNote`).
    static func closing(_ state: inout AppState) -> [Effect] {
        if state.screen == .note || state.covered == .note { return closingAtTheNote(&state) }
        if let player = state.session?.player, state.session?.planStep != nil || state.session?.fromLibrary == true {
            // A plan step under way counts if it was listened to already; a session from the library
            // keeps how far it got (found from outside: Ctrl-C left its journal row "not finished",
            // with nothing of what was played).
            guard player.hasStarted, player.ended == nil else { return [] }
            if state.session?.fromLibrary == true { state.closedWith = .partly }
            return sessionEnded(&state, player.stoppedOutcome)
        }
        guard let r = state.result?.recommendation, r.kind == .audio, state.checkIn != nil,
              let session = state.session?.player.session ?? r.session else {
            // Half done, before its last step (or routed elsewhere): nothing of it is kept.
            if state.result == nil, state.support == nil, let c = state.checkIn, LeaveUpdate.hasAnswers(c.flow.answers) {
                state.closedWith = .dropped
            }
            return []
        }
        if let reason = state.support?.reason, reason != .asked { return [] }
        if state.session == nil { state.model.current.keep(SessionState(routed: session)) }
        guard let player = state.session?.player, player.ended == nil else {
            // At the mood after, the session is kept as it ended; the mood after was not given.
            if state.screen == .moodAfter || state.covered == .moodAfter { state.closedWith = .played }
            return []
        }
        state.closedWith = player.hasStarted ? .partly : .notPlayed
        // The screen is left as it was; the runtime stops the player after this.
        return beginJournal(&state) + sessionEnded(&state, player.stoppedOutcome)
    }

    /// allin is closing at the optional note: the mood after was answered (or skipped), so the
    /// reflection is kept as it stands, with the words typed in the note so far when the one crisis
    /// rule finds nothing in them (found from outside: Ctrl-C dropped "shoulders softer, still
    /// tired" without a word). Words it would ask about or hand off on are left out, as a note that
    /// opened support is (the privacy rule), and so is a note under support.
    static func closingAtTheNote(_ state: inout AppState) -> [Effect] {
        guard var s = state.session, !s.completed else { return [] }
        s.completed = true
        state.modify(\.session) { $0 = s }
        var note: String?
        if state.screen == .note, let check = state.context.gates?.check,
           check.check(field: "note", text: s.note.checkedText, answered: noteAnswered(state)).verdict == .clear {
            note = JournalEntry.cleanNote(s.note.text)
        }
        let effects = reflection(s, note: note)
        // Said as allin closes: a note kept as far as it was typed is named (found from outside).
        if !effects.isEmpty, s.planStep == nil { state.closedWith = note == nil ? .reflection : .reflectionWithDraft }
        return effects
    }

    static func journalCompleted(_ state: inout AppState, summary: JournalSummary?, problem: JournalError?) -> [Effect] {
        guard var s = state.session else { return [] }
        s.summary = summary
        if let problem {
            if s.save == .saved { state.notice = JournalCopy.notSaved(problem) }
            s.save = .inMemory(problem)
        }
        state.modify(\.session) { $0 = s }
        return []
    }

    /// Support just opened: audio stops at once, and a handoff from inside a check-in is recorded
    /// (the journal keeps only its tier and time).
    static func supportOpened(_ state: inout AppState, from screen: ScreenID) -> [Effect] {
        var effects: [Effect] = []
        if var s = state.session, s.player.playback.isLive {
            s.player.interruptedAt = s.player.playback.position
            s.player.playback = .notPlaying
            s.player.interrupted = s.player.plan != nil
            state.modify(\.session) { $0 = s }
            effects.append(.stopPlayback)
        }
        let fromCheckIn: Set<ScreenID> = [.checkIn, .routing, .recommendation, .trace, .moodBefore, .player, .moodAfter, .note]
        guard fromCheckIn.contains(screen), let c = state.checkIn else {
            // Opened by words with no check-in under way (typed on home or the end, a library
            // session's note): kept as a handoff of its own, its tier and time only (found from
            // outside: "sucide is the only way out" on home left the journal empty). F2 is not kept.
            if let handoff = state.support?.reason.handoff(lane: .soothe, routed: nil) {
                effects.append(.recordHandoff(CheckIn(), handoff))
            }
            return effects
        }
        guard !c.supportRecorded, let reason = state.support?.reason else { return effects }
        let lane = c.flow.intentLane(in: state.context.vocabulary)
        // The router's handoff when it opened support; its concern when the person said yes to it.
        let routed: Recommendation?
        if case .concernConfirmed = reason { routed = state.result?.recommendation } else { routed = state.support?.handoff }
        let handoff = reason.handoff(lane: lane, routed: routed)
        if let handoff {
            state.modify(\.checkIn) { $0.supportRecorded = true }
            if let row = state.session?.journalID {
                // The check-in is already an entry (support opened from its reflection): it keeps the tier.
                effects.append(.recordSupport(id: row, tier: handoff.crisis?.finding.tier ?? .crisis))
            } else {
                effects.append(.recordHandoff(c.flow.answers, handoff))
            }
        }
        return effects
    }
}
