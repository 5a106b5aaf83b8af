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
        // A set of lines only (fresh23) has no everyday check-ins.
        let hasCheckIns = FileManager.default.fileExists(
            atPath: packageRoot().appendingPathComponent("Tests/AllinCoreTests/Fixtures/blind/everyday-\(name).jsonl").path)
        let everyday = hasCheckIns ? try checkIns("blind/everyday-\(name).jsonl") : []
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
    /// check-ins and `safeHandoffs` on its safe lines (nil: not held for that set). The floors hold
    /// what was measured (docs/crisis-check.md and each set's README in blind/), so a change that
    /// loses ground fails; questions are held at 5% of the check-ins or the first contact if higher.
    struct Floors: Sendable, CustomTestStringConvertible {
        var name: String
        var sizes: (everyday: Int, crisis: Int, safe: Int?)
        var crisisHandoffs: Int
        var reached: Int?
        var everydayHandoffs: Int
        var questions: Int
        var safeHandoffs: Int?
        var testDescription: String { name }
    }

    /// Since the eighteenth session's model question band (from 0.65; docs/crisis-check.md), more
    /// crisis lines reach the question on eleven sets (`reached` rose) and four sets' everyday
    /// questions rose over 5% (fresh8 17, fresh9 20, fresh19 13, fresh21 19): intended, by the rule
    /// written before they were measured.
    ///
    /// Since the nineteenth session's model (trained on check-in answers as well, asking from 0.60;
    /// docs/crisis-check.md), every set's floors are its measured figures with that model: the
    /// everyday handoffs fell on 14 of the 16 sets with check-ins, crisis handoffs rose on 15 of the
    /// 21 line sets; by the rule written before they were measured, fresh12 holds 191 + 5 crisis lines
    /// (193 + 5 before), fresh19 193 + 6 (194 + 3), fresh22 25 safe handoffs (24), and the question
    /// ceilings of fresh6 (11), fresh19 (16), fresh20 (13) and fresh24 (15) rose: intended.
    static let floors: [Floors] = [
        // Sixth set (third session; a helper that read only vocabulary.json): first contact 11
        // handoffs and 7 questions of 200 check-ins, 195 + 2 of 200 crisis lines; 196 crisis
        // handoffs since the concept rules read layer A's misspellings (measured again, totals only).
        Floors(name: "fresh6", sizes: (200, 200, 200), crisisHandoffs: 196, reached: 199,
               everydayHandoffs: 8, questions: 11, safeHandoffs: nil),
        // Seventh: first contact 8 handoffs and 9 questions of 240, 195 + 3 crisis lines; 196 since
        // the twelfth session's rule fixes, 197 since misspellings of the crisis word classes are read.
        Floors(name: "fresh7", sizes: (240, 200, nil), crisisHandoffs: 198, reached: 199,
               everydayHandoffs: 6, questions: 12, safeHandoffs: nil),
        // Eighth (fourth session, many everyday answers borrowing crisis words): first contact 14
        // handoffs and 12 questions of 240, 198 crisis lines handed off, 27 safe handoffs; 199 since
        // the twelfth session's rule fixes.
        Floors(name: "fresh8", sizes: (240, 200, 200), crisisHandoffs: 200, reached: nil,
               everydayHandoffs: 13, questions: 12, safeHandoffs: 26),
        // Ninth (plainer days, a third borrowing crisis words): first contact 15 handoffs and 16
        // questions of 240 (both above target), 192 + 4 crisis lines, 18 safe handoffs; 193 and 14
        // everyday since the twelfth session's rule fixes, 194 + 4 since misspellings of the crisis
        // word classes are read.
        Floors(name: "fresh9", sizes: (240, 200, 200), crisisHandoffs: 195, reached: 199,
               everydayHandoffs: 12, questions: 12, safeHandoffs: 17),
        // Twelfth (README-fresh12.md): measured once with that session's fixed rules, 2 handoffs and
        // 13 questions of 240, 191 + 5 crisis lines, 5 safe handoffs; 193 + 4 since the concept rules
        // read layer A's misspellings.
        Floors(name: "fresh12", sizes: (240, 200, 200), crisisHandoffs: 191, reached: 196,
               everydayHandoffs: 2, questions: 12, safeHandoffs: 5),
        // Fifteenth (README-fresh15.md): 6 handoffs and 6 questions of 240, 186 + 7 crisis lines, 15
        // safe handoffs; 187 + 7 since the seventeenth session's concept rules (hospital aftermaths,
        // hidden marks, burden "if I died", lists). 14 safe handoffs since the twenty-fourth session's
        // layer A rules (an intended change, docs/crisis-check.md; the line was not read).
        Floors(name: "fresh15", sizes: (240, 200, 200), crisisHandoffs: 191, reached: 195,
               everydayHandoffs: 3, questions: 12, safeHandoffs: 14),
        // Sixteenth (README-fresh16.md): 6 handoffs and 8 questions of 240, 183 + 6 crisis lines (5 of
        // the 11 missed misspellings), 15 safe handoffs; 185 since the concept rules read layer A's
        // misspellings, 187 + 4 with twelve more words recognised misspelt, 187 + 5 since
        // misspellings of the crisis word classes are read. 13 safe handoffs since someone else named
        // turns layer B's written rules away only as the nearest person before the words (thirty-first
        // session, an intended trade-off: over all blind sets +5 crisis handoffs, +2 safe; the line was
        // not read).
        Floors(name: "fresh16", sizes: (240, 200, 200), crisisHandoffs: 188, reached: 193,
               everydayHandoffs: 4, questions: 12, safeHandoffs: 13),
        // Seventeenth (README-fresh17.md): 8 handoffs and 9 questions of 240, 185 + 4 crisis lines (5
        // of the 11 missed are attempts, 3 misspellings), 39 safe handoffs, the most of any set (its
        // safe lines were written to be hard: denials, other people, the past; 39 again since layer A's
        // distant past needs the marker in the hit's clause or before it); 186 + 4 since the
        // seventeenth session's concept rules, 187 + 4 with its third set of them.
        Floors(name: "fresh17", sizes: (240, 200, 200), crisisHandoffs: 190, reached: 194,
               everydayHandoffs: 7, questions: 12, safeHandoffs: 38),
        // Eighteenth (README-fresh18.md): 9 handoffs and 10 questions of 240, 183 + 7 crisis lines (6
        // of the 10 missed are attempts), 31 safe handoffs (20 of them about others or the writer's past);
        // 184 + 7 since the seventeenth session's concept rules, 186 + 7 with its second set of them.
        Floors(name: "fresh18", sizes: (240, 200, 200), crisisHandoffs: 189, reached: 195,
               everydayHandoffs: 9, questions: 12, safeHandoffs: 28),
        // Nineteenth (README-fresh19.md, more kinds of writer): 17 handoffs (9 the model alone, the
        // most of any set) and 12 questions of 240, 193 + 2 crisis lines, 28 safe handoffs; 26 since a
        // line that says its crisis is over and all is well now asks instead; 194 + 2 with the second
        // set of concept rules.
        Floors(name: "fresh19", sizes: (240, 200, 200), crisisHandoffs: 193, reached: 199,
               everydayHandoffs: 12, questions: 16, safeHandoffs: 25),
        // Twentieth (README-fresh20.md): 21 handoffs (9 the model alone) and 7 questions of 240, 169 +
        // 12 crisis lines (0.845 to a full handoff, the weakest yet; 6 of the 19 missed minimised), 27
        // safe handoffs. 27 since the twenty-fourth session's layer A rules (intended, as fresh15).
        Floors(name: "fresh20", sizes: (240, 200, 200), crisisHandoffs: 172, reached: 187,
               everydayHandoffs: 15, questions: 13, safeHandoffs: 27),
        // Twenty-first (README-fresh21.md; its everyday writer was shown the everyday senses known to
        // hand off): 25 handoffs (14 the model alone) and 14 questions of 240, 164 + 7 crisis lines, 31
        // safe handoffs; 165 + 6 and 15 questions with the seventeenth session's kept changes; 31 safe
        // handoffs since the twenty-fourth session's layer A rules (intended, as fresh15).
        Floors(name: "fresh21", sizes: (240, 200, 200), crisisHandoffs: 167, reached: 177,
               everydayHandoffs: 20, questions: 12, safeHandoffs: 31),
        // Twenty-second (README-fresh22.md; ordinary days): 7 handoffs (6 the model alone) and 7
        // questions of 240, 168 + 11 crisis lines, 25 safe handoffs; 169 + 11 and 24 with the
        // seventeenth session's kept changes.
        Floors(name: "fresh22", sizes: (240, 200, 200), crisisHandoffs: 175, reached: 186,
               everydayHandoffs: 6, questions: 12, safeHandoffs: 25),
        // Twenty-third (README-fresh23.md; lines only): 185 + 3 crisis lines, 48 safe handoffs (20 of
        // them someone else at risk now, support by design); 187 + 3 and 46 with the seventeenth
        // session's kept changes.
        Floors(name: "fresh23", sizes: (0, 200, 200), crisisHandoffs: 189, reached: 193,
               everydayHandoffs: 0, questions: 0, safeHandoffs: 45),
        // Twenty-fourth (README-fresh24.md; ordinary days, a writer told nothing of dark words): 17
        // handoffs (15 the model alone) and 9 questions of 240, 174 + 5 crisis lines, 19 safe
        // handoffs; 174 + 6 since the model asks from 0.65.
        Floors(name: "fresh24", sizes: (240, 200, 200), crisisHandoffs: 177, reached: 183,
               everydayHandoffs: 11, questions: 15, safeHandoffs: 19),
        // Twenty-fifth (README-fresh25.md; ordinary days, a writer told nothing of dark words): 14
        // handoffs (13 the model alone) and 13 questions of 240, 194 + 4 crisis lines, 30 safe handoffs.
        Floors(name: "fresh25", sizes: (240, 200, 200), crisisHandoffs: 195, reached: 198,
               everydayHandoffs: 10, questions: 12, safeHandoffs: 28),
        // Twenty-sixth (README-fresh26.md; first met by the shipped model and the nineteenth
        // session's together): 10 handoffs (8 the model alone) and 9 questions of 240, 190 + 4 crisis
        // lines, 33 safe handoffs (the shipped model: 13 / 11, 188 + 4, 34). 34 safe handoffs since
        // the twenty-second session's rule for a poison swallowed or air cut off (A.recentAct.poison),
        // its first contact with this set: an intended change (docs/crisis-check.md).
        Floors(name: "fresh26", sizes: (240, 200, 200), crisisHandoffs: 190, reached: 194,
               everydayHandoffs: 10, questions: 12, safeHandoffs: 34),
        // Twenty-seventh (README-fresh27.md; first met by the nineteenth session's model once it
        // shipped): 10 handoffs (4 the model alone) and 16 questions of 240 (over 5%), 196 + 3 crisis
        // lines, 33 safe handoffs.
        Floors(name: "fresh27", sizes: (240, 200, 200), crisisHandoffs: 196, reached: 199,
               everydayHandoffs: 10, questions: 16, safeHandoffs: 33),
        // Twenty-eighth (README-fresh28.md; first met by the shipped model and the twentieth
        // session's candidate together, which was not kept): 21 handoffs (17 the model alone, the
        // most of any set) and 22 questions of 240, 188 + 4 crisis lines, 32 safe handoffs.
        Floors(name: "fresh28", sizes: (240, 200, 200), crisisHandoffs: 188, reached: 192,
               everydayHandoffs: 21, questions: 22, safeHandoffs: 32),
        // Twenty-ninth (README-fresh29.md; written by two helpers as fresh28 was, first met by the
        // build of 2661f49): 6 handoffs and 11 questions of 240, 177 + 9 crisis lines, 28 safe
        // handoffs; 177 + 10 and 29 with the twenty-fourth session's layer A rules (00fc031).
        Floors(name: "fresh29", sizes: (240, 200, 200), crisisHandoffs: 177, reached: 187,
               everydayHandoffs: 6, questions: 11, safeHandoffs: 29),
        // Thirtieth (README-fresh30.md; written by two helpers as fresh29 was, first met by the
        // catalog of 7d84f01): 7 handoffs and 12 questions of 240, 196 + 1 crisis lines, 31 safe
        // handoffs.
        Floors(name: "fresh30", sizes: (240, 200, 200), crisisHandoffs: 196, reached: 197,
               everydayHandoffs: 7, questions: 12, safeHandoffs: 31),
        // Thirty-first (README-fresh31.md; written by two helpers as fresh30 was, first met by the
        // catalog of 816856f): 13 handoffs and 7 questions of 240, 188 + 3 crisis lines, 30 safe
        // handoffs.
        Floors(name: "fresh31", sizes: (240, 200, 200), crisisHandoffs: 188, reached: 191,
               everydayHandoffs: 13, questions: 7, safeHandoffs: 30),
    ]

    @Test(arguments: floors)
    func blindSetHoldsItsFloors(_ floors: Floors) throws {
        let f = try Self.blindSet(floors.name)
        #expect(f.everyday == floors.sizes.everyday && f.crisis == floors.sizes.crisis
                && floors.sizes.safe.map { f.safe == $0 } ?? true)
        #expect(f.c.handoff >= floors.crisisHandoffs)
        if let reached = floors.reached { #expect(f.c.handoff + f.c.question >= reached) }
        #expect(f.e.handoff <= floors.everydayHandoffs)
        #expect(f.e.question <= floors.questions)
        if let safe = floors.safeHandoffs { #expect(f.s.handoff <= safe) }
    }

    /// Blind crisis check-ins (README-crisis24.md): one disclosure each, two in three of them in the
    /// tail's answers. First contact: 118 handoffs, 1 question, 1 missed of 120.
    @Test func blindCrisisCheckInsReachSupport() throws {
        let sets = try Self.checkIns("blind/crisis-checkins24.jsonl")
        #expect(sets.count == 120)
        let t = Self.tally(sets)
        print("CRISIS24 \(t.handoff) handoffs + \(t.question) questions of \(sets.count)")
        #expect(t.handoff >= 118 && t.handoff + t.question >= 119)
    }

    /// Danger from other people (train/README-others25.md, a training set: layer A's
    /// `A.concern.harmedByOthers` was widened from its misses): support or the gentle question for
    /// 143 of 200; its safe lines keep their 7 (6 handoffs, 1 read as a plea for help: "wasn't safe").
    @Test func dangerFromOtherPeopleGetsTheQuestion() throws {
        let danger = try Self.lines("train/lines-others25.tsv", label: "danger")
        let safe = try Self.lines("train/lines-others25.tsv", label: "safe")
        #expect(danger.count == 200 && safe.count == 200)
        let d = Self.tally(danger.map { [("triggerText", $0)] }), s = Self.tally(safe.map { [("triggerText", $0)] })
        print("OTHERS25 (training) danger \(d.handoff) handoffs + \(d.question) questions; safe \(s.handoff) + \(s.question)")
        #expect(d.handoff + d.question >= 143)
        #expect(s.handoff <= 7)
    }

    /// The fourth set was looked at after its first contact and is training now
    /// (train/everyday-fresh4.jsonl, train/lines-fresh4.tsv); its figures are printed.
    @Test func fourthSetIsTrainingNow() throws {
        let sets = try Self.checkIns("train/everyday-fresh4.jsonl")
        #expect(sets.count == 120)
        let old = Self.tally(sets)
        print("FRESH4 (training now) everyday \(old.handoff) handoffs, \(old.question) questions of \(sets.count)")
    }
}
