import AllinCore

/// The recommendation, its trace and the concern question.
enum ResultUpdate {
    /// The router answered: a handoff opens support; a tier-1 concern asks one gentle question first.
    static func routed(_ state: inout AppState, _ r: Recommendation) -> [Effect] {
        guard case let .routing(c) = state.current else { return [] }
        if r.kind == .safetyHandoff {
            // Support opens over the check-in: the way back goes on with it.
            state.current = .checkIn(c)
            let flagged = c.flow.answers.text(named: r.crisis?.field)
            App.openSupport(&state, reason: r.crisis.map(SupportReason.router) ?? .asked, flagged: flagged, handoff: r)
            return []
        }
        state.current = .recommendation(ResultState(recommendation: r, completion: c.completion), c, kept: nil)
        state.asking = nil
        if r.concern != nil { state.overlay = .concern }
        return state.measureLengths
    }

    static func concern(_ state: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case .concernNotSafe, .concernNotSure:
            state.overlay = nil
            let answer: SafeAnswer = action == .concernNotSafe ? .notSafe : .notSure
            App.openSupport(&state, reason: .answered(answer, concern: state.result?.recommendation.concern))
        case .concernSafe:
            state.overlay = nil
            state.modify(\.result) { $0.concernDismissed = true }
            state.notice = "Thank you for answering. If that changes, F2 opens support at any time."
        case .back:
            // Back to the answers, answering nothing: going on routes them again, and asks again.
            state.overlay = nil
            _ = perform(&state, .editAnswers)
            state.notice = "Your answers are still here: change any of them, or go on. F2 opens support."
        default: break
        }
        return []
    }

    static func perform(_ state: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case .startSession:
            return SessionUpdate.start(&state)
        case .showTrace:
            state.modify(\.result) { $0.traceScroll = 0 }
            state.current = .trace(over: state.current)
        case .closeTrace:
            if let under = state.current.covered { state.current = under }
        case .up, .down, .pageUp, .pageDown:
            let page = max(1, state.size.height - 6)
            let delta = action == .up ? -1 : action == .down ? 1 : action == .pageUp ? -page : page
            if let scroll = state.result?.traceScroll {
                let body = App.bodyRect(for: state.size)
                let count = TraceView.rows(state, width: body.width).count
                state.modify(\.result) { $0.traceScroll = App.clampScroll(scroll + delta, count: count, visible: body.height) }
            }
        case .editAnswers:
            guard var c = state.checkIn else { return [] }
            CheckInUpdate.enterStep(&c, state.context)
            state.current = .checkIn(c)
        case .goHome:
            SessionUpdate.goHome(&state)
        default: break
        }
        return []
    }
}
