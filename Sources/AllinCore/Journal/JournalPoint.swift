import Foundation

/// The few facts of one stored check-in that the journal's charts and counts are built from.
public struct JournalPoint: Sendable, Equatable {

    /// The local day of the check-in, in the time zone where it happened.
    public var day: LocalDay
    /// Whether the day counts as checked in: the check-in was finished (a handoff is finished at
    /// once), or crisis support opened during it (`JournalEntry.countsAsDone`).
    public var completed: Bool
    public var kind: RecommendationKind
    public var moodBefore: Int?
    public var moodAfter: Int?
    public var sessionSlug: String?
    public var sessionTitle: String?
    /// Whether the session was listened to (`PlaybackRecord.listened`); nil for check-ins stored
    /// before allin kept that, which count as listened.
    public var listened: Bool?
    /// Whether the session began at all (not skipped, not closed before it began); nil as above.
    public var played: Bool?

    public init(day: LocalDay, completed: Bool, kind: RecommendationKind = .audio, moodBefore: Int? = nil,
                moodAfter: Int? = nil, sessionSlug: String? = nil, sessionTitle: String? = nil, listened: Bool? = nil,
                played: Bool? = nil) {
        self.day = day
        self.completed = completed
        self.kind = kind
        self.moodBefore = moodBefore
        self.moodAfter = moodAfter
        self.sessionSlug = sessionSlug
        self.sessionTitle = sessionTitle
        self.listened = listened
        self.played = played
    }

    /// Mood after minus mood before, when both were given.
    public var moodChange: Int? {
        guard let moodBefore, let moodAfter else { return nil }
        return moodAfter - moodBefore
    }
}

extension JournalPoint {
    /// The latest day each session was played, by slug (the library's "last played"): in a check-in
    /// (a session skipped, or closed before it began, doesn't count) or as a step of a 10-step plan
    /// (each on its local day in `timeZone`). Read a journal through `JournalStoring.lastPlayed`, the
    /// one source for `allin library` and the full-screen library.
    public static func lastPlayed(_ points: [JournalPoint], plans: [StoredPlan], timeZone: TimeZone) -> [String: LocalDay] {
        var last: [String: LocalDay] = [:]
        func played(_ slug: String, _ day: LocalDay) {
            if last[slug].map({ $0 < day }) ?? true { last[slug] = day }
        }
        for p in points where p.played != false {
            if let slug = p.sessionSlug { played(slug, p.day) }
        }
        for plan in plans {
            for step in plan.steps {
                if let at = step.playedAt { played(step.step.slug, LocalDay(at, in: timeZone)) }
            }
        }
        return last
    }
}

extension JournalStoring {
    /// The library's "last played" from this journal's check-ins and plan steps, for `allin library`
    /// and the full-screen library alike, so both say the same.
    public func lastPlayed(timeZone: TimeZone) throws -> [String: LocalDay] {
        JournalPoint.lastPlayed(try points(), plans: try plans(), timeZone: timeZone)
    }
}
