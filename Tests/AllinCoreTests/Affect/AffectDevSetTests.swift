import Foundation
import Testing
@testable import AllinCore

@Suite("Affect classifier: labelled dev set")
struct AffectDevSetTests {
    struct Row { var label: Valence; var text: String }

    static func rows() throws -> [Row] {
        let text = String(decoding: try affectFixtureData("train/valence-dev.tsv"), as: UTF8.self)
        return try text.split(separator: "\n").enumerated().map { n, line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            guard parts.count == 2, let label = Valence(rawValue: String(parts[0])) else {
                throw CatalogProblems([CatalogIssue(file: "train/valence-dev.tsv", entry: "line \(n + 1)", "must be label<TAB>text")])
            }
            return Row(label: label, text: String(parts[1]))
        }
    }

    @Test func devSetIsLargeAndCoversEveryLabel() throws {
        let rows = try Self.rows()
        #expect(rows.count >= 150)
        for label in Valence.allCases {
            #expect(rows.filter { $0.label == label }.count >= 30, "\(label)")
        }
        #expect(Set(rows.map(\.text)).count == rows.count, "duplicate sentences")
    }

    @Test func accuracyIsAtLeast85Percent() throws {
        let classifier = try AffectShipped.classifier()
        let rows = try Self.rows()
        var misses: [String] = []
        for row in rows {
            let r = classifier.classifyText(row.text)
            if r.valence != row.label { misses.append("want \(row.label), got \(r.valence): \(row.text) — \(r.explanation)") }
        }
        let accuracy = Double(rows.count - misses.count) / Double(rows.count)
        #expect(accuracy >= 0.85, "accuracy \(accuracy)\n\(misses.joined(separator: "\n"))")
    }
}
