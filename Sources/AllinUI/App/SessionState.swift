import AllinCore

/// Where the player is (the VoiceMemos model): nothing running, audio being rendered, or running
/// with its progress. Progress comes only from the runtime's ticks.
public enum PlaybackPhase: Equatable, Sendable {
    case notPlaying
    /// The audio is being rendered for its first play.
    case preparing(fraction: Double, step: String)
    case playing(position: Double)
    case paused(position: Double)

    /// True while a player (or a render for it) is at work.
    public var isLive: Bool { self != .notPlaying }

    public var position: Double? {
        switch self {
        case let .playing(p), let .paused(p): return p
        default: return nil
        }
    }
}

/// The player screen: which session runs, how, and how far it has got.
public struct PlayerState: Equatable, Sendable {
    /// The session the router chose.
    public var routed: Session
    /// The session that runs (the legacy matcher's pick when the routed one cannot play).
    public var session: Session
    /// What can play here (nil until the runtime has checked).
    public var availability: AudioAvailability?
    public var plan: PlaybackPlan?
    /// How the running session started (mode, length, captions); nil before it has.
    public var started: PlaybackStart?
    public var playback: PlaybackPhase = .notPlaying
    public var captionsOn = true
    /// Why the routed session is not what plays as audio, shown under the title.
    public var fallback: String?
    /// Set when crisis support stopped the session: Space plays on from where it stopped.
    public var interrupted = false
    /// Where the session stood when support stopped it: read-along starts again exactly there.
    public var interruptedAt: Double?
    /// Sessions or players that failed to start so far (bounded, so fallbacks always end).
    public var failures = 0
    /// True once sound is known to be coming out (always for read-along); until then the screen
    /// says the player is starting, not playing.
    public var audible = false
    /// True while the player waits for the part of the session still being made.
    public var waiting = false
    /// The one plain line shown when the player failed and the words took over.
    public var soundProblem: String?
    /// Where the session resumes (a little before where it was left earlier today), while
    /// "Resume from 3:12?" waits for an answer.
    public var resumeOffer: Double?
    /// Where it was left, when the player said (the offer names both).
    public var resumeStoppedAt: Double?
    /// Sessions whose resume question was answered (or had nothing to ask) in this check-in, so a
    /// restart after a failure or an interruption doesn't ask again.
    public var resumeAnswered: Set<String> = []
    /// True while "stop the session now?" waits for an answer.
    public var confirmingStop = false
    /// Seconds heard through a player known to make sound, and read along as text (from ticks).
    public var audioSeconds = 0.0
    public var readAlongSeconds = 0.0
    /// The position of the last tick (or start, or seek), so only time that passed is counted.
    public var countedTo: Double?
    /// How the session ended, once it has.
    public var ended: PlaybackRecord.Outcome?
    /// Where in the session it was stopped (the position, which seeking moves), once it was.
    public var stoppedAt: Double?

    public init(routed: Session) {
        self.routed = routed
        self.session = routed
    }

    /// True once the session has started at least once (audio or read-along).
    public var hasStarted: Bool { started != nil }
    /// True when the session runs (or will run) as read-along text.
    public var isReadAlong: Bool {
        if started?.mode == .readAlong { return true }
        if case .readAlong? = plan { return true }
        return false
    }
    public var duration: Double? { started?.duration ?? started?.captions?.duration }

    /// Stopping without asking: nothing runs, or the last `nearlyOver` share of the session is playing.
    public var stopsWithoutAsking: Bool {
        guard playback.isLive, !interrupted else { return true }
        guard let position = playback.position, let duration, duration > 0 else { return false }
        return position >= (1 - PlayerState.nearlyOver) * duration
    }

    /// The share at the end of a session within which stopping does not ask first.
    public static let nearlyOver = 0.1

    /// How a session ends when it is stopped (or allin closes) now: not played when nothing of it
    /// was heard or read yet (still rendering, or the player never made sound), else stopped early.
    public var stoppedOutcome: PlaybackRecord.Outcome {
        audioSeconds + readAlongSeconds == 0 ? .notPlayed : .stoppedEarly
    }

    /// What the journal keeps about the session, ending (or ended) with `outcome`. The length is the
    /// running track's (audio, or the read-along text's estimate), else the catalog's.
    public func record(_ outcome: PlaybackRecord.Outcome) -> PlaybackRecord {
        PlaybackRecord(outcome: outcome, audioSeconds: audioSeconds, readAlongSeconds: readAlongSeconds,
                       length: duration ?? Double(session.durationSeconds))
    }

    /// Counts the time from the last counted position to `position` as heard (audio known to make
    /// sound) or read along. Jumps (seeks, a resume) and time before sound was confirmed don't count.
    mutating func count(to position: Double) {
        defer { countedTo = position }
        guard let from = countedTo, case .playing = playback else { return }
        let step = position - from
        guard step > 0, step <= PlayerState.longestTick else { return }
        if isReadAlong { readAlongSeconds += step } else if audible { audioSeconds += step }
    }

    /// The most time one tick may add (the runtime polls every 200 ms; a longer step is a seek).
    static let longestTick = 1.5
}

/// What became of the check-in in the journal.
public enum JournalSave: Equatable, Sendable {
    /// Nothing written yet.
    case pending
    /// Written to the journal on disk.
    case saved
    /// Kept in memory only: the journal could not be used.
    case inMemory(JournalError)
}

/// Everything after the recommendation: mood before, the session, mood after, the note, the end.
public struct SessionState: Equatable, Sendable {
    public var moodBefore: Int?
    public var moodAfter: Int?
    public var note: TextField
    public var player: PlayerState
    /// The journal row begun when the session started.
    public var journalID: Int64?
    /// True once the journal was asked to store the check-in (so it is asked once).
    public var begun = false
    public var save: JournalSave = .pending
    /// The journal's figures after the check-in was completed (streak, days this week).
    public var summary: JournalSummary?
    /// True once the reflection was handed to the journal.
    public var completed = false
    /// Note words the person answered for (said they are safe, or "yes, go back" from the support
    /// they opened): the note does not ask about them again; changed words ask again.
    public var noteAnswered: Set<String> = []
    /// The first line shown of the end screen, when it is longer than the screen.
    public var doneScroll = 0
    /// A beliefs plan step (not a check-in): what happens is kept with the step, not as a check-in.
    public var planStep: PlanStepRef?
    /// Chosen from the library: kept in the journal as a session without check-in answers.
    public var fromLibrary = false

    /// Not a check-in's recommendation (a plan step or a library choice): no check-in answers go with it.
    public var withoutCheckIn: Bool { planStep != nil || fromLibrary }

    /// True once the session has ended listened to (`PlaybackRecord.listened`, the journal's rule for
    /// "raised mood most"): the only way a plan step counts as played.
    public var listened: Bool { player.ended.map { player.record($0).listened } ?? false }

    /// Longest reflection note, in characters.
    public static let noteLimit = TextLimits.freeText

    /// The session left the person feeling clearly worse (`MoodDrop`).
    public var feltWorse: Bool { MoodDrop.feltWorse(before: moodBefore, after: moodAfter) }

    public init(routed: Session) {
        player = PlayerState(routed: routed)
        note = TextField(limit: SessionState.noteLimit)
    }
}

/// Which plan step a session belongs to.
public struct PlanStepRef: Equatable, Sendable {
    public var plan: Int64
    public var index: Int

    public init(plan: Int64, index: Int) {
        self.plan = plan
        self.index = index
    }
}
