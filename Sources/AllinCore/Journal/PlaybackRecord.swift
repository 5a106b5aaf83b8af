/// What really happened to a check-in's session: how it ended, how many seconds were heard as audio
/// and read along as text, and how long the session is. Stored with the check-in when its session
/// ends (or when allin is closed before it did).
///
/// The listened rule: a session counts as listened to when the seconds heard and read along
/// together reach `listenedShare` (60%) of its length. Only listened sessions take part in "sessions
/// that raised mood most"; a session stopped after a minute says little about what it does.
public struct PlaybackRecord: Sendable, Equatable {
    /// How the session ended.
    public enum Outcome: String, Sendable, Equatable {
        /// It ran to its end.
        case finished
        /// It was stopped (or allin was closed) before its end.
        case stoppedEarly = "stopped_early"
        /// It never started: closed before the session began.
        case notPlayed = "not_played"
    }

    public var outcome: Outcome
    /// Seconds heard through a player that was known to be making sound.
    public var audioSeconds: Double
    /// Seconds shown as read-along text.
    public var readAlongSeconds: Double
    /// The session's length in seconds, when known.
    public var length: Double?

    /// Share of the length that must be heard or read along for a session to count as listened to.
    public static let listenedShare = 0.6

    public init(outcome: Outcome, audioSeconds: Double = 0, readAlongSeconds: Double = 0, length: Double? = nil) {
        self.outcome = outcome
        self.audioSeconds = max(0, audioSeconds)
        self.readAlongSeconds = max(0, readAlongSeconds)
        self.length = length
    }

    /// A check-in kept though its session never started.
    public static let notPlayed = PlaybackRecord(outcome: .notPlayed)

    /// Whether the session began at all (not skipped, not closed before it began).
    public var began: Bool { outcome != .notPlayed }

    /// Seconds of the session taken in, as audio or as text.
    public var seconds: Double { audioSeconds + readAlongSeconds }

    /// True when it ran to its end with a good part of it not taken in this time (moved forward past,
    /// or resumed from earlier): "played to the end" would not be true. A few seconds (or a twentieth)
    /// of slack allow for the ticks.
    public var reachedEndInPart: Bool {
        guard outcome == .finished, let length, length > 0 else { return false }
        return seconds + max(10, length * 0.05) < length
    }

    /// How it ran, in the journal's words: audio, read_along, audio_then_read_along, or none.
    public var mode: String {
        switch (audioSeconds > 0, readAlongSeconds > 0) {
        case (true, true): return "audio_then_read_along"
        case (true, false): return "audio"
        case (false, true): return "read_along"
        case (false, false): return "none"
        }
    }

    /// True when at least `listenedShare` of the length was heard or read along. A session of unknown
    /// length counts only when it ran to its end.
    public var listened: Bool {
        guard began else { return false }
        guard let length, length > 0 else { return outcome == .finished }
        return seconds >= PlaybackRecord.listenedShare * length
    }
}
