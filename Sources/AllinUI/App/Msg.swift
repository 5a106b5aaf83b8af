import AllinCore

/// Everything that can happen to the app, named for what happened.
public enum Msg: Equatable, Sendable {
    case keyPressed(Key)
    /// Text arrived as one bracketed paste.
    case textPasted(String)
    case terminalResized(Size)
    /// One second passed (sent only while `AppState.wantsTicks`).
    case clockTicked
    /// The router answered for the check-in.
    case checkInRouted(Recommendation)
    /// The router answered for the lab's form at a revision.
    case labRouted(revision: Int, Recommendation)
    /// The journal answered a `loadJournal` request.
    case journalLoaded(revision: Int, Result<JournalPage, JournalError>)
    /// The journal answered a `searchJournal` request.
    case journalSearched(revision: Int, query: String, Result<[JournalEntry], JournalError>)
}
