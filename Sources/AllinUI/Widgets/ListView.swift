/// Draws a chip list: the cursor row highlighted, chosen items marked, scroll marks when it overflows.
struct ListView {
    var items: [ListItem]
    var cursor: Int
    var chosen: Set<String>
    var focused: Bool
    var numbered: Bool = false
    var checkboxes: Bool = false

    func draw(_ canvas: inout Canvas, in rect: Rect) {
        guard !rect.isEmpty else { return }
        if items.isEmpty {
            canvas.put("Nothing matches. Esc clears the filter.", row: rect.row, col: rect.col, role: .dim, maxWidth: rect.width)
            return
        }
        let list = ChipList(cursor: cursor)
        let top = list.top(rows: rect.height, count: items.count)
        let detailWidth = min(18, max(0, rect.width / 3))
        for (offset, item) in items[top..<min(items.count, top + rect.height)].enumerated() {
            let index = top + offset
            let row = rect.row + offset
            let isCursor = index == cursor
            let role: Role = isCursor ? (focused ? .selected : .accent) : .normal
            if isCursor, focused { canvas.fill(Rect(row: row, col: rect.col, width: rect.width, height: 1), role: .selected) }
            var col = rect.col
            let mark: String
            if checkboxes {
                mark = chosen.contains(item.id) ? "[x] " : "[ ] "
            } else if item.kind == .ownWords {
                mark = "+ "
            } else {
                mark = chosen.contains(item.id) ? "● " : "  "
            }
            col += canvas.put(isCursor ? "›" : " ", row: row, col: col, role: role)
            col += canvas.put(mark, row: row, col: col, role: isCursor ? role : (chosen.contains(item.id) ? .chosen : .dim))
            if numbered, index < 9 {
                col += canvas.put("\(index + 1). ", row: row, col: col, role: isCursor ? role : .dim)
            }
            let labelRole: Role = isCursor ? role : chosen.contains(item.id) ? .chosen : .normal
            let room = rect.right - col - (item.detail.isEmpty ? 0 : detailWidth + 1)
            canvas.put(TextWidth.truncate(item.label, width: max(0, room)), row: row, col: col, role: labelRole)
            if !item.detail.isEmpty, detailWidth > 3 {
                let detail = TextWidth.truncate(item.detail, width: detailWidth)
                canvas.put(detail, row: row, col: rect.right - TextWidth.of(detail), role: isCursor && focused ? role : .dim)
            }
        }
        if top > 0 { canvas.put("▲", row: rect.row, col: rect.right - 1, role: .dim) }
        if top + rect.height < items.count { canvas.put("▼", row: rect.bottom - 1, col: rect.right - 1, role: .dim) }
    }
}
