import AllinCore

/// Crisis support: the breathing exercise, the region switch, scrolling, and a way back that asks first.
enum SupportUpdate {
    static func perform(_ state: inout AppState, _ action: Action) -> [Effect] {
        guard var s = state.support else { return [] }
        let resources = state.context.catalog.helplines.resources(for: s.region)
        if s.picker != nil { return RegionPickerUpdate.perform(&state, action) }
        switch action {
        case .chooseRegion:
            var picker = RegionPicker()
            let items = RegionPicker.items("", state.context.catalog.helplines)
            picker.cursor = items.firstIndex { $0.id == (s.region ?? "") } ?? 0
            s.picker = picker
            s.confirmingLeave = false
        case .breathe:
            s.breathing = Breathing()
            s.confirmingLeave = false
        case .stopBreathing:
            s.breathing = nil
            s.note = SupportText.afterBreathing(resources, finished: false)
        case .nextRegion, .previousRegion:
            let choices = state.context.regionChoices
            let current = choices.firstIndex(of: s.region)
            let step = action == .nextRegion ? 1 : -1
            let next = current.map { ($0 + step + choices.count) % choices.count } ?? 0
            s.region = choices[next]
            s.scroll = 0
            // A country chosen here stays for the rest of the run.
            if let region = s.region { state.chosenRegion = region }
        case .up, .down, .pageUp, .pageDown:
            let page = max(1, state.size.height - 8)
            let delta = action == .up ? -1 : action == .down ? 1 : action == .pageUp ? -page : page
            let body = App.bodyRect(for: state.size)
            let count = SupportView.lines(state, width: body.width, height: body.height).count
            s.scroll = App.clampScroll(s.scroll + delta, count: count, visible: body.height - 1)
        case .openPlan:
            state.modify(\.support) { $0 = s }
            return PlanUpdate.open(&state)
        case .leaveSupport:
            s.confirmingLeave = true
        case .stay:
            s.confirmingLeave = false
            s.note = SupportText.stayNote(resources)
        case .confirmLeave:
            // The calm way back: the screen support covers, exactly as it was.
            guard case let .support(_, under) = state.current else { return [] }
            state.current = under
            state.notice = "Support stays one key away: press F2 at any time."
            if s.emergencyFirst { state.emergencyReminder = resources.emergency?.number ?? "" }
            if let flagged = s.flagged {
                // "Yes, go back" is an answer for these words: the field goes on without asking again,
                // and editing them asks again.
                App.markAnswered(&state, flagged)
                // Words typed where there is no field, or after a question, are in no field to go
                // back to: nothing says they are (found from outside: "Your words are still here" on
                // the intensity scale, with none shown).
                if case .typedAhead = s.reason {} else { state.notice = Self.wordsKept(state.screen) ?? state.notice }
            } else if case let .router(d) = s.reason, d.field == "all", let answers = state.checkIn?.flow.answers {
                // Found in the answers read together (an act under way): every answer is answered for,
                // or going on would read them together again and open support again (a trap).
                for answer in answers.freeText { App.markAnswered(&state, answer.text) }
                state.notice = Self.wordsKept(state.screen) ?? state.notice
            }
            return []
        default: break
        }
        state.modify(\.support) { $0 = s }
        return []
    }

    /// What the way back says when the words that opened support are still in their field.
    static func wordsKept(_ screen: ScreenID) -> String? {
        switch screen {
        case .note: return "Your note is still here: change it, or press Enter to keep it."
        case .journal: return "Your words are still here: Enter searches for them, Esc clears them. F2 opens support."
        case .safetyPlan: return "Your words are still here: change them, or press Enter to keep them. F2 opens support."
        case .library: return "Your words are still here: change them, or press Enter to go on. F2 opens support."
        case .checkIn, .beliefsPlan: return "Your words are still here: edit them, or press Enter to go on. F2 opens support."
        default: return nil
        }
    }

    static func tick(_ state: inout AppState) -> [Effect] {
        guard state.screen == .support, var s = state.support, var b = s.breathing else { return [] }
        b.elapsed += 1
        if b.finished {
            s.breathing = nil
            s.note = SupportText.afterBreathing(state.context.catalog.helplines.resources(for: s.region), finished: true)
        } else {
            s.breathing = b
        }
        state.modify(\.support) { $0 = s }
        return []
    }
}
