import AllinCore

/// Which screen is showing.
public enum ScreenID: Equatable, Hashable, Sendable {
    case home, checkIn, routing, recommendation, trace, support, lab, journal, safetyPlan, demo, beliefsPlan, library
    /// After the recommendation: mood before, the player, mood after, the note, the end.
    case moodBefore, player, moodAfter, note, done

    /// The screens of a session under way (from mood before to the note).
    public var isSessionStep: Bool { [.moodBefore, .player, .moodAfter, .note].contains(self) }
}

/// What is drawn over the screen and takes the keys first.
public enum Overlay: Equatable, Sendable {
    /// The key help of the screen underneath.
    case help
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
/// (`state.screen` is `state.model.screen`).
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
}

/// Everything on the terminal front that changes, apart from the context.
public struct AppModel: Equatable, Sendable {
    public var size: Size
    public var screen: ScreenID = .home
    public var overlay: Overlay?
    /// First row of the help overlay.
    public var helpScroll = 0
    public var home = HomeState()
    /// The check-in in progress (kept when going home, so nothing is lost).
    public var checkIn: CheckInState?
    public var result: ResultState?
    public var support: SupportState?
    public var lab: LabState
    /// The journal screen (kept while support is open over it).
    public var journal: JournalState?
    /// The session after the recommendation (mood, player, reflection), once started.
    public var session: SessionState?
    /// A calm one-line message shown on the next screen (cleared by the next key).
    public var notice: String?
    /// The gentle question asked in the middle of a check-in or a reflection: the words it is about and
    /// what the person was doing (done once they say they are safe).
    public var asking: Asking?
    /// The person's safety plan, as the journal holds it (empty when none is written).
    public var safetyPlan = SafetyPlan()
    /// The safety plan screen, while it is open.
    public var plan: PlanEditState?
    /// The beliefs plan screen (nil until opened).
    public var beliefs: BeliefsState?
    /// The audio library screen (nil until opened).
    public var library: LibraryState?
    /// The scripted check-in under the cursor on the demo's list.
    public var demoCursor = 0

    public init(size: Size, lab: LabState) {
        self.size = size
        self.lab = lab
    }

    /// True while something on screen moves with time (the breathing exercise): a tick each second.
    public var wantsTicks: Bool { screen == .support && support?.breathing != nil }

    /// True while the player (or a render for it) runs: the runtime polls it several times a second.
    public var wantsPlayerPolls: Bool { session?.player.playback.isLive ?? false }
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
    /// Where closing the trace goes back to (the recommendation, or the player).
    public var traceReturn: ScreenID = .recommendation
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

    /// How serious the signal is, when a detector decided it.
    public var tier: CrisisTier? {
        switch self {
        case let .tripwire(c): return c.finding.tier
        case let .router(d): return d.finding.tier
        case let .noteTripwire(f): return f.tier
        case .notSafe: return .crisis
        default: return nil
        }
    }
}

/// The crisis support screen.
public struct SupportState: Equatable, Sendable {
    public var reason: SupportReason
    /// Where the calm way back goes.
    public var returnTo: ScreenID
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

    public init(reason: SupportReason, returnTo: ScreenID, region: String?) {
        self.reason = reason
        self.returnTo = returnTo
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
