/// Where a session was left off, on which local day.
public struct ResumeRecord: Sendable, Equatable {
    public var slug: String
    /// The local calendar day, `YYYY-MM-DD`.
    public var day: String
    /// Seconds into the audio.
    public var position: Double

    public init(slug: String, day: String, position: Double) {
        self.slug = slug
        self.day = day
        self.position = position
    }
}

/// Resuming a session reopened on the same day: where to start, and what to remember on stop.
/// The day is passed in, so this holds no clock.
public enum ResumePolicy {
    /// Stops earlier than this are not worth resuming.
    public static let minimumPosition = 10.0
    /// Stops this close to the end count as finished.
    public static let endMargin = 15.0
    /// Resuming backs up a little, so the listener hears the sentence they stopped in.
    public static let rewind = 3.0

    /// Where to start `slug` today: a saved same-day position (backed up a little), else 0.
    public static func startPosition(slug: String, today: String, records: [ResumeRecord], duration: Double?) -> Double {
        guard let r = records.last(where: { $0.slug == slug }), r.day == today, r.position >= minimumPosition else {
            return 0
        }
        if let duration, r.position > duration - endMargin { return 0 }
        return max(0, r.position - rewind)
    }

    /// The records to keep after a playback of `slug` ends at `position`: today's records only,
    /// this session's replaced (or dropped when it finished, stopped early or near the end).
    public static func records(afterStopping slug: String, at position: Double, duration: Double?, finished: Bool,
                               today: String, existing: [ResumeRecord]) -> [ResumeRecord] {
        var kept = existing.filter { $0.day == today && $0.slug != slug }
        let nearEnd = duration.map { position > $0 - endMargin } ?? false
        if !finished, position >= minimumPosition, !nearEnd {
            kept.append(ResumeRecord(slug: slug, day: today, position: (position * 10).rounded() / 10))
        }
        return kept
    }
}
