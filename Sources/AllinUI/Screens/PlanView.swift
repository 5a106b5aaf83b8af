import AllinCore

/// The safety plan screen: each part with what is written, the chosen one open for writing.
enum PlanView {
    static func draw(_ canvas: inout Canvas, _ state: AppState, in rect: Rect) {
        guard let p = state.plan else { return }
        let roomy = rect.height >= 18
        var row = rect.row + (roomy ? 1 : 0)
        let intro = "What helps when things get very hard, in your own words. Every part is optional; only you can see it."
        for line in Wrap.clipped(intro, width: rect.width, maxLines: roomy ? 2 : 1) {
            canvas.put(line, row: row, col: rect.col, role: .dim)
            row += 1
        }
        if roomy { row += 1 }
        if let field = p.editing {
            canvas.put(p.part.title, row: row, col: rect.col, role: .title)
            row += 1
            for line in Wrap.clipped(p.part.prompt, width: rect.width, maxLines: 2) where row < rect.bottom {
                canvas.put(line, row: row, col: rect.col, role: .normal)
                row += 1
            }
            let height = max(1, min(roomy ? 6 : 3, rect.bottom - row))
            canvas.cursor = EditorView(field: field, placeholder: p.part.example, focused: true)
                .draw(&canvas, in: Rect(row: row, col: rect.col, width: rect.width, height: height))
            return
        }
        // Choosing: one row per part (its text under it when there is room), the cursor's part kept in view.
        let parts = SafetyPlan.Part.allCases
        let perPart = rect.bottom - row >= parts.count * 2 ? 2 : 1
        let visible = max(1, (rect.bottom - row) / perPart)
        let first = min(max(0, p.cursor - visible + 1), max(0, parts.count - visible))
        for (i, part) in parts.enumerated().dropFirst(first).prefix(visible) {
            let selected = i == p.cursor
            let written = state.safetyPlan[part]
            let mark = written.isEmpty ? "  " : "✓ "
            if selected { canvas.fill(Rect(row: row, col: rect.col, width: rect.width, height: 1), role: .selected) }
            let prefix = (selected ? "› " : "  ") + mark
            let title = Wrap.clipped(part.title, width: max(1, rect.width - 4), maxLines: 1).first ?? ""
            canvas.put(prefix + title, row: row, col: rect.col, role: selected ? .selected : .normal)
            row += 1
            if perPart == 2, row < rect.bottom {
                let shown = written.isEmpty ? "not written yet" : written.replacingOccurrences(of: "\n", with: " · ")
                let line = Wrap.clipped(shown, width: max(1, rect.width - 6), maxLines: 1).first ?? ""
                canvas.put("      " + line, row: row, col: rect.col, role: .dim)
                row += 1
            }
        }
        if first + visible < parts.count, rect.bottom > rect.row {
            canvas.putMark("▼ more", row: rect.bottom - 1, right: rect.right)
        }
    }
}
