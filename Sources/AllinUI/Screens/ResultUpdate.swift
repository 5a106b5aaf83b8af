import AllinCore

/// The recommendation, its trace and the concern question.
enum ResultUpdate {
    /// The router answered: a handoff opens support; a tier-1 concern asks one gentle question first.
    static func routed(_ state: inout AppState, _ r: Recommendation) -> [Effect] {
        guard state.screen == .routing else { return [] }
        state.result = ResultState(recommendation: r, completion: state.checkIn?.completion)
        state.session = nil
        if r.kind == .safetyHandoff {
            let flagged = state.checkIn?.flow.answers.text(named: r.crisis?.field)
            App.openSupport(&state, reason: r.crisis.map(SupportReason.router) ?? .asked,
                            returnTo: state.checkIn == nil ? .home : .checkIn, flagged: flagged)
            return []
        }
        state.screen = .recommendation
        state.asking = nil
        if r.concern != nil { state.overlay = .concern }
        return []
    }

    static func concern(_ state: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case .concernNotSafe, .concernNotSure:
            state.overlay = nil
            App.openSupport(&state, reason: .concernConfirmed, returnTo: .recommendation)
        case .concernSafe:
            state.overlay = nil
            state.result?.concernDismissed = true
            state.notice = "Thank you for answering. If that changes, F2 opens support at any time."
        default: break
        }
        return []
    }

    static func perform(_ state: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case .startSession:
            return SessionUpdate.start(&state)
        case .showTrace:
            state.screen = .trace
            state.result?.traceScroll = 0
            state.result?.traceReturn = .recommendation
        case .closeTrace:
            state.screen = state.result?.traceReturn ?? .recommendation
        case .up, .down, .pageUp, .pageDown:
            let page = max(1, state.size.height - 6)
            let delta = action == .up ? -1 : action == .down ? 1 : action == .pageUp ? -page : page
            if let scroll = state.result?.traceScroll {
                let body = App.bodyRect(for: state.size)
                let count = TraceView.rows(state, width: body.width).count
                state.result?.traceScroll = App.clampScroll(scroll + delta, count: count, visible: body.height)
            }
        case .editAnswers:
            guard var c = state.checkIn else { return [] }
            CheckInUpdate.enterStep(&c, state.context)
            state.checkIn = c
            state.result = nil
            state.session = nil
            state.screen = .checkIn
        case .goHome:
            SessionUpdate.goHome(&state)
        default: break
        }
        return []
    }
}
