/// The characters the journal draws its charts and marks with: Unicode blocks, or plain ASCII when the
/// locale does not say UTF-8. Every level differs in shape, not only in colour, so the charts read the
/// same in the monochrome theme.
struct ChartGlyphs: Equatable, Sendable {
    /// A bar cell filled 0…8 eighths from the bottom.
    var bars: [String]
    /// A heatmap cell at level 0 (no check-in) … 4 (four or more).
    var heat: [String]
    /// A day without a rating, on the chart's baseline.
    var noData: String
    var arrow: String
    /// Marks a check-in that handed off to crisis support.
    var handoff: String

    static let unicode = ChartGlyphs(bars: [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"],
                                     heat: ["·", "░", "▒", "▓", "█"], noData: "·", arrow: "→", handoff: "◆")
    static let ascii = ChartGlyphs(bars: [" ", "_", "_", "-", "-", "=", "=", "#", "#"],
                                   heat: [".", "-", "+", "#", "@"], noData: ".", arrow: "->", handoff: "*")

    static func of(_ context: AppContext) -> ChartGlyphs { context.unicode ? .unicode : .ascii }
}

/// A bar chart of one series of daily values: one column (or two) per day, `height` rows tall, in
/// eighths of a cell.
enum BarRows {
    /// The rows of the chart, top first. `values` are 0…`maximum` or nil (no value: a dot on the baseline).
    static func rows(_ values: [Double?], maximum: Double, height: Int, columnsPerDay: Int,
                     glyphs: ChartGlyphs) -> [String] {
        let h = max(1, height)
        let eighths = 8 * h
        let filled: [Int?] = values.map { v in
            v.map { max(1, min(eighths, Int(($0 / maximum * Double(eighths)).rounded()))) }
        }
        let gap = String(repeating: " ", count: max(0, columnsPerDay - 1))
        return (0..<h).map { row in
            let below = 8 * (h - 1 - row)
            return filled.map { f -> String in
                guard let f else { return (row == h - 1 ? glyphs.noData : " ") + gap }
                return glyphs.bars[max(0, min(8, f - below))] + gap
            }.joined()
        }
    }
}
