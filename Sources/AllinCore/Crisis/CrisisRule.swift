/// A compiled layer-A rule: patterns plus the checks that may lower, raise or drop a hit.
struct CrisisRule: Sendable {
    /// How the subject of a hit is decided.
    enum Frame: String, Sendable, CaseIterable {
        /// Find the clause subject: first person, a third party, generic, media.
        case resolve
        /// The pattern itself fixes a first-person reading (e.g. "better off without me").
        case firstPerson = "self"
        /// The pattern is about someone else (e.g. "texted me goodbye").
        case thirdParty
        /// No subject analysis.
        case plain
    }

    /// Where co-occurring patterns are looked for.
    enum Scope: String, Sendable, CaseIterable {
        case clause, sentence, line
    }

    struct Escalation: Sendable {
        var tier: CrisisTier
        var any: [Int]
        var scope: Scope
    }

    /// A guard drops or lowers a hit unless one of its release patterns is in the line.
    struct Guard: Sendable {
        enum Action: Sendable, Equatable {
            case reject
            case lower(CrisisTier)
        }
        /// Patterns that, starting right after the hit, trigger the guard.
        var after: [Int]
        /// Patterns that, in the same clause before the hit, trigger the guard.
        var before: [Int]
        /// Single tokens that, as the token just before the hit, trigger the guard.
        var previous: [Int]
        /// Patterns that, matching from the hit's own first word, trigger the guard (a narrower reading of the hit).
        var at: [Int]
        /// Patterns anywhere in the line that trigger the guard.
        var line: [Int]
        var release: [Int]
        var action: Action
    }

    var id: String
    var tier: CrisisTier
    /// What the rule recognises, as a noun phrase for the reason sentence.
    var what: String
    var patterns: [Int]
    var frame: Frame
    var negatable: Bool
    /// How tense decides between present danger and a past event for third parties.
    enum Tense: String, Sendable, CaseIterable {
        /// Past forms in or right before the hit, or remote-past markers, mean a past event.
        case check
        /// Only remote-past markers ("years ago") mean a past event: "took a bunch of pills" is the danger itself.
        case remote
        /// Always present danger.
        case ignore
    }
    var tense: Tense
    /// A topic word ("suicide"): as the object of "about"/"on" it is a subject of study, not a disclosure.
    var topic: Bool
    var thirdPartyTier: CrisisTier
    var requires: [[Int]]
    var requireScope: Scope
    var escalations: [Escalation]
    var guards: [Guard]
}

/// Phrase lists used to read the context of a hit (negation, time, media).
struct CrisisFrames: Sendable {
    var negatorPhrases: [Int] = []
    var pseudoNegations: [Int] = []
    var media: [Int] = []
    var remotePast: [Int] = []
    var recentTime: [Int] = []
    var pastMarkers: [Int] = []
    var reportedQuestions: [Int] = []
    /// Someone else's death by suicide, told as done ("took his own life", "died by suicide"): that
    /// person is not in danger now, whatever day it is told on.
    var theyDied: [Int] = []
    /// Someone else in care now ("she's safe in hospital now", "stable in icu"), someone else with help
    /// ("has a therapist", "is getting help": not for an act under way), and what says the danger goes
    /// on all the same (`theyAreCaredForBut`: "again", "when she gets out", "tonight").
    var theyAreCaredFor: [Int] = []
    var theyHaveHelp: [Int] = []
    var theyAreCaredForBut: [Int] = []
    /// A line saying it is over and well now ("she's doing great now", "I'm 30 now and life is
    /// good"), told in the past ("tried", "used to", "at 16"), and what says otherwise (`stillNow`:
    /// "but", "again", "tonight", a means, a plan, a wish, a decision, a denial): see
    /// `CrisisDetector.settled`.
    var settledNow: [Int] = []
    var settledPast: [Int] = []
    var stillNow: [Int] = []
}

/// An idiom whose span is removed before the rules run.
struct CrisisIdiom: Sendable {
    var id: String
    var entry: Int
}

/// Layer B's weighted features.
struct CrisisLayerBModel: Sendable {
    struct Feature: Sendable {
        var id: String
        var label: String
        var weight: Double
        var entries: [Int]
    }

    struct Interaction: Sendable {
        var all: [Int]
        var weight: Double
    }

    var bias: Double
    var crisisAt: Double
    var concernAt: Double
    var features: [Feature]
    var interactions: [Interaction]
    var immediateMinScore: Double
    var immediateAll: [Int]
    var immediateAny: [Int]
}

/// Word id → pattern entries, so only patterns whose anchor word occurs are tried.
///
/// Flat arrays indexed by word id: the per-token lookup is two array reads, no hashing.
struct CrisisAnchorIndex: Sendable {
    private var starts: [Int32] = [0]
    private var flat: [Int32] = []
    private(set) var numberEntries: [Int32] = []

    init() {}

    init(program: CrisisProgram, entries: [Int], vocabularyCount: Int) {
        var byWord = [[Int32]](repeating: [], count: vocabularyCount)
        for e in Set(entries).sorted() where e >= 0 {
            for a in program.entries[e].anchors {
                if a == CrisisProgram.numberAnchor {
                    numberEntries.append(Int32(e))
                } else if a >= 0 && Int(a) < vocabularyCount {
                    byWord[Int(a)].append(Int32(e))
                }
            }
        }
        starts.reserveCapacity(vocabularyCount + 1)
        for list in byWord {
            flat.append(contentsOf: list)
            starts.append(Int32(flat.count))
        }
    }

    /// Positions in `flat` of the entries anchored on word `id` (no slice, so no retain in the hot loop).
    @inline(__always)
    func range(for id: Int32) -> Range<Int> {
        guard id >= 0, Int(id) + 1 < starts.count else { return 0..<0 }
        return Int(starts[Int(id)])..<Int(starts[Int(id) + 1])
    }

    @inline(__always)
    func entry(at i: Int) -> Int32 { flat[i] }
}
