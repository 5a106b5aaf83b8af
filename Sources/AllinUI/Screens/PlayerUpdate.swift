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
                effects = [.startPlayback(plan)]
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
                    state.notice = "\(Visible.text(player, limit: 30)) can't seek; Space pauses, s stops."
                }
                break
            }
            let delta = action == .seekBack ? -seekStep : seekStep
            let upper = max(0, (p.duration ?? position + seekStep) - 1)
            let target = min(max(0, position + delta), upper)
            p.playback = p.playback.isPausedPhase ? .paused(position: target) : .playing(position: target)
            effects = [.seekPlayback(by: delta)]
        case .toggleCaptions:
            p.captionsOn.toggle()
        case .stopSession:
            if p.playback.isLive { effects = [.stopPlayback] }
            p.playback = .notPlaying
            p.interrupted = false
            state.session?.player = p
            return effects + reflect(&state)
        case .showTrace:
            state.result?.traceReturn = .player
            state.result?.traceScroll = 0
            state.screen = .trace
        default: break
        }
        state.session?.player = p
        return effects
    }

    /// On to the mood after (and store the check-in now if its session never got to start).
    static func reflect(_ state: inout AppState, notice: String? = nil) -> [Effect] {
        let effects = SessionUpdate.beginJournal(&state)
        state.overlay = nil
        state.screen = .moodAfter
        if let notice { state.notice = notice }
        return effects
    }

    /// The runtime's answer to `checkPlayability` (or a failure): decide what runs, with the trace.
    static func decide(_ state: inout AppState, _ availability: AudioAvailability) -> [Effect] {
        guard var p = state.session?.player, let checkIn = state.checkIn, let r = state.result?.recommendation else {
            return []
        }
        let catalog = state.context.catalog
        let d = Playability.decide(routed: p.routed, checkIn: checkIn.flow.answers, sootheFirst: r.sootheFirst,
                                   catalog: catalog, audio: availability)
        p.availability = availability
        p.plan = d.plan
        p.session = catalog.session(d.plan.slug) ?? p.routed
        p.fallback = d.notice
        p.started = nil
        p.playback = .preparing(fraction: 0, step: gettingReady)
        state.result?.recommendation.trace += d.trace
        state.session?.player = p
        return [.startPlayback(d.plan)]
    }

    static func playabilityChecked(_ state: inout AppState, _ availability: AudioAvailability) -> [Effect] {
        guard let p = state.session?.player, p.plan == nil else { return [] }
        return decide(&state, availability)
    }

    static func progressed(_ state: inout AppState, slug: String, fraction: Double, step: String) -> [Effect] {
        guard var p = state.session?.player, p.plan?.slug == slug, case .preparing = p.playback else { return [] }
        p.playback = .preparing(fraction: min(1, max(0, fraction)), step: step)
        state.session?.player = p
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
        p.playback = .playing(position: start.position)
        state.session?.player = p
        if start.resumed {
            state.notice = "Resuming at \(TimeText.clock(start.position)), where you stopped earlier today."
        }
        return SessionUpdate.beginJournal(&state)
    }

    /// A start failed: the session's own problem takes it out of the running; the player's problem
    /// (or too many failures) leaves read-along text. Both land in the trace.
    static func failed(_ state: inout AppState, _ failure: PlaybackFailure) -> [Effect] {
        guard var p = state.session?.player, p.plan?.slug == failure.slug, p.playback.isLive else { return [] }
        p.failures += 1
        state.result?.recommendation.trace.append(TraceEntry(gate: "player", decision: "failed", details: [
            ("slug", .string(failure.slug)), ("scope", .string(failure.scope == .player ? "player" : "session")),
            ("reason", .string(failure.reason)),
        ]))
        var available = p.availability ?? AudioAvailability(player: nil, playable: [])
        if failure.scope == .player || p.failures >= maxFailures {
            available.player = nil
            available.noPlayerReason = failure.reason
        } else {
            available = available.markingFailed(failure.slug, reason: failure.reason)
        }
        state.session?.player = p
        return decide(&state, available)
    }

    static func ticked(_ state: inout AppState, _ status: PlayerStatus) -> [Effect] {
        guard var p = state.session?.player, p.started != nil else { return [] }
        switch p.playback {
        case .playing, .paused: break
        default: return []
        }
        switch status.phase {
        case .playing: p.playback = .playing(position: status.position)
        case .paused: p.playback = .paused(position: status.position)
        case .finished:
            p.playback = .notPlaying
            state.session?.player = p
            return reflect(&state, notice: "The session has finished. Take a moment before you answer.")
        case let .failed(reason, atStart):
            guard !atStart else { return failed(&state, PlaybackFailure(slug: p.session.slug, reason: reason, scope: .player)) }
            p.playback = .notPlaying
            state.session?.player = p
            return reflect(&state, notice: "The player stopped unexpectedly (\(reason)). Your place is kept for today.")
        }
        state.session?.player = p
        return []
    }
}

/// Times as people read them: 4:05, 1:02:03.
enum TimeText {
    static func clock(_ seconds: Double) -> String {
        let s = max(0, Int(seconds.isFinite ? seconds.rounded(.down) : 0))
        let pad: (Int) -> String = { $0 < 10 ? "0\($0)" : "\($0)" }
        if s >= 3600 { return "\(s / 3600):\(pad(s / 60 % 60)):\(pad(s % 60))" }
        return "\(s / 60):\(pad(s % 60))"
    }
}
