import AllinCore
import AllinUI

/// The player's effects: starting a plan (rendering off the loop when needed), polling, Ctrl-Z.
extension AppRuntime {
    /// Starts `plan`'s session: at `position` when given (where support stopped it), else where it was
    /// left earlier today if it was.
    func startPlayback(_ plan: PlaybackPlan, from position: Double? = nil) -> [Msg] {
        stopPlayer()
        switch plan {
        case let .readAlong(slug):
            guard let session = state.context.catalog.session(slug) else { return [] }
            return started(player.startReadAlong(session, from: position.map { ReadAlongPlace(cue: nil, position: $0) }))
        case let .play(slug), let .substitute(slug, _, _):
            // Audio that has to be made again (its cache deleted meanwhile) starts where it was left
            // earlier today, if it was: the screen's words allow for it ("when the player can").
            if player.needsPreparation(slug) {
                preparation = PreparationJob(slug: slug, client: player, executor: renderExecutor)
                return []
            }
            do {
                return started(try player.start(slug, from: position))
            } catch {
                return [.playbackFailed(error)]
            }
        }
    }

    /// The player failed: the same session as read-along text, from where the sound stopped.
    func continueReadAlong(_ slug: String, from place: ReadAlongPlace) -> [Msg] {
        stopPlayer()
        guard let session = state.context.catalog.session(slug) else { return [] }
        return started(player.startReadAlong(session, from: place))
    }

    func started(_ start: PlaybackStart) -> [Msg] {
        playing = true
        return [.playbackStarted(start)]
    }

    /// The render's progress and result, or the running player's position and phase.
    func pollPlayer() -> [Msg] {
        if let job = preparation {
            let (progress, result) = job.take()
            var msgs: [Msg] = []
            if let progress {
                msgs.append(.preparationProgressed(slug: job.slug, fraction: progress.fraction, step: progress.step))
            }
            switch result {
            case .success?:
                preparation = nil
                msgs.append(.audioPrepared(slug: job.slug))
            case let .failure(failure)?:
                preparation = nil
                msgs.append(.playbackFailed(failure))
            case nil: break
            }
            return msgs
        }
        guard playing else { return [] }
        let status = player.poll()
        switch status.phase {
        case .finished, .failed: playing = false
        case .playing, .paused: break
        }
        return [.playerTicked(status)]
    }

    /// Ctrl-Z: the player pauses while allin is stopped (it lives in its own process group) and
    /// plays on when allin is continued.
    func suspend() {
        let wasPlaying = playing && { if case .playing = state.session?.player.playback { return true } else { return false } }()
        if wasPlaying { player.pause() }
        terminal.suspend()
        previous = nil
        if wasPlaying { player.resume() }
    }
}
