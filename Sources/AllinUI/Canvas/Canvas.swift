import AllinCore

/// An in-memory grid of cells with roles: what `view` draws into and what terminals display.
/// Drawing clips at the edges, never splits a wide character, and shows control characters as
/// visible placeholders, so no text can drive the terminal.
public struct Canvas: Equatable, Sendable {
    public let size: Size
    public private(set) var cells: [Cell]
    /// Where the text cursor is shown; nil hides it.
    public var cursor: Point?
    public internal(set) var links: [LinkSpan] = []

    public init(size: Size, role: Role = .normal) {
        self.size = size
        self.cells = Array(repeating: Cell(" ", role: role), count: size.width * size.height)
    }

    public var width: Int { size.width }
    public var height: Int { size.height }
    public var bounds: Rect { Rect(row: 0, col: 0, width: size.width, height: size.height) }

    public subscript(row: Int, col: Int) -> Cell {
        get { cells[row * size.width + col] }
        set { cells[row * size.width + col] = newValue }
    }

    /// Writes `text` from (row, col), at most `maxWidth` columns and never past the right edge.
    /// Returns the number of columns written.
    @discardableResult
    public mutating func put(_ text: String, row: Int, col: Int, role: Role = .normal, maxWidth: Int? = nil) -> Int {
        guard row >= 0, row < size.height, col < size.width else { return 0 }
        var c = col
        let limit = min(size.width, maxWidth.map { col + max(0, $0) } ?? size.width)
        var lastCell: Int?
        for raw in text.unicodeScalars {
            let scalar = Canvas.safe(raw)
            let w = TextWidth.of(scalar)
            // A zero-width joiner is not drawn: a terminal that fuses an emoji sequence into one
            // two-column glyph would leave ncurses' columns (one per part) behind it, so the parts
            // show side by side, each as wide as ncurses counts it.
            if scalar.value == 0x200D { continue }
            if w == 0 {
                if let last = lastCell { cells[last].text.unicodeScalars.append(scalar) }
                continue
            }
            if c + w > limit { break }
            if c < 0 { c += w; continue }
            let index = row * size.width + c
            clearWide(at: c, row: row)
            cells[index] = Cell(String(scalar), role: role)
            if w == 2 {
                clearWide(at: c + 1, row: row)
                cells[index + 1] = Cell("", role: role)
            }
            lastCell = index
            c += w
        }
        if c < size.width, c > col, cells[row * size.width + c].isContinuation {
            cells[row * size.width + c] = Cell(" ", role: cells[row * size.width + c].role)
        }
        return max(0, c - max(col, 0))
    }

    /// Puts `text` and records it as a link to `url`.
    @discardableResult
    public mutating func putLink(_ text: String, url: String, row: Int, col: Int, role: Role = .link,
                                 maxWidth: Int? = nil) -> Int {
        let used = put(text, row: row, col: col, role: role, maxWidth: maxWidth)
        if used > 0, used >= TextWidth.of(text) {
            links.append(LinkSpan(row: row, col: col, text: text, url: url))
        }
        return used
    }

    /// Fills a rectangle with blanks of a role.
    public mutating func fill(_ rect: Rect, role: Role) {
        let r0 = max(0, rect.row), r1 = min(size.height, rect.bottom)
        let c0 = max(0, rect.col), c1 = min(size.width, rect.right)
        guard r0 < r1, c0 < c1 else { return }
        for r in r0..<r1 {
            if c0 > 0, self[r, c0].isContinuation { self[r, c0 - 1] = Cell(" ", role: self[r, c0 - 1].role) }
            for c in c0..<c1 { self[r, c] = Cell(" ", role: role) }
            if c1 < size.width, self[r, c1].isContinuation { self[r, c1] = Cell(" ", role: self[r, c1].role) }
        }
    }

    /// Draws a scroll mark (▲, ▼, "▼ more") ending at column `right` of `row`. Text the mark would
    /// cover is never cut silently: where the row's text runs under the mark, it ends in "…" with a
    /// space before the mark. The one place every screen draws its scroll marks.
    public mutating func putMark(_ mark: String, row: Int, right: Int, role: Role = .dim) {
        let col = max(0, right - TextWidth.of(mark))
        guard row >= 0, row < size.height, col < size.width else { return }
        let covered = (col..<min(right, size.width)).contains { self[row, $0].text != " " }
        if covered, col >= 2 {
            put("…", row: row, col: col - 2, role: self[row, col - 2].role)
            put(" ", row: row, col: col - 1, role: self[row, col - 1].role)
        }
        put(mark, row: row, col: col, role: role)
    }

    /// Changes the role of every cell in a row span, keeping the text.
    public mutating func paint(row: Int, col: Int, width: Int, role: Role) {
        guard row >= 0, row < size.height else { return }
        for c in max(0, col)..<min(size.width, col + width) { self[row, c].role = role }
    }

    /// A horizontal line of `─`.
    public mutating func hline(row: Int, col: Int, width: Int, role: Role = .border) {
        guard width > 0 else { return }
        put(String(repeating: "─", count: width), row: row, col: col, role: role, maxWidth: width)
    }

    /// A box border around `rect` with an optional title in the top edge; the inside is cleared.
    public mutating func box(_ rect: Rect, title: String? = nil, role: Role = .border, fillRole: Role = .overlay) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        fill(rect, role: fillRole)
        let inner = rect.width - 2
        put("┌" + String(repeating: "─", count: inner) + "┐", row: rect.row, col: rect.col, role: role)
        for r in (rect.row + 1)..<(rect.bottom - 1) {
            put("│", row: r, col: rect.col, role: role)
            put("│", row: r, col: rect.right - 1, role: role)
        }
        put("└" + String(repeating: "─", count: inner) + "┘", row: rect.bottom - 1, col: rect.col, role: role)
        if let title, inner > 4 {
            put(" \(TextWidth.truncate(title, width: inner - 4)) ", row: rect.row, col: rect.col + 2, role: .overlayTitle)
        }
    }

    /// A row as text, trailing blanks trimmed (continuation cells add nothing).
    public func line(_ row: Int) -> String {
        var s = ""
        for c in 0..<size.width { s += self[row, c].text }
        while s.last == " " { s.removeLast() }
        return s
    }

    /// Every row as text: the plain-text snapshot form.
    public var text: String { (0..<size.height).map(line).joined(separator: "\n") }

    /// True when some row contains `needle`.
    public func contains(_ needle: String) -> Bool { (0..<size.height).contains { line($0).contains(needle) } }

    /// Before overwriting cell `col`, break any wide character it is half of.
    private mutating func clearWide(at col: Int, row: Int) {
        guard col < size.width else { return }
        let i = row * size.width + col
        if cells[i].isContinuation, col > 0 {
            cells[i - 1] = Cell(" ", role: cells[i - 1].role)
        } else if col + 1 < size.width, cells[i + 1].isContinuation, TextWidth.of(cells[i].text) == 2 {
            cells[i + 1] = Cell(" ", role: cells[i + 1].role)
        }
    }

    /// Control, C1, bidi-override and unassigned scalars become visible placeholders (as `Visible.text`).
    @inline(__always)
    static func safe(_ s: Unicode.Scalar) -> Unicode.Scalar {
        let v = s.value
        if v >= 0x20 && v < 0x7F { return s }
        switch v {
        case 0x09: return " "
        case 0x00...0x1F: return Unicode.Scalar(0x2400 + v)!
        case 0x7F: return "\u{2421}"
        case 0x80...0x9F: return "\u{FFFD}"
        case _ where Visible.isHiddenControl(v): return "\u{FFFD}"
        default:
            switch s.properties.generalCategory {
            case .unassigned, .surrogate, .privateUse: return "\u{FFFD}"
            default: return s
            }
        }
    }
}
