import AllinCore

/// The journal at a glance: the streak and its rule, days checked in, mood before and after over the
/// last 30 days, the 12-week calendar and the sessions that raised mood most. Built as lines, so the
/// screen can scroll them when the window is short.
enum JournalOverview {
    /// Columns of the day-of-week labels in front of the heatmap.
    static let heatLabelWidth = 3
    /// Columns of the series labels in front of the mood chart.
    static let chartLabelWidth = 7

    static func lines(_ page: JournalPage, glyphs: ChartGlyphs, width: Int) -> [[Span]] {
        var out = problem(page.problem, width: width)
        let s = page.summary
        out += Spans.wrap(JournalText.streak(s), width: width, role: .title, indent: "  ")
        out += Spans.wrap(JournalText.restRule(page.rules), width: width, role: .dim, indent: "  ")
        if let note = page.note { out += Spans.wrap(note, width: width, role: .error, indent: "  ") }
        out += Spans.wrap(JournalText.days(s), width: width, role: .normal, indent: "  ")
        out.append([])
        out += mood(s.trend, glyphs: glyphs, width: width)
        out.append([])
        let heat = heatmap(s.heatmap, today: s.today, glyphs: glyphs)
        let heatWidth = heatLabelWidth + 2 * s.heatmap.weeks.count
        if width - heatWidth - 3 >= 30 {
            out += Spans.beside(heat, sessions(s.topSessions, width: width - heatWidth - 3), leftWidth: heatWidth, gap: 3)
        } else {
            out += heat + [[]] + sessions(s.topSessions, width: width)
        }
        return out
    }

    /// The storage problem, when the journal file could not be used.
    static func problem(_ problem: JournalError?, width: Int) -> [[Span]] {
        guard let problem else { return [] }
        var text = "Your journal file can't be used right now, so only this run's check-ins are shown. "
            + Visible.text(problem.message)
        if problem.canMoveAside { text += " 'allin journal --move-aside' renames it (never deletes it)." }
        return Spans.wrap(text, width: width, role: .error) + [[]]
    }

    /// The title, a one-row bar chart of mood before and one of mood after on the fixed 1–10 scale,
    /// the date axis, and the scale's key. Every row has its label in front.
    static func mood(_ trend: MoodTrend, glyphs: ChartGlyphs, width: Int) -> [[Span]] {
        var out = Spans.wrap(JournalText.moodTitle(trend), width: width, role: .title, indent: "  ")
        guard trend.averageBefore != nil || trend.averageAfter != nil else {
            return out + Spans.wrap(JournalText.noMoods, width: width, role: .dim)
        }
        let room = max(1, width - chartLabelWidth)
        let perDay = room >= 2 * trend.days.count ? 2 : 1
        let days = Array(trend.days.suffix(room / perDay))
        for (name, values, role) in [("before", days.map(\.before), Role.normal), ("after", days.map(\.after), .good)] {
            let row = BarRows.rows(values, height: 1, columnsPerDay: perDay, glyphs: glyphs).joined()
            out.append([Span(rowLabel(name), .dim), Span(row, role)])
        }
        if let first = days.first {
            let chartWidth = days.count * perDay - (perDay - 1)
            let start = JournalText.short(first.day)
            let end = "today"
            let gap = chartWidth - TextWidth.of(start) - TextWidth.of(end)
            let axis = gap > 0 ? start + String(repeating: " ", count: gap) + end : start
            out.append([Span(String(repeating: " ", count: chartLabelWidth) + axis, .dim)])
        }
        out.append([Span(rowLabel("scale"), .dim), Span(BarRows.legend(glyphs: glyphs, width: width - chartLabelWidth), .dim)])
        return out
    }

    /// A chart row's name, right-aligned in the label column.
    static func rowLabel(_ name: String) -> String {
        String(repeating: " ", count: max(0, chartLabelWidth - 1 - TextWidth.of(name))) + name + " "
    }

    /// Seven rows of weeks (oldest on the left), a title and a legend.
    static func heatmap(_ map: Heatmap, today: LocalDay, glyphs: ChartGlyphs) -> [[Span]] {
        var out: [[Span]] = [[Span("Last \(map.weeks.count) weeks", .title)]]
        for d in 0..<7 {
            var line = [Span(JournalText.weekdays[(map.firstWeekday + d) % 7] + " ", .dim)]
            for week in map.weeks {
                guard let cell = week[d] else {
                    line.append(Span("  "))
                    continue
                }
                let role: Role = cell.day == today ? .accent : cell.level == 0 ? .dim : .good
                line.append(Span(glyphs.heat[cell.level], role))
                line.append(Span(" "))
            }
            out.append(line)
        }
        var legend = [Span(String(repeating: " ", count: heatLabelWidth) + "less ", .dim)]
        for (level, glyph) in glyphs.heat.enumerated() {
            legend.append(Span(glyph, level == 0 ? .dim : .good))
            legend.append(Span(" "))
        }
        legend.append(Span("more", .dim))
        out.append(legend)
        return out
    }

    /// The sessions with the highest average rise in mood, best first.
    static func sessions(_ top: [SessionImpact], width: Int) -> [[Span]] {
        var out = Spans.wrap(JournalText.topTitle, width: width, role: .title)
        let raised = top.filter { $0.averageChange > 0 }
        guard !raised.isEmpty else {
            return out + Spans.wrap(top.isEmpty ? JournalText.noRatedSessions : JournalText.noneRaised, width: width, role: .dim)
        }
        for s in raised.prefix(5) {
            let change = pad(JournalText.signed(s.averageChange), 5) + " "
            let times = s.count == 1 ? " (once)" : " (\(s.count) times)"
            // A long title wraps under itself rather than being cut; the count follows its last word.
            var title = Wrap.lines(JournalText.flat(s.title ?? s.slug), width: max(1, width - 6))
            let last = title.removeLast()
            let indent = String(repeating: " ", count: 6)
            if let first = title.first {
                out.append([Span(change, .good), Span(first)])
                out += title.dropFirst().map { [Span(indent + $0)] }
            }
            let lead = title.isEmpty ? [Span(change, .good)] : [Span(indent)]
            if 6 + TextWidth.of(last) + TextWidth.of(times) <= width {
                out.append(lead + [Span(last), Span(times, .dim)])
            } else {
                out.append(lead + [Span(last)])
                out.append([Span(indent), Span(String(times.dropFirst()), .dim)])
            }
        }
        return out
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - TextWidth.of(text)))
    }
}
