import Testing
@testable import AllinCore

/// The labelled development set (`Fixtures/crisis-dev.tsv`): recall and false-alarm targets of §3.7.
struct CrisisDevSetTests {
    struct Line: Sendable {
        var label: String
        var category: String
        var text: String
    }

    static func lines() throws -> [Line] {
        try crisisFixture("crisis-dev.tsv").split(separator: "\n").compactMap { raw in
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

    @Test("Recall of crisis lines >= 0.98 and false alarms on safe lines <= 0.05")
    func recallAndFalseAlarms() throws {
        let d = try crisisDetector()
        let lines = try Self.lines()
        var crisis = 0, fired = 0, concernOrMore = 0, safe = 0, falseAlarms = 0
        var misses: [String] = [], alarms: [String] = []
        for l in lines {
            let (a, b) = d.layers(l.text)
            let didFire = a.fired || b.fired
            switch l.label {
            case "crisis":
                crisis += 1
                if didFire { fired += 1 } else { misses.append(l.text) }
                if max(a.tier, b.tier) >= .concern { concernOrMore += 1 }
            case "safe":
                safe += 1
                if didFire {
                    falseAlarms += 1
                    alarms.append("\(l.text) → \(a.rule) \(b.score ?? 0)")
                }
            default:
                break
            }
        }
        let recall = Double(fired) / Double(crisis)
        let falseAlarmRate = Double(falseAlarms) / Double(safe)
        #expect(recall >= 0.98, "recall \(recall); missed: \(misses)")
        #expect(Double(concernOrMore) / Double(crisis) >= 0.99, "T>=1 coverage")
        #expect(falseAlarmRate <= 0.05, "false alarms \(falseAlarmRate): \(alarms)")
    }
}
