import AllinCore
import Foundation

/// The words of the journal screen: streak, rest-day rule, counts, dates and moods.
enum JournalText {
    static let emptyTitle = "Nothing here yet."
    static let emptyBody = "Your journal fills in as you check in: how you felt, your mood before and after "
        + "each session, the words you wrote, and a streak that counts days, not perfection."
    static let emptyHint = "Press Esc, then c, to start a check-in."

    /// The streak counts finished check-ins (mood after given), so the words say "finished" (found from
    /// outside: after seven check-ins closed before their sessions, "a check-in today starts one").
    static func streak(_ s: JournalSummary) -> String {
        let streak = s.streak
        guard streak.days > 0 else {
            return "No streak right now: a check-in finished today (with how you feel after) starts one. Longest so far: \(plural(streak.longest, "day"))."
        }
        var text = "Streak: \(plural(streak.days, "day"))"
        if !streak.restDays.isEmpty { text += " with \(plural(streak.restDays.count, "rest day"))" }
        text += streak.checkedInToday ? ", today included" : "; a check-in finished today keeps it going"
        return text + " · longest \(plural(streak.longest, "day"))"
    }

    /// The rest-day rule in one line.
    static func restRule(_ rules: StreakRules) -> String {
        switch rules.restDaysPerWeek {
        case 0: return "Rest days are off: a streak needs a check-in every day."
        case 1: return "One rest day in any 7 keeps a streak alive; rest days aren't counted."
        case let n: return "Up to \(n) rest days in any 7 keep a streak alive; rest days aren't counted."
        }
    }

    static func days(_ s: JournalSummary) -> String {
        "Days checked in: \(s.daysLast7) of the last 7, \(s.daysLast30) of the last 30"
    }

    static func moodTitle(_ trend: MoodTrend) -> String {
        guard let before = trend.averageBefore, let after = trend.averageAfter else {
            if let only = trend.averageBefore ?? trend.averageAfter {
                return "Mood, last 30 days: \(one(only)) on average"
            }
            return "Mood, last 30 days"
        }
        var text = "Mood, last 30 days: \(one(before)) before, \(one(after)) after"
        // Each average is over the check-ins rated that time, the change over those rated both times,
        // and the words say so (found from outside: "3.7 before, 5.5 after (+2.0 over 2 check-ins)"
        // read as sums that did not add up).
        if let change = trend.averageChange { text += " (\(signed(change)) across \(plural(trend.pairs, "check-in")) rated both times)" }
        return text
    }

    static let noMoods = "Rate your mood before and after a session and it is charted here."
    static let topTitle = "Sessions that raised mood most"
    static let noRatedSessions = "Rate mood before and after a session you listen to (most of it) to see which help most."
    static let noneRaised = "None of the rated sessions has raised mood yet."

    static let weekdays = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// `21 Apr`.
    static func short(_ day: LocalDay) -> String {
        let c = day.components
        return "\(c.day) \(months[c.month - 1])"
    }

    /// `Sunday 19 May 2024`.
    static func long(_ day: LocalDay) -> String {
        let c = day.components
        return "\(weekdayNames[day.weekday]) \(c.day) \(months[c.month - 1]) \(c.year)"
    }

    /// `HH:mm` where the check-in happened.
    static func time(_ e: JournalEntry) -> String {
        JournalEntry.clock(e.startedAt, in: TimeZone(identifier: e.timeZone) ?? TimeZone(identifier: "UTC")!)
    }

    /// The person's own word when they typed one, else the emotion's label.
    static func feeling(_ c: CheckIn?, _ v: Vocabulary) -> String {
        guard let c else { return "-" }
        if let own = c.customEmotion, !own.allSatisfy(\.isWhitespace) { return flat(own) }
        guard let id = c.emotion else { return "-" }
        return v.emotion(id)?.label ?? Visible.text(id.replacingOccurrences(of: "_", with: " "))
    }

    /// `4→6 +2`, `4→`, `→6` or `-`.
    static func mood(_ e: JournalEntry, _ g: ChartGlyphs) -> String {
        switch (e.moodBefore, e.moodAfter) {
        case let (b?, a?): return "\(b)\(g.arrow)\(a) \(change(a - b))"
        case let (b?, nil): return "\(b)\(g.arrow)"
        case let (nil, a?): return "\(g.arrow)\(a)"
        default: return "-"
        }
    }

    /// `+2`, `-1` or `±0`.
    static func change(_ n: Int) -> String { n > 0 ? "+\(n)" : n == 0 ? "±0" : "\(n)" }

    static func handoff(_ e: JournalEntry) -> String {
        e.crisisTier == CrisisTier.none ? "support opened when asked" : "crisis support shown"
    }

    /// A stored text on one line, safe to draw: line breaks become spaces, controls visible placeholders.
    static func flat(_ s: String) -> String {
        Visible.text(s.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "\r", with: " "))
    }

    /// A stored text safe to draw, keeping its line breaks as paragraphs (for wrapping).
    static func paragraphs(_ s: String) -> String {
        s.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map { Visible.text(String($0)) }
            .joined(separator: "\n")
    }

    /// What happened to the session: "heard 1:10, then read along 2:05 of 4:17; stopped early".
    static func plural(_ n: Int, _ word: String) -> String { n == 1 ? "1 \(word)" : "\(n) \(word)s" }
    static func one(_ x: Double) -> String { String(format: "%.1f", x) }
    static func signed(_ x: Double) -> String {
        let tenths = (x * 10).rounded()
        return tenths == 0 ? "0.0" : (tenths > 0 ? "+" : "") + String(format: "%.1f", tenths / 10)
    }
}
