/// A calendar of completed check-ins: one column per week, one row per weekday, ending this week.
public struct Heatmap: Sendable, Equatable {
    /// One day of the calendar.
    public struct Cell: Sendable, Equatable {
        public var day: LocalDay
        public var count: Int
        /// 0 (none) … 4 (four or more): fixed steps, so a cell means the same thing every week.
        public var level: Int
    }

    /// `weeks[w][d]`: week w (oldest first), weekday d counted from `firstWeekday`; nil for days after today.
    public var weeks: [[Cell?]]
    /// Monday = 0 … Sunday = 6.
    public var firstWeekday: Int

    /// The level of a day with `count` completed check-ins.
    public static func level(_ count: Int) -> Int { max(0, min(count, 4)) }

    /// The `weeks` weeks ending with the week that holds `today` (default 12, weeks starting Monday).
    public static func build(_ points: [JournalPoint], today: LocalDay, weeks: Int = 12, firstWeekday: Int = 0) -> Heatmap {
        let weekCount = max(1, weeks)
        let start = ((firstWeekday % 7) + 7) % 7
        let intoWeek = (today.weekday - start + 7) % 7
        let firstDay = today.adding(days: -intoWeek - 7 * (weekCount - 1))
        var counts: [LocalDay: Int] = [:]
        for p in points where p.completed && p.day >= firstDay && p.day <= today { counts[p.day, default: 0] += 1 }
        let grid: [[Cell?]] = (0..<weekCount).map { w in
            (0..<7).map { d in
                let day = firstDay.adding(days: w * 7 + d)
                guard day <= today else { return nil }
                let n = counts[day] ?? 0
                return Cell(day: day, count: n, level: level(n))
            }
        }
        return Heatmap(weeks: grid, firstWeekday: start)
    }
}
