/// The `?` help: every row of the current screen's key table, in a box over the screen.
enum HelpOverlay {
    static func rows(_ table: [KeyBinding]) -> [(String, String)] {
        var seen = Set<String>()
        var out: [(String, String)] = []
        for b in table {
            let labels = b.isNote || b.keys.count > 3 ? b.label : b.keys.map(b.label(of:)).joined(separator: " ")
            let key = labels + "|" + b.help
            if seen.insert(key).inserted { out.append((labels, b.help)) }
        }
        return out
    }

    /// The overlay's width on a screen `canvasWidth` wide.
    static func width(_ canvasWidth: Int) -> Int { min(72, canvasWidth - 2) }

    static func keyWidth(_ rows: [(String, String)]) -> Int {
        min(16, max(8, rows.map { TextWidth.of($0.0) }.max() ?? 8)) + 2
    }

    /// The rows as drawn: a help text too long for its column wraps onto lines with an empty key column,
    /// so nothing is cut (the box scrolls).
    static func lines(_ table: [KeyBinding], canvasWidth: Int) -> [(String, String)] {
        let rows = rows(table)
        let helpWidth = max(1, width(canvasWidth) - keyWidth(rows) - 4)
        return rows.flatMap { row in
            Wrap.lines(row.1, width: helpWidth).enumerated().map { ($0.offset == 0 ? row.0 : "", $0.element) }
        }
    }

    static func draw(_ canvas: inout Canvas, _ state: AppState) {
        let rows = lines(state.helpTable, canvasWidth: canvas.width)
        let width = Self.width(canvas.width)
        // Over support, the numbers stay in view below the box (found from outside: the box covered
        // them), wrapped rather than cut at a narrow screen's edge ("call 112 (911 in the US").
        let col = (canvas.width - width) / 2
        let numbers = state.screen == .support
            ? TooSmallView.numbers(state).flatMap { Wrap.lines($0, width: max(1, canvas.width - col)) } : []
        let height = min(canvas.height - 2 - numbers.count, rows.count + 4)
        let rect = Rect(row: 1, col: col, width: width, height: height)
        canvas.box(rect, title: "Keys: \(Chrome.title(state))")
        let keyWidth = Self.keyWidth(Self.rows(state.helpTable))
        let visible = height - 4
        let top = App.clampScroll(state.helpScroll, count: rows.count, visible: visible)
        for (i, row) in rows.dropFirst(top).prefix(visible).enumerated() {
            let r = rect.row + 1 + i
            canvas.put(TextWidth.truncate(row.0, width: keyWidth - 2), row: r, col: rect.col + 2, role: .footerKey)
            canvas.put(TextWidth.truncate(row.1, width: rect.width - keyWidth - 4), row: r, col: rect.col + 2 + keyWidth, role: .overlay)
        }
        let more = top + visible < rows.count ? "↓ more · " : ""
        canvas.put(more + "Esc closes", row: rect.bottom - 2, col: rect.col + 2, role: .dim, maxWidth: rect.width - 4)
        for (i, line) in numbers.enumerated() {
            let row = rect.bottom + i
            canvas.fill(Rect(row: row, col: 0, width: canvas.width, height: 1), role: .normal)
            canvas.put(line, row: row, col: rect.col, role: .title, maxWidth: canvas.width - rect.col)
        }
    }
}

/// The demo's "why" in a box over the screen, scrolled like the key help.
enum DemoTraceView {
    static func lines(_ state: AppState, canvasWidth: Int) -> [(String, Role)] {
        let width = HelpOverlay.width(canvasWidth) - 4
        return DemoTrace.rows(state).flatMap { row in
            row.0.isEmpty ? [row] : Wrap.lines(row.0, width: width).enumerated().map { ($0.offset == 0 ? $0.element : "  " + $0.element, row.1) }
        }
    }

    static func draw(_ canvas: inout Canvas, _ state: AppState) {
        let rows = lines(state, canvasWidth: canvas.width)
        let width = HelpOverlay.width(canvas.width)
        let height = min(canvas.height - 2, rows.count + 4)
        let rect = Rect(row: 1, col: (canvas.width - width) / 2, width: width, height: height)
        canvas.box(rect, title: "Why (demo)")
        let visible = height - 4
        let top = App.clampScroll(state.helpScroll, count: rows.count, visible: visible)
        for (i, row) in rows.dropFirst(top).prefix(visible).enumerated() {
            let role: Role = row.1 == .normal ? .overlay : row.1 == .title ? .overlayTitle : row.1
            canvas.put(row.0, row: rect.row + 1 + i, col: rect.col + 2, role: role, maxWidth: rect.width - 4)
        }
        let more = top + visible < rows.count ? "↓ more · " : ""
        canvas.put(more + "Esc closes", row: rect.bottom - 2, col: rect.col + 2, role: .dim, maxWidth: rect.width - 4)
    }
}
