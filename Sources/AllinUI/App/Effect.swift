import AllinCore

/// Work `update` asks the runtime to do, as values tests can compare.
public enum Effect: Equatable, Sendable {
    /// `msg` could read a person's words and the detectors are still loading: wait for them, send
    /// `Msg.detectorsLoaded`, then send `msg` again. Nothing has changed in the state.
    case waitForDetectors(Msg)
    /// Route the completed check-in; answer with `Msg.checkInRouted`.
    /// `answered`: answers the person already answered for (said they are safe, or saw support for
    /// these exact words), which the router's crisis rule does not hand off on again.
    case routeCheckIn(CheckIn, answered: Set<String>)
    /// Route the lab's form; answer with `Msg.labRouted` carrying the revision.
    case routeLab(CheckIn, revision: Int)
    /// The person answered the consent question: a yes is recorded with its time, a no withdraws it.
    case recordConsent(granted: Bool)
    /// Load the journal screen: the summary and the newest `limit` check-ins; answer with
    /// `Msg.journalLoaded` carrying the revision.
    case loadJournal(limit: Int, revision: Int)
    /// Search notes and kinder words for `text`; answer with `Msg.journalSearched` carrying the revision.
    case searchJournal(String, limit: Int, revision: Int)

    // The player (answered with `Msg.playabilityChecked`, `.preparationProgressed`, `.audioPrepared`,
    // `.playbackStarted`, `.playbackFailed`; progress then arrives as `.playerTicked`).
    /// Find out which sessions can play here.
    case checkPlayability
    /// Ask the player how long each session runs here; answer with `Msg.lengthsMeasured`.
    case measureLengths
    /// The person chose to start `slug` over: forget where it was left (before `startPlayback`).
    case forgetResume(slug: String)
    /// Start the plan's session: audio (rendered first when needed) or read-along text.
    case startPlayback(PlaybackPlan)
    /// Crisis support stopped the session at `from`: start it again there (audio as far as its player
    /// can start part-way; answered like `startPlayback`).
    case continuePlayback(PlaybackPlan, from: Double)
    /// The player failed: go on with `slug` as read-along text from `place` (answered like `startPlayback`).
    case continueReadAlong(slug: String, from: ReadAlongPlace)
    case pausePlayback
    case resumePlayback
    /// Move by this many seconds (negative: back).
    case seekPlayback(by: Double)
    /// Stop and reap the player (the crisis screen asks for this at once).
    case stopPlayback

    // The journal (answered with `Msg.journalBegun` and `.journalCompleted`).
    /// Store the check-in as its session starts: answers, route and trace, mood before.
    case beginJournal(CheckIn, Recommendation, moodBefore: Int?)
    /// Home from the recommendation: store the check-in whole at once (answers, route, mood before),
    /// its session marked with `record` (not played), and merge the handoff row of its visit to support
    /// into it; answer with `Msg.checkInKept`.
    case keepCheckIn(CheckIn, Recommendation, moodBefore: Int?, PlaybackRecord, mergingHandoff: Int64?)
    /// Store the reflection on the row begun earlier, writing only what is given.
    case completeJournal(id: Int64, moodAfter: Int?, note: String?)
    /// Store what happened to the session on the row begun earlier.
    case recordPlayback(id: Int64, PlaybackRecord)
    /// Support opened from a check-in: the journal keeps only the tier and the time.
    case recordHandoff(CheckIn, Recommendation)
    /// Support opened after the check-in's row was begun (from the reflection): keep its tier on row `id`.
    case recordSupport(id: Int64, tier: CrisisTier)
    /// The check-in whose visit to support is handoff row `handoff` went on to its session (row `id`):
    /// one entry per check-in.
    case mergeHandoff(Int64, into: Int64)

    /// A crisis question or support has just opened (`AppModel.safetyQuestion`): drop the keys already
    /// waiting and the rest of their burst before it is drawn, so only a key pressed after it answers it.
    case discardPendingInput

    /// Suspend the app (Ctrl-Z) and redraw on resume.
    case suspend
    /// Keep one part of the safety plan in the journal, onto the plan as stored then (a part another
    /// allin saved meanwhile is kept); answer with `Msg.safetyPlanSaved`.
    case saveSafetyPlanPart(SafetyPlan.Part, String)

    // The audio library (answered with `Msg.libraryLoaded` and `.librarySearched`).
    /// When each session was last played, from the journal.
    case loadLibrary
    /// Full-text search of the sessions (title, description, tags, script; bm25).
    case searchLibrary(String, revision: Int)
    /// Mark a session as a favourite (or take the mark away); answer with `Msg.favouriteSaved`.
    case setFavourite(String, Bool)

    // The beliefs plan (answered with `Msg.planLoaded` and `.planMade`).
    /// Read the active plan.
    case loadPlan
    /// Search the library for the intake's answers, build the ten steps and save the plan.
    case makePlan(PlanIntake)
    /// A plan step's session started, with the mood before it.
    case recordPlanStepPlayed(PlanStepRef, moodBefore: Int?)
    /// The reflection after a plan step; the plan is read again after it.
    case recordPlanStepReflection(PlanStepRef, moodAfter: Int?, note: String?)
    case quit
}
