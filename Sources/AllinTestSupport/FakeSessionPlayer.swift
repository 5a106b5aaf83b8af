import AllinCore
import Foundation

/// The player's test double: answers as it is told and records every call, so runtime tests can
/// assert what was asked of the player. Time moves only when a test sets `position`.
public final class FakeSessionPlayer: SessionPlayerClient, @unchecked Sendable {
    private let lock = NSLock()
    private var _calls: [String] = []
    /// What `availability` answers; by default every session plays with "fake".
    public var available: AudioAvailability?
    /// Slugs that must be rendered first (their `prepare` runs off the loop).
    public var unrendered: Set<String> = []
    /// Slugs whose start fails, with the scope of the failure.
    public var failing: [String: PlaybackFailure.Scope] = [:]
    /// Where each start begins (a same-day resume), by slug.
    public var resumeAt: [String: Double] = [:]
    /// The position and phase the next polls report.
    public var position = 0.0
    public var phase: PlayerStatus.Phase = .playing
    /// Whether polls report sound as known to be coming out.
    public var audible = true
    /// Caption lines every start reports.
    public var captions = CaptionTrack(cues: [
        CaptionCue(index: 0, sourceLine: 1, text: "Let your shoulders drop.", start: 3, end: 6),
        CaptionCue(index: 1, sourceLine: 2, text: "Breathe in for four.", start: 7, end: 10),
        CaptionCue(index: 2, sourceLine: 4, text: "And out, slowly, for six.", start: 14, end: 18),
    ], duration: 120, estimated: false)
    public var canSeek = true
    /// What `lengths(of:)` answers (seconds by slug).
    public var knownLengths: [String: Double] = [:]
    /// Where each resumable session was stopped (the resume point is a little before), by slug.
    public var stoppedAt: [String: Double] = [:]
    /// True while something "plays" (between a start and a stop).
    public private(set) var running = false

    public init() {}

    /// Every call so far, e.g. `start box_breath_reset`, `pause`, `seek -15`, `stop`.
    public var calls: [String] { lock.withLock { _calls } }

    private func record(_ call: String) { lock.withLock { _calls.append(call) } }

    public func availability(of sessions: [Session]) -> AudioAvailability {
        record("availability")
        var answer = available ?? AudioAvailability(player: "fake", playable: Set(sessions.map(\.slug)))
        answer.resumePoints = lock.withLock { resumeAt.filter { $0.value > 0 } }
        answer.stoppedAt = lock.withLock { stoppedAt }
        return answer
    }

    public func lengths(of sessions: [Session]) -> [String: Double] {
        lock.withLock { knownLengths }
    }

    public func needsPreparation(_ slug: String) -> Bool { unrendered.contains(slug) }

    public func prepare(_ slug: String, progress: @escaping @Sendable (Double, String) -> Void) throws(PlaybackFailure) {
        record("prepare \(slug)")
        progress(0.5, "speaking line 1 of 2")
        if let scope = failing[slug] { throw PlaybackFailure(slug: slug, reason: "fake render failed", scope: scope) }
        lock.withLock { _ = unrendered.remove(slug) }
    }

    public func forgetResume(_ slug: String) {
        record("forget \(slug)")
        lock.withLock { _ = resumeAt.removeValue(forKey: slug) }
    }

    public func start(_ slug: String, from place: Double?) throws(PlaybackFailure) -> PlaybackStart {
        record("start \(slug)" + (place.map { " from \(Int($0)) s" } ?? ""))
        if let scope = failing[slug] {
            throw PlaybackFailure(slug: slug, reason: scope == .player ? "the fake player stopped at once" : "fake render failed",
                                  scope: scope)
        }
        running = true
        let at = place ?? resumeAt[slug] ?? 0
        position = at
        phase = .playing
        return PlaybackStart(slug: slug, mode: .audio(player: "fake", origin: "rendered earlier (cache)"),
                             duration: captions.duration, captions: captions, position: at, canSeek: canSeek)
    }

    public func startReadAlong(_ session: Session, from place: ReadAlongPlace?) -> PlaybackStart {
        record("readAlong \(session.slug)" + (place.map { " from \($0.cue.map { "line \($0)" } ?? "\(Int($0.position)) s")" } ?? ""))
        running = true
        position = place?.start(in: captions) ?? resumeAt[session.slug] ?? 0
        phase = .playing
        return PlaybackStart(slug: session.slug, mode: .readAlong, duration: captions.duration, captions: captions,
                             position: position, canSeek: true)
    }

    public func pause() { record("pause"); phase = .paused }
    public func resume() { record("resume"); phase = .playing }

    public func seek(by seconds: Double) -> Bool {
        record("seek \(Int(seconds))")
        guard canSeek else { return false }
        position = min(max(0, position + seconds), captions.duration - 1)
        return true
    }

    public func poll() -> PlayerStatus {
        record("poll")
        return PlayerStatus(position: position, phase: phase, audible: audible)
    }

    public func stop() {
        record("stop")
        running = false
    }
}
