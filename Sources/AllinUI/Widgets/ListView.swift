/// Draws a chip list: the cursor row highlighted, chosen items marked, scroll marks when it overflows.
/// A label is never cut to keep its detail column: the detail goes first. When every item fits with
/// rows to spare, a label too long for its row wraps onto the next instead of being cut.
struct ListView {
    var items: [ListItem]
    var cursor: Int
    var chosen: Set<String>
    var focused: Bool
    var numbered: Bool = false
    var checkboxes: Bool = false
    /// What an empty list says (a filter that matched nothing).
    var empty = "Nothing matches. Esc clears the filter."

    /// How one item is drawn: its label's lines, and whether the detail shows beside the first.
    struct Layout {
        var lines: [String]
        var detail: Bool
    }

    func draw(_ canvas: inout Canvas, in rect: Rect) {
        guard !rect.isEmpty else { return }
        if items.isEmpty {
            for (i, line) in Wrap.lines(empty, width: rect.width).prefix(rect.height).enumerated() {
                canvas.put(line, row: rect.row + i, col: rect.col, role: .dim, maxWidth: rect.width)
            }
            return
        }
        let detailWidth = min(18, max(0, rect.width / 3))
        let wrapped = items.indices.map { layout(items[$0], index: $0, width: rect.width, detailWidth: detailWidth, wrap: true) }
        if wrapped.reduce(0, { $0 + $1.lines.count }) <= rect.height {
            var row = rect.row
            for (index, item) in items.enumerated() {
                drawItem(&canvas, item, index: index, wrapped[index], row: row, rect: rect, detailWidth: detailWidth)
                row += wrapped[index].lines.count
            }
            return
        }
        // A list that scrolls keeps its last column for the ▲/▼ marks, so they never cover a label or
        // its detail.
        let scrolls = items.count > rect.height
        let body = Rect(row: rect.row, col: rect.col, width: max(0, rect.width - (scrolls ? 1 : 0)), height: rect.height)
        let bodyDetail = min(18, max(0, body.width / 3))
        let top = ChipList(cursor: cursor).top(rows: rect.height, count: items.count)
        for (offset, item) in items[top..<min(items.count, top + rect.height)].enumerated() {
            let index = top + offset
            let one = layout(item, index: index, width: body.width, detailWidth: bodyDetail, wrap: false)
            drawItem(&canvas, item, index: index, one, row: rect.row + offset, rect: body, detailWidth: bodyDetail)
        }
        if top > 0 { canvas.putMark("▲", row: rect.row, right: rect.right) }
        if top + rect.height < items.count { canvas.putMark("▼", row: rect.bottom - 1, right: rect.right) }
    }

    /// Columns in front of the label: the cursor mark, the chosen mark, and the number when numbered.
    func leadWidth(_ index: Int) -> Int { 1 + (checkboxes ? 4 : 2) + (numbered && index < 9 ? 3 : 0) }

    func layout(_ item: ListItem, index: Int, width: Int, detailWidth: Int, wrap: Bool) -> Layout {
        let room = max(0, width - leadWidth(index))
        let label = TextWidth.of(item.label)
        // The detail takes only the columns it needs, up to `detailWidth` ("4:23" needs 4 of 13).
        let detail = min(detailWidth, TextWidth.of(item.detail))
        if !item.detail.isEmpty, detailWidth > 3, label <= room - detail - 1 { return Layout(lines: [item.label], detail: true) }
        if label <= room { return Layout(lines: [item.label], detail: false) }
        if wrap, room > 0 { return Layout(lines: Wrap.lines(item.label, width: room), detail: false) }
        return Layout(lines: [Wrap.clipped(item.label, width: room, maxLines: 1).first ?? ""], detail: false)
    }

    func drawItem(_ canvas: inout Canvas, _ item: ListItem, index: Int, _ layout: Layout, row: Int, rect: Rect,
                  detailWidth: Int) {
        let isCursor = index == cursor
        let role: Role = isCursor ? (focused ? .selected : .accent) : .normal
        if isCursor, focused {
            canvas.fill(Rect(row: row, col: rect.col, width: rect.width, height: layout.lines.count), role: .selected)
        }
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
        for (i, line) in layout.lines.enumerated() {
            canvas.put(line, row: row + i, col: col, role: labelRole, maxWidth: rect.right - col)
        }
        if layout.detail {
            let detail = TextWidth.truncate(item.detail, width: detailWidth)
            canvas.put(detail, row: row, col: rect.right - TextWidth.of(detail), role: isCursor && focused ? role : .dim)
        }
    }
}
