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
    /// Load the journal screen: the summary and the newest `limit` check-ins; answer with
    /// `Msg.journalLoaded` carrying the revision.
    case loadJournal(limit: Int, revision: Int)
    /// Search notes and kinder words for `text`; answer with `Msg.journalSearched` carrying the revision.
    case searchJournal(String, limit: Int, revision: Int)
    /// Suspend the app (Ctrl-Z) and redraw on resume.
    case suspend
    case quit
}
