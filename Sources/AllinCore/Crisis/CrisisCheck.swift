/// The one crisis rule. Every way out of every text field (Enter, Tab, picking a chip after typing,
/// going back, quitting with a half-done check-in, the reflection note), the step machine's gates,
/// `allin --plain` and the router all ask this, so the same words get the same answer everywhere.
///
/// What it decides, for a list of free-text answers:
/// - a handoff (full crisis support) needs a clear statement: layer A at tier 2 or more, one of layer
///   B's written concept rules or its weighted scorer in the crisis band, or layer B's trained model
///   at `modelHandoffAt` or more. The model alone is not enough below that: on whole everyday
///   check-ins it reached the crisis band on short answers from a few everyday word pairs;
/// - the ambiguous band gets the gentle question ("are you safe right now?") answered in place: any
///   tier-1 finding (the model's from its `@askAt`), the model below `modelHandoffAt`, what layer B's written rules find only in
///   all the answers read together, and a finding the detector lowered because the line says its
///   crisis is over and all is well now (`CrisisDetector.settled`);
/// - a plain request for help ("help", "sos", "not safe") opens support as asked for, not as a tier;
/// - words the person has already answered for (they said they are safe, or saw support for them)
///   don't ask again: `answered` holds those texts exactly as they were.
public struct CrisisCheck: Sendable {
    public let detector: CrisisDetector

    /// Layer B's trained model hands off on its own only from this probability. Below it, from the
    /// model file's `@askAt`, its finding asks the gentle question; below that it finds nothing.
    public static let modelHandoffAt = 0.85

    /// The rule id a plain request for help is recorded under (support opened as asked, no tier).
    public static let helpRule = "help.asked"

    /// The finding a plain request for help is recorded with: no tier, so the journal says support
    /// was opened when asked.
    public static let askedForHelp = CrisisFinding(layer: .a, tier: .none, rule: helpRule,
                                                   reason: "The answer asks for help.")

    /// Fields whose answers speak to the person in the second person ("what would a kinder voice
    /// say?"), so "you" there is the writer (`SecondPerson`).
    public static let speaksToSelf: Set<String> = ["kinder"]

    /// The rule an answer written mostly in a script the check cannot read is asked about under
    /// (`UnreadScript`): the gentle question, never a handoff.
    public static let unreadScriptRule = "A.unreadScript"

    /// The finding for such an answer.
    static let unreadScript = CrisisFinding(layer: .a, tier: .concern, rule: unreadScriptRule,
                                            reason: "Written in a script the check cannot read, so it asks rather than assume all is well.")

    /// Layer A's finding once an answer the layers found nothing in is read for an unread script:
    /// `unreadScript` when most of its letters are in one, else `a` as it was. `check` and `verdict`
    /// both read it so.
    static func unreadScriptRead(_ a: CrisisFinding, _ b: CrisisFinding, text: String) -> CrisisFinding {
        a.tier == .none && b.tier == .none && UnreadScript.dominates(text) ? unreadScript : a
    }

    /// The field a finding over all the answers read together is reported under.
    public static let togetherField = "all"

    /// Whether the rule acts on `d`. The trained model learnt from single lines; over answers strung
    /// together it finds word pairs across the joins, so there only the written rules count (the
    /// trace says its finding was not acted on).
    public static func actsOn(_ d: CrisisDecision) -> Bool {
        d.field != togetherField || d.finding.rule != "B.model"
    }

    public init(detector: CrisisDetector) {
        self.detector = detector
    }

    /// What the check decided.
    public enum Verdict: Sendable, Equatable {
        case clear
        /// A plain request for help typed in this field: open support as asked.
        case askedForHelp(field: String)
        /// The ambiguous band: ask "are you safe right now?" in place.
        case concern(CrisisDecision)
        /// A clear statement: full crisis support.
        case handoff(CrisisDecision)

        /// The verdict's name in traces and the lab's JSON: "clear", "askedForHelp", "askSafe" or "handoff".
        public var name: String {
            switch self {
            case .clear: return "clear"
            case .askedForHelp: return "askedForHelp"
            case .concern: return "askSafe"
            case .handoff: return "handoff"
            }
        }

        /// The decision behind a concern or a handoff.
        public var decision: CrisisDecision? {
            switch self {
            case let .concern(d), let .handoff(d): return d
            case .clear, .askedForHelp: return nil
            }
        }
    }

    /// The check's answer with what each layer found, for the trace.
    public struct Report: Sendable, Equatable {
        /// Layer A's highest finding over the answers (nil when every answer is clear).
        public var a: CrisisDecision?
        /// Layer B's highest finding as the rule weighs it (nil when clear).
        public var b: CrisisDecision?
        public var verdict: Verdict
        /// The fields read, in order.
        public var scanned: [String]
        /// Findings left alone because the person had already answered for those exact words: one
        /// per field, the highest of what the layers found there.
        public var answered: [CrisisDecision]
    }

    /// Checks one answer.
    public func check(field: String, text: String, answered: Set<String> = []) -> Report {
        check([(field, text)], answered: answered)
    }

    /// Checks every answer on its own (layers A and B), then layer B over all of them together.
    public func check(_ texts: [(field: String, text: String)], answered: Set<String> = []) -> Report {
        let texts = texts.filter { !$0.text.allSatisfy(\.isWhitespace) }
        var report = Report(a: nil, b: nil, verdict: .clear, scanned: texts.map(\.field), answered: [])
        var help: String?
        var found: [(decision: CrisisDecision, together: Bool)] = []
        var buffers = CrisisBuffers()
        for (field, text) in texts {
            var (a, b) = detector.layers(text, reusing: &buffers)
            // An answer spoken to oneself is read as typed and as said of oneself; each layer keeps its
            // stronger finding. Of the second reading only the written rules count: the trained model
            // learnt from lines as people type them, and kind words said of oneself ("i deserve to
            // rest") reach its question band.
            if Self.speaksToSelf.contains(field), let own = SecondPerson.asFirstPerson(text) {
                let (a2, b2) = detector.layers(own, reusing: &buffers)
                if a2.tier > a.tier { a = a2 }
                if b2.tier > b.tier, b2.rule != "B.model" { b = b2 }
            }
            let known = answered.contains(text)
            a = Self.unreadScriptRead(a, b, text: text)
            if a.tier > (report.a?.finding.tier ?? .none) { report.a = CrisisDecision(finding: a, field: field) }
            if b.tier > (report.b?.finding.tier ?? .none) { report.b = CrisisDecision(finding: b, field: field) }
            for finding in [a, b] where finding.tier > .none {
                let d = CrisisDecision(finding: finding, field: field)
                if known {
                    // Both layers can find the same words: the field was answered for once.
                    if let i = report.answered.firstIndex(where: { $0.field == field }) {
                        if finding.tier > report.answered[i].finding.tier { report.answered[i] = d }
                    } else {
                        report.answered.append(d)
                    }
                    continue
                }
                found.append((d, false))
            }
            if help == nil, !known, detector.isHelpRequest(text) { help = field }
        }
        if texts.count > 1 {
            // Read together, the answers can say what none says alone; that is seldom clear enough to
            // hand off, so it asks the question, except for an act under way (`isActInProgress`).
            let all = texts.map(\.text).joined(separator: ". ")
            let b = detector.layerB(detector.prepare(all, forLayerBOnly: true))
            let together = CrisisDecision(finding: b, field: Self.togetherField)
            if b.tier > (report.b?.finding.tier ?? .none) { report.b = together }
            if b.tier > .none, Self.actsOn(together), !texts.allSatisfy({ answered.contains($0.text) }) {
                found.append((together, true))
            }
        }
        report.verdict = Self.decide(found, help: help)
        return report
    }

    /// The verdict for one text from findings already made (`allin classify` has both layers' findings
    /// and the help check in hand): the same weighing as `check`.
    /// `text`, when given, is read for a script the check cannot read, as `check` reads it.
    public static func verdict(field: String, text: String? = nil, a: CrisisFinding, b: CrisisFinding,
                               askedForHelp: Bool) -> Verdict {
        let a = text.map { unreadScriptRead(a, b, text: $0) } ?? a
        return decide([a, b].filter { $0.tier > .none }.map { (CrisisDecision(finding: $0, field: field), false) },
                      help: askedForHelp ? field : nil)
    }

    /// The verdict from the findings, in the order they were made: the highest handoff wins (read across
    /// answers, only an act under way hands off), then a plain request for help, then the first
    /// finding that asks, lowered to a concern.
    static func decide(_ found: [(decision: CrisisDecision, together: Bool)], help: String?) -> Verdict {
        var handoff: CrisisDecision?
        var concern: CrisisDecision?
        for (d, together) in found {
            switch weigh(d.finding) {
            case .handoff where !together || isActInProgress(d.finding):
                if d.finding.tier > (handoff?.finding.tier ?? .none) { handoff = d }
            case .handoff, .question:
                guard concern == nil else { continue }
                var lowered = d
                lowered.finding.tier = .concern
                concern = lowered
            case .none:
                break
            }
        }
        if let handoff { return .handoff(handoff) }
        if let help { return .askedForHelp(field: help) }
        if let concern { return .concern(concern) }
        return .clear
    }

    /// An act already under way, found by a written rule of layer B (its rules named `method.recentAct…`
    /// and tier 3: pills just taken, with minutes or effects since). Read across answers it still hands
    /// off, emergency number first (found from outside: "i have a box of pills" as the situation and
    /// "i took them all" as a later answer only asked); everything else read across answers asks.
    static func isActInProgress(_ f: CrisisFinding) -> Bool {
        f.layer == .b && f.tier == .immediate && f.rule.hasPrefix("B.method.recentAct")
    }

    /// How the rule weighs one finding: a handoff, the question, or nothing.
    enum Weight { case handoff, question, none }

    static func weigh(_ f: CrisisFinding) -> Weight {
        guard f.tier > .none else { return .none }
        if f.rule == "B.model" {
            // A concern (the model's own band, or lowered because the line says it is over and well
            // now) asks; in the crisis band, the model alone hands off only from `modelHandoffAt`.
            return f.tier >= .crisis && (f.modelScore ?? 1) >= modelHandoffAt ? .handoff : .question
        }
        return f.tier >= .crisis ? .handoff : .question
    }
}
