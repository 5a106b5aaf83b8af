import AllinCore

/// The crisis rule on every way out of a check-in's text: the editor or a list filter, on Enter, Tab,
/// picking a chip after typing, going back, clearing the filter and quitting. Each way out asks the
/// one rule (`CrisisCheck`, through the step machine's gates) about the words being left, whole.
extension CheckInUpdate {
    /// The words the person is about to leave on this step: the editor's, or the list filter's.
    static func pendingText(_ c: CheckInState, step: Step) -> (field: String, text: String)? {
        let field = StepCopy.textField(step) ?? StepCopy.name(step)
        if c.focus == .text {
            return StepModel.nonEmpty(c.editor.checkedText).map { (field, $0) }
        }
        let filter = c.lists[step]?.filter ?? ""
        return StepModel.nonEmpty(filter).map { (field, $0) }
    }

    /// Whether `action` leaves the words of `pendingText` behind (or carries them on into the answers).
    static func leavesText(_ c: CheckInState, step: Step, action: Action) -> Bool {
        switch c.focus {
        case .text:
            return [.next, .back, .closeOwnWords, .switchFocus, .quit].contains(action)
        case .list:
            return [.choose, .next, .back, .clearFilter, .pickNumber, .pickByKey, .toggle, .quit].contains(action)
        }
    }

    /// Runs the crisis rule on the words being left. Returns nil when the action may go on; otherwise
    /// support has opened, or the gentle question is showing, and the words stay where they were.
    static func checkExit(_ state: inout AppState, _ c: inout CheckInState, step: Step, action: Action, key: Key) -> [Effect]? {
        guard leavesText(c, step: step, action: action), let (field, text) = pendingText(c, step: step) else { return nil }
        // Unreachable while the detectors load (`App.worksBeforeDetectors`); were it reached, the words stay.
        guard let check = state.context.gates?.check else { return [] }
        let report = check.check(field: field, text: text, answered: c.answered)
        switch report.verdict {
        case .clear:
            return nil
        case .askedForHelp:
            // A plain request for help is not kept as an answer; support opens as asked.
            if c.focus == .text {
                c.editor = TextField(limit: StepCopy.limit(step))
                syncText(&c, step: step)
                c.drafts[step] = nil
            } else {
                c.lists[step]?.clearFilter()
            }
            state.modify(\.checkIn) { $0 = c }
            App.openSupport(&state, reason: .typedHelp(field: field))
            return []
        case .concern, .handoff:
            state.modify(\.checkIn) { $0 = c }
            _ = stop(&state, report.verdict, step: step, field: field, text: text, action: action, key: key)
            return []
        }
    }

    /// What a handoff or a concern does on the check-in: support opens with `text` kept as the flagged
    /// words, or the gentle question shows and `action` runs once the person says they are safe.
    /// False (nothing done) for a clear verdict or a request for help, which each caller handles.
    static func stop(_ state: inout AppState, _ verdict: CrisisCheck.Verdict, step: Step, field: String, text: String,
                     action: Action, key: Key) -> Bool {
        switch verdict {
        case let .handoff(d):
            App.openSupport(&state, reason: .tripwire(FlowCrisis(step: step, field: field, finding: d.finding)),
                            flagged: text)
        case let .concern(d):
            ask(&state, FlowCrisis(step: step, field: field, finding: d.finding), text: text, action: action, key: key)
        case .clear, .askedForHelp:
            return false
        }
        return true
    }

    /// Shows "are you safe right now?" over the screen; the action runs once the person says yes.
    static func ask(_ state: inout AppState, _ hit: FlowCrisis, text: String, action: Action, key: Key) {
        state.asking = Asking(hit: hit, text: text, action: action, key: key)
        state.overlay = .concern
    }

    /// The answer to the gentle question asked during the check-in or the reflection: yes goes on with
    /// what the person was doing, and these words don't ask again; no or not sure opens support.
    static func answer(_ state: inout AppState, _ action: Action) -> [Effect] {
        guard let asking = state.asking else {
            state.overlay = nil
            return []
        }
        switch action {
        case .concernSafe:
            state.overlay = nil
            state.asking = nil
            state.modify(\.checkIn) { $0.answered.insert(asking.text) }
            App.markAnswered(&state, asking.text)
            state.notice = "Thank you for telling me. Support stays one key away: F2."
            if asking.action == .quit { return [.quit] }
            return App.perform(&state, asking.action, key: asking.key)
        case .concernNotSafe, .concernNotSure:
            state.overlay = nil
            state.asking = nil
            let answer: SafeAnswer = action == .concernNotSafe ? .notSafe : .notSure
            App.openSupport(&state, reason: .answered(answer, asking.hit), flagged: asking.text)
            return []
        case .back:
            // Back to the words as they were, answering nothing: leaving the field reads them again.
            state.overlay = nil
            state.asking = nil
            state.notice = SupportUpdate.wordsKept(state.screen)
            return []
        default:
            return []
        }
    }

    /// Ctrl-C or q with a check-in under way: the words being typed are checked before the app closes.
    static func checkBeforeQuit(_ state: inout AppState) -> [Effect]? {
        guard state.screen == .checkIn, var c = state.checkIn else { return nil }
        let step = c.flow.currentStep(in: state.context.vocabulary)
        return checkExit(&state, &c, step: step, action: .quit, key: .escape)
    }
}
