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
}
