import AllinAudio
import AllinCore
import Foundation

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
