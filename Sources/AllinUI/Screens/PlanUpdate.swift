import AllinCore

/// The safety plan screen: the seven parts, one written at a time in a text field.
public struct PlanEditState: Equatable, Sendable {
    /// The part under the cursor.
    public var cursor = 0
    /// The text of the part being written (nil while choosing a part).
    public var editing: TextField?
    /// Answers the person already said they are safe about (the gentle question doesn't ask again).
    public var answered: Set<String> = []
    /// The part on its way to the journal with its words (empty when none is): the screen says
    /// "Saved" only when the journal answers.
    public var saving: [SafetyPlan.Part: String] = [:]

    public var part: SafetyPlan.Part { SafetyPlan.Part.allCases[cursor] }
}

enum PlanUpdate {
    /// Opens the editor over the screen on show (home or support); Esc shows it again.
    static func open(_ state: inout AppState) -> [Effect] {
        state.current = .safetyPlan(PlanEditState(), over: state.current)
        return []
    }

    static func perform(_ state: inout AppState, _ action: Action) -> [Effect] {
        guard var p = state.plan else { return [] }
        defer { if state.screen == .safetyPlan { state.modify(\.plan) { $0 = p } } }
        if var field = p.editing {
            switch action {
            case let .edit(edit):
                _ = field.apply(edit)
                p.editing = field
            case .back:
                if let asked = checkLeaving(&state, action: .back, key: .escape) { return asked }
                p.editing = nil
            case .next:
                return finish(&state, &p, field)
            default: break
            }
            return []
        }
        let count = SafetyPlan.Part.allCases.count
        switch action {
        case .up: p.cursor = max(0, p.cursor - 1)
        case .down: p.cursor = min(count - 1, p.cursor + 1)
        case .choose, .next: p.editing = TextField(state.safetyPlan[p.part], limit: SafetyPlan.partLimit)
        case .back:
            if let under = state.current.covered { state.current = under }
        default: break
        }
        return []
    }

    static func typed(_ state: inout AppState, _ text: String) -> [Effect] {
        guard var p = state.plan, var field = p.editing else { return [] }
        let dropped = field.insertReporting(text)
        if dropped > 0 { state.notice = field.refusal(dropped: dropped) }
        p.editing = field
        state.modify(\.plan) { $0 = p }
        return []
    }

    /// Enter on a part: the one crisis rule reads it, with what the limit refused (see `flag`); then
    /// only that part is saved, with what the field kept (another allin may have saved other parts).
    static func finish(_ state: inout AppState, _ p: inout PlanEditState, _ field: TextField) -> [Effect] {
        if let asked = flag(&state, p, text: field.checkedText, action: .next, key: .enter) { return asked }
        let part = p.part
        p.editing = nil
        p.saving[part] = field.text
        if p.cursor < SafetyPlan.Part.allCases.count - 1 { p.cursor += 1 }
        return [.saveSafetyPlanPart(part, field.text)]
    }

    /// Leaving a part being written without keeping it (Esc, quitting): the words typed still go
    /// through the one crisis check first, like every way out of a text field. Nil when they may go.
    static func checkLeaving(_ state: inout AppState, action: Action, key: Key) -> [Effect]? {
        guard state.screen == .safetyPlan, let p = state.plan, let field = p.editing else { return nil }
        guard !field.text.allSatisfy(\.isWhitespace), field.checkedText != state.safetyPlan[p.part] else { return nil }
        return flag(&state, p, text: field.checkedText, action: action, key: key)
    }

    /// The one crisis rule over a part's words, as this part weighs it (`SafetyPlan.Part.weigh`); nil
    /// when clear. A clear statement opens support with the words kept in the field, as everywhere; in
    /// the parts that name dark things (warning signs, the means to put away) only an attempt or a plan
    /// made now does, and ideation asks "are you safe right now?" first (no takes the person to support,
    /// yes goes on with `action`); a request for help opens support.
    private static func flag(_ state: inout AppState, _ p: PlanEditState, text: String, action: Action,
                             key: Key) -> [Effect]? {
        guard let check = state.context.gates?.check else { return [] }
        let report = check.check(field: p.part.rawValue, text: text, answered: p.answered)
        let hit = { (d: CrisisDecision) in FlowCrisis(step: .embodyNew, field: p.part.title, finding: d.finding) }
        state.modify(\.plan) { $0 = p }
        switch p.part.weigh(report.verdict, text: text, answered: p.answered) {
        case .clear:
            return nil
        case .askedForHelp:
            App.openSupport(&state, reason: .typedHelp(field: p.part.title))
        case let .handoff(d):
            App.openSupport(&state, reason: .tripwire(hit(d)), flagged: text)
        case let .concern(d):
            CheckInUpdate.ask(&state, hit(d), text: text, action: action, key: key)
        }
        return []
    }

    /// The journal answered a save: only now does the screen say it is kept, and that the plan was
    /// changed elsewhere meanwhile when the stored plan shows it.
    static func saved(_ state: inout AppState, _ plan: SafetyPlan, problem: JournalError?) -> [Effect] {
        let edits = state.plan?.saving ?? [:]
        state.modify(\.plan) { $0.saving = [:] }
        if let problem, !plan.isEmpty {
            // The disk failed and the journal keeps it in memory: support shows it until allin closes.
            state.safetyPlan = plan
            state.notice = "Not saved: \(JournalCopy.cause(problem)). Your plan is kept only until you quit."
        } else if let problem {
            state.notice = "Your plan could not be saved: \(problem.message)"
        } else {
            let meanwhile = SafetyPlan.changedMeanwhile(state.safetyPlan, edits, plan)
            state.safetyPlan = plan
            let kept = state.context.demo ? "Kept for this demo only." : "Saved."
            state.notice = meanwhile.map { kept + " " + $0 } ?? kept
        }
        return []
    }
}
