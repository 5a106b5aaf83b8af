import AllinAudio
import AllinCore
import AllinUI
import Foundation

/// The play loop for one session, audio or read-along.
struct PlaySession {
    let session: Session
    let display: PlayDisplay
    let controls: PlayControls
    let resume: ResumeStore
    let cli: CLI
    /// Said after "Resuming at 0:56, where you stopped earlier today": how to begin again.
    let restartHint: String

    enum Outcome {
        case exit(Int32)
        /// The player failed (at once, or part-way after sound was heard: `afterSound`): read along
        /// instead, from this position.
        case readAlong(reason: String, position: Double, afterSound: Bool)
    }

    /// The session's title as the person sees it (never its lane's id: found from outside, "(clarity, 7:57)").
    private var heading: String {
        "“\(Visible.text(session.title))”"
    }

    func playAudio(_ prepared: PreparedAudio, choice: PlayerChoice, paths: AudioPaths) throws(AudioError) -> Outcome {
        let start = resume.start(duration: prepared.duration)
        resume.trail.began = start
        let playback = prepared.live.map { Playback(choice: choice, live: $0, environment: cli.environment, paths: paths) }
            ?? Playback(choice: choice, file: prepared.file, duration: prepared.duration, environment: cli.environment, paths: paths)
        try playback.start(at: start)
        // A live render's captions grow as it renders; its length is an estimate until it is done.
        var captions: CaptionTrack? { prepared.live?.captions.track ?? prepared.captions }
        var length: Double? { playback.duration ?? captions?.duration }
        let lengthText = prepared.duration.map { " (\(Clock.text($0)))" }
            ?? (prepared.live != nil ? captions.map { " (about \(Clock.text($0.duration)))" } : nil) ?? ""
        // "Starting" until the player shows that sound is coming out (mpv: its audio output and a position;
        // another player: alive past the early window), then "Sound is playing." once (found from
        // outside: "Playing …" was printed before a player that failed at once).
        display.line("Starting \(heading)\(lengthText) with \(Visible.text(choice.name)): \(prepared.origin).")
        var sounding = false
        if start > 0, playback.canStartAtPosition {
            display.line("Resuming at \(Clock.text(playback.position)), a little before where you stopped earlier today\(restartHint).")
        }
        let hints = controls.keysActive ? (playback.canSeek ? "Space pause  ←/→ 15 s  c captions  q stop" : "Space pause  c captions  q stop") : ""
        var captionsOn = true
        var lastCue: Int?
        var confirmingStop = false
        while true {
            let sig = controls.takeSignal()
            if sig == SIGTSTP {
                let wasPlaying = playback.state == .playing
                if wasPlaying { playback.pause() }
                display.clearStatus()
                controls.suspendKeys()
                kill(getpid(), SIGSTOP)
                controls.resumeKeys()
                if wasPlaying { playback.resume() }
                continue
            }
            if sig != 0 {
                return .exit(stop(playback, duration: length, code: 128 + sig))
            }
            for control in controls.read(timeout: PlayCommand.tick) {
                switch control {
                case .togglePause:
                    playback.togglePause()
                    if !display.live { display.line(playback.state == .paused ? Self.paused(at: playback.position) : "Going on.") }
                case .back, .forward:
                    if !playback.seek(by: control == .back ? -PlayCommand.seekStep : PlayCommand.seekStep) {
                        display.line("\(Visible.text(choice.name)) cannot seek; Space pauses, q stops.")
                    }
                    lastCue = nil
                case .toggleCaptions:
                    captionsOn.toggle()
                    display.line(captionsOn ? "Captions on." : "Captions off.")
                    lastCue = nil
                case .stop:
                    if asksBeforeStopping(&confirmingStop, position: playback.position, duration: length) { continue }
                    return .exit(stop(playback, duration: length, code: 0))
                case .yes:
                    if confirmingStop { return .exit(stop(playback, duration: length, code: 0)) }
                case .no:
                    if confirmingStop { confirmingStop = false; display.line("Going on.") }
                case .unusedLine: display.line(PlaySession.unusedLine)
                }
            }
            switch playback.poll() {
            case .finished:
                resume.save(at: length ?? 0, duration: length, finished: true)
                display.clearStatus()
                display.line("Finished.")
                return .exit(0)
            case let .failed(error):
                // At the start or part-way, the words go on from where the sound stopped.
                display.clearStatus()
                resume.save(at: playback.position, duration: length, finished: false)
                return .readAlong(reason: error.soundProblem ?? error.message, position: playback.position, afterSound: sounding)
            default: break
            }
            if !sounding, playback.isAudible {
                sounding = true
                display.clearStatus()
                display.line("Sound is playing.")
            }
            let position = playback.position
            if captionsOn, let track = captions, let i = track.cueIndex(at: position), i != lastCue {
                display.caption(track.cues[i])
                lastCue = i
            }
            display.status(paused: playback.state == .paused, starting: !sounding, position: position, duration: length,
                           title: session.title, hints: playback.isWaiting ? "preparing…  " + hints : hints)
        }
    }

    /// Said on pausing where no status line shows it (lines only: the line-based prompts, a pipe).
    static func paused(at position: Double) -> String {
        "Paused at \(Clock.text(position)); p goes on."
    }

    /// Said when a line typed on a terminal while the session plays does nothing.
    static let unusedLine = "(That line does nothing while the session plays: q ends it, p pauses, help opens crisis support.)"

    /// Whether a stop key asks first, as the full screen does: keys are read one at a time, the
    /// question is not up already (a second q stops), and the session is not nearly over
    /// (`PlayerState.nearlyOver`). Found from outside: q stopped at once, where the full screen asks.
    private func asksBeforeStopping(_ confirming: inout Bool, position: Double, duration: Double?) -> Bool {
        guard controls.keysActive, !confirming else { return false }
        if let duration, duration > 0, position >= (1 - PlayerState.nearlyOver) * duration { return false }
        confirming = true
        display.clearStatus()
        display.line("Stop the session now? y stops, n keeps going.")
        return true
    }

    private func stop(_ playback: Playback, duration: Double?, code: Int32) -> Int32 {
        playback.stop()
        let at = playback.position
        resume.save(at: at, duration: duration, finished: false)
        display.clearStatus()
        display.line("Stopped at \(Clock.text(at)).")
        return code
    }

    private func stopped(at position: Double, duration: Double, code: Int32) -> Int32 {
        resume.save(at: position, duration: duration, finished: false)
        display.clearStatus()
        display.line("Stopped at \(Clock.text(position)).")
        return code
    }

    /// The script's lines paced by their timings, with the same controls.
    /// `afterSound`: the sound was heard, then stopped at `fallbackPosition` (found from outside: a player
    /// that played 8 s was said to give "no audio").
    func readAlong(_ track: CaptionTrack, reason: String, at fallbackPosition: Double?, afterSound: Bool = false,
                   speed: Double) -> Int32 {
        let start = fallbackPosition ?? resume.start(duration: track.duration)
        if resume.trail.began == nil { resume.trail.began = start }
        let why = reason == "--text" ? "read-along text (--text)"
            : afterSound ? "the sound stopped: \(reason); reading along from \(Clock.text(start))"
            : "no audio: \(reason); reading along instead"
        display.line("\(heading) (\(Clock.text(track.duration))): \(why).")
        if fallbackPosition == nil, start > 0 {
            display.line("Resuming at \(Clock.text(start)), a little before where you stopped earlier today\(restartHint).")
        }
        let hints = controls.keysActive ? "Space pause  ←/→ 15 s  q stop" : ""
        var clock = ReadAlongClock(offset: start, speed: speed, now: Monotonic.now())
        var lastCue: Int?
        var confirmingStop = false
        while true {
            let sig = controls.takeSignal()
            if sig == SIGTSTP {
                let wasRunning = !clock.paused
                if wasRunning { clock.pause(now: Monotonic.now()) }
                display.clearStatus()
                controls.suspendKeys()
                kill(getpid(), SIGSTOP)
                controls.resumeKeys()
                if wasRunning { clock.resume(now: Monotonic.now()) }
                continue
            }
            if sig != 0 { return stopped(at: clock.position(now: Monotonic.now()), duration: track.duration, code: 128 + sig) }
            for control in controls.read(timeout: PlayCommand.tick) {
                let now = Monotonic.now()
                switch control {
                case .togglePause:
                    if clock.paused { clock.resume(now: now) } else { clock.pause(now: now) }
                    if !display.live { display.line(clock.paused ? Self.paused(at: clock.position(now: now)) : "Going on.") }
                case .back, .forward:
                    clock.seek(by: control == .back ? -PlayCommand.seekStep : PlayCommand.seekStep, now: now,
                               upper: max(0, track.duration - 1))
                    lastCue = nil
                case .toggleCaptions: break   // the captions are the session here
                case .stop:
                    if asksBeforeStopping(&confirmingStop, position: clock.position(now: now), duration: track.duration) { continue }
                    return stopped(at: clock.position(now: now), duration: track.duration, code: 0)
                case .yes:
                    if confirmingStop { return stopped(at: clock.position(now: now), duration: track.duration, code: 0) }
                case .no:
                    if confirmingStop { confirmingStop = false; display.line("Going on.") }
                case .unusedLine: display.line(PlaySession.unusedLine)
                }
            }
            let position = min(clock.position(now: Monotonic.now()), track.duration)
            if position >= track.duration {
                resume.save(at: track.duration, duration: track.duration, finished: true)
                display.clearStatus()
                display.line("Finished.")
                return 0
            }
            if let i = track.cueIndex(at: position), i != lastCue {
                display.caption(track.cues[i])
                lastCue = i
            }
            display.status(paused: clock.paused, reading: true, position: position, duration: track.duration, title: session.title,
                           hints: hints)
        }
    }
}
