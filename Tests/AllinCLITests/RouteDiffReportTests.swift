import Testing
@testable import AllinCLI
@testable import AllinCore

@Suite("Route diff text report: traces side by side or one after the other")
struct RouteDiffReportTests {
    static let slugs = (1...14).map { "session_number_\($0)" }
    static let gates = [
        GateComparison(gate: "crisisA", before: TraceEntry(gate: "crisisA", decision: "clear"),
                       after: TraceEntry(gate: "crisisA", decision: "clear")),
        GateComparison(gate: "candidates",
                       before: TraceEntry(gate: "candidates", decision: "need", details: [
                           ("count", .int(14)), ("slugs", .array(slugs.map(JSONValue.string)))]),
                       after: TraceEntry(gate: "candidates", decision: "lane", details: [("count", .int(0))])),
        GateComparison(gate: "crisisC", before: nil, after: TraceEntry(gate: "crisisC", decision: "fired")),
    ]

    func report(width: Int?) -> RouteDiffReport {
        RouteDiffReport(diff: RouteDiff(before: [], after: []), labels: [], limit: nil, width: width)
    }

    @Test("two columns fit the width and keep every word", arguments: [120, 160, 240])
    func twoColumns(width: Int) {
        let text = report(width: width).twoColumns(Self.gates, width: width)
        for line in text.split(separator: "\n") { #expect(line.count <= width, "too wide: \(line)") }
        #expect(text.contains("    = crisisA     clear\n"))
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," || $0 == "=" })
        for slug in Self.slugs { #expect(words.contains(Substring(slug)), "\(slug) was cut") }
        #expect(text.contains("(did not run)") && text.contains("fired"))
    }

    @Test func oneColumnPrintsDifferingGatesInFull() {
        let text = report(width: nil).oneColumn(Self.gates)
        #expect(text.contains("    = crisisA     clear\n"))
        #expect(text.contains("      candidates\n        before  need; count=14; slugs=\(Self.slugs.joined(separator: ", "))\n"))
        #expect(text.contains("        after   lane; count=0\n"))
        #expect(text.contains("      crisisC\n        before  (did not run)\n        after   fired\n"))
    }

    @Test func wrapBreaksAtSpacesAndSplitsOnlyWordsLongerThanTheWidth() {
        #expect(RouteDiffReport.wrap("one two three", 7) == ["one two", "three"])
        #expect(RouteDiffReport.wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"])
        #expect(RouteDiffReport.wrap("", 10) == [""])
    }

    func route(_ slug: String) -> Recommendation {
        Recommendation(kind: .audio, lane: .clarity, intentLane: .clarity, valence: .pleasant, sootheFirst: false,
                       session: Session(slug: slug, title: slug, lane: .clarity, description: "", tags: [], families: [],
                                        needs: [], cluster: nil, durationSeconds: 60, situational: false),
                       crisis: nil, concern: nil, trace: [TraceEntry(gate: "choice", decision: "picker")])
    }

    @Test func aLimitSaysHowManyChangesWereLeftOut() {
        let diff = RouteDiff(before: ["a", "b", "c"].map(route), after: ["x", "y", "c"].map(route))
        let text = RouteDiffReport(diff: diff, labels: ["line 1", "line 2", "line 3"], limit: 1, width: nil).text()
        #expect(text.hasPrefix("2 of 3 check-ins change"))
        #expect(text.contains("Check-in 1 (line 1): session changed") && !text.contains("Check-in 2"))
        #expect(text.contains("Showing the first 1 of 2 changed check-ins (--limit 1); the counts below cover all 3."))
        #expect(text.contains("  a  1 → 0  -1  lost\n") && text.contains("  c  1 → 1\n") && text.contains("  x  0 → 1  +1  gained\n"))
        let empty = RouteDiffReport(diff: RouteDiff(before: [], after: []), labels: [], limit: nil, width: nil).text()
        #expect(empty.contains("Lanes, before → after:\n  (no check-ins)\n"))
    }
}
