import AllinCore

/// Words typed where there is no field (home, the intensity scale, the recommendation, the player,
/// support, the journal's lists… every screen where no text box has the typing, and the questions
/// that open over a screen): there a letter is never a key. It starts words, every key after it is text, and leaving them (Enter, Esc, Tab, Ctrl-C)
/// reads them with the one crisis rule first. A key's letter (or its name, "quit") read clear on Enter
/// does what the key says: `q` then Enter quits. Found from outside: a sentence typed key by key acted
/// on its first letter ("please help me…" opened the safety plan at its `p`, "the rope…" the trace at
/// its `t`), and its rest landed wherever that led.
enum StrayWords {
    /// The field the crisis rule and support name for these words.
    static let field = "the words typed on this screen"
    static let limit = TextLimits.freeText

    /// Where letters start stray words: every screen where no text field has the typing (a check-in's
    /// lists take it into their filter), and the questions that open over any screen.
    static func starts(_ state: AppState) -> Bool {
        if let overlay = state.overlay { return asks(overlay) }
        // Every screen whose typing has no field to go into (found from outside: on the journal, the
        // 10-step plan, the safety plan's list, the lab and the breathing exercise, a sentence was
        // dropped or its letters acted as keys). A check-in's lists take typing into their filter.
        guard !state.hasFieldFocus else { return false }
        switch state.screen {
        case .checkIn: return state.checkIn?.flow.currentStep(in: state.context.vocabulary) == .intensity
        case .routing: return false
        default: return true
        }
    }

    /// A question (over a screen, or before leaving support or stopping a session): its letters are
    /// its answers, typed then Enter ("n" for no), even where Esc answers too.
    static func isQuestion(_ state: AppState) -> Bool {
        if let overlay = state.overlay { return asks(overlay) }
        return state.support?.confirmingLeave == true || (state.screen == .player && state.session?.player.confirmingStop == true)
    }

    /// The overlays that ask something (the help and the demo's "why" only show).
    private static func asks(_ overlay: Overlay) -> Bool {
        switch overlay {
        case .leave, .concern, .closest: return true
        case .help, .demoTrace: return false
        }
    }

    /// True where a letter is words, never a key: the screens above, and a check-in's short list (its
    /// typing goes into the list's filter, `CheckInUpdate.typed`).
    static func takesLetters(_ state: AppState) -> Bool {
        if starts(state) { return true }
        guard state.overlay == nil, state.screen == .checkIn, let c = state.checkIn, c.focus == .list else { return false }
        return c.flow.currentStep(in: state.context.vocabulary) != .intensity
    }

    /// A letter no key claimed: the words begin (spaces and signs alone never start them).
    /// `after`: digits pressed as keys just before, which begin the words.
    static func start(_ state: inout AppState, _ ch: Character, after digits: String = "") -> [Effect] {
        guard ch.isLetter else { return [] }
        var words = TextField(limit: limit)
        _ = words.insert(digits + String(ch))
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
        // Typed as the answer to "Are you safe right now?", words that might mean danger are not a
        // clear yes ("yes, just so tired of it all"): they answer "not sure", which opens support.
        // The same before leaving support: not a clear "yes, I'm safe", so support stays.
        if case .concern = verdict, state.overlay == .concern { return App.perform(&state, .concernNotSure, key: key) }
        if case .concern = verdict, state.support?.confirmingLeave == true { return App.perform(&state, .stay, key: key) }
        if App.supportForWordsInNoField(&state, verdict, field: field, text: text) { return [] }
        if let action { return App.perform(&state, action, key: key) }
        // Read clear on Enter, a key's letter or name does what that key says.
        if key == .enter, let (binding, named) = Bindings.named(text, in: state.bindings) {
            return App.perform(&state, binding.action, key: named)
        }
        // Esc asked for them to go; anything else is told why nothing happened.
        if key != .escape { state.notice = notUsed(state) }
        return []
    }

    /// Why words read clear did nothing: over a question, the letters that answer it; elsewhere, how
    /// a key is given ("?" answers the gentle question, so it is not offered there).
    static func notUsed(_ state: AppState) -> String {
        guard isQuestion(state) else {
            // On support the words were heard; nothing there needs typing (found from outside: the
            // same line as elsewhere read as cold there).
            if state.screen == .support {
                return "Thank you for writing it. The lines above are here when you want them."
            }
            return "Those words weren't used here. A key's letter, then Enter, does what it says (? lists them)."
        }
        var letters: [String] = []
        for binding in state.bindings {
            let chars = binding.keys.compactMap(\.character)
            if let ch = chars.first(where: \.isLetter) { letters.append(String(ch)) }
            else if chars.contains(where: \.isNumber) { letters.append(binding.label) }
        }
        let list = letters.count > 1 ? letters.dropLast().joined(separator: ", ") + " or " + letters[letters.count - 1]
            : letters.first ?? ""
        let words = letters.contains("y") && letters.contains("n") ? " (or yes, no)" : ""
        return "Not used here: answer \(list), then Enter\(words)."
    }

    /// The row that shows them, with the end of long words in view.
    /// Narrow, the keys' reminder goes before the words do (found from outside at 40×12: "You typed:
    /// · Enter reads them, Esc clears" showed none of them); the footer names Enter and Esc too.
    /// `does`: what Enter will do once the words are read clear, when they name a key ("quit").
    static func line(_ words: TextField, width: Int, does: String? = nil) -> String {
        let full = does.map { "  · Enter: \($0), Esc clears" } ?? "  · Enter reads them, Esc clears"
        let tail = width >= 60 ? full : does.map { " · Enter: \($0)" } ?? ""
        // The end is where the typing is; a start that does not fit is marked "…", never cut unseen.
        var shown = words.text
        var cut = false
        while TextWidth.of("You typed: " + (cut ? "…" : "") + shown + tail) > width, !shown.isEmpty {
            shown.removeFirst()
            cut = true
        }
        return "You typed: " + (cut ? "…" : "") + shown + tail
    }

    /// What Enter does with these words on this state's screen, when they name one of its keys.
    static func does(_ state: AppState) -> String? {
        guard let words = state.stray else { return nil }
        var under = state
        under.stray = nil
        return Bindings.named(words.text, in: under.bindings)?.binding.short
    }
}
