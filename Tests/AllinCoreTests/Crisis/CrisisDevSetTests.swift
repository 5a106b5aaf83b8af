import Testing
@testable import AllinCore

/// The labelled development set (`Fixtures/train/crisis-dev.tsv`) stays well formed. It shaped the
/// rules and trains the model, so its figures are training figures (TrainingDigestTests).
struct CrisisDevSetTests {
    struct Line: Sendable {
        var label: String
        var category: String
        var text: String
    }

    static func lines() throws -> [Line] {
        try crisisFixture("train/crisis-dev.tsv").split(separator: "\n").compactMap { raw in
            if raw.hasPrefix("#") { return nil }
            let parts = raw.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            return parts.count == 3 ? Line(label: parts[0], category: parts[1], text: parts[2]) : nil
        }
    }

    static let categories: Set<String> = ["direct", "passive", "selfharm", "method", "euphemism", "obfuscated", "idiom", "negation",
                                          "thirdparty", "media", "literal", "ordinary"]

    @Test("The set is well formed: at least 250 lines, known labels and categories")
    func wellFormed() throws {
        let lines = try Self.lines()
        #expect(lines.count >= 250)
        for l in lines {
            #expect(["crisis", "safe", "ambiguous"].contains(l.label), "\(l.text)")
            #expect(Self.categories.contains(l.category), "\(l.category)")
            #expect(!l.text.isEmpty)
        }
        #expect(Set(lines.map(\.category)) == Self.categories)
    }
}
