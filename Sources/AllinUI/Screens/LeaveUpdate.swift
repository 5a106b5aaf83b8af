import AllinCore

/// Leaving a check-in asks first: `h` from the recommendation, Esc on the first step, `q`
/// wherever the check-in is under way (a step, the recommendation, its trace, the mood before), and a
/// new check-in over one under way. Nothing typed is lost without a yes.
enum LeaveUpdate {
    /// The question for `action` on the current screen, or nil when nothing would be lost.
    static func question(_ state: AppState, _ action: Action, key: Key) -> Leaving? {
        guard let c = state.checkIn, state.session?.begun != true, hasAnswers(c.flow.answers) else { return nil }
        switch (state.screen, action) {
        case (.home, .quit), (.checkIn, .quit), (.recommendation, .quit), (.trace, .quit), (.moodBefore, .quit):
            // Ctrl-C quits at once (after the crisis rule reads what was being typed). Once routed to a
            // session, closing keeps the check-in (`SessionUpdate.closing`), and the question says so.
            guard key != .ctrl("c") else { return nil }
            return state.result?.recommendation.kind == .audio ? .quitKept : .quit
        case (.home, .pickByKey) where key == .char("n"):
            return .startOver
        case (.recommendation, .goHome):
            // The check-in's last step is done: home keeps it, as quitting here does.
            return .homeKept
        case (.checkIn, .back) where c.flow.index(in: state.context.vocabulary) == 0 && c.focus == .list:
            // Words still being typed go through the crisis rule first (the check-in's own path).
            let step = c.flow.currentStep(in: state.context.vocabulary)
            return CheckInUpdate.pendingText(c, step: step) == nil ? .home : nil
        default:
            return nil
        }
    }

    static func hasAnswers(_ a: CheckIn) -> Bool {
        a != CheckIn()
    }

    /// Asks instead of acting when something would be lost; returns nil when the action may go on.
    static func intercept(_ state: inout AppState, _ action: Action, key: Key) -> [Effect]? {
        guard state.overlay == nil, let leaving = question(state, action, key: key) else { return nil }
        state.overlay = .leave(leaving)
        return []
    }

    /// The answer: yes does what was asked; no (or Esc) stays.
    static func answer(_ state: inout AppState, _ leaving: Leaving, _ action: Action) -> [Effect] {
        state.overlay = nil
        guard action == .confirmLeave else {
            state.notice = "Staying with your check-in."
            return []
        }
        switch leaving {
        case .quit, .quitKept: return [.quit]
        case .startOver:
            return HomeUpdate.choose(&state, .newCheckIn)
        case .homeKept:
            return SessionUpdate.goHomeKeeping(&state)
        case .home:
            if state.screen == .checkIn {
                state.model.pauseCheckIn()
                state.home.cursor = 0
                state.notice = "Your answers are kept until you quit. Type c, then Enter, to continue the check-in."
            } else {
                SessionUpdate.goHome(&state)
            }
            return []
        }
    }
}

/// What leaving would do to a half-done check-in.
public enum Leaving: Equatable, Sendable {
    /// Quit the app: the answers are gone.
    case quit
    /// Quit the app after the recommendation: the check-in is kept, its session not played.
    case quitKept
    /// Start a new check-in: the answers are cleared.
    case startOver
    /// Go home from the first step: the answers are kept until allin closes (c continues).
    case home
    /// Go home from the recommendation: the check-in is kept in the journal, its session not played.
    case homeKept

    /// The question, in plain words; in the demo nothing is kept in a journal, so it says so.
    public func question(demo: Bool) -> String {
        guard demo else { return question }
        switch self {
        case .quitKept: return "Quit now? Nothing from this demo is kept."
        case .homeKept: return "Go home? This demo check-in is kept only until the demo closes."
        default: return question
        }
    }

    /// The question, in plain words.
    public var question: String {
        switch self {
        case .quit: return "Quit now? This check-in isn't finished, and its answers will not be kept."
        case .quitKept: return "Quit now? This check-in will be kept in your journal, its session not played."
        case .startOver: return "Start over? The answers of the check-in under way will be cleared."
        case .home: return "Leave this check-in for now?"
        case .homeKept: return "Go home? This check-in will be kept in your journal, its session not played."
        }
    }
}
