/// A run of adjacent changed cells in one row with one role: what a terminal has to write.
public struct CellRun: Equatable, Sendable {
    public var row: Int
    public var col: Int
    public var role: Role
    /// The cells' text joined (continuation cells add nothing).
    public var text: String
    /// How many columns the run covers.
    public var width: Int
}

extension Canvas {
    /// The runs that turn `old` into this canvas; every cell when `old` is nil or another size.
    public func changes(from old: Canvas?) -> [CellRun] {
        let previous = old.flatMap { $0.size == size ? $0 : nil }
        let w = size.width
        var runs: [CellRun] = []
        for r in 0..<size.height {
            let base = r * w
            var c = 0
            while c < w {
                if let previous, previous.cells[base + c] == cells[base + c] { c += 1; continue }
                var start = c
                if cells[base + c].isContinuation, c > 0 { start = c - 1 }
                let role = cells[base + start].role
                var text = ""
                var end = start
                while end < w {
                    let cell = cells[base + end]
                    if end > start, !cell.isContinuation {
                        if cell.role != role { break }
                        if let previous, previous.cells[base + end] == cell { break }
                    }
                    text += cell.text
                    end += 1
                }
                runs.append(CellRun(row: r, col: start, role: role, text: text, width: end - start))
                c = end
            }
        }
        return runs
    }

    /// Applies runs to this canvas (what an in-memory terminal does with a frame).
    public mutating func apply(_ runs: [CellRun]) {
        for run in runs { put(run.text, row: run.row, col: run.col, role: run.role, maxWidth: run.width) }
    }

    /// Copies the cursor and links of another canvas (they are not cells, so runs don't carry them).
    public mutating func adoptOverlays(of other: Canvas) {
        cursor = other.cursor
        links = other.links
    }
}
