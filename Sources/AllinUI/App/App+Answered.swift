extension App {
    /// The person answered for `words` ("yes, I'm safe" to the gentle question, or "yes, go back" from
    /// the support they opened): the field on screen does not ask about them again, and changed words
    /// ask again. When `words` are a field's text with what its limit refused (`TextField.checkedText`),
    /// the text it holds is answered for too: later checks (the step machine's gates, a plan's answers
    /// read together) read only what the field kept.
    static func markAnswered(_ state: inout AppState, _ words: String) {
        func answer(_ set: inout Set<String>, _ field: TextField?) {
            set.insert(words)
            if let field, field.checkedText == words { set.insert(field.text) }
        }
        switch state.screen {
        case .checkIn:
            state.modify(\.checkIn) { answer(&$0.answered, $0.editor) }
        case .note:
            state.modify(\.session) { answer(&$0.noteAnswered, $0.note) }
        case .safetyPlan:
            state.modify(\.plan) { answer(&$0.answered, $0.editing) }
        case .beliefsPlan:
            let field = state.beliefs.intake?.field
            if state.beliefs.intake != nil { answer(&state.beliefs.intake!.answered, field) }
        case .library:
            let query = state.library.query
            answer(&state.library.answered, query)
        case .journal:
            state.modify(\.journal) { answer(&$0.answered, $0.search) }
        case .lab:
            let editor = state.lab.editor
            answer(&state.lab.answered, editor)
        default:
            break
        }
    }
}
