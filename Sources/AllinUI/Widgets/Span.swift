/// A run of text with one role: lines built from spans lay out before they are drawn, so a screen can
/// count, wrap, scroll and place them side by side.
struct Span: Equatable, Sendable {
    var text: String
    var role: Role

    init(_ text: String, _ role: Role = .normal) {
        self.text = text
        self.role = role
    }
}

/// Helpers for lines of spans.
enum Spans {
    static func width(_ line: [Span]) -> Int { line.reduce(0) { $0 + TextWidth.of($1.text) } }

    /// Draws a line from (row, col), cut at `maxWidth` columns.
    static func draw(_ canvas: inout Canvas, _ line: [Span], row: Int, col: Int, maxWidth: Int) {
        var used = 0
        for span in line where used < maxWidth {
            used += canvas.put(span.text, row: row, col: col + used, role: span.role, maxWidth: maxWidth - used)
        }
    }

    /// Text wrapped to `width`, one line of one span per row; `indent` starts every row after the first.
    static func wrap(_ text: String, width: Int, role: Role, indent: String = "") -> [[Span]] {
        let parts = Wrap.lines(text, width: width)
        guard let first = parts.first else { return [] }
        let rest = parts.dropFirst().joined(separator: " ")
        var out = [[Span(first, role)]]
        if !rest.isEmpty {
            out += Wrap.lines(rest, width: width - TextWidth.of(indent)).map { [Span(indent + $0, role)] }
        }
        return out
    }

    /// The line cut or padded with blanks to exactly `width` columns.
    static func fit(_ line: [Span], width: Int) -> [Span] {
        var out: [Span] = []
        var used = 0
        for span in line {
            let room = width - used
            guard room > 0 else { break }
            let text = TextWidth.of(span.text) > room ? TextWidth.prefix(span.text, width: room) : span.text
            out.append(Span(text, span.role))
            used += TextWidth.of(text)
        }
        if used < width { out.append(Span(String(repeating: " ", count: width - used))) }
        return out
    }

    /// Two columns of lines side by side: the left ones padded to `leftWidth`, then `gap` blanks.
    static func beside(_ left: [[Span]], _ right: [[Span]], leftWidth: Int, gap: Int) -> [[Span]] {
        (0..<max(left.count, right.count)).map { i in
            let l = i < left.count ? left[i] : []
            guard i < right.count else { return l }
            return fit(l, width: leftWidth) + [Span(String(repeating: " ", count: gap))] + right[i]
        }
    }
}
