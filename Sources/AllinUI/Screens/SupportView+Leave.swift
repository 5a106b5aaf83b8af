/// The "Before you go" question support asks on the way out.
extension SupportView {
    /// "Are you safe right now?" and its three answers, the answers packed into rows of `width` (the
    /// box's inside) so none is cut. A short window puts the question in the box's title, leaving the
    /// rows above it to the numbers.
    static func leaveContent(width: Int, short: Bool) -> (title: String, rows: [[SupportPiece]]) {
        let question = "Are you safe right now?"
        var rows: [[SupportPiece]] = short ? [] : [[SupportPiece(text: question, role: .title)]]
        var row: [SupportPiece] = []
        for (key, text) in [("y⏎", " yes, go back"), ("n⏎", " not sure: stay"), ("g⏎", " breathe")] {
            let used = row.reduce(0) { $0 + TextWidth.of($1.text) }
            if !row.isEmpty, used + 2 + TextWidth.of(key + text) > width {
                rows.append(row)
                row = []
            }
            if !row.isEmpty { row.append(SupportPiece(text: "  ", role: .overlay)) }
            row += [SupportPiece(text: key, role: .footerKey), SupportPiece(text: text, role: .overlay)]
        }
        rows.append(row)
        return (short ? question : "Before you go", rows)
    }

    static func leavePanel(_ canvas: inout Canvas, _ content: (title: String, rows: [[SupportPiece]]), in rect: Rect) {
        canvas.box(rect, title: content.title)
        for (i, row) in content.rows.enumerated() {
            var col = rect.col + 2
            for piece in row {
                col += canvas.put(piece.text, row: rect.row + 1 + i, col: col, role: piece.role, maxWidth: max(0, rect.right - col - 1))
            }
        }
    }
}
