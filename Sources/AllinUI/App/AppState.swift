import AllinCore

/// Which screen is showing, without its state (`Screen` carries that): for views, key tables and
/// tests that only ask which screen it is.
public enum ScreenID: Equatable, Hashable, Sendable {
    case home, checkIn, routing, recommendation, trace, support, lab, journal, safetyPlan, demo, beliefsPlan, library
    /// After the recommendation: mood before, the player, mood after, the note, the end.
    case moodBefore, player, moodAfter, note, done

    /// The screens of a session under way (from mood before to the note).
    public var isSessionStep: Bool { [.moodBefore, .player, .moodAfter, .note].contains(self) }
}

/// What is drawn over the screen and takes the keys first.
public indirect enum Overlay: Equatable, Sendable {
    /// The key help of the screen underneath, or of the question `over` it covers (the gentle
    /// question, "Leave this check-in?"), which shows again, still unanswered, when help closes.
    case help(over: Overlay?)
    /// The inline question asked when the router reports a tier-1 concern.
    case concern
    /// "Leave this check-in?" before a key would lose a half-done one.
    case leave(Leaving)
    /// "Which is closest?" after own emotion words the app can't place with confidence: these emotion
    /// chips, nearest first.
    case closest([String])
    /// The demo's "why": what the crisis check reads now, why support is open, why this session.
    case demoTrace
}

/// The whole state of the terminal front: one value, changed only by `App.update`. It is the
/// context (the catalog and detectors the app reads but never changes, except once when the detectors
/// finish loading) and the model: everything that changes, which is `Equatable`, so a test can
/// compare whole models after each message. The model's fields read and write through the state
/// (`state.screen` is `state.model.screen`), and so do its ways of changing a screen's state.
@dynamicMemberLookup
public struct AppState: Sendable {
    /// Changed only by `Msg.detectorsLoaded`, once.
    public internal(set) var context: AppContext
    public var model: AppModel

    public init(context: AppContext, size: Size) {
        self.context = context
        self.model = AppModel(size: size, lab: LabState(region: context.region))
    }

    public subscript<T>(dynamicMember path: WritableKeyPath<AppModel, T>) -> T {
        get { model[keyPath: path] }
        _modify { yield &model[keyPath: path] }
    }

    public subscript<T>(dynamicMember path: KeyPath<AppModel, T>) -> T { model[keyPath: path] }

    /// The one length `session` shows (`AppModel.length(of:)`).
    public func length(of session: Session) -> Double { model.length(of: session) }

    mutating func modify<T>(_ part: WritableKeyPath<ScreenParts, T?>, _ change: (inout T) -> Void) {
        model.modify(part, change)
    }

    mutating func modify(_ part: WritableKeyPath<ScreenParts, CheckInState?>, _ change: (inout CheckInState) -> Void) {
        model.modify(part, change)
    }
}

/// Everything on the terminal front that changes, apart from the context.
public struct AppModel: Equatable, Sendable {
    public var size: Size
    /// What is on screen, with the state it needs (see `Screen` for the graph).
    public var current: Screen = .home
    /// A check-in left for home (Esc on its first step, or "leave for now"), resumed from the home menu.
    /// Nil while a check-in is on screen or under one (then the screen carries it).
    public internal(set) var paused: CheckInState?
    public var overlay: Overlay?
    /// First row of the help overlay.
    public var helpScroll = 0
    /// Remembered between visits: the home menu, the lab, the library and the beliefs plan keep their
    /// state when left, so coming back goes on where the person was.
    public var home = HomeState()
    public var lab: LabState
    public var library = LibraryState()
    public var beliefs = BeliefsState()
    /// The scripted check-in under the cursor on the demo's list.
    public var demoCursor = 0
    /// A calm one-line message shown on the next screen (cleared by the next key).
    public var notice: String?
    /// The gentle question asked in the middle of a check-in or a reflection: the words it is about and
    /// what the person was doing (done once they say they are safe).
    public var asking: Asking?
    /// Set when allin was quit over the gentle question, unanswered: see `linesOnExit`.
    public var quitUnanswered = false
    /// Words typed where there is no field, until they are read (`StrayWords`).
    public var stray: TextField?
    /// Digits (and spaces after them) just pressed as keys where there is no field: when a letter
    /// follows, they begin its words ("40 tablets in me already": the 4 and 0 set a scale, and are
    /// read with the rest; found from outside, the words were read without them).
    public var digitsBefore = ""
    /// What closing allin did with the check-in under way (`SessionUpdate.closing`): see `noteOnExit`.
    public var closedWith: ClosedWith?
    /// The emergency number, once the person went back from support opened for an act or an emergency
    /// now (tier 3, `SupportState.emergencyFirst`): the status line keeps reminding them to get medical help
    /// for the rest of the run, whatever screen they are on (found from outside: after "i took all my
    /// pills" and "yes, go back", nothing mentioned it again).
    public var emergencyReminder: String?
    /// The country chosen in crisis support (r, or ←/→), kept for the rest of the run: support opens
    /// with it again and the header shows it (found from outside: after choosing Germany, support
    /// opened again with the UK's lines and 999). Nil until one is chosen, "" for no country; never saved.
    public var chosenRegion: String?
    /// The person's safety plan, as the journal holds it (empty when none is written).
    public var safetyPlan = SafetyPlan()
    /// How long each session runs here (seconds by slug), once the player has said
    /// (`Effect.measureLengths`); nil before. See `length(of:)`.
    public var measuredLengths: [String: Double]?
    /// The lengths of sessions started in this run (their running track's), by slug.
    public var startedLengths: [String: Double] = [:]

    public init(size: Size, lab: LabState) {
        self.size = size
        self.lab = lab
    }

    /// Which screen is showing.
    public var screen: ScreenID { current.id }

    /// The one length a session shows, everywhere from the recommendation to the player's clock: its
    /// running track's once it has started, else what the player said it runs here (its audio's
    /// length once known, else the length its read-along text is paced to), else the catalog's figure.
    public func length(of session: Session) -> Double {
        startedLengths[session.slug] ?? measuredLengths?[session.slug] ?? Double(session.durationSeconds)
    }

    /// `Effect.measureLengths` when the player has not said yet, else nothing.
    var measureLengths: [Effect] { measuredLengths == nil ? [.measureLengths] : [] }
    /// The screen under support, the safety plan editor or the trace (what closing it shows again).
    public var covered: ScreenID? { current.covered?.id }

    /// The check-in on screen or under it, else the paused one.
    public var checkIn: CheckInState? { current.part(\.checkIn) ?? paused }
    /// The routed check-in's result (the recommendation and its trace), from the recommendation to the end.
    public var result: ResultState? { current.part(\.result) }
    /// The session, from the mood before to the end (also kept on the recommendation when the person
    /// comes back to it).
    public var session: SessionState? { current.part(\.session) }
    public var support: SupportState? { current.part(\.support) }

    /// The end of a session asks after the person (a kind word, "talk to someone" and "another session"
    /// first, no streak) when the session left them feeling worse (`MoodDrop`), when support opened
    /// during this check-in, or when the note raised the gentle question (found from outside: after
    /// "i want to die" as the note, support, then "yes, I'm safe", the end showed only "Streak: 1 day").
    public var doneWithCare: Bool {
        guard let s = session else { return false }
        return s.feltWorse || !s.noteAnswered.isEmpty || current.part(\.checkIn)?.supportRecorded == true
    }
    public var journal: JournalState? { current.part(\.journal) }
    /// The safety plan editor.
    public var plan: PlanEditState? { current.part(\.plan) }

    /// Changes the state of `part` where it is (on screen or under it); nothing when no screen has it.
    /// A check-in not on screen is the paused one.
    mutating func modify<T>(_ part: WritableKeyPath<ScreenParts, T?>, _ change: (inout T) -> Void) {
        _ = current.modify(part, change)
    }

    /// Changes the check-in on screen or under it, else the paused one.
    mutating func modify(_ part: WritableKeyPath<ScreenParts, CheckInState?>, _ change: (inout CheckInState) -> Void) {
        if current.modify(part, change) { return }
        if var c = paused {
            change(&c)
            paused = c
        }
    }

    /// Puts `c` on screen (the paused check-in resumed, or a new one replacing it).
    mutating func openCheckIn(_ c: CheckInState) {
        paused = nil
        current = .checkIn(c)
    }

    /// Moves the session (on screen, or under its trace) on to `step`.
    mutating func goTo(_ step: SessionStep) {
        guard case let .session(_, s, r, c)? = current.sessionScreen else { return }
        current = .session(step, s, r, checkIn: c)
    }

    /// Leaves the check-in on screen for home, paused (resumable from the home menu).
    mutating func pauseCheckIn() {
        if case let .checkIn(c) = current { paused = c }
        current = .home
    }

    /// The crisis question or screen showing, which one key answers or acts on (nil when none is).
    public var safetyQuestion: SafetyQuestion? {
        // Help over the gentle question leaves it unanswered underneath: it is still the question.
        if overlay == .concern || overlay == .help(over: .concern) { return .gentle }
        guard screen == .support, let s = support else { return nil }
        return s.confirmingLeave ? .leavingSupport : .support
    }

    /// True while something on screen moves with time (the breathing exercise): a tick each second.
    public var wantsTicks: Bool { screen == .support && support?.breathing != nil }

    /// True while the player (or a render for it) runs: the runtime polls it several times a second.
    public var wantsPlayerPolls: Bool { session?.player.playback.isLive ?? false }
}

/// A crisis question or screen that one key answers or acts on: input already waiting when it opens
/// (a paste, typing ahead) must not answer it (`Effect.discardPendingInput`).
public enum SafetyQuestion: Equatable, Sendable {
    /// "Are you safe right now?" over a field, the note or the recommendation.
    case gentle
    /// Crisis support (its keys breathe, change country, leave).
    case support
    /// "Are you safe right now?" before leaving support.
    case leavingSupport
}

/// The home menu.
public struct HomeState: Equatable, Sendable {
    public var cursor = 0
    public init() {}
}

/// Where focus is on a check-in step.
public enum Focus: Equatable, Sendable {
    case list, text
}

/// A check-in in progress: the step machine plus the widgets' positions.
public struct CheckInState: Equatable, Sendable {
    public var flow: CheckInFlow
    public var lists: [Step: ChipList] = [:]
    public var focus: Focus = .list
    public var editor: TextField
    /// Own words typed but not yet used, per step.
    public var drafts: [Step: String] = [:]
    /// What the step still needs (from the step machine), shown until the next key.
    public var message: String?
    /// How the step machine completed (set when routing starts).
    public var completion: FlowCompletion?
    /// Answers the person already answered for: they said they are safe, or saw support for these exact
    /// words. The crisis rule does not ask again about them (changing the words asks again).
    public var answered: Set<String> = []
    /// Whether this check-in's visit to support is already in the journal (one entry per check-in).
    public var supportRecorded = false
    /// The journal row of that visit (a handoff), merged into the check-in's row if it goes on to
    /// its session.
    public var supportRow: Int64?

    public init(flow: CheckInFlow = CheckInFlow()) {
        self.flow = flow
        self.editor = TextField(limit: AppContext.textLimit)
    }
}

/// The gentle question in the middle of a check-in or a reflection: the words it is about and the key
/// that was pressed.
public struct Asking: Equatable, Sendable {
    public var hit: FlowCrisis
    public var text: String
    public var action: Action
    public var key: Key
}

/// A routed check-in.
public struct ResultState: Equatable, Sendable {
    public var recommendation: Recommendation
    public var completion: FlowCompletion?
    public var traceScroll = 0
    /// Set once the concern question was answered "no" or "not now".
    public var concernDismissed = false

    public init(recommendation: Recommendation, completion: FlowCompletion?) {
        self.recommendation = recommendation
        self.completion = completion
    }
}

/// Why crisis support opened.
public enum SupportReason: Equatable, Sendable {
    /// The support key or the home menu.
    case asked
    /// "help", "sos" or "not safe" typed in a free-text field.
    case typedHelp(field: String)
    /// A crisis gate of the step machine fired.
    case tripwire(FlowCrisis)
    /// The router handed off.
    case router(CrisisDecision)
    /// "Yes" to the inline concern question.
    case concernConfirmed
    /// The crisis rule found a clear statement in the reflection note.
    case noteTripwire(CrisisFinding)
    /// "No" or "not sure" to the gentle question "are you safe right now?".
    case notSafe(FlowCrisis)
    /// The crisis rule found something in words typed on past a crisis question (`Msg.typedAheadDropped`).
    case typedAhead(CrisisFinding, field: String)

    /// How serious the signal is, when a detector decided it.
    public var tier: CrisisTier? {
        switch self {
        case let .tripwire(c): return c.finding.tier
        case let .router(d): return d.finding.tier
        case let .noteTripwire(f): return f.tier
        case let .typedAhead(f, _): return f.tier
        case let .notSafe(hit): return max(hit.finding.tier, .crisis)
        default: return nil
        }
    }
}

extension SupportReason {
    /// Support for an answer to "are you safe right now?": "no" is danger now, so the emergency number
    /// leads as for an act under way (and no plan is offered "when things feel calmer"); "not sure"
    /// and anything else opens it as for a clear statement.
    public static func answered(_ answer: SafeAnswer, _ hit: FlowCrisis) -> SupportReason {
        var hit = hit
        if answer == .notSafe { hit.finding.tier = .immediate }
        return .notSafe(hit)
    }

    /// The same for the router's question about a whole check-in (`concern`): "no" is danger now;
    /// "not sure" is `.concernConfirmed`, as before.
    public static func answered(_ answer: SafeAnswer, concern: CrisisDecision?) -> SupportReason {
        guard answer == .notSafe, let concern else { return .concernConfirmed }
        return .answered(answer, FlowCrisis(step: .intent, field: concern.field ?? "check-in", finding: concern.finding))
    }

    /// The journal's record of support opened for this reason during a check-in (nil when it was
    /// opened from the menu or the support key): only its tier and time are kept. Both fronts record
    /// it this way. `routed` is the router's answer when support opened after it: the handoff it
    /// made (for `.router`), or the recommendation whose concern the person said yes to.
    public func handoff(lane: Lane, routed: Recommendation?) -> Recommendation? {
        switch self {
        case .asked: return nil
        case let .router(decision):
            return routed ?? .handoff(finding: decision.finding, field: decision.field, intentLane: lane)
        case let .tripwire(hit): return .handoff(finding: hit.finding, field: hit.field, intentLane: lane)
        case let .noteTripwire(finding): return .handoff(finding: finding, field: "note", intentLane: lane)
        case let .typedAhead(finding, field): return .handoff(finding: finding, field: field, intentLane: lane)
        case let .typedHelp(field):
            // Asking for help is recorded as support opened, with no crisis tier.
            return .handoff(finding: CrisisCheck.askedForHelp, field: field, intentLane: lane)
        case let .notSafe(hit):
            var finding = hit.finding
            finding.tier = max(finding.tier, .crisis)
            finding.reason = "The person said they were not safe, or not sure."
            return .handoff(finding: finding, field: hit.field, intentLane: lane)
        case .concernConfirmed:
            let concern = routed?.concern
            var finding = concern?.finding ?? CrisisFinding(layer: .a, tier: .crisis)
            finding.tier = max(finding.tier, .crisis)
            finding.reason = "The person said yes to the gentle check."
            return .handoff(finding: finding, field: concern?.field, intentLane: lane)
        }
    }
}

/// The crisis support screen.
public struct SupportState: Equatable, Sendable {
    public var reason: SupportReason
    /// The router's handoff that opened support, kept as the journal's record of it.
    public var handoff: Recommendation?
    /// The region whose lines are shown (nil: the fallback).
    public var region: String?
    public var scroll = 0
    public var breathing: Breathing?
    /// The "are you safe right now?" question before leaving.
    public var confirmingLeave = false
    /// A calm line shown above the lines (after "no / not sure", or after the exercise).
    public var note: String?
    /// The exact words that opened support, kept with the check-in: saying "yes, go back" counts as having
    /// answered for them, so the check-in goes on without asking again (editing them asks again).
    public var flagged: String?
    /// The country list `r` opens (nil when closed).
    public var picker: RegionPicker?

    public init(reason: SupportReason, region: String?) {
        self.reason = reason
        self.region = region
    }

    /// Lines first, emergency after, unless the signal is immediate (T3).
    public var emergencyFirst: Bool { reason.tier == .immediate }
}

/// The box-breathing exercise offered first on the support screen: 4 s in, hold, out, hold.
public struct Breathing: Equatable, Sendable {
    public var elapsed = 0
    public static let phaseSeconds = 4
    public static let rounds = 3
    public static let phases = ["Breathe in", "Hold", "Breathe out", "Hold"]
    public static var total: Int { phaseSeconds * phases.count * rounds }

    public init(elapsed: Int = 0) { self.elapsed = elapsed }

    public var finished: Bool { elapsed >= Breathing.total }
    public var phase: String { Breathing.phases[(elapsed / Breathing.phaseSeconds) % Breathing.phases.count] }
    public var count: Int { Breathing.phaseSeconds - elapsed % Breathing.phaseSeconds }
    public var round: Int { min(Breathing.rounds, elapsed / (Breathing.phaseSeconds * Breathing.phases.count) + 1) }
}

extension AppState {
    /// The crisis lines to leave on the terminal once the full screen has closed, when it closed over
    /// crisis support or over the unanswered "Are you safe right now?" (Ctrl-C, q, a signal): the
    /// region support showed, else the person's. Nil everywhere else.
    public var linesOnExit: CrisisResources? {
        let gentle = model.overlay == .concern || model.overlay == .help(over: .concern)
        guard model.screen == .support || gentle || model.quitUnanswered else { return nil }
        return context.catalog.helplines.resources(for: model.support?.region ?? region)
    }

    /// One line left on the terminal once the full screen has closed, saying what became of the
    /// check-in under way (found from outside: Ctrl-C left without a word of what was kept). Nil when
    /// none was under way, or when it ended in crisis support (the lines are shown then).
    public var noteOnExit: String? {
        guard let closed = model.closedWith, linesOnExit == nil else { return nil }
        let prefix = context.demo ? "This demo check-in" : "This check-in"
        if case let .inMemory(problem)? = model.session?.save, closed != .dropped {
            return "\(prefix) could not be saved to your journal: \(JournalCopy.cause(problem))."
        }
        if context.demo, closed != .dropped { return "Nothing from this demo was kept." }
        // A session from the library is no check-in (found from outside: Ctrl-C there said nothing).
        if model.session?.fromLibrary == true, closed == .partly { return "This session is kept in your journal, with how far it got." }
        switch closed {
        case .dropped: return "The check-in under way was not finished, so it was not kept."
        case .notPlayed: return "\(prefix) is kept in your journal, its session not played."
        case .partly: return "\(prefix) is kept in your journal, with how far its session got."
        case .played: return "\(prefix) is kept in your journal with its session, without how you felt after."
        case .reflection: return "\(prefix) and how you felt after are kept in your journal."
        case .reflectionWithDraft:
            return "\(prefix) and how you felt after are kept in your journal, with the note as far as you typed it."
        }
    }

    /// The person's country for crisis lines: one chosen in support during this run, else the one
    /// from `--region`, the config file or the locale.
    public var region: String? { model.chosenRegion.map { $0.isEmpty ? nil : $0 } ?? context.region }
}

/// What closing allin did with the check-in under way.
public enum ClosedWith: Equatable, Sendable {
    /// Half done, before its last step: its answers are gone.
    case dropped
    /// Past its last step, its session never begun: kept, marked not played.
    case notPlayed
    /// Its session under way: kept with how far it got.
    case partly
    /// At the mood after, before it was given: kept with its session as it ended.
    case played
    /// At the note: the reflection is kept.
    case reflection
    /// At the note, with words typed and not yet sent: kept as far as they were typed.
    case reflectionWithDraft
}
