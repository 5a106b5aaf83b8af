import AllinCore

/// Words typed where there is no field (home, the intensity scale, the recommendation, the mood
/// scales): a letter no key claims starts them, every key after it is text, and leaving
/// them (Enter, Esc, Tab, Ctrl-C) reads them with the one crisis rule first (found from outside: "i
/// wanna die" typed on a screen of keys reached nothing, and its letters acted as keys).
enum StrayWords {
    /// The field the crisis rule and support name for these words.
    static let field = "the words typed on this screen"
    static let limit = TextLimits.freeText

    /// The screens whose unclaimed letters start stray words (the rest have fields of their own, or
    /// are crisis support, whose typing searches countries).
    static func starts(_ state: AppState) -> Bool {
        switch state.screen {
        // Not the player: its single keys are pressed by habit while listening (s, p), never words.
        case .home, .recommendation, .trace, .moodBefore, .moodAfter, .done: return true
        case .checkIn: return state.checkIn?.flow.currentStep(in: state.context.vocabulary) == .intensity
        default: return false
        }
    }

    /// A letter no key claimed: the words begin (spaces and signs alone never start them).
    static func start(_ state: inout AppState, _ ch: Character) -> [Effect] {
        guard ch.isLetter else { return [] }
        var words = TextField(limit: limit)
        _ = words.insert(String(ch))
        state.stray = words
        return []
    }

    /// A paste where there is no field: read at once.
    static func pasted(_ state: inout AppState, _ text: String) -> [Effect] {
        var words = state.stray ?? TextField(limit: limit)
        _ = words.insertReporting(TextField.clean(text))
        state.stray = words
        return read(&state, then: nil, key: .enter, keepIfClear: true)
    }

    /// Every key while the words are open.
    static func key(_ state: inout AppState, _ key: Key) -> [Effect] {
        guard var words = state.stray else { return [] }
        switch key {
        case .enter, .escape, .tab:
            return read(&state, then: nil, key: key)
        case .ctrl("c"):
            return read(&state, then: .quit, key: key)
        case .function(2), .ctrl("g"):
            state.stray = nil
            App.openSupport(&state, reason: .asked)
            return []
        case .backspace:
            _ = words.apply(.backspace)
            state.stray = words.text.isEmpty ? nil : words
        case .ctrl("w"):
            _ = words.apply(.deleteWordBack)
            state.stray = words.text.isEmpty ? nil : words
        default:
            guard let ch = key.character else { return [] }
            _ = words.insertReporting(String(ch))
            state.stray = words
        }
        return []
    }

    /// The words through the crisis rule: support for a clear statement, a plea for help or words that
    /// might mean danger (there is no question in place here); otherwise they go, and a notice says
    /// they were not used. `then` runs after clear words (Ctrl-C quits).
    static func read(_ state: inout AppState, then action: Action?, key: Key, keepIfClear: Bool = false) -> [Effect] {
        guard let words = state.stray else { return [] }
        // Unreachable while the detectors load (`App.worksBeforeDetectors`); were it reached, the words stay.
        guard let check = state.context.gates?.check else { return [] }
        let text = words.checkedText
        let verdict = check.check(field: field, text: text).verdict
        if verdict == .clear, keepIfClear { return [] }
        state.stray = nil
        if App.supportForWordsInNoField(&state, verdict, field: field, text: text) { return [] }
        if let action { return App.perform(&state, action, key: key) }
        // Esc asked for them to go; anything else is told why nothing happened.
        if key != .escape { state.notice = "Those words weren't used: this screen takes keys (? lists them), not typing." }
        return []
    }

    /// The row that shows them, with the end of long words in view.
    /// Narrow, the keys' reminder goes before the words do (found from outside at 40×12: "You typed:
    /// · Enter reads them, Esc clears" showed none of them); the footer names Enter and Esc too.
    static func line(_ words: TextField, width: Int) -> String {
        let full = "  · Enter reads them, Esc clears"
        let tail = width >= 60 ? full : ""
        var shown = words.text
        while TextWidth.of("You typed: " + shown + tail) > width, !shown.isEmpty { shown.removeFirst() }
        return "You typed: " + shown + tail
    }
}
