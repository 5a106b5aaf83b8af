/// Draws a text field: wrapped rows on an input background, the cursor, and a counter against the limit.
struct EditorView {
    var field: TextField
    var placeholder: String
    var focused: Bool

    /// Draws into `rect`; the last row holds the counter. Returns the cursor position when focused.
    @discardableResult
    func draw(_ canvas: inout Canvas, in rect: Rect) -> Point? {
        guard rect.height >= 1, rect.width >= 4 else { return nil }
        let textRows = max(1, rect.height - 1)
        let rows = Wrap.editorRows(field.characters, width: rect.width - 1)
        // The row holding the cursor (cursor at a row's start belongs to that row).
        var cursorRow = rows.count - 1
        for (i, r) in rows.enumerated().reversed() where field.cursor >= r.start { cursorRow = i; break }
        let top = max(0, min(cursorRow - textRows + 1, rows.count - textRows))
        for r in 0..<textRows {
            let row = rect.row + r
            canvas.fill(Rect(row: row, col: rect.col, width: rect.width, height: 1), role: .input)
            let index = top + r
            if index < rows.count { canvas.put(rows[index].text, row: row, col: rect.col, role: .input) }
        }
        // Words above or below the rows shown are never hidden without a mark (found from outside: a
        // long paste showed its last rows only, with no sign of the rest).
        if top > 0 { canvas.put("▲", row: rect.row, col: rect.right - 1, role: .dim) }
        if top + textRows < rows.count { canvas.put("▼", row: rect.row + textRows - 1, col: rect.right - 1, role: .dim) }
        if field.characters.isEmpty {
            canvas.put(TextWidth.truncate(placeholder, width: rect.width - 1), row: rect.row, col: rect.col, role: .placeholder)
        }
        // The counter shows near the limit (the last tenth, or always for short fields), so the person
        // sees the end coming before a key is refused.
        if rect.height >= 2, field.limit <= 200 || field.count * 10 >= field.limit * 9 {
            let counter = "\(field.count)/\(field.limit)"
            let role: Role = field.isFull ? .error : .dim
            let note = field.isFull ? "limit reached " : ""
            canvas.put(note + counter, row: rect.bottom - 1, col: rect.right - TextWidth.of(note + counter), role: role)
        }
        guard focused else { return nil }
        let cr = rows[cursorRow]
        let before = field.characters[cr.start..<min(field.cursor, field.characters.count)]
        let col = rect.col + TextWidth.of(String(before))
        return Point(row: rect.row + cursorRow - top, col: min(col, rect.right - 1))
    }
}
