import AllinCore
import Foundation

/// The player when no audio adapter is wired in: nothing plays, and a session runs as its
/// description, paced as read-along text on the monotonic clock.
public final class TextOnlyPlayer: SessionPlayerClient, @unchecked Sendable {
    private let lock = NSLock()
    /// Why nothing plays, as the read-along line says it.
    private let reason: String

    public init(reason: String = "audio is not set up in this build") { self.reason = reason }
    private var clock: ReadAlongClock?
    private var duration = 0.0

    /// Seconds since boot: monotonic, never moved by the wall clock.
    private static func now() -> Double { ProcessInfo.processInfo.systemUptime }

    public func availability(of sessions: [Session]) -> AudioAvailability {
        AudioAvailability(player: nil, noPlayerReason: reason, playable: [])
    }

    public func needsPreparation(_ slug: String) -> Bool { false }

    public func prepare(_ slug: String, progress: @escaping @Sendable (Double, String) -> Void) throws(PlaybackFailure) {
        throw PlaybackFailure(slug: slug, reason: reason, scope: .player)
    }

    /// Nothing is remembered between runs here, so there is never anything to resume.
    public func forgetResume(_ slug: String) {}

    public func start(_ slug: String, from position: Double?) throws(PlaybackFailure) -> PlaybackStart {
        throw PlaybackFailure(slug: slug, reason: reason, scope: .player)
    }

    /// The description, paced as read-along text.
    private static func track(_ session: Session) -> CaptionTrack {
        let script = SessionScript(items: [.line(text: session.description, sourceLine: 1)])
        return TimelinePlan.estimated(script: script, wordsPerMinute: 130).track
    }

    /// Nothing is rendered here, so no length is known beyond the catalog's: the recommendation and the
    /// library show a session's real length, and the read-along says it reads only the description
    /// (found from outside: the demo listed every session as about 30 seconds).
    public func lengths(of sessions: [Session]) -> [String: Double] { [:] }

    public func startReadAlong(_ session: Session, from place: ReadAlongPlace?) -> PlaybackStart {
        let track = Self.track(session)
        let at = place?.start(in: track) ?? 0
        lock.withLock {
            clock = ReadAlongClock(offset: at, now: Self.now())
            duration = track.duration
        }
        return PlaybackStart(slug: session.slug, mode: .readAlong, duration: track.duration, captions: track, position: at,
                             canSeek: true)
    }

    public func pause() { lock.withLock { clock?.pause(now: Self.now()) } }
    public func resume() { lock.withLock { clock?.resume(now: Self.now()) } }

    public func seek(by seconds: Double) -> Bool {
        lock.withLock { clock?.seek(by: seconds, now: Self.now(), upper: max(0, duration - 1)) }
        return true
    }

    public func poll() -> PlayerStatus {
        lock.withLock {
            guard let clock else { return PlayerStatus(position: 0, phase: .finished) }
            let position = min(clock.position(now: Self.now()), duration)
            if position >= duration { return PlayerStatus(position: duration, phase: .finished) }
            return PlayerStatus(position: position, phase: clock.paused ? .paused : .playing)
        }
    }

    public func stop() { lock.withLock { clock = nil } }
}
