/// Everything the journal shows at a glance, computed from stored points and today's local day.
public struct JournalSummary: Sendable, Equatable {
    public var today: LocalDay
    public var streak: Streak
    /// Distinct days with a completed check-in among the last 7 and the last 30 (today included).
    public var daysLast7: Int
    public var daysLast30: Int
    public var trend: MoodTrend
    public var heatmap: Heatmap
    public var topSessions: [SessionImpact]
    /// All stored check-ins, and those finished.
    public var total: Int
    public var completed: Int

    public static func compute(_ points: [JournalPoint], today: LocalDay, rules: StreakRules = .standard,
                               firstWeekday: Int = 0) -> JournalSummary {
        let done = points.filter(\.completed)
        let days = Set(done.map(\.day))
        return JournalSummary(
            today: today,
            streak: Streak.compute(days: days, today: today, rules: rules),
            daysLast7: daysCheckedIn(days, today: today, window: 7),
            daysLast30: daysCheckedIn(days, today: today, window: 30),
            trend: MoodTrend.compute(points, today: today),
            heatmap: Heatmap.build(points, today: today, firstWeekday: firstWeekday),
            topSessions: SessionImpact.rank(points),
            total: points.count, completed: done.count)
    }

    /// Distinct days in `days` that fall within the `window` days ending on `today`.
    public static func daysCheckedIn(_ days: Set<LocalDay>, today: LocalDay, window: Int) -> Int {
        let first = today.adding(days: -(window - 1))
        return days.filter { $0 >= first && $0 <= today }.count
    }
}
