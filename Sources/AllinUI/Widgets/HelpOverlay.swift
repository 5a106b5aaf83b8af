/// The `?` help: every row of the current screen's key table, in a box over the screen.
enum HelpOverlay {
    static func rows(_ table: [KeyBinding]) -> [(String, String)] {
        var seen = Set<String>()
        var out: [(String, String)] = []
        for b in table {
            let labels = b.isNote || b.keys.count > 3 ? b.label : b.keys.map(\.label).joined(separator: " ")
            let key = labels + "|" + b.help
            if seen.insert(key).inserted { out.append((labels, b.help)) }
        }
        return out
    }

    static func draw(_ canvas: inout Canvas, _ state: AppState) {
        let rows = rows(state.keyTable)
        let width = min(72, canvas.width - 2)
        let height = min(canvas.height - 2, rows.count + 4)
        let rect = Rect(row: 1, col: (canvas.width - width) / 2, width: width, height: height)
        canvas.box(rect, title: "Keys: \(Chrome.title(state))")
        let keyWidth = min(16, max(8, rows.map { TextWidth.of($0.0) }.max() ?? 8)) + 2
        let visible = height - 4
        let top = App.clampScroll(state.helpScroll, count: rows.count, visible: visible)
        for (i, row) in rows.dropFirst(top).prefix(visible).enumerated() {
            let r = rect.row + 1 + i
            canvas.put(TextWidth.truncate(row.0, width: keyWidth - 2), row: r, col: rect.col + 2, role: .footerKey)
            canvas.put(TextWidth.truncate(row.1, width: rect.width - keyWidth - 4), row: r, col: rect.col + 2 + keyWidth, role: .overlay)
        }
        let more = top + visible < rows.count ? "↓ more · " : ""
        canvas.put(more + "Esc closes", row: rect.bottom - 2, col: rect.col + 2, role: .dim, maxWidth: rect.width - 4)
    }
}
