import Foundation

/// A personal safety plan (after Stanley and Brown's Safety Planning Intervention): what the person
/// wrote, part by part, in their own words. Every part is optional; an empty plan is no plan.
public struct SafetyPlan: Equatable, Sendable {
    /// The parts, in the order a plan is written and read.
    public enum Part: String, CaseIterable, Sendable {
        case warningSigns = "warning_signs"
        case copingAlone = "coping_alone"
        case distractions
        case helpers
        case professionals
        case saferSurroundings = "safer_surroundings"
        case reasons

        /// The part's heading.
        public var title: String {
            switch self {
            case .warningSigns: return "My warning signs"
            case .copingAlone: return "Things I can do on my own to cope"
            case .distractions: return "People and places that take my mind off things"
            case .helpers: return "People I can ask for help"
            case .professionals: return "Professionals and services I can contact"
            case .saferSurroundings: return "Making my surroundings safer"
            case .reasons: return "My reasons for living"
            }
        }

        /// One short question to answer.
        public var prompt: String {
            switch self {
            case .warningSigns: return "What tells you a hard time may be starting? Thoughts, feelings, things you do."
            case .copingAlone: return "What helps you get through, on your own, for a while?"
            case .distractions: return "Who or where helps you think about something else?"
            case .helpers: return "Who could you tell that you're struggling? Write their numbers too."
            case .professionals: return "Which professionals or services could you contact? Write their numbers."
            case .saferSurroundings: return "What could you put away, or ask someone to keep, when things get hard?"
            case .reasons: return "What matters to you, and makes life worth living?"
            }
        }

        /// An example answer, to show the kind of thing that fits.
        public var example: String {
            switch self {
            case .warningSigns: return "e.g. not sleeping, cancelling plans, thinking nobody would notice"
            case .copingAlone: return "e.g. a hot shower, a walk round the block, music loud in headphones"
            case .distractions: return "e.g. my sister's kitchen, the library, the football on Saturday"
            case .helpers: return "e.g. Sam 07700 900123, Aunt Jo 01632 960555"
            case .professionals: return "e.g. my GP surgery 01632 960000, Samaritans 116 123"
            case .saferSurroundings: return "e.g. ask my partner to keep the spare medicine"
            case .reasons: return "e.g. my kids, my dog Biscuit, seeing the sea again"
            }
        }
    }

    /// Longest answer for one part, in characters (the same as any free-text field).
    public static let partLimit = TextLimits.freeText

    private var texts: [Part: String]
    /// When the plan was last saved (nil until it is).
    public var updatedAt: Date?

    public init(_ texts: [Part: String] = [:], updatedAt: Date? = nil) {
        self.texts = [:]
        self.updatedAt = updatedAt
        for (part, text) in texts { self[part] = text }
    }

    /// A part's text ("" when not written). Setting trims surrounding blank space.
    public subscript(part: Part) -> String {
        get { texts[part] ?? "" }
        set {
            let trimmed = newValue.trimmingCharacters(in: .whitespacesAndNewlines)
            texts[part] = trimmed.isEmpty ? nil : trimmed
        }
    }

    /// This plan with `edits` written over it: each part named there takes its text ("" clears it),
    /// every other part keeps what it has.
    public func applying(_ edits: [Part: String]) -> SafetyPlan {
        var plan = self
        for (part, text) in edits { plan[part] = text }
        return plan
    }

    /// Said when the plan as saved is not the plan an edit began with plus what was written in it:
    /// another allin saved it meanwhile, and the parts not written in this edit keep what it saved
    /// (both `allin safety-plan edit` and the full screen's editor say it).
    public static func changedMeanwhile(_ started: SafetyPlan, _ edits: [Part: String], _ saved: SafetyPlan) -> String? {
        guard !started.applying(edits).sameWords(as: saved) else { return nil }
        return "Your plan was also changed elsewhere (another allin) while you wrote here: the parts you "
            + "did not write here keep those changes."
    }

    /// True when both plans hold the same words in every part, whenever they were saved.
    public func sameWords(as other: SafetyPlan) -> Bool { texts == other.texts }

    /// True when no part is written.
    public var isEmpty: Bool { texts.isEmpty }

    /// The written parts, in order.
    public var written: [(part: Part, text: String)] {
        Part.allCases.compactMap { part in texts[part].map { (part, $0) } }
    }

    /// The parts crisis support shows first, in its order: the person's reasons, their own ways to cope,
    /// their people (with the numbers they wrote).
    public var forSupport: [(part: Part, text: String)] {
        [Part.reasons, .copingAlone, .helpers, .professionals].compactMap { part in texts[part].map { (part, $0) } }
    }

    /// `forSupport` without the parts the crisis rule would hand off on: support never shows a
    /// person "none. i have no reasons left" as their reasons for living (found from outside).
    public func forSupport(checkedBy check: CrisisCheck?) -> [(part: Part, text: String)] {
        guard let check else { return forSupport }
        return forSupport.filter { part, text in
            switch part.weigh(check.check(field: part.rawValue, text: text).verdict, text: text) {
            case .handoff: return false
            case let .concern(d): return d.finding.rule != SafetyPlan.Part.noReasonsRule
            case .clear, .askedForHelp: return true
            }
        }
    }

    /// The plan as plain text, to print or keep: each written part under its heading.
    public func printable(date: String?) -> String {
        var out = "My safety plan" + (date.map { " (updated \($0))" } ?? "") + "\n"
        for (part, text) in written {
            out += "\n\(part.title)\n"
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) { out += "  \(line)\n" }
        }
        if isEmpty { out += "\nNothing written yet.\n" }
        return out
    }
}
