import AllinCore

/// What is on screen, each case carrying the state that screen needs, so no screen can exist without
/// its state (support without its `SupportState`, the player without its session and the result it
/// plays). Screens that open over another carry the screen they cover, and closing them shows it
/// again exactly as it was. The graph (`AppModel.current` moves along it):
///
///     home ─c─▶ checkIn ─Enter on the last step─▶ routing ─▶ recommendation ─Enter─▶ session
///               ▲  Esc on the first step: home, the check-in paused (`AppModel.paused`); c resumes it
///               └─ e on the recommendation (edit the answers); a handoff from the router shows
///                  support over the check-in
///     session: moodBefore ─▶ player ─▶ moodAfter ─▶ note ─▶ done ─▶ home, a new check-in or the journal
///              (Esc on moodBefore: back to where the session came from, which keeps it)
///     home ─J─▶ journal    ─l─▶ lab    ─d─▶ demo ─Enter─▶ checkIn    ─p─▶ safetyPlan(over: home)
///     home ─a─▶ library ─Enter─▶ session        home ─b─▶ beliefsPlan ─Enter─▶ session
///     F2 anywhere: support(over: the screen) ─p─▶ safetyPlan(over: support)
///     t on the recommendation or the player: trace(over: that screen)
///
/// The lab, the library, the beliefs plan, the home menu and the demo's cursor keep their state
/// between visits, so it lives in `AppModel`, not here.
public indirect enum Screen: Equatable, Sendable {
    /// The home menu.
    case home
    /// A check-in in progress.
    case checkIn(CheckInState)
    /// The router at work on the finished check-in.
    case routing(CheckInState)
    /// The router's recommendation for the check-in; `kept` is the session's mood question when the
    /// person came back from it (Esc), so it is asked with their answer again.
    case recommendation(ResultState, CheckInState, kept: SessionState?)
    /// The routing trace over the recommendation or the player, which carry the result it shows.
    case trace(over: Screen)
    /// A session: mood before, the player, mood after, the note, the end. `checkIn` is the check-in it
    /// was recommended for; nil for a session from the library or a beliefs plan step.
    case session(SessionStep, SessionState, ResultState, checkIn: CheckInState?)
    /// Crisis support over the screen the person was on: the calm way back shows it again.
    case support(SupportState, over: Screen)
    /// The safety plan editor, over home or support: Esc shows it again.
    case safetyPlan(PlanEditState, over: Screen)
    case journal(JournalState)
    case lab
    case demo
    case library
    case beliefsPlan

    /// Which screen this is.
    public var id: ScreenID {
        switch self {
        case .home: return .home
        case .checkIn: return .checkIn
        case .routing: return .routing
        case .recommendation: return .recommendation
        case .trace: return .trace
        case let .session(step, _, _, _): return step.id
        case .support: return .support
        case .safetyPlan: return .safetyPlan
        case .journal: return .journal
        case .lab: return .lab
        case .demo: return .demo
        case .library: return .library
        case .beliefsPlan: return .beliefsPlan
        }
    }

    /// The screen under this one (support, the safety plan editor, the trace); nil for the others.
    /// Setting it replaces the covered screen; a screen that covers none stays as it is.
    public var covered: Screen? {
        get {
            switch self {
            case let .trace(over), let .support(_, over), let .safetyPlan(_, over): return over
            default: return nil
            }
        }
        set {
            guard let over = newValue else { return }
            switch self {
            case .trace: self = .trace(over: over)
            case let .support(s, _): self = .support(s, over: over)
            case let .safetyPlan(p, _): self = .safetyPlan(p, over: over)
            default: break
            }
        }
    }

    /// The states this screen itself carries (not the ones under it).
    var own: ScreenParts {
        switch self {
        case let .checkIn(c), let .routing(c): return ScreenParts(checkIn: c)
        case let .recommendation(r, c, kept): return ScreenParts(checkIn: c, result: r, session: kept)
        case let .session(_, s, r, c): return ScreenParts(checkIn: c, result: r, session: s)
        case let .support(s, _): return ScreenParts(support: s)
        case let .safetyPlan(p, _): return ScreenParts(plan: p)
        case let .journal(j): return ScreenParts(journal: j)
        case .home, .trace, .lab, .demo, .library, .beliefsPlan: return ScreenParts()
        }
    }

    /// Writes back the states this screen carries; a part it does not carry is left alone.
    private mutating func setOwn(_ p: ScreenParts) {
        switch self {
        case let .checkIn(c): self = .checkIn(p.checkIn ?? c)
        case let .routing(c): self = .routing(p.checkIn ?? c)
        case let .recommendation(r, c, kept):
            self = .recommendation(p.result ?? r, p.checkIn ?? c, kept: kept.map { p.session ?? $0 })
        case let .session(step, s, r, c): self = .session(step, p.session ?? s, p.result ?? r, checkIn: c.map { p.checkIn ?? $0 })
        case let .support(s, over): self = .support(p.support ?? s, over: over)
        case let .safetyPlan(e, over): self = .safetyPlan(p.plan ?? e, over: over)
        case let .journal(j): self = .journal(p.journal ?? j)
        case .home, .trace, .lab, .demo, .library, .beliefsPlan: break
        }
    }

    /// The state of `part` on this screen, else on the one it covers.
    func part<T>(_ part: KeyPath<ScreenParts, T?>) -> T? {
        own[keyPath: part] ?? covered?.part(part)
    }

    /// Changes the state of `part` where it is (this screen, else the one it covers); false when no
    /// screen carries it.
    mutating func modify<T>(_ part: WritableKeyPath<ScreenParts, T?>, _ change: (inout T) -> Void) -> Bool {
        var parts = own
        if var value = parts[keyPath: part] {
            change(&value)
            parts[keyPath: part] = value
            setOwn(parts)
            return true
        }
        guard var under = covered else { return false }
        defer { covered = under }
        return under.modify(part, change)
    }

    /// Keeps `session` with the recommendation (this screen, or the one under it).
    mutating func keep(_ session: SessionState) {
        if case let .recommendation(r, c, _) = self {
            self = .recommendation(r, c, kept: session)
        } else {
            covered?.keep(session)
        }
    }

    /// The session screen itself, under a trace or not (what a session step moves from).
    var sessionScreen: Screen? {
        if case .session = self { return self }
        if case let .trace(over) = self { return over.sessionScreen }
        return nil
    }
}

/// The steps of a session.
public enum SessionStep: Equatable, Sendable {
    case moodBefore, player, moodAfter, note, done

    public var id: ScreenID {
        switch self {
        case .moodBefore: return .moodBefore
        case .player: return .player
        case .moodAfter: return .moodAfter
        case .note: return .note
        case .done: return .done
        }
    }
}

/// The states a screen carries, by kind: how `AppModel` reads and changes them wherever they are.
struct ScreenParts: Equatable, Sendable {
    var checkIn: CheckInState?
    var result: ResultState?
    var session: SessionState?
    var support: SupportState?
    var journal: JournalState?
    var plan: PlanEditState?
}
