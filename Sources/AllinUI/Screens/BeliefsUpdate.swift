import AllinCore

/// The beliefs plan: show the active plan and play its next step, or ask for a new one (three areas,
/// a rating each, four answers each, every answer read by the one crisis check as it is left).
enum BeliefsUpdate {
    static func open(_ state: inout AppState) -> [Effect] {
        // A plan half asked for is kept: coming back goes on with it.
        var b = state.beliefs
        b.loading = true
        state.beliefs = b
        state.current = .beliefsPlan
        return [.loadPlan]
    }

    static func loaded(_ state: inout AppState, _ plan: StoredPlan?) -> [Effect] {
        var b = state.beliefs
        b.plan = plan
        b.loading = false
        state.beliefs = b
        return []
    }

    static func made(_ state: inout AppState, _ plan: StoredPlan?, problem: String?) -> [Effect] {
        var b = state.beliefs
        b.making = false
        if let plan {
            b.plan = plan
            b.intake = nil
            state.notice = problem.map { "Your plan is ready, but not saved: \($0). It is kept only until you quit." }
                ?? "Your plan is ready: ten steps. Enter plays the first."
        } else {
            state.notice = "The plan could not be made: \(problem ?? "unknown problem"). Your answers are still here."
        }
        state.beliefs = b
        return []
    }

    static func perform(_ state: inout AppState, _ action: Action, key: Key) -> [Effect] {
        var b = state.beliefs
        guard var intake = b.intake else {
            switch action {
            case .choose, .startSession:
                if let plan = b.plan, let next = plan.next { return play(&state, plan, next.step) }
                if b.plan == nil || b.plan?.next == nil { b.intake = PlanIntakeState() }
            case .pickByKey where key.character == "n":
                b.intake = PlanIntakeState()
            case .back:
                state.current = .home
            default: break
            }
            state.beliefs = b
            return []
        }
        let areas = state.context.catalog.plan.lifeAreas
        switch intake.phase {
        case .areas:
            switch action {
            case .up: intake.cursor = max(0, intake.cursor - 1)
            case .down: intake.cursor = min(areas.count - 1, intake.cursor + 1)
            case .toggle:
                toggle(&intake, areas[intake.cursor].id)
            case .choose where intake.chosen.count < PlanCatalog.areaCount:
                // Enter chooses the area under the cursor until three are chosen, then goes on.
                if !intake.chosen.contains(areas[intake.cursor].id) {
                    toggle(&intake, areas[intake.cursor].id)
                } else {
                    // Enter on an area already chosen used to do nothing, with no word why.
                    let left = PlanCatalog.areaCount - intake.chosen.count
                    state.notice = "Already chosen. Choose \(left) more with ↑↓ and Enter (Space takes one out)."
                }
            case .choose, .next:
                if intake.chosen.count == PlanCatalog.areaCount {
                    intake.phase = .rating(0)
                } else {
                    state.notice = "Choose \(PlanCatalog.areaCount) areas (\(intake.chosen.count) chosen so far): Space chooses."
                }
            case .back:
                if intake.answers.values.contains(where: { $0.contains { !$0.isEmpty } }) {
                    // Typed answers are never dropped without asking: they wait here.
                    state.current = .home
                    state.notice = "Your answers are kept: b then Enter goes back to them."
                } else {
                    b.intake = nil
                    if b.plan == nil { state.current = .home }
                }
                state.beliefs = b
                return []
            default: break
            }
        case let .rating(i):
            let id = intake.chosen[i]
            var rating = intake.ratings[id] ?? 5
            switch action {
            case .lower, .higher: rating = min(10, max(1, rating + (action == .lower ? -1 : 1)))
            case .setMood:
                if let digit = key.character?.wholeNumberValue { rating = digit == 0 ? 10 : digit }
            case .next: intake.phase = .answer(area: i, question: 0)
            case .back: intake.phase = i == 0 ? .areas : .answer(area: i - 1, question: PlanCatalog.questionCount - 1)
            default: break
            }
            intake.ratings[id] = rating
            if case .answer = intake.phase { loadField(&intake) }
        case let .answer(i, q):
            switch action {
            case let .edit(edit): _ = intake.field.apply(edit)
            case .next:
                let text = intake.field.text
                if text.allSatisfy(\.isWhitespace) {
                    state.notice = "A few words, please: this question needs an answer (Esc goes back)."
                    break
                }
                if stop(&state, &b, intake, text: intake.field.checkedText, action: .next, key: .enter) { return [] }
                var list = intake.answers[intake.chosen[i]] ?? []
                while list.count <= q { list.append("") }
                list[q] = text
                intake.answers[intake.chosen[i]] = list
                if q + 1 < PlanCatalog.questionCount {
                    intake.phase = .answer(area: i, question: q + 1)
                } else if i + 1 < intake.chosen.count {
                    intake.phase = .rating(i + 1)
                } else {
                    b.intake = intake
                    return finish(&state, &b)
                }
                loadField(&intake)
            case .back:
                let text = intake.field.text
                let kept = (intake.answers[intake.chosen[i]] ?? []).indices.contains(q) ? intake.answers[intake.chosen[i]]![q] : ""
                if !text.allSatisfy(\.isWhitespace), intake.field.checkedText != kept,
                   stop(&state, &b, intake, text: intake.field.checkedText, action: .back, key: .escape) { return [] }
                intake.phase = q == 0 ? .rating(i) : .answer(area: i, question: q - 1)
                loadField(&intake)
            default: break
            }
        }
        b.intake = intake
        state.beliefs = b
        return []
    }

    static func typed(_ state: inout AppState, _ text: String) -> [Effect] {
        var b = state.beliefs
        guard var intake = b.intake, case .answer = intake.phase else { return [] }
        let dropped = intake.field.insertReporting(text)
        if dropped > 0 { state.notice = intake.field.refusal(dropped: dropped) }
        b.intake = intake
        state.beliefs = b
        return []
    }

    static func toggle(_ intake: inout PlanIntakeState, _ id: String) {
        if let i = intake.chosen.firstIndex(of: id) {
            intake.chosen.remove(at: i)
        } else if intake.chosen.count < PlanCatalog.areaCount {
            intake.chosen.append(id)
        }
    }

    /// The field shows the answer already given to the question now asked (going back keeps it).
    static func loadField(_ intake: inout PlanIntakeState) {
        guard case let .answer(i, q) = intake.phase else { return }
        let list = intake.answers[intake.chosen[i]] ?? []
        intake.field = TextField(list.indices.contains(q) ? list[q] : "", limit: TextLimits.freeText)
    }

    /// The one crisis rule over an answer being left. True when it stopped the way on: support is open
    /// (the words stay in the field), or "are you safe right now?" is asked and `action` runs after yes.
    static func stop(_ state: inout AppState, _ b: inout BeliefsState, _ intake: PlanIntakeState, text: String,
                     action: Action, key: Key) -> Bool {
        let field = fieldName(state, intake)
        b.intake = intake
        state.beliefs = b
        guard let check = state.context.gates?.check else { return true }
        let report = check.check(field: field, text: text, answered: intake.answered)
        switch report.verdict {
        case .clear:
            return false
        case .askedForHelp:
            App.openSupport(&state, reason: .typedHelp(field: field))
        case .handoff, .concern:
            _ = CheckInUpdate.stop(&state, report.verdict, step: .embodyNew, field: field, text: text, action: action, key: key)
        }
        return true
    }

    static func fieldName(_ state: AppState, _ intake: PlanIntakeState) -> String {
        guard case let .answer(i, q) = intake.phase else { return "plan" }
        let area = state.context.catalog.plan.area(intake.chosen[i])?.label ?? intake.chosen[i]
        return "\(area): question \(q + 1)"
    }

    /// Every answer together through the crisis rule once more (layer B reads them as a whole), then
    /// the runtime builds and saves the plan.
    static func finish(_ state: inout AppState, _ b: inout BeliefsState) -> [Effect] {
        guard let intake = b.intake, let check = state.context.gates?.check else { return [] }
        let report = check.check(intake.intake.fields, answered: intake.answered)
        if case let .handoff(d) = report.verdict {
            state.beliefs = b
            App.openSupport(&state, reason: .tripwire(FlowCrisis(step: .embodyNew, field: "all", finding: d.finding)))
            return []
        }
        b.making = true
        state.beliefs = b
        return [.makePlan(intake.intake)]
    }

    /// Enter on the plan: the next step's session, through the same mood, player and reflection as a
    /// check-in's; what happens is kept with the step.
    static func play(_ state: inout AppState, _ plan: StoredPlan, _ step: PlanStep) -> [Effect] {
        guard let session = state.context.catalog.session(step.slug) else {
            state.notice = "This step's session is not in the catalog any more. Make a new plan with n."
            return []
        }
        var s = SessionState(routed: session)
        s.planStep = PlanStepRef(plan: plan.id, index: step.index)
        let result = ResultState(recommendation: .planned(session, step: step), completion: nil)
        state.current = .session(.moodBefore, s, result, checkIn: nil)
        return []
    }

    /// The words `q` or Ctrl-C would leave behind in an answer: checked before the app closes.
    static func checkLeaving(_ state: inout AppState, key: Key) -> [Effect]? {
        var b = state.beliefs
        guard state.screen == .beliefsPlan, let intake = b.intake, case .answer = intake.phase else {
            return nil
        }
        guard !intake.field.text.allSatisfy(\.isWhitespace) else { return nil }
        return stop(&state, &b, intake, text: intake.field.checkedText, action: .quit, key: key) ? [] : nil
    }
}
