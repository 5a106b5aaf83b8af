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

    public func render() -> String {
        let all = [header] + rows
        let cells = all.map { $0.map { Visible.text($0, limit: maxCell) } }
        var widths = [Int](repeating: 0, count: header.count)
        for row in cells { for (i, c) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], c.count) } }
        var out = ""
        for (r, row) in cells.enumerated() {
            let line = row.enumerated().map { i, c in
                i == row.count - 1 ? c : c.padding(toLength: widths[i], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
            out += "  " + line + "\n"
            if r == 0 { out += "  " + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n" }
        }
        return out
    }
}
import Foundation
