/// Mood before and after, averaged per local day over a window ending today.
public struct MoodTrend: Sendable, Equatable {
    /// One day of the window; averages are nil on days without a rating.
    public struct Day: Sendable, Equatable {
        public var day: LocalDay
        public var before: Double?
        public var after: Double?
        /// Check-ins that day with any mood rating.
        public var count: Int
    }

    /// Every day of the window, oldest first (days without ratings included, so charts keep their x axis).
    public var days: [Day]
    public var averageBefore: Double?
    public var averageAfter: Double?
    /// The average of (after − before) over check-ins that have both.
    public var averageChange: Double?
    /// Check-ins in the window with both ratings.
    public var pairs: Int

    /// The trend over the `length` days ending on `today` (default 30).
    public static func compute(_ points: [JournalPoint], today: LocalDay, length: Int = 30) -> MoodTrend {
        let first = today.adding(days: -(max(1, length) - 1))
        var before: [Int: [Int]] = [:], after: [Int: [Int]] = [:], counted: [Int: Int] = [:]
        var changes: [Int] = []
        var allBefore: [Int] = [], allAfter: [Int] = []
        for p in points where p.day >= first && p.day <= today {
            let offset = p.day - first
            if let b = p.moodBefore { before[offset, default: []].append(b); allBefore.append(b) }
            if let a = p.moodAfter { after[offset, default: []].append(a); allAfter.append(a) }
            if p.moodBefore != nil || p.moodAfter != nil { counted[offset, default: 0] += 1 }
            if let c = p.moodChange { changes.append(c) }
        }
        let days = (0..<max(1, length)).map { offset in
            Day(day: first.adding(days: offset), before: mean(before[offset]), after: mean(after[offset]),
                count: counted[offset] ?? 0)
        }
        return MoodTrend(days: days, averageBefore: mean(allBefore), averageAfter: mean(allAfter),
                         averageChange: mean(changes), pairs: changes.count)
    }

    static func mean(_ values: [Int]?) -> Double? {
        guard let values, !values.isEmpty else { return nil }
        return Double(values.reduce(0, +)) / Double(values.count)
    }
}
