/// The home menu.
enum HomeView {
    static func draw(_ canvas: inout Canvas, _ state: AppState, in rect: Rect) {
        var row = rect.row + (rect.height >= 18 ? 1 : 0)
        // The menu always fits whole: the description gives way first in a small window, then the
        // blank row, then the welcome line.
        let menu = HomeItem.items(state).count
        let descriptionLines = rect.height >= 18 ? 3 : rect.height >= 14 ? 2 : menu + 3 <= rect.height ? 1 : 0
        let welcome = menu + 1 <= rect.height
        let gap = menu + 2 <= rect.height
        if welcome {
            canvas.put("Welcome to allin.", row: row, col: rect.col, role: .title)
            row += 1
        }
        for line in descriptionLines == 0 ? [] : Wrap.clipped("A short check-in: how you feel, what it is about, how strong it is and what would help. Then a guided session that fits.", width: rect.width, maxLines: descriptionLines) {
            canvas.put(line, row: row, col: rect.col, role: .dim)
            row += 1
        }
        if gap { row += 1 }
        let items = HomeItem.items(state)
        // A window too short for every item (the demo's at 40x12) scrolls with the cursor and marks
        // what is above and below, so no item is left out unseen.
        let visible = max(1, min(items.count, rect.bottom - row))
        let top = items.count > visible ? ChipList(cursor: state.home.cursor).top(rows: visible, count: items.count) : 0
        let first = row
        for (i, item) in items.enumerated() where i >= top && i < top + visible {
            let selected = i == state.home.cursor
            if selected { canvas.fill(Rect(row: row, col: rect.col, width: min(rect.width, 36), height: 1), role: .selected) }
            var col = rect.col
            col += canvas.put(selected ? " › " : "   ", row: row, col: col, role: selected ? .selected : .normal)
            // A letter here is typed, then Enter ("c⏎"); `?` is a key of its own.
            let key = item.key.isLetter ? String(item.key) + "⏎" : String(item.key) + " "
            col += canvas.put(key, row: row, col: col, role: selected ? .selected : .footerKey)
            canvas.put(" " + item.title, row: row, col: col, role: selected ? .selected : .normal)
            row += 1
        }
        if top > 0 { canvas.putMark("▲", row: first, right: rect.col + min(rect.width, 36)) }
        if top + visible < items.count { canvas.putMark("▼", row: first + visible - 1, right: rect.col + min(rect.width, 36)) }
        row += 1
        let place = state.region.map { " (\($0))" } ?? ""
        let danger = state.context.catalog.helplines.resources(for: state.region).hasLines
            ? "If you are in danger now, press F2 for crisis lines\(place)."
            : "If you are in danger now, press F2 for support."
        for line in Wrap.lines(danger, width: rect.width) where row < rect.bottom {
            canvas.put(line, row: row, col: rect.col, role: .support)
            row += 1
        }
    }
}
