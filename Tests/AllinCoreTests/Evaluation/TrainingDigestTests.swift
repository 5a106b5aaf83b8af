import Foundation
import Testing
@testable import AllinCore

/// The training sets (`Fixtures/train/`) shaped the rules or trained the model, so a figure on them is
/// a training figure and holds no floor. What they do hold is a golden digest: every line's findings
/// (each layer's tier and rule) and every check-in's verdict, hashed per file, so a change to a
/// phrase list, a concept, the model or the tokenizer that moves any of them shows here, file by
/// file, with the training figures printed beside. An intended change is recorded with
/// `ALLIN_RECORD_GOLDEN=1 swift test --filter TrainingDigest` and listed in the commit.
@Suite("Training sets: golden digest")
struct TrainingDigestTests {
    static let goldenName = "train/GOLDEN.tsv"

    /// One row of the golden file: a training set, its training figures and the digest of its findings.
    struct Entry: Equatable {
        var file: String
        var figures: String
        var digest: String

        var line: String { "\(file)\t\(figures)\t\(digest)" }
    }

    static func trainingFiles() throws -> [String] {
        let dir = packageRoot().appendingPathComponent("Tests/AllinCoreTests/Fixtures/train")
        return try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { ($0.hasSuffix(".tsv") && $0 != "GOLDEN.tsv") || $0.hasSuffix(".jsonl") }
            .sorted()
    }

    static func hex(_ bytes: [UInt8]) -> String { bytes.prefix(12).map { String(format: "%02x", $0) }.joined() }

    /// Labelled lines: each layer's finding on each line; figures are layer A or B at T2 or more.
    static func lineEntry(_ name: String, _ detector: CrisisDetector) throws -> Entry? {
        let rows = try LabelledSetTests.rows("train/" + name).filter { ["crisis", "safe", "ambiguous"].contains($0.label) }
        guard !rows.isEmpty else { return nil }
        var hash = SHA256()
        var crisis = 0, caught = 0, safe = 0, fired = 0
        for row in rows {
            let (a, b) = detector.layers(row.text)
            hash.update("\(a.tier.label) \(a.rule) \(b.tier.label) \(b.rule)\n")
            let handoff = max(a.tier, b.tier) >= .crisis
            if row.label == "crisis" { crisis += 1; if handoff { caught += 1 } }
            if row.label == "safe" { safe += 1; if handoff { fired += 1 } }
        }
        return Entry(file: name, figures: "crisis \(caught)/\(crisis), safe \(fired)/\(safe)", digest: hex(hash.finalize()))
    }

    /// Whole check-ins: the one crisis rule's verdict on each.
    static func checkInEntry(_ name: String) throws -> Entry? {
        let sets = try WholeCheckInTests.checkIns("train/" + name)
        guard !sets.isEmpty else { return nil }
        var hash = SHA256()
        var handoff = 0, question = 0
        for texts in sets {
            let verdict = WholeCheckInTests.check.check(texts).verdict
            switch verdict {
            case let .handoff(d): handoff += 1; hash.update("handoff \(d.finding.rule) \(d.field ?? "-")\n")
            case let .concern(d): question += 1; hash.update("question \(d.finding.rule) \(d.field ?? "-")\n")
            case let .askedForHelp(field): handoff += 1; hash.update("help \(field)\n")
            case .clear: hash.update("clear\n")
            }
        }
        return Entry(file: name, figures: "check-ins \(sets.count): \(handoff) handoffs, \(question) questions",
                     digest: hex(hash.finalize()))
    }

    static func golden() throws -> [Entry] {
        let text = (try? fixture(goldenName)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return cols.count == 3 ? Entry(file: cols[0], figures: cols[1], digest: cols[2]) : nil
        }
    }

    @Test func findingsOnTheTrainingSetsAreUnchanged() throws {
        let detector = CrisisDetector(lexicon: realCatalog.crisisLexicon)
        var now: [Entry] = []
        for name in try Self.trainingFiles() {
            let entry = name.hasSuffix(".jsonl") ? try Self.checkInEntry(name) : try Self.lineEntry(name, detector)
            if let entry { now.append(entry) }
        }
        #expect(now.count >= 100, "the training sets are found")
        for e in now { print("TRAINING \(e.file): \(e.figures)") }
        if ProcessInfo.processInfo.environment["ALLIN_RECORD_GOLDEN"] == "1" {
            let header = "# Golden digest of the crisis findings on every training set (TrainingDigestTests).\n"
                + "# file\ttraining figures\tdigest of every line's findings\n"
            let url = packageRoot().appendingPathComponent("Tests/AllinCoreTests/Fixtures/\(Self.goldenName)")
            try (header + now.map(\.line).joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let golden = Dictionary(uniqueKeysWithValues: try Self.golden().map { ($0.file, $0) })
        for e in now {
            guard let was = golden[e.file] else {
                Issue.record("\(e.file) is not in \(Self.goldenName); record it with ALLIN_RECORD_GOLDEN=1")
                continue
            }
            #expect(was == e, "\(e.file) changed: was \(was.figures), now \(e.figures)")
        }
        let gone = Set(golden.keys).subtracting(now.map(\.file))
        #expect(gone.isEmpty, "in \(Self.goldenName) but no longer a training set: \(gone.sorted())")
    }
}
