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

/// A bar chart of one series of daily values on a fixed scale: one column (or two) per day, `height`
/// rows tall, in eighths of a cell. The scale is fixed, never stretched to the data, so the same mood
/// always draws the same bar: on the 1–10 mood scale, 1 is the lowest bar and 10 a full one.
enum BarRows {
    /// The mood scale the journal's charts use.
    static let moodScale: ClosedRange<Double> = 1...10

    /// The eighths a value fills in a chart `height` rows tall: 1 at the scale's low end, all at its top.
    static func eighths(_ value: Double, scale: ClosedRange<Double> = moodScale, height: Int = 1) -> Int {
        let total = 8 * max(1, height)
        let clamped = min(max(value, scale.lowerBound), scale.upperBound)
        let fraction = (clamped - scale.lowerBound) / max(.ulpOfOne, scale.upperBound - scale.lowerBound)
        return 1 + Int((fraction * Double(total - 1)).rounded())
    }

    /// The rows of the chart, top first. `values` on `scale`, or nil (no value: a dot on the baseline).
    static func rows(_ values: [Double?], scale: ClosedRange<Double> = moodScale, height: Int, columnsPerDay: Int,
                     glyphs: ChartGlyphs) -> [String] {
        let h = max(1, height)
        let filled: [Int?] = values.map { v in v.map { eighths($0, scale: scale, height: h) } }
        let gap = String(repeating: " ", count: max(0, columnsPerDay - 1))
        return (0..<h).map { row in
            let below = 8 * (h - 1 - row)
            return filled.map { f -> String in
                guard let f else { return (row == h - 1 ? glyphs.noData : " ") + gap }
                return glyphs.bars[max(0, min(8, f - below))] + gap
            }.joined()
        }
    }

    /// The key to a one-row mood chart: the bars of 1, 5 and 10, and the dot of a day without a rating.
    /// Shorter wordings when narrow, so it is never cut.
    static func legend(glyphs: ChartGlyphs, width: Int) -> String {
        let bar = { (v: Double) in glyphs.bars[eighths(v)] }
        let scale = "\(bar(1)) 1 low  \(bar(5)) 5  \(bar(10)) 10 high"
        return Wrap.fitting([scale + "   \(glyphs.noData) no rating", scale, "\(bar(1)) 1  \(bar(10)) 10"], width: width)
    }
}
