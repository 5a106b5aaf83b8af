import AllinCore

/// Work `update` asks the runtime to do, as values tests can compare.
public enum Effect: Equatable, Sendable {
    /// Route the completed check-in; answer with `Msg.checkInRouted`.
    case routeCheckIn(CheckIn)
    /// Route the lab's form; answer with `Msg.labRouted` carrying the revision.
    case routeLab(CheckIn, revision: Int)
    /// Hand the chosen session to a player (a seam: the player lands separately).
    case startSession(slug: String)
    /// The person answered the consent question (stored with a timestamp by the journal, later).
    case recordConsent(granted: Bool)
    /// Suspend the app (Ctrl-Z) and redraw on resume.
    case suspend
    case quit
}
