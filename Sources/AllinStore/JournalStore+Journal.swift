import AllinCore
import Foundation

extension JournalStore {
    public func begin(_ checkIn: CheckIn, recommendation: Recommendation, moodBefore: Int?, at date: Date,
                      timeZone: TimeZone) throws -> Int64 {
        let entry = try JournalEntry.begun(checkIn, recommendation: recommendation, moodBefore: moodBefore,
                                           at: date, timeZone: timeZone)
        return try guarded {
            try db.transaction {
                try db.run(CheckInRow.insertSQL, CheckInRow.values(entry))
                let id = db.lastInsertID
                if entry.checkIn?.consent == true,
                   try db.scalar("SELECT id FROM consents WHERE revoked_at IS NULL LIMIT 1", [], { $0.int64(0) }) == nil {
                    try db.run("INSERT INTO consents (scope, granted_at, check_in_id) VALUES (?, ?, ?)",
                               [.text(ConsentRecord.exploreBelief), .integer(CheckInRow.millis(date)), .integer(id)])
                }
                return id
            }
        }
    }

    /// Writes only the columns given; the earlier ones (answers, reframe, mood before, an earlier
    /// note) are never cleared, and the first completion time is kept.
    public func complete(_ id: Int64, moodAfter: Int?, note: String?, at date: Date) throws {
        try JournalEntry.validateMood(moodAfter, field: "moodAfter")
        let note = JournalEntry.cleanNote(note)
        try guarded {
            try db.transaction {
                try db.run("""
                    UPDATE check_ins
                       SET mood_after = coalesce(?, mood_after), note = coalesce(?, note),
                           completed_at = coalesce(completed_at, max(?, started_at))
                     WHERE id = ? AND route_kind = 'audio'
                    """, [.int(moodAfter), .string(note), .integer(CheckInRow.millis(date)), .integer(id)])
                if db.changes == 0,
                   try db.scalar("SELECT 1 FROM check_ins WHERE id = ?", [.integer(id)], { $0.int(0) }) == nil {
                    throw JournalError.notFound(id: id)
                }
            }
        }
    }

    public func recordPlayback(_ id: Int64, _ record: PlaybackRecord) throws {
        try guarded {
            try db.run("""
                UPDATE check_ins SET play_outcome = ?, audio_seconds = ?, read_along_seconds = ?, session_seconds = ?
                 WHERE id = ? AND route_kind = 'audio'
                """, CheckInRow.playbackValues(record) + [.integer(id)])
            if db.changes == 0,
               try db.scalar("SELECT 1 FROM check_ins WHERE id = ?", [.integer(id)], { $0.int(0) }) == nil {
                throw JournalError.notFound(id: id)
            }
        }
    }

    /// Keeps the highest support tier on audio row `id`; returns the rows changed (0 or 1).
    private func raiseSupportTier(_ id: Int64, to tier: Int) throws -> Int {
        try db.run("""
            UPDATE check_ins SET support_tier = max(coalesce(support_tier, ?), ?) WHERE id = ? AND route_kind = 'audio'
            """, [.integer(Int64(tier)), .integer(Int64(tier)), .integer(id)])
        return db.changes
    }

    public func recordSupport(_ id: Int64, tier: CrisisTier) throws {
        try guarded {
            if try raiseSupportTier(id, to: tier.rawValue) == 0,
               try db.scalar("SELECT 1 FROM check_ins WHERE id = ?", [.integer(id)], { $0.int(0) }) == nil {
                throw JournalError.notFound(id: id)
            }
        }
    }

    @discardableResult
    public func mergeHandoff(_ handoff: Int64, into id: Int64) throws -> Int64 {
        try guarded {
            try db.transaction {
                // The handoff's tier, or 0 when support opened because it was asked for.
                guard let tier = try db.scalar("""
                    SELECT CASE WHEN support_asked = 1 THEN 0 ELSE crisis_tier END
                      FROM check_ins WHERE id = ? AND route_kind = 'safety_handoff'
                    """, [.integer(handoff)], { $0.int(0) }) else { return id }
                guard try raiseSupportTier(id, to: tier) == 1 else { throw JournalError.notFound(id: id) }
                try db.run("DELETE FROM check_ins WHERE id = ?", [.integer(handoff)])
                // The check-in takes the handoff's number when no row lies between them, so the
                // numbers never skip.
                guard handoff < id, try db.scalar("SELECT count(*) FROM check_ins WHERE id > ? AND id < ?",
                                                  [.integer(handoff), .integer(id)], { $0.int(0) }) == 0 else { return id }
                // A consent given in the check-in points at it: the keys are checked at commit.
                try db.execute("PRAGMA defer_foreign_keys = ON")
                try db.run("UPDATE check_ins SET id = ? WHERE id = ?", [.integer(handoff), .integer(id)])
                try db.run("UPDATE consents SET check_in_id = ? WHERE check_in_id = ?", [.integer(handoff), .integer(id)])
                return handoff
            }
        }
    }

    public func recordConsent(at date: Date) throws -> ConsentRecord {
        try guarded {
            try db.run("INSERT INTO consents (scope, granted_at) VALUES (?, ?)",
                       [.text(ConsentRecord.exploreBelief), .integer(CheckInRow.millis(date))])
            return ConsentRecord(id: db.lastInsertID, grantedAt: CheckInRow.date(CheckInRow.millis(date)))
        }
    }

    @discardableResult public func revokeConsent(at date: Date) throws -> Int {
        try guarded {
            try db.run("UPDATE consents SET revoked_at = max(?, granted_at) WHERE revoked_at IS NULL",
                       [.integer(CheckInRow.millis(date))])
            return db.changes
        }
    }

    public func consents() throws -> [ConsentRecord] {
        try guarded { try db.query(CheckInRow.consentSQL + " ORDER BY granted_at, id", [], CheckInRow.consent) }
    }

    public func entries(_ query: JournalQuery) throws -> [JournalEntry] {
        var conditions: [String] = []
        var values: [SQLiteValue] = []
        if let since = query.since {
            // The local day decides; the bound on the start time (a day early, which covers every
            // UTC offset) only lets SQLite use the time index instead of reading every row.
            conditions.append("local_day >= ? AND started_at >= ?")
            values.append(.text(since.iso))
            values.append(.integer(Int64(since.number - 1) * 86_400_000))
        }
        if !query.includeUnfinished { conditions.append("completed_at IS NOT NULL") }
        if let search = query.search, let match = Self.matchExpression(search) {
            conditions.append("id IN (SELECT rowid FROM journal_search WHERE journal_search MATCH ?)")
            values.append(.text(match))
        }
        var sql = CheckInRow.selectSQL
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += query.newestFirst ? " ORDER BY started_at DESC, id DESC" : " ORDER BY started_at, id"
        if let limit = query.limit {
            sql += " LIMIT ?"
            values.append(.integer(Int64(max(0, limit))))
        }
        return try guarded { try db.query(sql, values, CheckInRow.entry) }
    }

    public func entry(_ id: Int64) throws -> JournalEntry? {
        try guarded { try db.query(CheckInRow.selectSQL + " WHERE id = ?", [.integer(id)], CheckInRow.entry).first }
    }

    public func safetyPlan() throws -> SafetyPlan {
        try guarded { try readSafetyPlan() }
    }

    private func readSafetyPlan() throws -> SafetyPlan {
        var plan = SafetyPlan()
        var latest: Int64?
        for (part, text, at) in try db.query("SELECT part, text, updated_at FROM safety_plan", [], { r in
            (r.string(0) ?? "", r.string(1) ?? "", r.int64(2) ?? 0)
        }) {
            guard let p = SafetyPlan.Part(rawValue: part) else { continue }
            plan[p] = text
            latest = max(latest ?? at, at)
        }
        plan.updatedAt = latest.map(CheckInRow.date)
        return plan
    }

    public func favourites() throws -> Set<String> {
        try guarded { Set(try db.query("SELECT slug FROM favourites", [], { $0.string(0) ?? "" })) }
    }

    public func setFavourite(_ slug: String, _ on: Bool, at date: Date) throws {
        try guarded {
            if on {
                try db.run("INSERT OR IGNORE INTO favourites (slug, added_at) VALUES (?, ?)",
                           [.text(slug), .integer(CheckInRow.millis(date))])
            } else {
                try db.run("DELETE FROM favourites WHERE slug = ?", [.text(slug)])
            }
        }
    }

    /// Writes only the parts in `parts` (an empty text removes one) onto the plan as it is stored now,
    /// in one transaction: every other part stays as stored, so what another allin saved meanwhile is
    /// kept. Returns the plan as saved.
    @discardableResult
    public func saveSafetyPlanParts(_ parts: [SafetyPlan.Part: String], at date: Date) throws -> SafetyPlan {
        try guarded {
            try db.transaction {
                let trimmed = SafetyPlan(parts)
                for part in parts.keys {
                    try db.run("DELETE FROM safety_plan WHERE part = ?", [.text(part.rawValue)])
                    let text = trimmed[part]
                    guard !text.isEmpty else { continue }
                    try db.run("INSERT INTO safety_plan (part, text, updated_at) VALUES (?, ?, ?)",
                               [.text(part.rawValue), .text(String(text.prefix(SafetyPlan.partLimit))),
                                .integer(CheckInRow.millis(date))])
                }
                return try readSafetyPlan()
            }
        }
    }

    public func points() throws -> [JournalPoint] {
        try guarded {
            try db.query("""
                SELECT local_day, completed_at IS NOT NULL OR support_tier IS NOT NULL, route_kind, mood_before, mood_after, session_slug, session_title,
                       play_outcome, audio_seconds, read_along_seconds, session_seconds
                  FROM check_ins
                """) { r in
                let playback = CheckInRow.playback(r, from: 7)
                return JournalPoint(day: LocalDay(iso: r.string(0) ?? "") ?? LocalDay(number: 0), completed: r.bool(1) ?? false,
                                    kind: RecommendationKind(rawValue: r.string(2) ?? "") ?? .audio, moodBefore: r.int(3),
                                    moodAfter: r.int(4), sessionSlug: r.string(5), sessionTitle: r.string(6),
                                    listened: playback?.listened, played: playback?.began)
            }
        }
    }

    /// How many check-ins are stored.
    public func count() throws -> Int {
        try guarded { try db.scalar("SELECT count(*) FROM check_ins") { $0.int(0) } ?? 0 }
    }

    /// How many of each thing the journal holds, for `allin erase` to name before and after.
    public func contents() throws -> JournalContents {
        try guarded {
            func count(_ sql: String) throws -> Int { try db.scalar(sql) { $0.int(0) } ?? 0 }
            return JournalContents(checkIns: try count("SELECT count(*) FROM check_ins"),
                                   consents: try count("SELECT count(*) FROM consents"),
                                   safetyPlanParts: try count("SELECT count(*) FROM safety_plan"),
                                   plans: try count("SELECT count(*) FROM plans"),
                                   favourites: try count("SELECT count(*) FROM favourites"))
        }
    }

    /// Deletes every row (check-ins, consents, the search index, the safety plan, the 10-step plans,
    /// favourites) in one transaction. The files stay;
    /// `allin erase` removes them after this.
    public func deleteEverything() throws {
        try guarded {
            try db.transaction {
                try db.execute("DELETE FROM consents; DELETE FROM check_ins; DELETE FROM safety_plan; DELETE FROM plan_steps; DELETE FROM plans; DELETE FROM favourites; INSERT INTO journal_search (journal_search) VALUES ('delete-all');")
            }
        }
    }

    /// The FTS5 query for what the person typed: each word quoted (so no search syntax gets through)
    /// and matched as a prefix; nil when there is no word to look for.
    static func matchExpression(_ text: String) -> String? {
        let terms = JournalSearch.terms(text)
        guard !terms.isEmpty else { return nil }
        return terms.map { "\"\($0)\"*" }.joined(separator: " ")
    }
}

/// What a journal holds, counted: check-ins (with their notes and reframes), consent records, the
/// safety plan's written parts, 10-step plans and favourite sessions.
public struct JournalContents: Equatable, Sendable {
    public var checkIns = 0
    public var consents = 0
    public var safetyPlanParts = 0
    public var plans = 0
    public var favourites = 0

    public init(checkIns: Int = 0, consents: Int = 0, safetyPlanParts: Int = 0, plans: Int = 0, favourites: Int = 0) {
        self.checkIns = checkIns
        self.consents = consents
        self.safetyPlanParts = safetyPlanParts
        self.plans = plans
        self.favourites = favourites
    }
}
