import AllinAudio
import AllinCore
import Foundation

/// `allin play SLUG`: one session through a command-line player (rendered first if needed), or as
/// read-along text when no player can play it. Keys on a terminal; Ctrl-C stops cleanly; the player
/// never outlives allin.
struct PlayCommand {
    let cli: CLI

    static let seekStep = 15.0
    static let tick = 0.1

    func run(_ args: Arguments) throws -> Int32 {
        let slug = args.positional[0]
        if args.has("--text"), args["--player"] != nil {
            throw CLIError.usage(command: "play", message: "choose one of --text and --player")
        }
        var speed = 1.0
        if let raw = args["--speed"] {
            guard let v = Double(raw), (0.5...10).contains(v) else {
                throw CLIError.input(field: "--speed", message: "expected a number from 0.5 to 10, found '\(Visible.text(raw, limit: 20))'")
            }
            speed = v
        }
        let ctx = try AudioContext(cli: cli, args: args)
        let session = try ctx.sessions([slug], command: "play")[0]
        let report = args.has("--text") ? nil : try ctx.players(option: args["--player"])
        return Self.play(session, ctx: ctx, report: report, speed: speed, fromStart: args.has("--from-start")).code
    }

    /// Plays one session (audio, falling back to read-along, or read-along alone when `report` is nil)
    /// and says how far it got: `allin play` and the end of `allin --plain` both come here.
    static func play(_ session: Session, ctx: AudioContext, report: PlayerReport?, speed: Double,
                     fromStart: Bool) -> (code: Int32, record: PlaybackRecord) {
        let cli = ctx.cli
        ChildRegistry.shared.installExitHook()
        let display = PlayDisplay(io: cli.io, live: ctx.outputIsTerminal, columns: ctx.columns, unicode: ctx.unicode,
                                  term: cli.environment["TERM"])
        let controls = PlayControls(readKeys: cli.io is StandardIO && cli.io.inputIsTerminal)
        defer {
            display.clearStatus()
            controls.finish()
        }
        var resume = ResumeStore(paths: ctx.paths, slug: session.slug, fromStart: fromStart)
        // Never resumed silently: on a terminal the person chooses; otherwise the play loop says
        // where it resumes (and how to begin again).
        let saved = resume.start(duration: nil)
        if saved > 0, controls.keysActive {
            cli.io.out("You stopped “\(Visible.text(session.title))” part-way earlier today.\n")
            cli.io.out("Resume from \(Clock.text(saved))? (Enter resumes, r restarts) ")
            let answer = controls.askResume()
            cli.io.out("\n")
            switch answer {
            case .resume: break
            case .restart:
                resume = ResumeStore(paths: ctx.paths, slug: session.slug, fromStart: true)
                resume.forget()
            case let .stop(signal):
                return (signal == 0 ? 0 : 128 + signal, PlaybackRecord(outcome: .notPlayed))
            }
        }
        let session_ = PlaySession(session: session, display: display, controls: controls, resume: resume, cli: cli)

        var why: String
        var fallbackAt: Double?
        if let choice = report?.choice {
            let renderer = try? ctx.renderer().get()
            do {
                let prepared = try ctx.library.prepare(slug: session.slug, renderer: renderer, player: choice.template,
                                                       progress: display.renderProgress)
                display.clearStatus()
                switch try session_.playAudio(prepared, choice: choice, paths: ctx.paths) {
                case let .exit(code):
                    let t = resume.trail
                    return (code, PlaybackRecord(outcome: t.finished ? .finished : t.position > 0 ? .stoppedEarly : .notPlayed,
                                                 audioSeconds: t.position, length: prepared.duration))
                case let .readAlong(reason, position):
                    why = reason
                    fallbackAt = position
                }
            } catch {
                display.clearStatus()
                why = error.message
            }
        } else {
            why = report?.why ?? "--text"
        }
        let track = ctx.library.readAlong(session, wordsPerMinute: Double(ctx.config.rate ?? RenderSettings().rate))
        let code = session_.readAlong(track, reason: why, at: fallbackAt, speed: speed)
        let t = resume.trail
        let heard = fallbackAt ?? 0
        let read = max(0, t.position - heard)
        return (code, PlaybackRecord(outcome: t.finished ? .finished : t.position > 0 ? .stoppedEarly : .notPlayed,
                                     audioSeconds: heard, readAlongSeconds: read, length: track.duration))
    }
}

/// Where a play loop last stood (the position saved on the way out), for the caller's record.
final class PlayTrail {
    var position = 0.0
    var finished = false
}

/// Resume positions for one session: where to start today, what to remember on the way out.
struct ResumeStore {
    let positions: PlaybackPositions
    let slug: String
    let fromStart: Bool
    let today = PlaybackPositions.today()
    let trail = PlayTrail()

    init(paths: AudioPaths, slug: String, fromStart: Bool) {
        positions = PlaybackPositions(paths: paths)
        self.slug = slug
        self.fromStart = fromStart
    }

    func start(duration: Double?) -> Double {
        fromStart ? 0 : ResumePolicy.startPosition(slug: slug, today: today, records: positions.load(), duration: duration)
    }

    /// Forgets where this session was left (the person chose to start over).
    func forget() { positions.forget(slug) }

    func save(at position: Double, duration: Double?, finished: Bool) {
        trail.position = position
        trail.finished = finished
        let records = ResumePolicy.records(afterStopping: slug, at: position, duration: duration, finished: finished,
                                           today: today, existing: positions.load())
        try? positions.save(records)
    }
}

/// The play loop for one session, audio or read-along.
struct PlaySession {
    let session: Session
    let display: PlayDisplay
    let controls: PlayControls
    let resume: ResumeStore
    let cli: CLI

    enum Outcome {
        case exit(Int32)
        /// The player failed (at once or part-way): read along instead, from this position.
        case readAlong(reason: String, position: Double)
    }

    private var heading: String {
        "“\(Visible.text(session.title))” (\(session.lane.rawValue)"
    }

    func playAudio(_ prepared: PreparedAudio, choice: PlayerChoice, paths: AudioPaths) throws(AudioError) -> Outcome {
        let start = resume.start(duration: prepared.duration)
        let playback = Playback(choice: choice, file: prepared.file, duration: prepared.duration,
                                environment: cli.environment, paths: paths)
        try playback.start(at: start)
        let length = prepared.duration.map { ", \(Clock.text($0))" } ?? ""
        display.line("Playing \(heading)\(length)) with \(Visible.text(choice.name)): \(prepared.origin).")
        if start > 0, choice.template.canStartAtPosition {
            display.line("Resuming at \(Clock.text(playback.position)), where you stopped earlier today (--from-start to begin again).")
        }
        let hints = controls.keysActive ? (playback.canSeek ? "Space pause  ←/→ 15 s  c captions  q stop" : "Space pause  c captions  q stop") : ""
        var captionsOn = true
        var lastCue: Int?
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
                return .exit(stop(playback, duration: prepared.duration, code: 128 + sig))
            }
            for control in controls.read(timeout: PlayCommand.tick) {
                switch control {
                case .togglePause: playback.togglePause()
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
                    return .exit(stop(playback, duration: prepared.duration, code: 0))
                }
            }
            switch playback.poll() {
            case .finished:
                resume.save(at: prepared.duration ?? 0, duration: prepared.duration, finished: true)
                display.clearStatus()
                display.line("Finished.")
                return .exit(0)
            case let .failed(error):
                // At the start or part-way, the words go on from where the sound stopped.
                display.clearStatus()
                resume.save(at: playback.position, duration: prepared.duration, finished: false)
                return .readAlong(reason: error.soundProblem ?? error.message, position: playback.position)
            default: break
            }
            let position = playback.position
            if captionsOn, let track = prepared.captions, let i = track.cueIndex(at: position), i != lastCue {
                display.caption(track.cues[i])
                lastCue = i
            }
            display.status(paused: playback.state == .paused, position: position, duration: prepared.duration,
                           title: session.title, hints: hints)
        }
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
    func readAlong(_ track: CaptionTrack, reason: String, at fallbackPosition: Double?, speed: Double) -> Int32 {
        let start = fallbackPosition ?? resume.start(duration: track.duration)
        let why = reason == "--text" ? "read-along text (--text)" : "no audio (\(reason)); reading along instead"
        display.line("\(heading), \(Clock.text(track.duration))): \(why).")
        if fallbackPosition == nil, start > 0 {
            display.line("Resuming at \(Clock.text(start)), where you stopped earlier today (--from-start to begin again).")
        }
        let hints = controls.keysActive ? "Space pause  ←/→ 15 s  q stop" : ""
        var clock = ReadAlongClock(offset: start, speed: speed, now: Monotonic.now())
        var lastCue: Int?
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
                case .togglePause: if clock.paused { clock.resume(now: now) } else { clock.pause(now: now) }
                case .back, .forward:
                    clock.seek(by: control == .back ? -PlayCommand.seekStep : PlayCommand.seekStep, now: now,
                               upper: max(0, track.duration - 1))
                    lastCue = nil
                case .toggleCaptions: break   // the captions are the session here
                case .stop: return stopped(at: clock.position(now: now), duration: track.duration, code: 0)
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
            display.status(paused: clock.paused, position: position, duration: track.duration, title: session.title, hints: hints)
        }
    }
}

/// Time for read-along text: runs at `speed`, pauses, seeks.
struct ReadAlongClock {
    private var offset: Double
    private var startedAt: Double
    private var pausedAt: Double?
    let speed: Double

    init(offset: Double, speed: Double, now: Double) {
        self.offset = offset
        self.speed = speed
        startedAt = now
    }

    var paused: Bool { pausedAt != nil }

    func position(now: Double) -> Double { offset + ((pausedAt ?? now) - startedAt) * speed }

    mutating func pause(now: Double) { if pausedAt == nil { pausedAt = now } }

    mutating func resume(now: Double) {
        guard let p = pausedAt else { return }
        startedAt += now - p
        pausedAt = nil
    }

    mutating func seek(by delta: Double, now: Double, upper: Double) {
        offset = min(max(0, position(now: now) + delta), upper)
        startedAt = now
        if pausedAt != nil { pausedAt = now }
    }
}
