/// The rules a streak is counted by.
public struct StreakRules: Sendable, Equatable {
    /// Missed days forgiven in any 7 consecutive days; 0 turns rest days off.
    public var restDaysPerWeek: Int

    public init(restDaysPerWeek: Int = 1) { self.restDaysPerWeek = max(0, min(restDaysPerWeek, 6)) }

    public static let standard = StreakRules()
}

/// The streak of consecutive local days with a completed check-in, where a missed day still keeps the
/// streak alive when it is a rest day (at most `restDaysPerWeek` in any 7 consecutive days).
public struct Streak: Sendable, Equatable {
    /// Days with a completed check-in in the current run (rest days are not counted).
    public var days: Int
    /// The rest days the run used, newest first.
    public var restDays: [LocalDay]
    /// The first and last checked-in day of the run; nil when there is no run.
    public var start: LocalDay?
    public var end: LocalDay?
    /// Whether there is a completed check-in on `today`.
    public var checkedInToday: Bool
    /// The longest run ever seen under the same rules.
    public var longest: Int

    /// Days from the first to the last day of the run, rest days included.
    public var span: Int { guard let start, let end else { return 0 }; return end - start + 1 }

    /// Computes the streak ending at `today` (or, while today has no check-in yet, at yesterday; the
    /// day is not over). `days` are the local days of completed check-ins, each taken in the time zone
    /// where it happened, so travel never moves a past check-in to another day.
    public static func compute(days: some Sequence<LocalDay>, today: LocalDay, rules: StreakRules = .standard) -> Streak {
        let set = Set(days)
        // A check-in made further east can sit a day or two "ahead" of today here: count it.
        let ahead = set.filter { $0 > today && $0 - today <= 2 }.max()
        let anchor = ahead ?? today
        let current = run(endingAt: anchor, in: set, rules: rules, pendingAnchor: !set.contains(anchor))
        return Streak(days: current.days, restDays: current.rest, start: current.start, end: current.end,
                      checkedInToday: set.contains(today), longest: longest(set, rules: rules, atLeast: current.days))
    }

    private struct Run {
        var days = 0
        var rest: [LocalDay] = []
        var start: LocalDay?
        var end: LocalDay?
    }

    /// Walks back from `anchor`. When the anchor itself has no check-in yet it is neither counted
    /// nor spent as a rest day.
    private static func run(endingAt anchor: LocalDay, in set: Set<LocalDay>, rules: StreakRules, pendingAnchor: Bool) -> Run {
        var r = Run()
        var day = pendingAnchor ? anchor.adding(days: -1) : anchor
        guard let earliest = set.min() else { return r }
        while day >= earliest {
            if set.contains(day) {
                r.days += 1
                if r.end == nil { r.end = day }
                r.start = day
            } else {
                // Rest days used in the 7-day window that starts here (this day and the 6 after it).
                let window = r.rest.filter { $0 - day < 7 }.count
                guard window < rules.restDaysPerWeek else { break }
                r.rest.append(day)
            }
            day = day.adding(days: -1)
        }
        // Rest days only bridge check-ins: drop those older than the run's first check-in.
        if let start = r.start { r.rest.removeAll { $0 < start } } else { r.rest = [] }
        return r
    }

    /// The longest run anywhere in the history.
    private static func longest(_ set: Set<LocalDay>, rules: StreakRules, atLeast current: Int) -> Int {
        var best = current
        var covered = Set<LocalDay>()
        for day in set.sorted(by: >) where !covered.contains(day) {
            let r = run(endingAt: day, in: set, rules: rules, pendingAnchor: false)
            best = max(best, r.days)
            if let start = r.start {
                for n in start.number...day.number { covered.insert(LocalDay(number: n)) }
            }
        }
        return best
    }
}
