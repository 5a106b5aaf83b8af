/// When a reflection says the session left the person clearly worse: the full-screen end and
/// `allin --plain` then say so kindly and offer support and another session instead of a streak.
public enum MoodDrop {
    /// A mood that fell by this much or more from before to after.
    public static let drop = 3
    /// An after-mood at or below this, whatever it was before.
    public static let low = 2

    public static func feltWorse(before: Int?, after: Int?) -> Bool {
        guard let after else { return false }
        if after <= low { return true }
        guard let before else { return false }
        return before - after >= drop
    }

    /// The end's first words when `feltWorse`: "worse than before" only when the mood fell (found
    /// from outside: 1 before and 2 after, "+1" on the same screen, was called worse than before).
    public static func acknowledgement(before: Int?, after: Int?) -> String {
        if let before, let after, after < before { return "You feel worse than before, and that matters." }
        return "You're feeling low right now, and that matters."
    }
}
