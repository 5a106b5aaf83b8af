import AllinCore

/// Everything that can happen to the app, named for what happened.
public enum Msg: Equatable, Sendable {
    case keyPressed(Key)
    /// Text arrived as one bracketed paste.
    case textPasted(String)
    /// Keys and pastes dropped unread around a crisis question (`Effect.discardPendingInput`), as the
    /// text they spell: checked by the crisis rule, never acted on as keys.
    /// `afterLineBreak`: the rest of a burst that came with the Enter that left a text field.
    case typedAheadDropped(String, afterLineBreak: Bool = false)
    case terminalResized(Size)
    /// The crisis detector and the affect classifier finished loading in the background.
    case detectorsLoaded(LoadedDetectors)
    /// A message is waiting for the detectors (`Effect.waitForDetectors`): say so until it runs.
    case detectorsLoading
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

    // The session and its player (answers to the playback effects and the runtime's polls).
    /// What can play here, in answer to `Effect.checkPlayability`.
    case playabilityChecked(AudioAvailability)
    /// How long each session runs here (seconds by slug), in answer to `Effect.measureLengths`.
    case lengthsMeasured([String: Double])
    /// Rendering the audio of `slug` has got this far.
    case preparationProgressed(slug: String, fraction: Double, step: String)
    /// The audio of `slug` is rendered and ready to start.
    case audioPrepared(slug: String)
    case playbackStarted(PlaybackStart)
    case playbackFailed(PlaybackFailure)
    /// The player was polled (sent only while `AppState.wantsPlayerPolls`).
    case playerTicked(PlayerStatus)

    // The journal.
    /// The check-in was stored (`id`), or kept in memory only when `problem` is set.
    case journalBegun(id: Int64?, problem: JournalError?)
    /// The journal answered `Effect.keepCheckIn` (problem set when it was kept in memory only, or not at all).
    case checkInKept(problem: JournalError?)
    /// The handoff row `Effect.recordHandoff` wrote (nil when it could not be written).
    case handoffRecorded(id: Int64?)
    /// The check-in's row took its handoff's number when the two were merged (`Effect.mergeHandoff`).
    case journalRenumbered(from: Int64, to: Int64)
    /// The reflection was stored; the summary gives the streak (nil when it could not be read).
    case journalCompleted(summary: JournalSummary?, problem: JournalError?)

    /// The person's safety plan was read from the journal (at start): support shows it first.
    case safetyPlanLoaded(SafetyPlan)
    /// The journal answered `Effect.saveSafetyPlanPart` with the plan as stored after it (problem set
    /// when it could not keep it: with an empty plan, not at all; with the plan, in memory only).
    case safetyPlanSaved(SafetyPlan, problem: JournalError?)
    /// The day each session was last played (ISO dates by slug), and the sessions marked as favourites.
    case libraryLoaded([String: String], favourites: Set<String>)
    /// The journal answered `Effect.setFavourite` (problem set when it could not keep the mark).
    case favouriteSaved(String, Bool, problem: JournalError?)
    /// The mark was kept in memory only (the journal could not be written): it lasts until allin closes.
    case favouriteKeptUntilQuit(String, Bool, problem: JournalError)
    /// The library search's matches, best first (nil: the search could not run).
    case librarySearched(revision: Int, [String]?)
    /// The active beliefs plan, read (nil: none).
    case planLoaded(StoredPlan?)
    /// The plan made from an intake, or why it could not be.
    case planMade(StoredPlan?, problem: String?)
    /// A plan step's reflection was written (or why not).
    case planStepSaved(problem: JournalError?)

    /// allin is closing (quit, Ctrl-C, a signal, the terminal gone): keep what the journal should keep.
    case appClosing
}
