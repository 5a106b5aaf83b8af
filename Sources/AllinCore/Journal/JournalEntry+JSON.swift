import Foundation

extension JournalEntry {
    /// The answers under the keys `allin route` reads, so an exported check-in can be routed again.
    public static func answersJSON(_ c: CheckIn) -> JSONValue {
        .object([
            ("emotion", .optional(c.emotion)), ("customEmotion", .optional(c.customEmotion)),
            ("situation", .optional(c.situation)), ("triggerText", .optional(c.triggerText)),
            ("intensity", c.intensity.map(JSONValue.int) ?? .null), ("body", .array(c.body.map(JSONValue.string))),
            ("intent", .optional(c.intent)), ("claritySubTap", .optional(c.claritySubTap)),
            ("confidenceSubTap", .optional(c.confidenceSubTap)), ("embodyNew", .optional(c.embodyNew)),
            ("consent", c.consent.map(JSONValue.bool) ?? .null), ("belief", .optional(c.belief)),
            ("customBelief", .optional(c.customBelief)), ("pattern", .optional(c.pattern)),
            ("origin", .optional(c.origin)), ("kinder", .optional(c.kinder)),
        ])
    }

    /// Everything stored for the entry. Times are ISO 8601 in the entry's own time zone.
    public var json: JSONValue {
        let zone = TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC")!
        return .object([
            ("id", .number(Double(id))),
            ("day", .string(day.iso)),
            ("startedAt", .string(JournalEntry.iso8601(startedAt, in: zone))),
            ("completedAt", .optional(completedAt.map { JournalEntry.iso8601($0, in: zone) })),
            ("timeZone", .string(timeZone)),
            ("kind", .string(kind.rawValue)),
            ("crisisTier", .optional(crisisTier?.label)),
            ("supportDuringCheckIn", .optional(supportTier.map(CheckInWords.supportDuring))),
            ("answers", checkIn.map(JournalEntry.answersJSON) ?? .null),
            ("lane", .optional(lane?.rawValue)),
            ("intentLane", .optional(intentLane?.rawValue)),
            ("valence", .optional(valence?.rawValue)),
            ("sootheFirst", .bool(sootheFirst)),
            ("session", sessionSlug.map { .object([("slug", .string($0)), ("title", .optional(sessionTitle))]) } ?? .null),
            ("moodBefore", moodBefore.map(JSONValue.int) ?? .null),
            ("moodAfter", moodAfter.map(JSONValue.int) ?? .null),
            ("moodChange", moodChange.map(JSONValue.int) ?? .null),
            ("note", .optional(note)),
            ("playback", playback.map(JournalEntry.playbackJSON) ?? .null),
            ("recommendation", recommendation ?? .null),
        ])
    }

    /// How the session ran: outcome, mode, seconds heard and read along, length, listened.
    public static func playbackJSON(_ r: PlaybackRecord) -> JSONValue {
        .object([
            ("outcome", .string(r.outcome.rawValue)), ("mode", .string(r.mode)),
            ("audioSeconds", .number((r.audioSeconds * 10).rounded() / 10)),
            ("readAlongSeconds", .number((r.readAlongSeconds * 10).rounded() / 10)),
            ("lengthSeconds", r.length.map { .number(($0 * 10).rounded() / 10) } ?? .null),
            ("listened", .bool(r.listened)),
        ])
    }

    /// `2024-05-15T09:00:00.000+01:00`: lossless for the stored milliseconds, readable in local time.
    /// Computed directly (a formatter per row made exporting 10,000 entries take seconds).
    public static func iso8601(_ date: Date, in zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date)
        let local = Int64((date.timeIntervalSince1970 * 1000).rounded()) + Int64(offset) * 1000
        let dayMillis: Int64 = 86_400_000
        let dayNumber = local >= 0 ? local / dayMillis : (local - dayMillis + 1) / dayMillis
        let inDay = Int(local - dayNumber * dayMillis)
        let time = String(format: "%02d:%02d:%02d.%03d", inDay / 3_600_000, inDay / 60_000 % 60, inDay / 1000 % 60, inDay % 1000)
        let zoneText: String
        if offset == 0 {
            zoneText = "Z"
        } else {
            let minutes = abs(offset) / 60
            zoneText = String(format: "%@%02d:%02d", offset < 0 ? "-" : "+", minutes / 60, minutes % 60)
        }
        return LocalDay(number: Int(dayNumber)).iso + "T" + time + zoneText
    }

    /// `HH:mm` of `date` in `zone`.
    public static func clock(_ date: Date, in zone: TimeZone) -> String {
        let seconds = Int((date.timeIntervalSince1970).rounded(.down)) + zone.secondsFromGMT(for: date)
        let inDay = ((seconds % 86_400) + 86_400) % 86_400
        return String(format: "%02d:%02d", inDay / 3600, inDay / 60 % 60)
    }
}

extension ConsentRecord {
    public var json: JSONValue {
        let utc = TimeZone(identifier: "UTC")!
        return .object([
            ("id", .number(Double(id))), ("scope", .string(scope)),
            ("grantedAt", .string(JournalEntry.iso8601(grantedAt, in: utc))),
            ("revokedAt", .optional(revokedAt.map { JournalEntry.iso8601($0, in: utc) })),
            ("checkInId", checkInID.map { .number(Double($0)) } ?? .null),
        ])
    }
}

extension JournalSummary {
    public var json: JSONValue {
        func number(_ x: Double?) -> JSONValue { x.map { .number(($0 * 100).rounded() / 100) } ?? .null }
        return .object([
            ("today", .string(today.iso)),
            ("streak", .object([
                ("days", .int(streak.days)), ("checkedInToday", .bool(streak.checkedInToday)),
                ("start", .optional(streak.start?.iso)), ("end", .optional(streak.end?.iso)),
                ("restDays", .array(streak.restDays.map { .string($0.iso) })), ("longest", .int(streak.longest)),
            ])),
            ("daysLast7", .int(daysLast7)), ("daysLast30", .int(daysLast30)),
            // Not "completed": a check-in left unfinished after crisis support opened counts as checked
            // in (for the streak) without being finished (found from outside: 7 "completed", 4 unfinished).
            ("total", .int(total)), ("countedAsCheckedIn", .int(completed)),
            ("mood", .object([
                ("averageBefore", number(trend.averageBefore)), ("averageAfter", number(trend.averageAfter)),
                ("averageChange", number(trend.averageChange)), ("pairs", .int(trend.pairs)),
                ("days", .array(trend.days.map { d in
                    .object([("day", .string(d.day.iso)), ("before", number(d.before)), ("after", number(d.after)),
                             ("count", .int(d.count))])
                })),
            ])),
            ("heatmap", .object([
                ("firstWeekday", .string(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][heatmap.firstWeekday])),
                ("weeks", .array(heatmap.weeks.map { week in
                    .array(week.map { cell in
                        cell.map { .object([("day", .string($0.day.iso)), ("count", .int($0.count)), ("level", .int($0.level))]) } ?? .null
                    })
                })),
            ])),
            ("topSessions", .array(topSessions.map { s in
                .object([("slug", .string(s.slug)), ("title", .optional(s.title)),
                         ("averageChange", number(s.averageChange)), ("count", .int(s.count))])
            })),
        ])
    }
}
