import AllinCore

/// The journal screen: a row of tabs (overview, check-ins), then the tab, or one check-in in full.
enum JournalView {
    static func draw(_ canvas: inout Canvas, _ state: AppState, in rect: Rect) {
        guard let j = state.journal else { return }
        switch j.load {
        case .loading:
            canvas.put("Opening your journal…", row: rect.row + 1, col: rect.col, role: .dim, maxWidth: rect.width)
        case let .failed(error):
            var lines = Spans.wrap("Your journal can't be read right now.", width: rect.width, role: .title)
            lines += Spans.wrap(Visible.text(error.message), width: rect.width, role: .normal)
            if error.canMoveAside {
                lines += Spans.wrap("'allin journal --move-aside' renames the file (it is never deleted) so a new journal can start.",
                                    width: rect.width, role: .dim)
            }
            lines += Spans.wrap("Check-ins still work. Esc goes back.", width: rect.width, role: .dim)
            draw(&canvas, lines, scroll: 0, in: rect.rows(from: 1))
        case let .loaded(page):
            if let entry = j.detailEntry {
                JournalDetailView.draw(&canvas, state, entry, scroll: j.detailScroll, in: rect)
                return
            }
            tabs(&canvas, j, page, row: rect.row, rect: rect)
            let content = rect.rows(from: 1)
            if page.summary.total == 0 && j.results == nil && !j.searching {
                empty(&canvas, page, in: content.rows(from: 1))
                return
            }
            switch j.tab {
            case .overview:
                draw(&canvas, overviewLines(state, page, width: content.width),
                     scroll: j.overviewScroll, in: content)
            case .entries:
                JournalListView.draw(&canvas, state, j, in: content)
            }
        }
    }

    /// The overview laid out for the width it gets.
    static func overviewLines(_ state: AppState, _ page: JournalPage, width: Int) -> [[Span]] {
        JournalOverview.lines(page, glyphs: ChartGlyphs.of(state.context), width: width)
    }

    /// Where the tab's content goes for a window size.
    static func contentRect(for size: Size) -> Rect { App.bodyRect(for: size).rows(from: 1) }

    static func tabs(_ canvas: inout Canvas, _ j: JournalState, _ page: JournalPage, row: Int, rect: Rect) {
        var col = rect.col
        for (tab, title) in [(JournalTab.overview, "Overview"), (.entries, "Check-ins (\(page.summary.total))")] {
            let on = j.tab == tab
            col += canvas.put(" \(title) ", row: row, col: col, role: on ? .selected : .dim, maxWidth: rect.right - col)
            col += canvas.put(" ", row: row, col: col)
        }
        let hint = "Tab switches"
        if col + TextWidth.of(hint) + 1 < rect.right {
            canvas.put(hint, row: row, col: rect.right - TextWidth.of(hint), role: .dim)
        }
    }

    /// A calm page for a journal with nothing in it yet.
    static func empty(_ canvas: inout Canvas, _ page: JournalPage, in rect: Rect) {
        var lines = JournalOverview.problem(page.problem, width: rect.width)
        lines += Spans.wrap(JournalText.emptyTitle, width: rect.width, role: .title)
        lines += Spans.wrap(JournalText.emptyBody, width: rect.width, role: .normal)
        lines.append([])
        lines += Spans.wrap(JournalText.restRule(page.rules), width: rect.width, role: .dim)
        if let note = page.note { lines += Spans.wrap(note, width: rect.width, role: .error) }
        lines += Spans.wrap(JournalText.emptyHint, width: rect.width, role: .dim)
        draw(&canvas, lines, scroll: 0, in: rect)
    }

    /// Lines from `scroll` on, with marks when there is more above or below.
    static func draw(_ canvas: inout Canvas, _ lines: [[Span]], scroll: Int, in rect: Rect) {
        let top = App.clampScroll(scroll, count: lines.count, visible: rect.height)
        for (i, line) in lines.dropFirst(top).prefix(rect.height).enumerated() {
            Spans.draw(&canvas, line, row: rect.row + i, col: rect.col, maxWidth: rect.width)
        }
        if top + rect.height < lines.count { canvas.putMark("▼ more", row: rect.bottom - 1, right: rect.right) }
        if top > 0 { canvas.putMark("▲", row: rect.row, right: rect.right) }
    }
}
