import AllinCore

/// Moving through the step machine: entering a step, own words, choosing, submitting text, next and back.
extension CheckInUpdate {
    /// Sets focus, the list cursor and the editor for the step the flow is on.
    static func enterStep(_ c: inout CheckInState, _ context: AppContext) {
        let v = context.vocabulary
        let step = c.flow.currentStep(in: v)
        let items = context.items(step)
        // Coming back to words already written about the situation, the words have the focus (as
        // after choosing a chip): Enter goes on with them, never takes the chip under the cursor
        // (found from outside: back, then Enter, made "moved to a new city" a check-in "about work").
        let wordsWritten = step == .situation && StepModel.nonEmpty(c.flow.answers.triggerText) != nil
        c.focus = StepModel.textOnly(step) || wordsWritten ? .text : .list
        var list = c.lists[step] ?? ChipList()
        list.clearFilter()
        if let chosen = StepModel.chosen(step, c.flow.answers, v, items: items) { list.moveTo(id: chosen, in: items) }
        c.lists[step] = list
        c.editor = TextField(StepModel.text(step, c.flow.answers) ?? "", limit: StepCopy.limit(step))
    }

    static func openOwnWords(_ c: inout CheckInState, step: Step, filter: String) {
        let initial = !filter.isEmpty ? filter : c.drafts[step] ?? StepModel.text(step, c.flow.answers) ?? ""
        c.editor = TextField(initial, limit: StepCopy.limit(step))
        c.focus = .text
    }

    /// The situation and embody texts are answers as they are typed; own words wait for Enter.
    static func syncText(_ c: inout CheckInState, step: Step) {
        if step == .situation || step == .embodyNew {
            StepModel.setText(step, &c.flow.answers, c.editor.text)
        } else {
            c.drafts[step] = c.editor.text
        }
    }

    static func choose(_ state: inout AppState, _ c: inout CheckInState, _ item: ListItem, step: Step) -> [Effect] {
        StepModel.choose(item, step: step, &c.flow.answers)
        var effects: [Effect] = []
        if step == .consent { effects.append(.recordConsent(granted: item.id == "yes")) }
        if step == .situation {
            c.focus = .text
            c.editor = TextField(c.flow.answers.triggerText ?? "", limit: StepCopy.limit(step))
            state.modify(\.checkIn) { $0 = c }
            return effects
        }
        state.modify(\.checkIn) { $0 = c }
        return effects + advance(&state)
    }

    /// Enter in the editor (after the crisis rule let the words through): own words are used; text
    /// steps move on.
    static func submitText(_ state: inout AppState, _ c: inout CheckInState, step: Step) -> [Effect] {
        let text = c.editor.text
        if StepModel.hasOwnWords(step) {
            guard StepModel.nonEmpty(text) != nil else {
                c.focus = .list
                state.modify(\.checkIn) { $0 = c }
                return []
            }
            StepModel.setText(step, &c.flow.answers, text)
            if step == .emotion { c.flow.answers.emotion = nil }
            if step == .belief { c.flow.answers.belief = nil }
            c.drafts[step] = nil
        }
        state.modify(\.checkIn) { $0 = c }
        return advance(&state)
    }

    /// "Next" through the step machine and its gates.
    static func advance(_ state: inout AppState) -> [Effect] {
        guard var c = state.checkIn, let gates = state.context.gates else { return [] }
        switch c.flow.next(gates: gates, answered: c.answered) {
        case .advanced:
            enterStep(&c, state.context)
            state.modify(\.checkIn) { $0 = c }
            return []
        case let .needsAnswer(message):
            c.message = message
            state.modify(\.checkIn) { $0 = c }
            return []
        case let .crisis(hit):
            state.modify(\.checkIn) { $0 = c }
            App.openSupport(&state, reason: .tripwire(hit), flagged: flaggedText(c, hit))
            return []
        case let .concern(hit):
            state.modify(\.checkIn) { $0 = c }
            ask(&state, hit, text: flaggedText(c, hit) ?? "", action: .next, key: .enter)
            return []
        case let .askedForHelp(field):
            state.modify(\.checkIn) { $0 = c }
            App.openSupport(&state, reason: .typedHelp(field: field))
            return []
        case let .askClosest(ids):
            state.modify(\.checkIn) { $0 = c }
            state.overlay = .closest(ids)
            return []
        case let .complete(completion):
            c.completion = completion
            state.current = .routing(c)
            return [.routeCheckIn(c.flow.answers, answered: c.answered)]
        }
    }

    /// The answer to "Which is closest?": a number chooses that feeling (kept beside the own words), n
    /// goes on with the own words alone; then the check-in moves on. Esc goes back to the words, still
    /// there to edit (Enter asks again).
    static func answerClosest(_ state: inout AppState, _ ids: [String], _ action: Action, key: Key) -> [Effect] {
        guard var c = state.checkIn else { state.overlay = nil; return [] }
        switch action {
        case .back:
            let step = c.flow.currentStep(in: state.context.vocabulary)
            openOwnWords(&c, step: step, filter: "")
            state.overlay = nil
            state.modify(\.checkIn) { $0 = c }
            return []
        case .pickNumber:
            guard let digit = key.character?.wholeNumberValue, (1...ids.count).contains(digit) else { return [] }
            c.flow.answerClosest(ids[digit - 1])
        case .closestNone:
            c.flow.answerClosest(nil)
        default:
            return []
        }
        state.overlay = nil
        state.modify(\.checkIn) { $0 = c }
        return advance(&state)
    }

    /// The stored answer a gate's finding is about.
    static func flaggedText(_ c: CheckInState, _ hit: FlowCrisis) -> String? {
        c.flow.answers.text(named: hit.field)
    }

    static func back(_ state: inout AppState) {
        guard var c = state.checkIn else { return }
        let v = state.context.vocabulary
        if c.flow.back(in: v) {
            enterStep(&c, state.context)
            state.modify(\.checkIn) { $0 = c }
        } else {
            state.modify(\.checkIn) { $0 = c }
            state.model.pauseCheckIn()
            state.home.cursor = 0
            // Only answers there are (found from outside: Esc on an untouched first step said "kept").
            state.notice = LeaveUpdate.hasAnswers(c.flow.answers) ? "Your answers are kept. Type c, then Enter, to continue the check-in." : nil
        }
    }
}
