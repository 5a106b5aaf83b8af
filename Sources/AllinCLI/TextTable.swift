import AllinCore

/// A plain-text table with padded columns; cells are made visible (no control characters) first.
public struct TextTable {
    public var header: [String]
    public var rows: [[String]] = []
    public var maxCell = 70

    public init(header: [String], rows: [[String]] = [], maxCell: Int = 70) {
        self.header = header
        self.rows = rows
        self.maxCell = maxCell
    }

    /// The table as text. With `width` (a terminal's columns) the last column wraps at spaces under
    /// itself so no row runs past the edge (found from outside: `allin where` and `allin journal`
    /// broke words at 80 columns); without it, or when the other columns leave the last under 20,
    /// rows are as long as they need to be (a pipe gets whole lines).
    public func render(width: Int? = nil) -> String {
        let all = [header] + rows
        let cells = all.map { $0.map { Visible.text($0, limit: maxCell) } }
        var widths = [Int](repeating: 0, count: header.count)
        for row in cells { for (i, c) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], c.count) } }
        let start = 2 + widths.dropLast().reduce(0) { $0 + $1 + 2 }
        let room = width.map { $0 - 1 - start } ?? Int.max
        let wraps = room >= 20 && (widths.last ?? 0) > room
        if wraps, let last = widths.indices.last { widths[last] = room }
        var out = ""
        for (r, row) in cells.enumerated() {
            let lead = row.dropLast().enumerated().map { i, c in c.padding(toLength: widths[i], withPad: " ", startingAt: 0) }
            let lastLines = wraps ? HelpText.wrap(row.last ?? "", width: room) : [row.last ?? ""]
            for (n, piece) in lastLines.enumerated() {
                let front = n == 0 ? lead.joined(separator: "  ") + (lead.isEmpty ? "" : "  ")
                    : String(repeating: " ", count: start - 2)
                out += "  " + front + piece + "\n"
            }
            if r == 0 { out += "  " + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n" }
        }
        return out
    }
}
import Foundation
