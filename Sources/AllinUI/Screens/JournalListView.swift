import AllinCore

/// The list of past check-ins (or the search results): a search line, column headings, and one row
/// per check-in. Handoffs carry only their tier, so their row says that and nothing else.
enum JournalListView {
    /// Which columns fit a width.
    struct Columns: Equatable {
        var time: Bool
        var feeling: Int
        /// The session title (or, for search results, the words that matched); 0 hides it.
        var session: Int

        static let date = 10, timeWidth = 5, mood = 8

        /// The session is named by its title; what it was chosen to help with is in the check-in's
        /// own view (no lane ids on a person's screen).
        init(width: Int) {
            time = width >= 60
            var fixed = 2 + Columns.date + 2 + 1 + Columns.mood
            if time { fixed += Columns.timeWidth + 2 }
            let flexible = max(0, width - fixed)
            if flexible >= 20 {
                feeling = min(14, flexible * 2 / 5)
                session = flexible - feeling - 1
            } else {
                feeling = flexible
                session = 0
            }
        }
    }

    /// Rows above the list: the search line and the headings.
    static let headerRows = 2

    static func draw(_ canvas: inout Canvas, _ state: AppState, _ j: JournalState, in rect: Rect) {
        let glyphs = ChartGlyphs.of(state.context)
        searchLine(&canvas, j, row: rect.row, rect: rect)
        let columns = Columns(width: rect.width)
        let entries = j.listed
        let list = Rect(row: rect.row + headerRows, col: rect.col, width: rect.width, height: rect.height - headerRows)
        if entries.isEmpty {
            let text = j.results.map { "No notes or kinder words mention “\(Visible.text($0.query))”. Esc clears the search." }
                ?? JournalText.emptyTitle
            for (i, line) in Wrap.lines(text, width: rect.width).prefix(max(0, list.height)).enumerated() {
                canvas.put(line, row: list.row + i, col: rect.col, role: .dim)
            }
            return
        }
        Spans.draw(&canvas, heading(columns, search: j.results != nil), row: rect.row + 1, col: rect.col, maxWidth: rect.width)
        let top = ChipList(cursor: j.cursor).top(rows: list.height, count: entries.count)
        for (offset, entry) in entries.dropFirst(top).prefix(list.height).enumerated() {
            let index = top + offset
            let selected = index == j.cursor && !j.searching
            let row = list.row + offset
            if selected { canvas.fill(Rect(row: row, col: rect.col, width: rect.width, height: 1), role: .selected) }
            var line = self.row(entry, columns, context: state.context, glyphs: glyphs, search: j.results?.query)
            line.insert(Span(index == j.cursor ? "› " : "  ", .accent), at: 0)
            if selected { line = line.map { Span($0.text, .selected) } }
            Spans.draw(&canvas, line, row: row, col: rect.col, maxWidth: rect.width)
        }
        let more = top + list.height < entries.count || (j.results == nil && j.page?.hasMore == true)
        if more { canvas.putMark("▼", row: list.bottom - 1, right: rect.right) }
        if top > 0 { canvas.putMark("▲", row: list.row, right: rect.right) }
    }

    /// The search box while typing, the search shown, or a hint and the count.
    static func searchLine(_ canvas: inout Canvas, _ j: JournalState, row: Int, rect: Rect) {
        let label = "Search: "
        if j.searching {
            let used = canvas.put(label, row: row, col: rect.col, role: .title)
            let box = Rect(row: row, col: rect.col + used, width: min(48, rect.width - used), height: 1)
            canvas.cursor = EditorView(field: j.search, placeholder: "words from your notes and kinder words",
                                       focused: true).draw(&canvas, in: box)
            return
        }
        if let results = j.results {
            let n = results.entries.count
            let found = n >= JournalState.searchResultLimit ? "the newest \(n)" : n == 1 ? "1 check-in" : "\(n) check-ins"
            Spans.draw(&canvas, [Span(label, .title), Span("“\(Visible.text(results.query))”", .accent),
                                 Span(" · \(found) · Esc clears", .dim)], row: row, col: rect.col, maxWidth: rect.width)
            return
        }
        let total = j.page?.summary.total ?? 0
        let count = total == 0 ? "" : "\(min(total, j.cursor + 1)) of \(total)"
        let hint = "/ searches your notes and kinder words"
        if TextWidth.of(hint) + TextWidth.of(count) + 2 <= rect.width {
            canvas.put(hint, row: row, col: rect.col, role: .dim)
        }
        canvas.put(count, row: row, col: rect.right - TextWidth.of(count), role: .dim)
    }

    static func heading(_ c: Columns, search: Bool) -> [Span] {
        var text = "  " + pad("Date", Columns.date) + "  "
        if c.time { text += pad("Time", Columns.timeWidth) + "  " }
        text += pad("Feeling", c.feeling) + " "
        if c.session > 0 { text += pad(TextWidth.truncate(search ? "Matching words" : "Session", width: c.session), c.session) + " " }
        return [Span(text + "Mood", .dim)]
    }

    /// One check-in as a row of columns (without the cursor mark).
    static func row(_ e: JournalEntry, _ c: Columns, context: AppContext, glyphs: ChartGlyphs, search: String?) -> [Span] {
        var line = [Span(pad(e.day.iso, Columns.date) + "  ")]
        if c.time { line.append(Span(pad(JournalText.time(e), Columns.timeWidth) + "  ", .dim)) }
        if e.kind == .safetyHandoff {
            line.append(Span(glyphs.handoff + " " + JournalText.handoff(e), .support))
            return line
        }
        line.append(Span(pad(TextWidth.truncate(JournalText.feeling(e.checkIn, context.vocabulary), width: c.feeling), c.feeling) + " "))
        if c.session > 0 {
            // A session stopped early or never begun says so, as `allin journal` does.
            // The title gives way first, so what happened stays in view (found from outside: "(stop…").
            let played = CheckInWords.playedShort(e.playback).map { " (\($0))" } ?? ""
            let text: String
            if let search {
                text = TextWidth.truncate(matched(e, query: search), width: c.session)
            } else {
                let title = JournalText.flat(e.sessionTitle ?? e.sessionSlug ?? "-")
                let room = c.session - TextWidth.of(played)
                text = room >= 6 ? TextWidth.truncate(title, width: room) + played : TextWidth.truncate(title + played, width: c.session)
            }
            line.append(Span(pad(text, c.session) + " "))
        }
        line.append(Span(JournalText.mood(e, glyphs), e.moodChange.map { $0 > 0 ? Role.good : .normal } ?? .dim))
        return line
    }

    /// The stored words a search found: the note when it matches, else the kinder words.
    static func matched(_ e: JournalEntry, query: String) -> String {
        if let note = e.note, JournalSearch.matches(query, in: [note]) { return JournalText.flat(note) }
        return JournalText.flat(e.kinder ?? e.note ?? "-")
    }

    static func pad(_ text: String, _ width: Int) -> String { JournalOverview.pad(text, width) }
}
