import Foundation

/// Which entries to list.
public struct JournalQuery: Sendable, Equatable {
    /// Only entries on or after this local day.
    public var since: LocalDay?
    /// Only entries whose note or kinder reframe match every word (prefixes count).
    public var search: String?
    public var limit: Int?
    /// Include check-ins whose session was never finished (e.g. the app was killed).
    public var includeUnfinished: Bool
    public var newestFirst: Bool

    public init(since: LocalDay? = nil, search: String? = nil, limit: Int? = nil, includeUnfinished: Bool = true,
                newestFirst: Bool = true) {
        self.since = since
        self.search = search
        self.limit = limit
        self.includeUnfinished = includeUnfinished
        self.newestFirst = newestFirst
    }
}

/// A durable record that the person agreed to explore a belief; revoking keeps the record and adds
/// the time it was withdrawn.
public struct ConsentRecord: Sendable, Equatable {
    public var id: Int64
    public var scope: String
    public var grantedAt: Date
    public var revokedAt: Date?
    /// The check-in during which it was granted, when known.
    public var checkInID: Int64?

    public init(id: Int64, scope: String = ConsentRecord.exploreBelief, grantedAt: Date, revokedAt: Date? = nil,
                checkInID: Int64? = nil) {
        self.id = id
        self.scope = scope
        self.grantedAt = grantedAt
        self.revokedAt = revokedAt
        self.checkInID = checkInID
    }

    public var isActive: Bool { revokedAt == nil }

    /// The consent step's scope: may we explore a belief.
    public static let exploreBelief = "exploreBelief"
}

/// The journal as the front sees it (a port): the SQLite store implements it, and `MemoryJournal`
/// stands in for tests and for running without a writable disk. Times and zones are passed in: the
/// journal has no clock of its own.
public protocol JournalStoring: PlanStoring {
    /// Stores a routed check-in before its session starts and returns its id. A handoff is stored as
    /// complete at once, keeping only its tier and time (see `JournalEntry`). When the answers carry
    /// `consent == true` and no consent is active, a consent record is written too.
    func begin(_ checkIn: CheckIn, recommendation: Recommendation, moodBefore: Int?, at date: Date,
               timeZone: TimeZone) throws -> Int64
    /// Records the reflection after the session; only the values given are written.
    func complete(_ id: Int64, moodAfter: Int?, note: String?, at date: Date) throws
    /// Records what happened to the check-in's session (replacing an earlier record); a handoff is left as it is.
    func recordPlayback(_ id: Int64, _ record: PlaybackRecord) throws
    /// Crisis support opened during check-in `id` after its row was begun (from the reflection): its
    /// tier is kept on the row (the highest; `.none` when asked for). A handoff is left as it is.
    func recordSupport(_ id: Int64, tier: CrisisTier) throws
    /// The check-in stored as handoff `handoff` when support opened went on to its session, begun as
    /// `id`: the audio row keeps the handoff's tier and the handoff row goes, so one check-in is one
    /// entry. Nothing happens when `handoff` is not a handoff. Returns the check-in's id after: the
    /// handoff's, when it was the row just before (the numbers never skip: found from outside, a
    /// journal of one check-in listed only "#2"), else `id`.
    @discardableResult
    func mergeHandoff(_ handoff: Int64, into id: Int64) throws -> Int64
    func recordConsent(at date: Date) throws -> ConsentRecord
    /// Withdraws every active consent; returns how many were active.
    @discardableResult func revokeConsent(at date: Date) throws -> Int
    /// Every consent record, oldest first.
    func consents() throws -> [ConsentRecord]
    func entries(_ query: JournalQuery) throws -> [JournalEntry]
    func entry(_ id: Int64) throws -> JournalEntry?
    /// The chart and count facts of every stored check-in.
    func points() throws -> [JournalPoint]
    /// The person's safety plan (empty when none is written).
    func safetyPlan() throws -> SafetyPlan
    /// Writes only the parts in `parts` ("" removes one) onto the safety plan as it is stored at that
    /// moment, stamped `date`, and returns the plan as saved: a part saved meanwhile by another allin
    /// (another window, `allin safety-plan edit`) is kept.
    @discardableResult
    func saveSafetyPlanParts(_ parts: [SafetyPlan.Part: String], at date: Date) throws -> SafetyPlan
    /// The sessions (by slug) the person marked as favourites in the library.
    func favourites() throws -> Set<String>
    /// Marks session `slug` as a favourite (`on`) or takes the mark away.
    func setFavourite(_ slug: String, _ on: Bool, at date: Date) throws
}

extension JournalStoring {
    /// Streak, days checked in, mood trend, heatmap and top sessions as of `now` in `timeZone`;
    /// heatmap weeks start on `firstWeekday` (Monday = 0 … Sunday = 6).
    public func summary(now: Date, timeZone: TimeZone, rules: StreakRules = .standard,
                        firstWeekday: Int = 0) throws -> JournalSummary {
        JournalSummary.compute(try points(), today: LocalDay(now, in: timeZone), rules: rules, firstWeekday: firstWeekday)
    }

    /// Replaces the whole safety plan with `plan` (parts left empty are removed), stamped `date`.
    public func saveSafetyPlan(_ plan: SafetyPlan, at date: Date) throws {
        try saveSafetyPlanParts(Dictionary(uniqueKeysWithValues: SafetyPlan.Part.allCases.map { ($0, plan[$0]) }), at: date)
    }

    /// The consent in force, if any.
    public func activeConsent() throws -> ConsentRecord? {
        try consents().last(where: \.isActive)
    }
}
