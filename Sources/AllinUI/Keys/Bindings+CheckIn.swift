import AllinCore

/// The check-in's tables: chip lists (filtering or numbered), the slider, and the text editor.
extension Bindings {
    static let back = KeyBinding([.escape, .backTab], "Esc", "back",
                                 help: "back one step; answers are kept", action: .back)

    /// `q` where it is no letter being typed: quitting a check-in under way asks first (`LeaveUpdate`).
    static let quitAsking = KeyBinding([.char("q")], "q", "quit", help: "quit (asks first: the check-in isn't finished)",
                                       action: .quit, footer: false)

    static func checkIn(_ c: CheckInState, _ context: AppContext) -> [KeyBinding] {
        let step = c.flow.currentStep(in: context.vocabulary)
        let answered = StepModel.answered(step, c.flow.answers, context.vocabulary)
        if c.focus == .text { return editor(step: step, skipping: StepModel.skippable(step) && !answered) }
        if step == .intensity { return intensity }
        let list = c.lists[step] ?? ChipList()
        var table: [KeyBinding] = []
        // On a list typed into, every letter is text (j and k too): only the arrows move.
        let letters = StepModel.filterable(step) || list.filtering
        table.append(KeyBinding(letters ? [.up] : [.up, .char("k")], letters ? "↑" : "↑/k", "move",
                                help: "move up", action: .up, footer: false))
        table.append(KeyBinding(letters ? [.down] : [.down, .char("j")], letters ? "↑↓" : "↑↓/jk",
                                "move", help: "move down", action: .down))
        table.append(KeyBinding([.pageUp], "PgUp", "page up", action: .pageUp, footer: false))
        table.append(KeyBinding([.pageDown], "PgDn", "page down", action: .pageDown, footer: false))
        if list.filtering {
            // In a filter, Enter and Tab both take the highlighted row: a chip, or "use my own words".
            table.append(KeyBinding([.enter, .tab], "Enter", "choose", help: "choose the highlighted one", action: .choose))
        } else {
            table.append(KeyBinding([.enter], "Enter", "choose", action: .choose))
            if step == .situation {
                table.append(KeyBinding([.char(" ")], "Space", "toggle", help: "choose or clear the highlighted chip",
                                        action: .toggle, footer: false))
                table.append(KeyBinding([.tab], "Tab", "write", help: "write about it in your own words",
                                        action: .switchFocus))
            }
            if StepModel.hasOwnWords(step) {
                table.append(KeyBinding([.tab], "Tab", "own words", help: "use your own words instead", action: .ownWords))
            }
        }
        if StepModel.skippable(step) {
            table.append(KeyBinding([.right], "→", answered ? "next" : "skip",
                                    help: answered ? "next step (keeps the current answer)" : "skip this question",
                                    action: .next, essential: true))
        } else {
            table.append(KeyBinding([.right], "→", "next", help: "next step (keeps the current answer)", action: .next,
                                    footer: false))
        }
        table.append(KeyBinding([.left], "←", "back", help: "back one step", action: .back, footer: false))
        if StepModel.filterable(step) {
            if list.filtering {
                table.append(KeyBinding([.backspace], "Backspace", "edit filter", action: .filterBackspace, footer: false))
                table.append(KeyBinding([.escape], "Esc", "clear filter", action: .clearFilter))
                table.append(KeyBinding([.backTab], "Shift-Tab", "back", help: "back one step; answers are kept",
                                        action: .back, footer: false))
            } else {
                table.append(KeyBinding([.char("/")], "/", "filter", help: "filter the list by what you type",
                                        action: .startFilter, footer: false))
                table.append(back)
            }
            table.append(.note("letters", "type to filter the list"))
        } else if list.filtering {
            // Typing on a short list: every key but these is text, read by the crisis rule on the way out.
            table.append(KeyBinding([.backspace], "Backspace", "edit", action: .filterBackspace, footer: false))
            table.append(KeyBinding([.escape], "Esc", "clear", help: "clear what you typed", action: .clearFilter))
            table.append(KeyBinding([.backTab], "Shift-Tab", "back", help: "back one step; answers are kept",
                                    action: .back, footer: false))
        } else {
            let count = context.items(step).count
            let digits = (1...min(9, max(1, count))).map { Key.char(Character(String($0))) }
            table.append(KeyBinding(digits, "1-\(min(9, count))", "pick", help: "pick by number", action: .pickNumber,
                                    footer: false))
            if step == .consent {
                table.append(KeyBinding([.char("y"), .char("n")], "y/n", "yes/no", help: "answer yes or no",
                                        action: .pickByKey, footer: false))
            }
            table.append(back)
            table.append(quitAsking)
        }
        return table
    }

    static let intensity: [KeyBinding] = [
        // No letters move the scale (as on the mood scales): a word typed here is words.
        KeyBinding([.left], "←→", "strength", help: "lower", action: .lower),
        KeyBinding([.right], "→", "higher", help: "higher", action: .higher, footer: false),
        KeyBinding((0...9).map { Key.char(Character(String($0))) }, "1-9,0", "set", help: "set 1 to 9; 0 is 10",
                   action: .setIntensity, footer: false),
        KeyBinding([.up, .char("k")], "↑/k", "body", help: "move up the body list", action: .up, footer: false),
        KeyBinding([.down, .char("j")], "↑↓", "body", help: "move down the body list", action: .down),
        KeyBinding([.char(" ")], "Space", "mark", help: "mark or unmark where you feel it (several allowed)",
                   action: .toggle),
        KeyBinding([.enter], "Enter", "next", action: .next),
        back,
        quitAsking,
    ]

    /// The own-words and writing editor. `skipping`: the step is optional and still unanswered, so
    /// Enter on the empty field skips it, and says so.
    static func editor(step: Step, skipping: Bool = false) -> [KeyBinding] {
        let moves = StepModel.textOnly(step) || step == .situation
        var table: [KeyBinding] = [
            KeyBinding([.enter], "Enter", moves ? (skipping ? "skip" : "next") : "use",
                       help: moves ? (skipping ? "skip this question" : "next step") : "use these words",
                       action: .next),
        ]
        if step == .situation {
            table.append(KeyBinding([.tab], "Tab", "chips", help: "back to the chips", action: .switchFocus))
        }
        if StepModel.hasOwnWords(step) {
            table.append(KeyBinding([.escape], "Esc", "list", help: "back to the list (your words are kept)",
                                    action: .closeOwnWords))
            table.append(KeyBinding([.backTab], "Shift-Tab", "back", help: "back one step; answers are kept",
                                    action: .back, footer: false))
        } else {
            table.append(back)
        }
        table += editing
        return table
    }

    static let editing: [KeyBinding] = [
        KeyBinding([.left, .ctrl("b")], "←→", "cursor", help: "move the cursor", action: .edit(.left), footer: false),
        KeyBinding([.right, .ctrl("f")], "→", "right", help: "move right", action: .edit(.right), footer: false),
        KeyBinding([.home, .ctrl("a")], "Home", "start", help: "to the start", action: .edit(.home),
                   footer: false),
        KeyBinding([.end, .ctrl("e")], "End", "end", help: "to the end", action: .edit(.end), footer: false),
        KeyBinding([.backspace], "Backspace", "delete", help: "delete before the cursor", action: .edit(.backspace),
                   footer: false),
        KeyBinding([.delete, .ctrl("d")], "Delete", "delete", help: "delete under the cursor",
                   action: .edit(.delete), footer: false),
        KeyBinding([.ctrl("w")], "Ctrl-W", "delete word", help: "delete the word before the cursor",
                   action: .edit(.deleteWordBack), footer: false),
        KeyBinding([.ctrl("u")], "Ctrl-U", "delete to start", help: "delete to the start",
                   action: .edit(.deleteToStart), footer: false),
        KeyBinding([.ctrl("k")], "Ctrl-K", "delete to end", help: "delete to the end", action: .edit(.deleteToEnd),
                   footer: false),
        .note("paste", "pasting works; in a terminal that marks pastes, line breaks become spaces (otherwise a line break is Enter, and the lines after it are read for safety but not typed)"),
    ]
}
