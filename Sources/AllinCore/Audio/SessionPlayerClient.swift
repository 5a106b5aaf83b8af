/// How a session runs once started: through an audio player, or as read-along text.
public enum PlaybackMode: Sendable, Equatable {
    /// Audio through `player`; `origin` says where the audio came from ("rendered earlier (cache)").
    case audio(player: String, origin: String)
    /// The script's lines paced by their timings, with no sound.
    case readAlong
}

/// What the screen needs once a session has started.
public struct PlaybackStart: Sendable, Equatable {
    public var slug: String
    public var mode: PlaybackMode
    /// Seconds; nil when the player could not tell.
    public var duration: Double?
    /// Caption lines with their timings; nil when none are known (a recording without a script).
    public var captions: CaptionTrack?
    /// Where it started (above 0 when resumed from earlier today).
    public var position: Double
    /// False when the player cannot seek (←/→ then say so).
    public var canSeek: Bool

    public init(slug: String, mode: PlaybackMode, duration: Double?, captions: CaptionTrack?, position: Double,
                canSeek: Bool) {
        self.slug = slug
        self.mode = mode
        self.duration = duration
        self.captions = captions
        self.position = position
        self.canSeek = canSeek
    }

    public var resumed: Bool { position > 0 }
}

/// One look at the running session, taken on the runtime's tick.
public struct PlayerStatus: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        case playing, paused, finished
        /// The player ended with an error; `atStart` when it never really played (try something else).
        case failed(reason: String, atStart: Bool)
    }

    public var position: Double
    public var phase: Phase
    /// True once sound is known to be coming out (mpv reports an audio output and its position
    /// moves; another player has stayed alive past its first moments). Always true for read-along.
    public var audible: Bool
    /// New captions (and with them the length) when a session playing while it renders has
    /// measured more of its lines; nil when they have not changed.
    public var captions: CaptionTrack?
    /// True while the player waits for audio that is still being made (after a seek ahead).
    public var waiting: Bool

    public init(position: Double, phase: Phase, audible: Bool = true, captions: CaptionTrack? = nil, waiting: Bool = false) {
        self.position = position
        self.phase = phase
        self.audible = audible
        self.captions = captions
        self.waiting = waiting
    }
}

/// Where read-along text takes over from audio that stopped part-way: the caption line that was
/// playing (both tracks come from the same script, so their lines match where their seconds do
/// not), else the position in seconds.
public struct ReadAlongPlace: Sendable, Equatable {
    public var cue: Int?
    public var position: Double

    public init(cue: Int?, position: Double) {
        self.cue = cue
        self.position = position
    }

    /// Where to start in `track`: the start of the same line, else `position` kept inside the track.
    public func start(in track: CaptionTrack) -> Double {
        if let cue, let line = track.cues.first(where: { $0.index == cue }) { return line.start }
        return min(max(0, position), max(0, track.duration - 1))
    }
}

/// Why a session could not start, and whether the problem is the session's or the player's.
public struct PlaybackFailure: Error, Sendable, Equatable {
    public enum Scope: Sendable, Equatable {
        /// Only this session (no script, a failed render): another session may still play.
        case session
        /// The player itself (it ends at once, cannot be started): no session will play with it.
        case player
    }

    public var slug: String
    public var reason: String
    public var scope: Scope

    public init(slug: String, reason: String, scope: Scope) {
        self.slug = slug
        self.reason = reason
        self.scope = scope
    }
}

/// The player as the runtime drives it (a port): the audio adapter plays through a command-line
/// player or paces read-along text; tests use a double. One session at a time. Every method but
/// `prepare` is called from the runtime's loop; `prepare` may run on a background queue.
public protocol SessionPlayerClient: AnyObject, Sendable {
    /// Which sessions can play here, checked on disk and in PATH (with where any was left part-way
    /// earlier today); starts no process.
    func availability(of sessions: [Session]) -> AudioAvailability
    /// True when `slug` has to be rendered before it can play (slow: the runtime shows progress).
    func needsPreparation(_ slug: String) -> Bool
    /// Makes the audio of `slug` ready (rendering it when needed), reporting progress 0…1 and a step.
    func prepare(_ slug: String, progress: @escaping @Sendable (Double, String) -> Void) throws(PlaybackFailure)
    /// Forgets where `slug` was left, so the next start is at the beginning.
    func forgetResume(_ slug: String)
    /// Starts the prepared audio of `slug`: at `position` when given (where crisis support stopped it
    /// a moment ago; a player that can't start part-way starts at 0), else where it was left earlier
    /// today if it was.
    func start(_ slug: String, from position: Double?) throws(PlaybackFailure) -> PlaybackStart
    /// Starts `session` as read-along text: at `place` when audio stopped part-way, else where it was
    /// left earlier today if it was.
    func startReadAlong(_ session: Session, from place: ReadAlongPlace?) -> PlaybackStart
    func pause()
    func resume()
    /// Moves by `seconds` (negative: back); false when the player cannot seek.
    @discardableResult func seek(by seconds: Double) -> Bool
    /// The position and phase now; reaps a player that has ended.
    func poll() -> PlayerStatus
    /// Stops and reaps whatever runs, remembering the position for a same-day resume. Safe to call
    /// at any time, any number of times.
    func stop()
    /// How long each session runs here, in seconds by slug: its audio's length when it is known (a
    /// render in the cache), else the length its read-along text is paced to. The one length a
    /// session shows, from the recommendation to the player's clock. Starts no process.
    func lengths(of sessions: [Session]) -> [String: Double]
}

extension SessionPlayerClient {
    /// Starts the prepared audio of `slug`, where it was left earlier today if it was.
    public func start(_ slug: String) throws(PlaybackFailure) -> PlaybackStart { try start(slug, from: nil) }

    /// Starts `session` as read-along text, where it was left earlier today if it was.
    public func startReadAlong(_ session: Session) -> PlaybackStart { startReadAlong(session, from: nil) }

    /// A player that can't tell: none known (the catalog's figures stand).
    public func lengths(of sessions: [Session]) -> [String: Double] { [:] }
}
