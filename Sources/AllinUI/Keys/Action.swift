/// What a key binding does. Screens map keys to actions in their binding tables; `update` performs them.
public enum Action: Equatable, Hashable, Sendable {
    // Everywhere
    case openSupport, openHelp, closeHelp, quit, suspend, openDemoTrace
    // Lists and menus
    case up, down, pageUp, pageDown, first, last, choose, toggle, startFilter, filterBackspace, clearFilter
    case pickNumber, pickByKey
    // The check-in
    case next, back, switchFocus, ownWords, closeOwnWords
    case lower, higher, setIntensity
    case edit(EditAction)
    // Recommendation and after
    case startSession, showTrace, closeTrace, editAnswers, goHome, newCheckIn, openJournal
    // Mood before and after, the player, the note
    case setMood, skip, togglePause, seekBack, seekForward, toggleCaptions, stopSession, confirmStop, keepPlaying
    // "Resume from 3:12?" before a session left part-way earlier today
    case resumeHere, startOver
    // Support
    case breathe, stopBreathing, nextRegion, previousRegion, chooseRegion, leaveSupport, confirmLeave, stay, openPlan
    // The inline question "are you safe right now?"
    case concernSafe, concernNotSafe, concernNotSure
    /// "Which is closest?": none of the offered feelings (a number chooses one).
    case closestNone
    // The lab
    case fieldUp, fieldDown, valueLeft, valueRight, resetLab
}
