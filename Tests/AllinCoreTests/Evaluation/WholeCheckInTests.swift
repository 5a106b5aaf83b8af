import Foundation
import Testing
@testable import AllinCore

/// The crisis rule on whole check-ins and on lines, as a person meets it: floors on the two blind
/// sets (written by helpers who never saw the code, measured once before these floors were set; see
/// docs/crisis-check.md), and the rule's figures on every set printed.
@Suite("The crisis rule on whole check-ins")
struct WholeCheckInTests {
    static let check = CrisisCheck(detector: CrisisDetector(lexicon: realCatalog.crisisLexicon))

    /// The free-text answers of each JSONL check-in (other keys, ids and chips, are not crisis signal).
    static func checkIns(_ file: String) throws -> [[(field: String, text: String)]] {
        try fixture(file).split(separator: "\n").map { line in
            let value = try JSONValue.parse(Data(line.utf8))
            return FreeTextField.allCases.compactMap { field in
                guard case let .string(text)? = value[field.rawValue] else { return nil }
                return (field.rawValue, text)
            }
        }
    }

    /// Handoffs and questions over a set of check-ins.
    static func tally(_ sets: [[(field: String, text: String)]]) -> (handoff: Int, question: Int) {
        var handoff = 0, question = 0
        for texts in sets {
            switch check.check(texts).verdict {
            case .handoff, .askedForHelp: handoff += 1
            case .concern: question += 1
            case .clear: break
            }
        }
        return (handoff, question)
    }

    static func lines(_ file: String, label: String) throws -> [String] {
        try fixture(file).split(separator: "\n").dropFirst().compactMap { line in
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false)
            return cols.first.map(String.init) == label ? cols.last.map(String.init) : nil
        }
    }

    @Test func everydayCheckInsRarelyHandOff() throws {
        let blind = try Self.checkIns("blind/everyday-final.jsonl")
        #expect(blind.count == 150)
        let (handoff, question) = Self.tally(blind)
        print("blind-everyday-final: \(handoff) handoffs, \(question) questions of \(blind.count)")
        #expect(Double(handoff) <= 0.02 * Double(blind.count))
        #expect(Double(question) <= 0.05 * Double(blind.count))
        // The sets the rule and the model were tuned or trained on: training figures.
        for file in ["train/everyday-holdout.jsonl", "train/everyday-fresh.jsonl", "train/everyday-dev.jsonl"] {
            let set = try Self.checkIns(file)
            let (h, q) = Self.tally(set)
            print("\(file) (training): \(h) handoffs, \(q) questions of \(set.count)")
        }
    }

    @Test func crisisLinesReachSupportOrTheQuestion() throws {
        let crisis = try Self.lines("blind/lines-final.tsv", label: "crisis")
        let safe = try Self.lines("blind/lines-final.tsv", label: "safe")
        #expect(crisis.count == 150 && safe.count == 150)
        let c = Self.tally(crisis.map { [("triggerText", $0)] })
        let s = Self.tally(safe.map { [("triggerText", $0)] })
        print("blind-lines-final: crisis \(c.handoff) handoffs + \(c.question) questions of 150; safe \(s.handoff) + \(s.question)")
        #expect(Double(c.handoff + c.question) >= 0.94 * 150)
        #expect(Double(c.handoff) >= 0.90 * 150)
        #expect(Double(s.handoff) <= 0.02 * 150)
    }

    /// One blind set's figures: its everyday check-ins (`blind/everyday-NAME.jsonl`) and its crisis and
    /// safe lines (`blind/lines-NAME.tsv`), each tallied by the one rule and printed.
    struct BlindFigures {
        var everyday: Int, crisis: Int, safe: Int
        var e: (handoff: Int, question: Int), c: (handoff: Int, question: Int), s: (handoff: Int, question: Int)
    }

    static func blindSet(_ name: String) throws -> BlindFigures {
        let everyday = try checkIns("blind/everyday-\(name).jsonl")
        let crisis = try lines("blind/lines-\(name).tsv", label: "crisis")
        let safe = try lines("blind/lines-\(name).tsv", label: "safe")
        let f = BlindFigures(everyday: everyday.count, crisis: crisis.count, safe: safe.count, e: tally(everyday),
                             c: tally(crisis.map { [("triggerText", $0)] }), s: tally(safe.map { [("triggerText", $0)] }))
        print("\(name.uppercased()) everyday \(f.e.handoff) handoffs, \(f.e.question) questions of \(f.everyday); "
              + "crisis \(f.c.handoff) handoffs + \(f.c.question) questions of \(f.crisis); "
              + "safe \(f.s.handoff) handoffs + \(f.s.question) questions of \(f.safe)")
        return f
    }

    /// A blind set's floors: its sizes, then at least `crisisHandoffs` crisis lines handed off and
    /// `reached` handed off or asked; at most `everydayHandoffs` and `questions` on its everyday
    /// check-ins and `safeHandoffs` on its safe lines (nil: not held for that set).
    static func hold(_ f: BlindFigures, sizes: (everyday: Int, crisis: Int, safe: Int?), crisisHandoffs: Int,
                     reached: Int?, everydayHandoffs: Int, questions: Int, safeHandoffs: Int?,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(f.everyday == sizes.everyday && f.crisis == sizes.crisis && sizes.safe.map { f.safe == $0 } ?? true,
                sourceLocation: sourceLocation)
        #expect(f.c.handoff >= crisisHandoffs, sourceLocation: sourceLocation)
        if let reached { #expect(f.c.handoff + f.c.question >= reached, sourceLocation: sourceLocation) }
        #expect(f.e.handoff <= everydayHandoffs, sourceLocation: sourceLocation)
        #expect(f.e.question <= questions, sourceLocation: sourceLocation)
        if let safeHandoffs { #expect(f.s.handoff <= safeHandoffs, sourceLocation: sourceLocation) }
    }

    /// The sixth blind set (docs/crisis-check.md, third session): written by a helper that read only
    /// vocabulary.json, measured once with this rule and detector (11 handoffs and 7 questions of 200
    /// everyday check-ins; 195 + 2 of 200 crisis lines). The floors hold what was measured, so a
    /// change that loses ground fails. The fourth set was looked at after its first contact and is
    /// training now (train/everyday-fresh4.jsonl, train/lines-fresh4.tsv); its figures are printed.
    @Test func freshBlindSetFigures() throws {
        // 196 crisis handoffs since the concept rules read layer A's misspellings (measured again,
        // totals only); at most 5% questions.
        Self.hold(try Self.blindSet("fresh6"), sizes: (200, 200, 200), crisisHandoffs: 196, reached: 198,
                  everydayHandoffs: 11, questions: 10, safeHandoffs: nil)
        let old = Self.tally(try Self.checkIns("train/everyday-fresh4.jsonl"))
        print("FRESH4 (training now) everyday \(old.handoff) handoffs, \(old.question) questions of 120")
    }

    /// The seventh blind set, measured once with the same rule and detector (8 handoffs and 9
    /// questions of 240 everyday check-ins; 195 + 3 of 200 crisis lines).
    @Test func seventhBlindSetFigures() throws {
        // 196 crisis handoffs since the twelfth session's rule fixes, 197 since misspellings of the
        // crisis word classes are read (measured again, totals only); at most 5% questions.
        Self.hold(try Self.blindSet("fresh7"), sizes: (240, 200, nil), crisisHandoffs: 197, reached: 199,
                  everydayHandoffs: 8, questions: 12, safeHandoffs: nil)
    }

    /// The eighth blind set (written 2026-12-04, fourth session, by a helper that read only
    /// vocabulary.json, with many everyday answers that borrow crisis words), measured once with the
    /// rule and detector of the third session: 14 handoffs and 12 questions of 240 everyday check-ins;
    /// 198 of 200 crisis lines handed off; 27 handoffs and 25 questions of 200 safe lines.
    @Test func eighthBlindSetFigures() throws {
        // 199 crisis handoffs since the twelfth session's rule fixes; at most 5% questions.
        Self.hold(try Self.blindSet("fresh8"), sizes: (240, 200, 200), crisisHandoffs: 199, reached: nil,
                  everydayHandoffs: 14, questions: 12, safeHandoffs: 27)
    }

    /// The ninth blind set (written 2026-12-04, fourth session, same kind of helper: plainer everyday
    /// days, a third borrowing crisis words), measured once with the shipped rule and detector:
    /// 15 handoffs and 16 questions of 240 everyday check-ins (both above target); 192 + 4 of 200
    /// crisis lines; 18 handoffs of 200 safe lines.
    @Test func ninthBlindSetFigures() throws {
        // 193 crisis handoffs and 14 everyday ones since the twelfth session's rule fixes; 194 + 4
        // since misspellings of the crisis word classes are read.
        Self.hold(try Self.blindSet("fresh9"), sizes: (240, 200, 200), crisisHandoffs: 194, reached: 198,
                  everydayHandoffs: 14, questions: 16, safeHandoffs: 18)
    }

    /// The twelfth blind set (written 2026-12-05 before that session's rule fixes, by helpers that
    /// read only vocabulary.json; README-fresh12.md), measured once with the fixed rules: 2 handoffs
    /// and 13 questions of 240 everyday check-ins; 191 + 5 of 200 crisis lines; 5 handoffs of 200
    /// safe lines.
    @Test func twelfthBlindSetFigures() throws {
        // 193 + 4 since the concept rules read layer A's misspellings (measured again, totals only).
        Self.hold(try Self.blindSet("fresh12"), sizes: (240, 200, 200), crisisHandoffs: 193, reached: 197,
                  everydayHandoffs: 2, questions: 13, safeHandoffs: 5)
    }

    /// The fifteenth blind set (written 2026-12-05, fifteenth session; README-fresh15.md), measured
    /// with totals only: 6 handoffs and 6 questions of 240 everyday check-ins; 186 + 7 of 200 crisis
    /// lines; 15 handoffs of 200 safe lines.
    @Test func fifteenthBlindSetFigures() throws {
        // At most 5% questions.
        Self.hold(try Self.blindSet("fresh15"), sizes: (240, 200, 200), crisisHandoffs: 186, reached: 193,
                  everydayHandoffs: 6, questions: 12, safeHandoffs: 15)
    }

    /// The sixteenth blind set (written 2026-12-05, fifteenth session; README-fresh16.md), measured
    /// with totals only: 6 handoffs and 8 questions of 240 everyday check-ins; 183 + 6 of 200 crisis
    /// lines (below target: 5 of the 11 missed are misspellings); 15 handoffs of 200 safe lines.
    @Test func sixteenthBlindSetFigures() throws {
        // 185 since the concept rules read layer A's misspellings, 187 + 4 with twelve more words
        // recognised misspelt (measured again, totals only), 187 + 5 since misspellings of the crisis
        // word classes are read; at most 5% questions.
        Self.hold(try Self.blindSet("fresh16"), sizes: (240, 200, 200), crisisHandoffs: 187, reached: 192,
                  everydayHandoffs: 6, questions: 12, safeHandoffs: 15)
    }

    /// The seventeenth blind set (written 2026-12-05, sixteenth session; README-fresh17.md), measured
    /// with totals only: 8 handoffs and 9 questions of 240 everyday check-ins; 185 + 4 of 200 crisis
    /// lines (below target: 5 of the 11 missed are attempts, 3 misspellings); 39 handoffs of 200 safe
    /// lines, the most of any set (its safe lines were written to be hard: denials, other people,
    /// the past).
    @Test func seventeenthBlindSetFigures() throws {
        // At most 5% questions.
        Self.hold(try Self.blindSet("fresh17"), sizes: (240, 200, 200), crisisHandoffs: 185, reached: 189,
                  everydayHandoffs: 8, questions: 12, safeHandoffs: 39)
    }
}
