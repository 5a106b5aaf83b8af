import AllinCore
import AllinUI
import Foundation

/// The journal as a file: JSON (everything stored), CSV (one row per check-in, every column) or
/// Markdown (for reading).
public enum JournalExport {
    enum Format: String, CaseIterable { case json, csv, md }

    public static func json(_ entries: [JournalEntry], consents: [ConsentRecord], schema: Int, path: String, now: Date,
                            plan: SafetyPlan = SafetyPlan(), plans: [StoredPlan] = [], favourites: Set<String> = [],
                            missing: String? = nil) -> String {
        let utc = TimeZone(identifier: "UTC")!
        // Only an export from a damaged journal says what it could not read.
        let notRead: [(String, JSONValue)] = missing.map { [("notRead", .string($0))] } ?? []
        return JSONValue.object([
            ("format", .string("allin-journal")), ("formatVersion", .int(1)), ("schemaVersion", .int(schema)),
            ("exportedAt", .string(JournalEntry.iso8601(now, in: TimeZone(identifier: "UTC")!))),
            ("source", .string(path)),
        ] + notRead + [
            ("entries", .array(entries.map(\.json))),
            ("consents", .array(consents.map(\.json))),
            ("safetyPlan", plan.isEmpty ? .null : .object(
                [("updatedAt", .optional(plan.updatedAt.map { JournalEntry.iso8601($0, in: utc) }))]
                    + plan.written.map { ($0.part.rawValue, JSONValue.string($0.text)) })),
            ("favourites", .array(favourites.sorted().map(JSONValue.string))),
            ("plans", .array(plans.map { p in
                .object([
                    ("id", .int(Int(p.id))), ("createdAt", .string(JournalEntry.iso8601(p.createdAt, in: utc))),
                    ("active", .bool(p.active)), ("intake", p.intake.json),
                    ("steps", .array(p.steps.map { s in
                        .object([
                            ("index", .int(s.step.index)), ("area", .string(s.step.area)), ("type", .string(s.step.type.rawValue)),
                            ("slug", .string(s.step.slug)), ("fallback", .optional(s.step.fallback?.rawValue)),
                            ("playedAt", .optional(s.playedAt.map { JournalEntry.iso8601($0, in: utc) })),
                            ("moodBefore", s.moodBefore.map { .int($0) } ?? .null), ("moodAfter", s.moodAfter.map { .int($0) } ?? .null),
                            ("note", .optional(s.note)),
                            ("reflectedAt", .optional(s.reflectedAt.map { JournalEntry.iso8601($0, in: utc) })),
                        ])
                    })),
                ])
            })),
        ]).serialized(pretty: true) + "\n"
    }

    static let csvColumns = [
        "Entry", "Day", "Started", "Finished", "Time zone", "What happened",
    ] + CheckInWords.labels + [
        "Session helps with", "Help asked for", "Feeling was", "Calming first", "Session", "Why", "Mood before", "Mood after",
        "Mood change", "Note",
    ]

    /// A session's check-in in sentences, as the Markdown says it: how much was heard or read along
    /// and how it ended, whether the check-in was finished, and support shown during it (found from
    /// outside: the CSV said "Session" for one heard to its end, and ran two sentences together).
    static func whatHappened(_ e: JournalEntry) -> String {
        var sentences = [e.playback.map { "Session: " + CheckInWords.playback($0) + "." } ?? "Session."]
        if !e.isComplete { sentences.append("Not finished.") }
        if let tier = e.supportTier { sentences.append(CheckInWords.supportDuring(tier)) }
        return sentences.joined(separator: " ")
    }

    /// One row per check-in, in words: labels for headers, chip labels for answers, what a session
    /// helps with in the words of the choice that asks for it (the JSON export keeps every id).
    static func csv(_ entries: [JournalEntry], listing: CatalogListing?) -> String {
        let vocabulary = listing?.vocabulary
        var out = csvColumns.map(csvCell).joined(separator: ",") + "\r\n"
        for e in entries {
            let zone = TimeZone(identifier: e.timeZone) ?? TimeZone(identifier: "UTC")!
            var cells: [String] = [
                "\(e.id)", e.day.iso, JournalEntry.iso8601(e.startedAt, in: zone),
                e.completedAt.map { JournalEntry.iso8601($0, in: zone) } ?? "", e.timeZone,
                e.kind == .safetyHandoff ? CheckInWords.support(e.crisisTier) : whatHappened(e),
            ]
            // What a person typed can't become a spreadsheet formula.
            let answers = e.checkIn.map { CheckInWords.all($0, vocabulary: vocabulary).map { csvText($0.value) } }
            cells += answers ?? Array(repeating: "", count: CheckInWords.labels.count)
            cells += [
                // The lane asked for only when the intent question was asked (the express gate skips it).
                e.lane.map { helpsWith($0, vocabulary) } ?? "",
                e.checkIn?.intent == nil ? "" : e.intentLane.map { helpsWith($0, vocabulary) } ?? "",
                e.valence.map(feelingWas) ?? "",
                e.kind == .audio ? (e.sootheFirst ? "yes" : "no") : "", e.sessionTitle ?? "",
                csvText(JournalReport.why(e, listing: listing).joined(separator: " ")),
                e.moodBefore.map(String.init) ?? "", e.moodAfter.map(String.init) ?? "",
                e.moodChange.map(String.init) ?? "", csvText(e.note ?? ""),
            ]
            out += cells.map(csvCell).joined(separator: ",") + "\r\n"
        }
        return out
    }

    /// Free text that starts like a formula (=, +, -, @, a tab or a return) gets a leading apostrophe,
    /// so a spreadsheet shows it as text instead of running it.
    static func csvText(_ s: String) -> String {
        guard let first = s.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return s }
        return "'" + s
    }

    /// RFC 4180: quoted when it holds a comma, quote or line break; quotes doubled. Scalars, not
    /// characters: "\r\n" is one `Character`, equal to neither "\r" nor "\n".
    static func csvCell(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// What a lane's sessions help with: the label of the choice that asks for it ("Get clear on what
    /// to do"), never the lane's key.
    static func helpsWith(_ lane: Lane, _ v: Vocabulary?) -> String {
        v?.helpsWith(lane) ?? lane.rawValue.replacingOccurrences(of: "_", with: " ")
    }

    /// What a check-in's session was for ("to calm your body and mind"), nil when none was chosen.
    static func aim(_ e: JournalEntry, _ v: Vocabulary?) -> String? {
        e.lane.map { WhyText.aim(helpsWith: helpsWith($0, v), sootheFirst: e.sootheFirst) }
    }

    /// How the feeling read, in the words the recommendation's steps use.
    static func feelingWas(_ valence: Valence) -> String {
        switch valence {
        case .pleasant: return "a good one"
        case .unpleasant: return "a hard one"
        case .neutral: return "neither good nor hard"
        }
    }

    /// `listing` names the chips, what each session helps with, the plan's areas and sessions.
    static func md(_ entries: [JournalEntry], consents: [ConsentRecord], now: Date, listing: CatalogListing?,
                   plan: SafetyPlan = SafetyPlan(), plans: [StoredPlan] = [], missing: String? = nil) -> String {
        let vocabulary = listing?.vocabulary
        var out = "# allin journal\n\nExported \(JournalEntry.iso8601(now, in: TimeZone(identifier: "UTC")!)); \(JournalReport.plural(entries.count, "check-in")).\n"
        if let missing { out += "\nThe journal was damaged, and this part of it could not be read: \(mdText(missing)).\n" }
        for e in entries {
            out += "\n## \(e.day.iso) \(JournalReport.localTime(e)) (\(e.timeZone)), entry \(e.id)\n\n"
            if e.kind == .safetyHandoff {
                out += CheckInWords.support(e.crisisTier) + " Only that and the time are kept.\n"
                continue
            }
            if let c = e.checkIn {
                for (label, value) in CheckInWords.given(c, vocabulary: vocabulary) { out += "- \(label): \(mdText(value))\n" }
            }
            if let tier = e.supportTier { out += "- \(CheckInWords.supportDuring(tier))\n" }
            let helps = aim(e, vocabulary).map { " (" + $0 + ")" } ?? ""
            out += "- Session: \(mdText(e.sessionTitle ?? "-"))\(mdText(helps))"
                + (e.playback.map { ", " + CheckInWords.playback($0) } ?? "") + "\n"
            // Every recommendation says why, as `journal show` does (found from outside: only "soothe
            // first" ones had a reason).
            let why = JournalReport.why(e, listing: listing)
            if why.count == 1 {
                out += "- Why: \(mdText(why[0]))\n"
            } else if !why.isEmpty {
                out += "- Why:\n" + why.map { "  - \(mdText($0))\n" }.joined()
            }
            // Only the moods given (found from outside: "Mood: - before, - after" for a check-in without them).
            switch (e.moodBefore, e.moodAfter) {
            case let (before?, after?): out += "- Mood: \(before) before, \(after) after\n"
            case let (before?, nil): out += "- Mood before: \(before)\n"
            case let (nil, after?): out += "- Mood after: \(after)\n"
            case (nil, nil): break
            }
            if !e.isComplete { out += "- Not finished\n" }
            if let note = e.note {
                out += "\n" + note.split(separator: "\n", omittingEmptySubsequences: false).map { "> " + mdText(String($0)) }.joined(separator: "\n") + "\n"
            }
        }
        if !consents.isEmpty {
            out += "\n## Consent to explore beliefs\n\n"
            for c in consents {
                let utc = TimeZone(identifier: "UTC")!
                out += "- granted \(JournalEntry.iso8601(c.grantedAt, in: utc))"
                out += c.revokedAt.map { ", revoked \(JournalEntry.iso8601($0, in: utc))" } ?? ", in force"
                out += "\n"
            }
        }
        if !plan.isEmpty { out += "\n" + SafetyPlanCommand.markdown(plan, date: nil, level: 2) }
        for p in plans {
            out += "\n## Plan made \(JournalEntry.iso8601(p.createdAt, in: TimeZone(identifier: "UTC")!))\(p.active ? " (active)" : "")\n\n"
            for (i, a) in p.intake.areas.enumerated() {
                out += "- \(mdText(listing?.plan.area(a.area)?.label ?? a.area)), rated \(a.rating): " + a.answers.map(mdText).joined(separator: " / ") + "\n"
                if i == p.intake.areas.count - 1 { out += "\n" }
            }
            for s in p.steps {
                let area = listing?.plan.area(s.step.area)?.label ?? s.step.area
                let title = listing?.session(s.step.slug)?.title ?? s.step.slug.replacingOccurrences(of: "_", with: " ")
                var line = "\(s.step.index). \(s.step.type.rawValue), \(mdText(area)): \(mdText(title))"
                if s.playedAt != nil { line += ", played" }
                if let b = s.moodBefore, let a = s.moodAfter { line += ", mood \(b) → \(a)" }
                if let note = s.note { line += ". Note: \(mdText(note))" }
                out += line + "\n"
            }
        }
        return out
    }

    /// Keeps the person's words as written but stops them turning into Markdown structure.
    static func mdText(_ s: String) -> String {
        var out = ""
        for ch in s {
            if "\\`*_[]<>#|".contains(ch) { out.append("\\") }
            out.append(ch)
        }
        return out
    }

    static func snake(_ key: String) -> String {
        var out = ""
        for ch in key {
            if ch.isUppercase { out += "_" + ch.lowercased() } else { out.append(ch) }
        }
        return out
    }
}
