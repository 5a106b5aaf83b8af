import AllinCore

/// The check-in screens' actions: lists, the editor, the slider, and moving through the step machine.
enum CheckInUpdate {
    static func perform(_ state: inout AppState, _ action: Action, key: Key) -> [Effect] {
        guard var c = state.checkIn else { return [] }
        let v = state.context.vocabulary
        let step = c.flow.currentStep(in: v)
        let items = state.context.items(step)
        c.message = nil
        if let stopped = checkExit(&state, &c, step: step, action: action, key: key) { return stopped }
        var list = c.lists[step] ?? ChipList()
        switch action {
        case .up, .down, .pageUp, .pageDown:
            let page = max(1, state.size.height - 12)
            let delta = action == .up ? -1 : action == .down ? 1 : action == .pageUp ? -page : page
            list.move(by: delta, in: items)
        case .startFilter: list.filtering = true
        case .filterBackspace: list.deleteFilterCharacter()
        case .clearFilter: list.clearFilter()
        case .toggle:
            if let item = list.current(items) {
                if step == .situation, c.flow.answers.situation == item.id {
                    c.flow.answers.situation = nil
                } else {
                    StepModel.choose(item, step: step, &c.flow.answers)
                }
            }
        case .choose:
            // On a short list, words that name one of its keys ("q", "y") do what the key says, once
            // the crisis rule has read them (`checkExit`): letters there are words, never keys.
            if !StepModel.filterable(step), let typed = StepModel.nonEmpty(list.filter) {
                var cleared = c
                cleared.lists[step]?.clearFilter()
                if let (binding, named) = Bindings.named(typed, in: Bindings.checkIn(cleared, state.context)) {
                    state.modify(\.checkIn) { $0 = cleared }
                    return App.perform(&state, binding.action, key: named)
                }
            }
            guard let item = list.current(items) else {
                // Typing that matches no chip becomes the person's own words, never a dead end.
                if step == .situation, let typed = StepModel.nonEmpty(list.filter) {
                    let before = StepModel.nonEmpty(c.flow.answers.triggerText).map { $0 + " " } ?? ""
                    c.editor = TextField(before + typed, limit: StepCopy.limit(step))
                    c.focus = .text
                    list.clearFilter()
                    syncText(&c, step: step)
                    c.message = "No chip matches, so your words are kept here. Enter goes on."
                } else if !StepModel.filterable(step), StepModel.nonEmpty(list.filter) != nil {
                    // The crisis rule read the words (`checkExit`); this step still needs a choice.
                    c.message = "This step needs a choice from the list: Esc clears what you typed."
                }
                break
            }
            if item.kind == .ownWords {
                openOwnWords(&c, step: step, filter: list.filter)
                list.clearFilter()
                break
            }
            c.lists[step] = list
            return choose(&state, &c, item, step: step)
        case .pickNumber:
            guard let digit = key.character?.wholeNumberValue, digit >= 1 else { break }
            let shown = list.visible(items)
            guard digit <= shown.count else { break }
            list.cursor = digit - 1
            c.lists[step] = list
            return choose(&state, &c, shown[digit - 1], step: step)
        case .pickByKey:
            guard step == .consent, let ch = key.character else { break }
            let id = ch == "y" ? "yes" : "no"
            guard let item = items.first(where: { $0.id == id }) else { break }
            list.moveTo(id: id, in: items)
            c.lists[step] = list
            return choose(&state, &c, item, step: step)
        case .ownWords:
            openOwnWords(&c, step: step, filter: list.filter)
            list.clearFilter()
        case .closeOwnWords:
            c.focus = .list
        case .switchFocus:
            if c.focus == .list {
                // What was typed into the filter goes with the person into the editor.
                let typed = StepModel.nonEmpty(list.filter)
                let kept = StepModel.text(step, c.flow.answers)
                let text = [kept, typed].compactMap { $0 }.joined(separator: " ")
                c.focus = .text
                c.editor = TextField(text, limit: StepCopy.limit(step))
                list.clearFilter()
                if typed != nil { syncText(&c, step: step) }
            } else {
                c.focus = .list
            }
        case .lower, .higher:
            let current = c.flow.answers.intensity
            let next = current.map { action == .lower ? $0 - 1 : $0 + 1 } ?? 5
            c.flow.answers.intensity = min(10, max(1, next))
        case .setIntensity:
            guard let digit = key.character?.wholeNumberValue else { break }
            c.flow.answers.intensity = digit == 0 ? 10 : digit
        case let .edit(edit):
            c.editor.apply(edit)
            syncText(&c, step: step)
        case .next:
            c.lists[step] = list
            if c.focus == .text { return submitText(&state, &c, step: step) }
            state.modify(\.checkIn) { $0 = c }
            return advance(&state)
        case .back:
            c.lists[step] = list
            state.modify(\.checkIn) { $0 = c }
            back(&state)
            return []
        default: break
        }
        c.lists[step] = list
        state.modify(\.checkIn) { $0 = c }
        return []
    }

    /// Printable keys no binding claimed: typing in the editor, or filtering a long list.
    static func typed(_ state: inout AppState, _ ch: Character) -> [Effect] {
        guard var c = state.checkIn else { return [] }
        let v = state.context.vocabulary
        let step = c.flow.currentStep(in: v)
        c.message = nil
        if c.focus == .text {
            if c.editor.insertReporting(String(ch)) > 0 { c.message = c.editor.refusal(dropped: 1) }
            syncText(&c, step: step)
        } else if step != .intensity {
            // A short numbered list takes typing too (found from outside: "i wanna die lol" typed on
            // "May we gently explore a belief?" reached nothing, its 'n' answered no): a letter no key
            // claims starts the filter, every letter after it is text, and leaving it reads the words.
            var list = c.lists[step] ?? ChipList()
            if !(list.filter.isEmpty && ch == " ") { list.typeFilter(ch) }
            c.lists[step] = list
        }
        state.modify(\.checkIn) { $0 = c }
        return []
    }

    /// A bracketed paste: into the editor, or the filter for a long list.
    static func pasted(_ state: inout AppState, _ text: String) -> [Effect] {
        guard var c = state.checkIn else { return [] }
        let step = c.flow.currentStep(in: state.context.vocabulary)
        if c.focus == .list, StepModel.filterable(step) {
            // A paste into a list is words, not a filter: it opens the step's own words with it.
            if step == .situation || StepModel.hasOwnWords(step) {
                openOwnWords(&c, step: step, filter: "")
                if step == .situation { c.editor = TextField(c.flow.answers.triggerText ?? "", limit: StepCopy.limit(step)) }
            }
        } else if c.focus == .list, step != .intensity {
            // A short list has no words of its own: a paste is read by the crisis rule at once, then
            // shows as what was typed, for Enter or Esc (found from outside: it was dropped unread).
            guard let check = state.context.gates?.check else { return [] }
            let words = TextField.clean(text)
            let field = StepCopy.textField(step) ?? StepCopy.name(step)
            var list = c.lists[step] ?? ChipList()
            for ch in words where !(list.filter.isEmpty && ch == " ") { list.typeFilter(ch) }
            c.lists[step] = list
            state.modify(\.checkIn) { $0 = c }
            let report = check.check(field: field, text: words, answered: c.answered)
            if case .askedForHelp = report.verdict {
                App.openSupport(&state, reason: .typedHelp(field: field))
                return []
            }
            _ = stop(&state, report.verdict, step: step, field: field, text: words, action: .startFilter, key: .end)
            return []
        }
        guard c.focus == .text else {
            state.modify(\.checkIn) { $0 = c }
            return []
        }
        // Unreachable while the detectors load; were it reached, nothing is pasted unchecked.
        guard let check = state.context.gates?.check else { return [] }
        c.message = nil
        let dropped = c.editor.insertReporting(text)
        syncText(&c, step: step)
        if dropped > 0 {
            c.message = c.editor.refusal(dropped: dropped)
            // What was left out is still read: the whole paste goes through the crisis rule now.
            let field = StepCopy.textField(step) ?? StepCopy.name(step)
            let report = check.check(field: field, text: TextField.clean(text), answered: c.answered)
            state.modify(\.checkIn) { $0 = c }
            if stop(&state, report.verdict, step: step, field: field, text: c.editor.checkedText, action: .edit(.end), key: .end) {
                return []
            }
        }
        state.modify(\.checkIn) { $0 = c }
        return []
    }
}
