import AllinCore
import Foundation

/// How a `JournalEntry` maps to a `check_ins` row and back.
enum CheckInRow {
    /// Every column except `id`, in insert order.
    static let columns = [
        "started_at", "completed_at", "time_zone", "local_day", "route_kind", "crisis_tier",
        "emotion", "custom_emotion", "situation", "trigger_text", "intensity", "body", "intent",
        "clarity_sub_tap", "confidence_sub_tap", "embody_new", "consent", "belief", "custom_belief",
        "pattern", "origin", "kinder", "lane", "intent_lane", "valence", "soothe_first",
        "session_slug", "session_title", "route_json", "mood_before", "mood_after", "note",
        "play_outcome", "audio_seconds", "read_along_seconds", "session_seconds", "support_asked",
        "support_tier",
    ]

    static let insertSQL = "INSERT INTO check_ins (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"

    static let selectSQL = "SELECT check_ins.id, \(columns.map { "check_ins.\($0)" }.joined(separator: ", ")) FROM check_ins"

    static func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    static func date(_ millis: Int64) -> Date { Date(timeIntervalSince1970: Double(millis) / 1000) }

    static func values(_ e: JournalEntry) -> [SQLiteValue] {
        let c = e.checkIn
        let body: String? = c.map { JSONValue.array($0.body.map(JSONValue.string)).serialized() }
        // Support opened when asked has no tier; the schema's checks want one (see migration 5).
        let asked = e.kind == .safetyHandoff && e.crisisTier == CrisisTier.none
        return [
            .integer(millis(e.startedAt)), .int64(e.completedAt.map(millis)), .text(e.timeZone), .text(e.day.iso),
            .text(e.kind.rawValue), .int(asked ? CrisisTier.concern.rawValue : e.crisisTier?.rawValue),
            .string(c?.emotion), .string(c?.customEmotion), .string(c?.situation), .string(c?.triggerText),
            .int(c?.intensity), .string(body), .string(c?.intent), .string(c?.claritySubTap),
            .string(c?.confidenceSubTap), .string(c?.embodyNew), .bool(c?.consent), .string(c?.belief),
            .string(c?.customBelief), .string(c?.pattern), .string(c?.origin), .string(c?.kinder),
            .string(e.lane?.rawValue), .string(e.intentLane?.rawValue), .string(e.valence?.rawValue),
            .bool(e.sootheFirst), .string(e.sessionSlug), .string(e.sessionTitle),
            .string(e.recommendation?.serialized()), .int(e.moodBefore), .int(e.moodAfter), .string(e.note),
        ] + playbackValues(e.playback) + [.bool(asked), .int(e.kind == .audio ? e.supportTier?.rawValue : nil)]
    }

    /// The four playback columns, in `columns` order (all NULL without a record).
    static func playbackValues(_ r: PlaybackRecord?) -> [SQLiteValue] {
        guard let r else { return [.null, .null, .null, .null] }
        return [.text(r.outcome.rawValue), .real(r.audioSeconds), .real(r.readAlongSeconds), r.length.map(SQLiteValue.real) ?? .null]
    }

    /// The record read from the four playback columns starting at `i`.
    static func playback(_ r: Row, from i: Int32) -> PlaybackRecord? {
        guard let outcome = r.string(i).flatMap(PlaybackRecord.Outcome.init(rawValue:)) else { return nil }
        return PlaybackRecord(outcome: outcome, audioSeconds: r.double(i + 1) ?? 0, readAlongSeconds: r.double(i + 2) ?? 0,
                              length: r.double(i + 3))
    }

    /// Reads a row selected with `selectSQL` (id first, then `columns`).
    static func entry(_ r: Row) throws -> JournalEntry {
        var i: Int32 = 0
        func next() -> Int32 { defer { i += 1 }; return i }
        let id = r.int64(next()) ?? 0
        let started = date(r.int64(next()) ?? 0)
        let completed = r.int64(next()).map(date)
        let zone = r.string(next()) ?? "UTC"
        let dayText = r.string(next()) ?? ""
        guard let day = LocalDay(iso: dayText) else {
            throw SQLiteError(extendedCode: 11, message: "check-in \(id) has a malformed day '\(dayText)'", context: "reading the journal")
        }
        let kind = RecommendationKind(rawValue: r.string(next()) ?? "") ?? .audio
        let storedTier = r.int(next()).flatMap(CrisisTier.init(rawValue:))
        // `support_asked` and `support_tier`, the last two columns (id comes first).
        let tier = r.bool(Int32(columns.count - 1)) == true ? CrisisTier.none : storedTier
        let supportTier = r.int(Int32(columns.count)).flatMap(CrisisTier.init(rawValue:))
        var c = CheckIn()
        c.emotion = r.string(next())
        c.customEmotion = r.string(next())
        c.situation = r.string(next())
        c.triggerText = r.string(next())
        c.intensity = r.int(next())
        if let body = r.string(next()), case let .array(items)? = try? JSONReader.parse(body) {
            c.body = items.compactMap { if case let .string(s) = $0 { return s } else { return nil } }
        }
        c.intent = r.string(next())
        c.claritySubTap = r.string(next())
        c.confidenceSubTap = r.string(next())
        c.embodyNew = r.string(next())
        c.consent = r.bool(next())
        c.belief = r.string(next())
        c.customBelief = r.string(next())
        c.pattern = r.string(next())
        c.origin = r.string(next())
        c.kinder = r.string(next())
        let lane = r.string(next()).flatMap(Lane.init(rawValue:))
        let intentLane = r.string(next()).flatMap(Lane.init(rawValue:))
        let valence = r.string(next()).flatMap(Valence.init(rawValue:))
        let sootheFirst = r.bool(next()) ?? false
        let slug = r.string(next())
        let title = r.string(next())
        let route = r.string(next()).flatMap { try? JSONReader.parse($0) }
        let before = r.int(next())
        let after = r.int(next())
        let note = r.string(next())
        let playback = playback(r, from: next())
        return JournalEntry(id: id, startedAt: started, completedAt: completed, timeZone: zone, day: day, kind: kind,
                            checkIn: kind == .audio ? c : nil, lane: lane, intentLane: intentLane, valence: valence,
                            sootheFirst: sootheFirst, sessionSlug: slug, sessionTitle: title, crisisTier: tier,
                            recommendation: route, moodBefore: before, moodAfter: after, note: note,
                            playback: playback, supportTier: kind == .audio ? supportTier : nil)
    }

    static let consentSQL = "SELECT id, scope, granted_at, revoked_at, check_in_id FROM consents"

    static func consent(_ r: Row) -> ConsentRecord {
        ConsentRecord(id: r.int64(0) ?? 0, scope: r.string(1) ?? ConsentRecord.exploreBelief,
                      grantedAt: date(r.int64(2) ?? 0), revokedAt: r.int64(3).map(date), checkInID: r.int64(4))
    }
}
