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
        return Self.play(session, ctx: ctx, report: report, speed: speed, fromStart: args.has("--from-start"),
                         textAsked: args.has("--text")).code
    }

    /// Plays one session (audio, falling back to read-along, or read-along alone when `report` is nil:
    /// `--text` when `textAsked`, else the player set for allin could not be used) and says how far it
    /// got: `allin play` and the end of `allin --plain` both come here.
    /// `plain`: for the line-based prompts (`allin --plain`, `allin plan next`): captions and progress
    /// as lines, never a status line redrawn in place (a screen reader reads every redraw).
    /// `lines`: what is typed while it plays is read as whole lines (`PlayLines`), never as keys.
    /// `signalsForwarded`: see `PlayControls.init`.
    static func play(_ session: Session, ctx: AudioContext, report: PlayerReport?, speed: Double,
                     fromStart: Bool, textAsked: Bool = false, plain: Bool = false, lines: PlayLines? = nil,
                     signalsForwarded: Bool = false) -> (code: Int32, record: PlaybackRecord) {
        let cli = ctx.cli
        ChildRegistry.shared.installExitHook()
        let display = plain ? PlayDisplay.plain(io: cli.io, columns: ctx.columns, unicode: ctx.unicode,
                                                wrapsLines: ctx.outputIsTerminal)
            : PlayDisplay(io: cli.io, live: ctx.outputIsTerminal, columns: ctx.columns, unicode: ctx.unicode,
                          term: cli.environment["TERM"], wrapsLines: ctx.outputIsTerminal)
        let controls = PlayControls(readKeys: cli.io is StandardIO && cli.io.inputIsTerminal, lines: lines,
                                    signalsForwarded: signalsForwarded)
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
        // The line-based prompts offered 'restart' before it started; `allin play` has --from-start.
        let session_ = PlaySession(session: session, display: display, controls: controls, resume: resume, cli: cli,
                                   restartHint: lines == nil ? " (--from-start to begin again)" : "")

        var why: String
        var fallbackAt: Double?
        var afterSound = false
        if let choice = report?.choice {
            let renderer = try? ctx.renderer().get()
            do {
                let prepared = try ctx.library.prepareLive(slug: session.slug, renderer: renderer, player: choice.template,
                                                           progress: { display.renderProgress($0, title: session.title) })
                display.clearStatus()
                switch try session_.playAudio(prepared, choice: choice, paths: ctx.paths) {
                case let .exit(code):
                    let t = resume.trail
                    return (code, PlaybackRecord(outcome: t.outcome, audioSeconds: t.playedNow,
                                                 length: prepared.live?.duration ?? prepared.duration))
                case let .readAlong(reason, position, sounded):
                    why = reason
                    fallbackAt = position
                    afterSound = sounded
                }
            } catch {
                display.clearStatus()
                why = error.message
            }
        } else {
            why = noSound(report, textAsked: textAsked, plain: plain)
        }
        // Timed as the render in the cache speaks it, when there is one: one length for the session on
        // one screen (found from outside: "(7:33) with mpv", then "(7:45): no audio").
        let track = ctx.library.readAlong(session, wordsPerMinute: Double(ctx.config.rate ?? RenderSettings().rate),
                                          renderer: try? ctx.renderer().get())
        let code = session_.readAlong(track, reason: why, at: fallbackAt, afterSound: afterSound, speed: speed)
        let t = resume.trail
        let began = t.began ?? 0
        // Heard before the sound failed (from where this run began), then read from there.
        let heard = fallbackAt.map { max(0, $0 - began) } ?? 0
        let read = max(0, t.position - (fallbackAt ?? began))
        return (code, PlaybackRecord(outcome: t.outcome, audioSeconds: heard, readAlongSeconds: read, length: track.duration))
    }
}

extension PlayCommand {
    /// Where `slug` was stopped part-way earlier today (nil: it wasn't), for the line-based prompts
    /// to say before it starts.
    static func resumePosition(_ slug: String, cli: CLI, args: Arguments) -> Double? {
        guard let paths = try? cli.audioPaths(args) else { return nil }
        let at = ResumeStore(paths: paths, slug: slug, fromStart: false).start(duration: nil)
        return at > 0 ? at : nil
    }

    /// Why there is no sound when the player set for allin (`--player`, the environment or the config
    /// file) could not be used and the caller went on without one.
    static let noPlayer = "the player set for allin can't be used here"

    /// Why a session is read along with no player tried: "--text" only when it was asked for.
    /// `plain`: for a person at the line-based prompts, the reason without a setting's or a
    /// variable's name ("sound is turned off for allin", not "ALLIN_PLAYER is 'none'").
    static func noSound(_ report: PlayerReport?, textAsked: Bool, plain: Bool = false) -> String {
        if plain, let report, !report.plain.isEmpty { return report.plain }
        return report?.why ?? (textAsked ? "--text" : noPlayer)
    }
}

/// Where a play loop last stood (the position saved on the way out), for the caller's record.
final class PlayTrail {
    var position = 0.0
    var finished = false
    /// Where this run started (a resumed session starts part-way): only what lies after it was heard
    /// or read now (found from outside: a session resumed at 4:49 and stopped at once counted 4:49
    /// read, and a plan step counted as played).
    var began: Double?

    /// The seconds played in this run up to `position`, and how the run ended.
    var playedNow: Double { max(0, position - (began ?? 0)) }
    var outcome: PlaybackRecord.Outcome { finished ? .finished : playedNow > 0 ? .stoppedEarly : .notPlayed }
}
