import AllinCore
import AllinUI
import Foundation

/// The journal in plain text. Every stored word goes through `Visible.text`, so nothing a person
/// typed can drive the terminal.
enum JournalReport {
    /// Why a check-in's session was chosen, in the recommendation's own plain words (the gate that
    /// decided first): what `journal show` and the exports say. Empty without a stored trace.
    static func why(_ e: JournalEntry, listing: CatalogListing?) -> [String] {
        let entries = (e.recommendation?["trace"]?.arrayValue ?? []).compactMap(TraceEntry.init(json:))
        guard !entries.isEmpty else { return [] }
        let gate = WhyText.gate(trace: entries).map { [$0] } ?? []
        guard let listing else { return gate }
        return gate + WhyText.lines(trace: entries, seconds: nil, catalog: listing, answers: nil)
    }

    static func overview(_ s: JournalSummary, rules: StreakRules, path: String) -> String {
        var out = "Journal: \(Visible.text(path))\n"
        guard s.total > 0 else { return out + "No check-ins yet.\n" }
        var streak = "Streak: \(plural(s.streak.days, "day"))"
        if !s.streak.restDays.isEmpty { streak += " (\(plural(s.streak.restDays.count, "rest day")) used)" }
        streak += s.streak.checkedInToday ? ", checked in today" : (s.streak.days > 0 ? ", check in today to keep it going" : "")
        streak += "; longest \(plural(s.streak.longest, "day"))"
        streak += rules.restDaysPerWeek == 0 ? "; rest days off" : "; \(plural(rules.restDaysPerWeek, "rest day")) a week allowed"
        out += streak + ".\n"
        out += "Checked in on \(s.daysLast7) of the last 7 days and \(s.daysLast30) of the last 30.\n"
        if let before = s.trend.averageBefore, let after = s.trend.averageAfter {
            out += "Mood, last 30 days: \(one(before)) before and \(one(after)) after on average"
            if let change = s.trend.averageChange {
                out += " (\(signed(change)) across \(plural(s.trend.pairs, "check-in")) rated both times)"
            }
            out += ".\n"
        }
        // Only sessions after which mood rose on average: one after which it fell raised nothing.
        let raised = s.topSessions.filter { $0.averageChange > 0 }
        if !raised.isEmpty {
            let list = raised.prefix(3).map {
                "\(Visible.text($0.title ?? $0.slug, limit: 40)) (up \(one($0.averageChange))\($0.count == 1 ? ", once" : " on average, \($0.count) times"))"
            }
            out += "Sessions that raised mood most: \(list.joined(separator: "; ")).\n"
        } else if !s.topSessions.isEmpty {
            out += "None of the rated sessions has raised mood yet.\n"
        }
        return out
    }

    static func table(_ entries: [JournalEntry], total: Int, query: JournalQuery, width: Int? = nil) -> String {
        guard !entries.isEmpty else {
            return total == 0 ? "" : "\nNo check-ins match.\n"
        }
        var table = TextTable(header: ["#", "date", "time", "feeling", "session", "mood", "note"])
        table.maxCell = 40
        for e in entries { table.rows.append(row(e)) }
        var out = "\n" + table.render(width: width)
        if let limit = query.limit, entries.count == limit, query.since == nil, query.search == nil, total > limit {
            out += "Showing the newest \(limit) of \(total). Use --limit 0 for all, or --since YYYY-MM-DD.\n"
        }
        return out
    }

    static func row(_ e: JournalEntry) -> [String] {
        let time = localTime(e)
        if e.kind == .safetyHandoff {
            return ["\(e.id)", e.day.iso, time, "-", e.crisisTier == CrisisTier.none ? "support opened when asked" : "crisis support shown", "-", "-"]
        }
        let mood: String
        switch (e.moodBefore, e.moodAfter) {
        case let (b?, a?): mood = "\(b)→\(a)"
        case let (b?, nil): mood = "\(b)→"
        case let (nil, a?): mood = "→\(a)"
        default: mood = "-"
        }
        let note = e.isComplete ? flat(e.note ?? "") : "(not finished)"
        let session = (e.sessionTitle ?? e.sessionSlug ?? "-") + (CheckInWords.playedShort(e.playback).map { " (\($0))" } ?? "")
        return ["\(e.id)", e.day.iso, time, feeling(e.checkIn), session, mood, note.isEmpty ? "-" : note]
    }

    /// One entry in words: labels, not the stored keys (`listing` turns chip ids into their labels;
    /// without it they are shown as words), and why this session, in the words the recommendation
    /// used. `trace` adds the route's ids and the routing lab's trace, as stored.
    static func detail(_ e: JournalEntry, listing: CatalogListing? = nil, trace: Bool = false) -> String {
        let vocabulary = listing?.vocabulary
        var lines: [(String, String)] = [("Entry", "\(e.id)"), ("When", "\(e.day.iso) \(localTime(e)) (\(e.timeZone))")]
        if e.kind == .safetyHandoff {
            lines.append(("Route", CheckInWords.support(e.crisisTier)))
            lines.append(("Kept", "only that and the time; the words are never stored"))
        } else {
            if let tier = e.supportTier { lines.append(("Support", CheckInWords.supportDuring(tier))) }
            if let c = e.checkIn { lines += CheckInWords.given(c, vocabulary: vocabulary).map { ($0.label, $0.value) } }
            if trace {
                lines.append(("Route", "\(e.lane?.rawValue ?? "-") lane\(e.sootheFirst ? " (soothe first)" : ""), \(e.sessionTitle ?? "-") (\(e.sessionSlug ?? "-"))"))
            } else {
                let helps = JournalExport.aim(e, vocabulary).map { ", " + $0 } ?? ""
                lines.append(("Session", (e.sessionTitle ?? "none") + helps))
            }
            lines.append((trace ? "Session" : "Played", e.playback.map(CheckInWords.playback) ?? (e.isComplete ? "-" : "not finished")))
            lines.append(("Reflection", e.isComplete ? "done" : "not done"))
            lines.append(("Mood before", e.moodBefore.map(String.init) ?? "-"))
            lines.append(("Mood after", e.moodAfter.map(String.init) ?? "-"))
            if let change = e.moodChange { lines.append(("Change", change > 0 ? "+\(change)" : "\(change)")) }
            lines.append(("Note", e.note ?? "-"))
        }
        let width = lines.map(\.0.count).max() ?? 0
        var out = lines.map { key, value in
            key.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + Visible.text(value, limit: 2000)
        }.joined(separator: "\n") + "\n"
        let stored = e.recommendation?["trace"]?.arrayValue ?? []
        if !trace, let listing, !stored.isEmpty {
            // The recommendation's own plain words; the gates' raw figures are behind --trace.
            let why = Self.why(e, listing: listing)
            if !why.isEmpty {
                out += "\nWhy this session:\n"
                for line in why {
                    out += Wrap.lines(Visible.text(line), width: 74).enumerated().map { ($0.offset == 0 ? "  - " : "    ") + $0.element }
                        .joined(separator: "\n") + "\n"
                }
            }
        }
        if trace, !stored.isEmpty {
            let items = stored
            out += "\nTrace:\n"
            var table = TextTable(header: ["gate", "decision", "details"])
            table.maxCell = 120
            for case let .object(pairs) in items {
                let gate = pairs.first { $0.0 == "gate" }.map { RouteReport.plain($0.1) } ?? ""
                let decision = pairs.first { $0.0 == "decision" }.map { RouteReport.plain($0.1) } ?? ""
                let details = pairs.filter { $0.0 != "gate" && $0.0 != "decision" }
                    .map { "\($0.0)=\(RouteReport.plain($0.1))" }.joined(separator: "; ")
                table.rows.append([gate, decision, details])
            }
            out += table.render()
        }
        return out
    }

    /// `journal record`'s line: the session and what it is for, in the words `journal show` uses.
    static func recorded(_ e: JournalEntry, vocabulary: Vocabulary?) -> String {
        if e.kind == .safetyHandoff {
            return "Recorded check-in \(e.id) on \(e.day.iso): \(CheckInWords.support(e.crisisTier)) Only that and the time are kept.\n"
        }
        let helps = JournalExport.aim(e, vocabulary).map { ", " + $0 } ?? ""
        return "Recorded check-in \(e.id) on \(e.day.iso): \(e.sessionTitle.map { Visible.text($0) } ?? "no session")\(helps).\n"
    }

    /// The person's own word when they typed one, else the chip id in words.
    static func feeling(_ c: CheckIn?) -> String {
        guard let c else { return "-" }
        if let own = c.customEmotion, !own.allSatisfy(\.isWhitespace) { return flat(own) }
        return c.emotion?.replacingOccurrences(of: "_", with: " ") ?? "-"
    }

    static func localTime(_ e: JournalEntry) -> String {
        JournalEntry.clock(e.startedAt, in: TimeZone(identifier: e.timeZone) ?? TimeZone(identifier: "UTC")!)
    }

    /// One line for a table cell: line breaks become spaces (other control characters are left for
    /// `Visible.text` to show).
    static func flat(_ s: String) -> String {
        s.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
    }

    static func plural(_ n: Int, _ word: String) -> String { n == 1 ? "1 \(word)" : "\(n) \(word)s" }
    static func one(_ x: Double) -> String { String(format: "%.1f", x) }
    static func signed(_ x: Double) -> String { (x >= 0 ? "+" : "") + String(format: "%.1f", x) }
}
