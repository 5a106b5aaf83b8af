import AllinTestSupport
@testable import AllinCore
@testable import AllinUI

/// Presses keys in order and returns every effect they asked for.
@discardableResult
func press(_ state: inout AppState, _ keys: Key...) -> [Effect] {
    keys.flatMap { App.update(&state, .keyPressed($0)) }
}

/// Types text one character at a time.
@discardableResult
func type(_ state: inout AppState, _ text: String) -> [Effect] {
    text.flatMap { App.update(&state, .keyPressed(.char($0))) }
}

/// The check-in's current step.
func step(_ state: AppState) -> Step? {
    state.checkIn?.flow.currentStep(in: state.context.vocabulary)
}

/// A state on the first step of a new check-in.
func checkInState(width: Int = 80, height: Int = 24, lang: String = "en_GB.UTF-8") -> AppState {
    var s = TestCatalog.state(width: width, height: height, lang: lang)
    command(&s, "c")
    return s
}

/// Routes like the runtime does and feeds the answer back.
func route(_ state: inout AppState, _ effects: [Effect]) async {
    for effect in effects {
        if case let .routeCheckIn(checkIn, answered) = effect {
            let r = await Router(catalog: state.context.gates!.catalog).route(checkIn, answered: answered)
            _ = App.update(&state, .checkInRouted(r))
        }
    }
}

/// A recommendation as the router would make it, for paths the real catalog can't reach.
func recommendation(kind: RecommendationKind = .audio, session: Session? = TestCatalog.real.sessions.first,
                    crisis: CrisisDecision? = nil, concern: CrisisDecision? = nil, sootheFirst: Bool = false) -> Recommendation {
    Recommendation(kind: kind, lane: session?.lane, intentLane: .soothe, valence: .unpleasant, sootheFirst: sootheFirst,
                   session: session, crisis: crisis, concern: concern, trace: [
                       TraceEntry(gate: "sootheGate", decision: sootheFirst ? "sootheFirst" : "intentLane",
                                  details: [("intensity", .int(8)), ("intentLane", .string("soothe"))]),
                   ])
}

/// The screen drawn for a state at its size.
func screen(_ state: AppState) -> Canvas { App.view(state, size: state.size) }

/// The tiers of the handoffs a list of effects asks the journal to record.
func handoffTiers(_ effects: [Effect]) -> [CrisisTier] {
    effects.compactMap { effect in
        guard case let .recordHandoff(_, r) = effect, r.kind == .safetyHandoff else { return nil }
        return r.crisis?.finding.tier
    }
}

/// Keys' letters as a person gives them: where letters are words (`StrayWords.takesLetters`: home, the
/// recommendation, the player, the questions over a screen…) each is typed and then Enter, which does
/// what the key says once the crisis rule has read it; elsewhere it is pressed.
@discardableResult
func command(_ state: inout AppState, _ letters: Character...) -> [Effect] {
    letters.flatMap { letter -> [Effect] in
        guard StrayWords.takesLetters(state) else { return App.update(&state, .keyPressed(.char(letter))) }
        return App.update(&state, .keyPressed(.char(letter))) + App.update(&state, .keyPressed(.enter))
    }
}
