import AllinCore

/// The player screen: the playability decision and its fallbacks, the keys, and the player's answers
/// and ticks. Every change of playback is an effect; positions come only from ticks.
enum PlayerUpdate {
    /// Seconds a ←/→ moves.
    static let seekStep = 15.0
    /// After this many failed starts, the session runs as read-along text.
    static let maxFailures = 3
    /// The step shown until the runtime reports rendering progress.
    static let gettingReady = "Getting the session ready"

    static func perform(_ state: inout AppState, _ action: Action) -> [Effect] {
        guard var p = state.session?.player else { return [] }
        var effects: [Effect] = []
        switch action {
        case .togglePause:
            if p.interrupted, let plan = p.plan {
                p.interrupted = false
                p.playback = .preparing(fraction: 0, step: gettingReady)
                // It starts again where it stood, even in its first 10 s (the saved place for reopening
                // a session later keeps only stops of 10 s or more). `interruptedAt` stays until the
                // start is answered, for the words said then.
                if p.isReadAlong, let at = p.interruptedAt {
                    effects = [.continueReadAlong(slug: plan.slug, from: ReadAlongPlace(cue: nil, position: at))]
                } else if let at = p.interruptedAt {
                    effects = [.continuePlayback(plan, from: at)]
                } else {
                    effects = [.startPlayback(plan)]
                }
            } else if case let .playing(position) = p.playback {
                p.playback = .paused(position: position)
                effects = [.pausePlayback]
            } else if case let .paused(position) = p.playback {
                p.playback = .playing(position: position)
                effects = [.resumePlayback]
            }
        case .seekBack, .seekForward:
            guard let position = p.playback.position, let started = p.started else { break }
            guard started.canSeek else {
                if case let .audio(player, _) = started.mode {
                    state.notice = "\(Visible.text(player, limit: 30)) can't seek; Space pauses, x then Enter stops."
                }
                break
            }
            let delta = action == .seekBack ? -seekStep : seekStep
            let upper = max(0, (p.duration ?? position + seekStep) - 1)
            let target = min(max(0, position + delta), upper)
            p.playback = p.playback.isPausedPhase ? .paused(position: target) : .playing(position: target)
            p.countedTo = target
            effects = [.seekPlayback(by: delta)]
        case .toggleCaptions:
            // In read-along the words are the session: they can't be hidden into a blank screen.
            if p.isReadAlong {
                p.captionsOn = true
            } else {
                p.captionsOn.toggle()
            }
        case .stopSession:
            guard p.stopsWithoutAsking || p.confirmingStop else {
                p.confirmingStop = true
                break
            }
            state.modify(\.session) { $0.player = p }
            return stop(&state)
        case .confirmStop:
            state.modify(\.session) { $0.player = p }
            return stop(&state)
        case .keepPlaying:
            p.confirmingStop = false
        case .resumeHere, .startOver:
            guard p.resumeOffer != nil, let plan = p.plan else { break }
            p.resumeOffer = nil
            p.resumeStoppedAt = nil
            p.playback = .preparing(fraction: 0, step: gettingReady)
            effects = action == .startOver ? [.forgetResume(slug: plan.slug), .startPlayback(plan)] : [.startPlayback(plan)]
        case .showTrace:
            state.modify(\.result) { $0.traceScroll = 0 }
            state.current = .trace(over: state.current)
        default: break
        }
        state.modify(\.session) { $0.player = p }
        return effects
    }

    /// Stops the session early and goes on to reflect.
    static func stop(_ state: inout AppState) -> [Effect] {
        guard var p = state.session?.player else { return [] }
        let effects: [Effect] = p.playback.isLive ? [.stopPlayback] : []
        let outcome = p.stoppedOutcome
        p.stoppedAt = p.playback.position
        p.playback = .notPlaying
        p.interrupted = false
        p.interruptedAt = nil
        p.confirmingStop = false
        state.modify(\.session) { $0.player = p }
        return effects + reflect(&state, outcome: outcome)
    }

    /// On to the mood after: the journal learns how the session ended (the check-in is stored now
    /// if its session never got to start).
    static func reflect(_ state: inout AppState, outcome: PlaybackRecord.Outcome, notice: String? = nil) -> [Effect] {
        state.modify(\.session) { $0.player.confirmingStop = false }
        let effects = SessionUpdate.beginJournal(&state) + SessionUpdate.sessionEnded(&state, outcome)
        state.overlay = nil
        state.model.goTo(.moodAfter)
        if let notice { state.notice = notice }
        return effects
    }

    /// The runtime's answer to `checkPlayability` (or a failure): decide what runs, with the trace.
    static func decide(_ state: inout AppState, _ availability: AudioAvailability) -> [Effect] {
        guard var p = state.session?.player, let r = state.result?.recommendation, let catalog = state.context.gates?.catalog,
              let answers = state.session?.withoutCheckIn == true ? CheckIn() : state.checkIn?.flow.answers else {
            return []
        }
        // A plan step or a library choice has no check-in: only the session itself decides what stands in for it.
        let d = Playability.decide(routed: p.routed, checkIn: answers, sootheFirst: r.sootheFirst,
                                   catalog: catalog, audio: availability)
        p.availability = availability
        p.plan = d.plan
        p.session = catalog.session(d.plan.slug) ?? p.routed
        p.fallback = d.notice
        p.started = nil
        p.playback = .preparing(fraction: 0, step: gettingReady)
        p.resumeOffer = nil
        p.resumeStoppedAt = nil
        state.modify(\.result) { $0.recommendation.trace += d.trace }
        // A session is never resumed silently: the first start of a session left part-way earlier
        // today asks "Resume from 3:12?" (Enter resumes, r starts over).
        let (first, _) = p.resumeAnswered.insert(d.plan.slug)
        if first, let at = availability.resumePoints[d.plan.slug], at > 0 {
            p.resumeOffer = at
            p.resumeStoppedAt = availability.stoppedAt[d.plan.slug]
            p.playback = .notPlaying
            state.modify(\.session) { $0.player = p }
            return []
        }
        state.modify(\.session) { $0.player = p }
        return [.startPlayback(d.plan)]
    }

    static func playabilityChecked(_ state: inout AppState, _ availability: AudioAvailability) -> [Effect] {
        guard let p = state.session?.player, p.plan == nil else { return [] }
        return decide(&state, availability)
    }

    static func progressed(_ state: inout AppState, slug: String, fraction: Double, step: String) -> [Effect] {
        guard var p = state.session?.player, p.plan?.slug == slug, case .preparing = p.playback else { return [] }
        p.playback = .preparing(fraction: min(1, max(0, fraction)), step: step)
        state.modify(\.session) { $0.player = p }
        return []
    }

    static func prepared(_ state: inout AppState, slug: String) -> [Effect] {
        guard let p = state.session?.player, let plan = p.plan, plan.slug == slug, case .preparing = p.playback else {
            return []
        }
        return [.startPlayback(plan)]
    }

    static func started(_ state: inout AppState, _ start: PlaybackStart) -> [Effect] {
        // A start nobody waits for any more (stopped, support opened): stop it again at once.
        guard var p = state.session?.player, p.plan?.slug == start.slug, case .preparing = p.playback else {
            return [.stopPlayback]
        }
        p.started = start
        if let length = start.duration ?? start.captions?.duration { state.startedLengths[start.slug] = length }
        p.playback = .playing(position: start.position)
        p.countedTo = start.position
        p.audible = start.mode == .readAlong
        if start.mode == .readAlong { p.captionsOn = true }
        let afterSupport = p.interruptedAt
        p.interruptedAt = nil
        state.modify(\.session) { $0.player = p }
        if p.soundProblem == nil, let words = startWords(start, afterSupport: afterSupport) { state.notice = words }
        return SessionUpdate.beginJournal(&state)
    }

    /// What a start says about where it began: after support, where it started again (or that it
    /// could only start at the beginning); else where a session left earlier today resumed.
    static func startWords(_ start: PlaybackStart, afterSupport: Double?) -> String? {
        let at = TimeText.clock(start.position)
        guard let stood = afterSupport else {
            return start.resumed ? "Resumed at \(at), a little before where you stopped earlier today." : nil
        }
        // Read-along says so (found from outside: "Playing again" over text, with no sound).
        let again = start.mode == .readAlong ? "Reading again" : "Playing again"
        if abs(start.position - stood) < 0.5 { return start.resumed ? "\(again) from \(at), where it stopped when support opened." : nil }
        if start.resumed { return "\(again) from \(at), a little before where it stopped when support opened." }
        return "\(again) from the beginning: it couldn't start part-way here."
    }

    /// A start failed: the session's own problem takes it out of the running; the player's problem
    /// (or too many failures) leaves read-along text. Both land in the trace.
    static func failed(_ state: inout AppState, _ failure: PlaybackFailure) -> [Effect] {
        guard var p = state.session?.player, p.plan?.slug == failure.slug, p.playback.isLive else { return [] }
        p.failures += 1
        p.interruptedAt = nil
        let entry = TraceEntry(gate: "player", decision: "failed", details: [
            ("slug", .string(failure.slug)), ("scope", .string(failure.scope == .player ? "player" : "session")),
            ("reason", .string(failure.reason)),
        ])
        state.modify(\.result) { $0.recommendation.trace.append(entry) }
        var available = p.availability ?? AudioAvailability(player: nil, playable: [])
        if failure.scope == .player || p.failures >= maxFailures {
            available.player = nil
            available.noPlayerReason = failure.reason
        } else {
            available = available.markingFailed(failure.slug, reason: failure.reason)
        }
        state.modify(\.session) { $0.player = p }
        return decide(&state, available)
    }

    static func ticked(_ state: inout AppState, _ status: PlayerStatus) -> [Effect] {
        guard var p = state.session?.player, p.started != nil else { return [] }
        switch p.playback {
        case .playing, .paused: break
        default: return []
        }
        if status.audible { p.audible = true }
        p.waiting = status.waiting
        if let captions = status.captions {
            p.started?.captions = captions
            p.started?.duration = captions.estimated ? nil : captions.duration
            // A session rendering as it plays: its length as the clock now shows it.
            if let slug = p.started?.slug { state.startedLengths[slug] = captions.duration }
        }
        switch status.phase {
        case .playing:
            p.count(to: status.position)
            p.playback = .playing(position: status.position)
        case .paused:
            p.playback = .paused(position: status.position)
            p.countedTo = status.position
        case .finished:
            p.count(to: status.position)
            p.playback = .notPlaying
            state.modify(\.session) { $0.player = p }
            return reflect(&state, outcome: .finished, notice: "The session has finished. Take a moment before you answer.")
        case let .failed(reason, atStart):
            state.modify(\.session) { $0.player = p }
            return soundFailed(&state, reason: reason, at: status.position, heard: !atStart && p.audible)
        }
        state.modify(\.session) { $0.player = p }
        return []
    }

    /// The player died (at once, or part-way): one plain line says so, and the same session goes on
    /// as read-along text from the line that was playing. The failure lands in the trace.
    static func soundFailed(_ state: inout AppState, reason: String, at position: Double, heard: Bool = false) -> [Effect] {
        guard var p = state.session?.player else { return [] }
        let entry = TraceEntry(gate: "player", decision: "failed", details: [
            ("slug", .string(p.session.slug)), ("scope", .string("player")), ("reason", .string(reason)),
            ("position", .number((position * 10).rounded() / 10)),
        ])
        state.modify(\.result) { $0.recommendation.trace.append(entry) }
        let cue = p.started?.captions?.cueIndex(at: position)
        // Sound that was heard and then stopped is not "no sound output" (found from outside: "No sound
        // output: mpv ended by SIGKILL" after five seconds of sound).
        p.soundProblem = heard ? "The sound stopped: \(reason). Showing the words from here."
            : "No sound output: \(reason). Showing the words instead."
        p.failures += 1
        p.availability?.player = nil
        p.availability?.noPlayerReason = reason
        p.plan = .readAlong(slug: p.session.slug)
        p.confirmingStop = false
        p.captionsOn = true
        p.playback = .preparing(fraction: 0, step: gettingReady)
        state.modify(\.session) { $0.player = p }
        return [.continueReadAlong(slug: p.session.slug, from: ReadAlongPlace(cue: cue, position: position))]
    }
}
