import Foundation

/// One stored check-in: the answers, where it was routed, and the reflection around the session.
///
/// Privacy rule: a crisis handoff keeps only its kind, tier and time. The answers, the trace (which
/// quotes the words that fired), moods and notes are never stored for it.
public struct JournalEntry: Sendable, Equatable {
    public var id: Int64
    public var startedAt: Date
    /// When the reflection was done (a handoff is complete when it is stored); nil while in progress.
    public var completedAt: Date?
    /// The time-zone identifier in force at the check-in, e.g. `Europe/London`.
    public var timeZone: String
    /// The local day of `startedAt` in `timeZone`.
    public var day: LocalDay
    public var kind: RecommendationKind
    /// The answers; nil for a crisis handoff.
    public var checkIn: CheckIn?
    public var lane: Lane?
    public var intentLane: Lane?
    public var valence: Valence?
    public var sootheFirst: Bool
    public var sessionSlug: String?
    public var sessionTitle: String?
    /// The tier of the crisis finding that handed off; nil for audio routes.
    public var crisisTier: CrisisTier?
    /// The route with its trace, as `Recommendation.json(resources: nil)`; nil for a handoff.
    public var recommendation: JSONValue?
    public var moodBefore: Int?
    public var moodAfter: Int?
    public var note: String?
    /// What happened to the session (heard, read along, stopped early, not played); nil until the
    /// session ends, and for check-ins stored before allin kept it.
    public var playback: PlaybackRecord?
    /// Crisis support opened during this check-in and the check-in went on (to its session, or
    /// support opened from its reflection): the support's tier, `.none` when the person asked for
    /// it. Nil when support never opened, and for a handoff (its tier is `crisisTier`).
    public var supportTier: CrisisTier?

    public init(id: Int64, startedAt: Date, completedAt: Date?, timeZone: String, day: LocalDay,
                kind: RecommendationKind, checkIn: CheckIn?, lane: Lane?, intentLane: Lane?, valence: Valence?,
                sootheFirst: Bool, sessionSlug: String?, sessionTitle: String?, crisisTier: CrisisTier?,
                recommendation: JSONValue?, moodBefore: Int?, moodAfter: Int?, note: String?,
                playback: PlaybackRecord? = nil, supportTier: CrisisTier? = nil) {
        self.id = id
        self.startedAt = startedAt
        self.completedAt = completedAt
        self.timeZone = timeZone
        self.day = day
        self.kind = kind
        self.checkIn = checkIn
        self.lane = lane
        self.intentLane = intentLane
        self.valence = valence
        self.sootheFirst = sootheFirst
        self.sessionSlug = sessionSlug
        self.sessionTitle = sessionTitle
        self.crisisTier = crisisTier
        self.recommendation = recommendation
        self.moodBefore = moodBefore
        self.moodAfter = moodAfter
        self.note = note
        self.playback = playback
        self.supportTier = supportTier
    }

    /// The kinder reframe written in the unblock tail.
    public var kinder: String? { checkIn?.kinder }
    public var isComplete: Bool { completedAt != nil }
    /// Whether the day counts as checked in (the streak, the heatmap, days done): the check-in was
    /// finished, or crisis support opened during it. A visit to support is stored finished on its own;
    /// merged into a check-in that was then left unfinished it still counts.
    public var countsAsDone: Bool { completedAt != nil || supportTier != nil }
    public var moodChange: Int? {
        guard let moodBefore, let moodAfter else { return nil }
        return moodAfter - moodBefore
    }

    public var point: JournalPoint {
        JournalPoint(day: day, completed: countsAsDone, kind: kind, moodBefore: moodBefore, moodAfter: moodAfter,
                     sessionSlug: sessionSlug, sessionTitle: sessionTitle, listened: playback?.listened,
                     played: playback?.began)
    }

    /// The entry `begin` stores, with the privacy rule applied. `id` is filled in by the store.
    public static func begun(_ checkIn: CheckIn, recommendation r: Recommendation, moodBefore: Int?,
                             at date: Date, timeZone: TimeZone, id: Int64 = 0) throws -> JournalEntry {
        try validateMood(moodBefore, field: "moodBefore")
        let day = LocalDay(date, in: timeZone)
        if r.kind == .safetyHandoff {
            return JournalEntry(id: id, startedAt: date, completedAt: date, timeZone: timeZone.identifier, day: day,
                                kind: .safetyHandoff, checkIn: nil, lane: nil, intentLane: nil, valence: nil,
                                sootheFirst: false, sessionSlug: nil, sessionTitle: nil,
                                crisisTier: r.crisis?.finding.tier ?? .crisis, recommendation: nil,
                                moodBefore: nil, moodAfter: nil, note: nil)
        }
        return JournalEntry(id: id, startedAt: date, completedAt: nil, timeZone: timeZone.identifier, day: day,
                            kind: .audio, checkIn: checkIn, lane: r.lane,
                            // No intent was given (calming came first, so it was never asked): none is claimed.
                            intentLane: checkIn.intent == nil ? nil : r.intentLane, valence: r.valence,
                            sootheFirst: r.sootheFirst, sessionSlug: r.session?.slug, sessionTitle: r.session?.title,
                            crisisTier: nil, recommendation: r.json(resources: nil),
                            moodBefore: moodBefore, moodAfter: nil, note: nil)
    }

    /// The entry after `complete`: only what is given changes; nothing written earlier is cleared.
    /// The first completion time is kept; a handoff is left as it is.
    public func completing(moodAfter: Int?, note: String?, at date: Date) throws -> JournalEntry {
        try JournalEntry.validateMood(moodAfter, field: "moodAfter")
        guard kind == .audio else { return self }
        var next = self
        if let moodAfter { next.moodAfter = moodAfter }
        if let note = JournalEntry.cleanNote(note) { next.note = note }
        if next.completedAt == nil { next.completedAt = date }
        return next
    }

    /// The entry after support opened during it (`tier`; `.none` when asked for): the highest tier is
    /// kept; a handoff is left as it is.
    public func recordingSupport(_ tier: CrisisTier) -> JournalEntry {
        guard kind == .audio else { return self }
        var next = self
        next.supportTier = max(supportTier ?? tier, tier)
        return next
    }

    /// The entry after `recordPlayback`: the newest record replaces an earlier one; a handoff is left as it is.
    public func recordingPlayback(_ record: PlaybackRecord) -> JournalEntry {
        guard kind == .audio else { return self }
        var next = self
        next.playback = record
        return next
    }

    public static let moodRange = 1...10

    public static func validateMood(_ mood: Int?, field: String) throws {
        if let mood, !moodRange.contains(mood) {
            throw JournalError.invalid(field: field, message: "must be a whole number from 1 to 10, found \(mood)")
        }
    }

    /// A note of only white space counts as no note.
    public static func cleanNote(_ note: String?) -> String? {
        guard let note, !note.allSatisfy(\.isWhitespace) else { return nil }
        return note
    }
}
