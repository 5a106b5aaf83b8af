extension SafetyPlan.Part {
    /// True for the parts whose answers are dark words by design: warning signs ("thinking nobody would
    /// notice") and the means to put away ("ask Sam to keep the pills"). Writing them is the point of
    /// the plan, so there a statement of ideation asks "are you safe right now?" rather than taking over.
    public var namesDarkThings: Bool { self == .warningSigns || self == .saferSurroundings }

    /// What writing this part does with the one crisis rule's verdict (`CrisisCheck`): the verdict as
    /// everywhere else, but for the parts that name dark things, where a handoff below an attempt or a
    /// plan made now (tier immediate) asks the gentle question instead. An attempt or a plan always
    /// hands off, in every part.
    public func weigh(_ verdict: CrisisCheck.Verdict) -> CrisisCheck.Verdict {
        guard namesDarkThings, case var .handoff(d) = verdict, d.finding.tier < .immediate else { return verdict }
        d.finding.tier = .concern
        return .concern(d)
    }

    /// `weigh(_:)` for `text`, and one thing more: "My reasons for living" answered with none at all
    /// ("none left", "nothing anymore", "nothing, that's the problem") asks the gentle question, as no
    /// other part would (found from outside: such answers were kept unread). Words already answered for
    /// don't ask again.
    public func weigh(_ verdict: CrisisCheck.Verdict, text: String, answered: Set<String> = []) -> CrisisCheck.Verdict {
        let weighed = weigh(verdict)
        guard self == .reasons, weighed == .clear, !answered.contains(text), Self.saysNoReasons(text) else { return weighed }
        let finding = CrisisFinding(layer: .a, tier: .concern, rule: Self.noReasonsRule, matched: text,
                                    reason: "No reason for living was written.")
        return .concern(CrisisDecision(finding: finding, field: rawValue))
    }

    /// The rule id of an answer with no reasons for living.
    public static let noReasonsRule = "plan.noReasons"

    /// An answer that says there is no reason: it opens with none, nothing, nobody, no reason(s),
    /// "can't think of any" or "idk" and says little else (a reason that opens with "nothing", such as
    /// "nothing beats my kids' hugs", goes on for longer or names someone).
    static func saysNoReasons(_ text: String) -> Bool {
        // A typographic apostrophe ("that’s", as phones type it) reads as the straight one the lists use.
        let words = text.lowercased().replacingOccurrences(of: "’", with: "'")
            .split(whereSeparator: { !$0.isLetter && $0 != "'" }).map(String.init)
        guard let first = words.first else { return false }
        let opens = ["none", "nothing", "nobody", "noone", "idk", "dunno"].contains(first)
            || words.starts(with: ["no", "reason"]) || words.starts(with: ["no", "reasons"])
            || words.starts(with: ["can't", "think", "of", "any"]) || words.starts(with: ["cant", "think", "of", "any"])
        let short = words.count <= 3 || words.dropFirst().allSatisfy(Self.emptyWords.contains)
        return opens && short
    }

    /// Words that add nothing to "none": "none left", "nothing anymore, that's the problem".
    static let emptyWords: Set<String> = ["left", "anymore", "any", "more", "now", "really", "at", "all", "that's", "thats",
                                          "the", "problem", "honestly", "tbh", "lol", "i", "have", "can", "think", "of",
                                          "reason", "reasons", "no", "to", "live", "for", "not", "sure", "atm", "rn", "these", "days"]
}
