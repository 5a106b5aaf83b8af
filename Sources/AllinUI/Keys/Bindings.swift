import AllinCore

/// The key tables of every screen. `update` dispatches through them, and the footer and the `?` help
/// are drawn from them, so the three can never disagree.
extension AppState {
    public var bindings: [KeyBinding] {
        switch overlay {
        case .help: return Bindings.helpOverlay
        case .concern: return Bindings.concern + Bindings.global(help: true)
        case nil: break
        }
        return keyTable
    }

    /// The key table of the screen itself, ignoring overlays (what the `?` help lists).
    public var keyTable: [KeyBinding] { screenBindings + Bindings.global(help: !hasTextFocus) }

    /// True when typing goes into a text field (so `?` and letters are text, not commands).
    public var hasTextFocus: Bool {
        switch screen {
        case .checkIn: return checkIn?.focus == .text
        case .lab: return lab.field.isText
        default: return false
        }
    }

    private var screenBindings: [KeyBinding] {
        switch screen {
        case .home: return Bindings.home(self)
        case .checkIn: return checkIn.map { Bindings.checkIn($0, context) } ?? []
        case .routing: return []
        case .recommendation: return Bindings.recommendation
        case .trace: return Bindings.trace
        case .sessionChosen: return Bindings.sessionChosen
        case .support: return support.map(Bindings.support) ?? []
        case .lab: return Bindings.lab(field: lab.field)
        }
    }
}

/// The tables themselves.
enum Bindings {
    static let supportKey = KeyBinding([.function(2), .ctrl("g")], "F2", "support",
                                       help: "crisis support: lines to call or text (also Ctrl-G)", action: .openSupport)

    static func global(help: Bool) -> [KeyBinding] {
        var list: [KeyBinding] = []
        if help {
            list.append(KeyBinding([.char("?"), .function(1)], "?", "keys", help: "show the keys of this screen (also F1)",
                                   action: .openHelp))
        } else {
            list.append(KeyBinding([.function(1)], "F1", "keys", help: "show the keys of this screen", action: .openHelp))
        }
        list.append(supportKey)
        list.append(KeyBinding([.ctrl("c")], "Ctrl-C", "quit", help: "quit allin", action: .quit, footer: false))
        list.append(KeyBinding([.ctrl("z")], "Ctrl-Z", "suspend", help: "suspend (type fg to come back)",
                               action: .suspend, footer: false))
        return list
    }

    static func home(_ state: AppState) -> [KeyBinding] {
        [
            KeyBinding([.up, .char("k")], "↑/k", "move", help: "move up", action: .up, footer: false),
            KeyBinding([.down, .char("j")], "↓/j", "move", help: "move down", action: .down),
            KeyBinding([.enter], "Enter", "choose", action: .choose),
            KeyBinding([.char("c")], "c", state.checkIn == nil ? "check in" : "continue",
                       help: state.checkIn == nil ? "start a check-in" : "continue your check-in", action: .pickByKey),
            KeyBinding([.char("n")], "n", "new", help: "start a new check-in", action: .pickByKey, footer: false),
            KeyBinding([.char("l")], "l", "lab", help: "open the routing lab", action: .pickByKey),
            KeyBinding([.char("s")], "s", "support", help: "crisis support", action: .pickByKey, footer: false),
            KeyBinding([.char("q")], "q", "quit", action: .quit),
        ]
    }

    static let back = KeyBinding([.escape, .backTab], "Esc", "back",
                                 help: "back one step; answers are kept (also Shift-Tab)", action: .back)

    static func checkIn(_ c: CheckInState, _ context: AppContext) -> [KeyBinding] {
        let step = c.flow.currentStep(in: context.vocabulary)
        if c.focus == .text { return editor(step: step) }
        if step == .intensity { return intensity }
        let list = c.lists[step] ?? ChipList()
        var table: [KeyBinding] = []
        table.append(KeyBinding(list.filtering ? [.up] : [.up, .char("k")], list.filtering ? "↑" : "↑/k", "move",
                                help: "move up", action: .up, footer: false))
        table.append(KeyBinding(list.filtering ? [.down] : [.down, .char("j")], list.filtering ? "↑↓" : "↑↓/jk",
                                "move", help: "move down", action: .down))
        table.append(KeyBinding([.pageUp], "PgUp", "page up", action: .pageUp, footer: false))
        table.append(KeyBinding([.pageDown], "PgDn", "page down", action: .pageDown, footer: false))
        table.append(KeyBinding([.enter], "Enter", "choose", action: .choose))
        if step == .situation, !list.filtering {
            table.append(KeyBinding([.char(" ")], "Space", "toggle", help: "choose or clear the highlighted chip",
                                    action: .toggle, footer: false))
            table.append(KeyBinding([.tab], "Tab", "write", help: "write about it in your own words", action: .switchFocus))
        }
        if StepModel.hasOwnWords(step) {
            table.append(KeyBinding([.tab], "Tab", "own words", help: "use your own words instead", action: .ownWords))
        }
        table.append(KeyBinding([.right], "→", "next", help: "next step (keeps the current answer)", action: .next,
                                footer: false))
        table.append(KeyBinding([.left], "←", "back", help: "back one step", action: .back, footer: false))
        if StepModel.filterable(step) {
            if list.filtering {
                table.append(KeyBinding([.backspace], "Backspace", "edit filter", action: .filterBackspace, footer: false))
                table.append(KeyBinding([.escape], "Esc", "clear filter", action: .clearFilter))
                table.append(KeyBinding([.backTab], "Shift-Tab", "back", help: "back one step; answers are kept",
                                        action: .back, footer: false))
            } else {
                table.append(KeyBinding([.char("/")], "/", "filter", help: "filter (then j and k type too)",
                                        action: .startFilter, footer: false))
                table.append(back)
            }
            table.append(.note("letters", "type to filter the list"))
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
        }
        return table
    }

    static let intensity: [KeyBinding] = [
        KeyBinding([.left, .char("h")], "←→", "strength", help: "lower (← or h)", action: .lower),
        KeyBinding([.right, .char("l")], "→/l", "higher", help: "higher (→ or l)", action: .higher, footer: false),
        KeyBinding((0...9).map { Key.char(Character(String($0))) }, "1-9,0", "set", help: "set 1 to 9; 0 is 10",
                   action: .setIntensity, footer: false),
        KeyBinding([.up, .char("k")], "↑/k", "body", help: "move up the body list", action: .up, footer: false),
        KeyBinding([.down, .char("j")], "↑↓", "body", help: "move down the body list", action: .down),
        KeyBinding([.char(" ")], "Space", "mark", help: "mark or unmark where you feel it (several allowed)",
                   action: .toggle),
        KeyBinding([.enter], "Enter", "next", action: .next),
        back,
    ]

    static func editor(step: Step) -> [KeyBinding] {
        var table: [KeyBinding] = [
            KeyBinding([.enter], "Enter", StepModel.textOnly(step) || step == .situation ? "next" : "use",
                       help: StepModel.textOnly(step) || step == .situation ? "next step" : "use these words",
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
        KeyBinding([.home, .ctrl("a")], "Home", "start", help: "to the start (also Ctrl-A)", action: .edit(.home),
                   footer: false),
        KeyBinding([.end, .ctrl("e")], "End", "end", help: "to the end (also Ctrl-E)", action: .edit(.end), footer: false),
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
        .note("paste", "pasting works; line breaks become spaces"),
    ]

    static let recommendation: [KeyBinding] = [
        KeyBinding([.enter], "Enter", "start", help: "start this session", action: .startSession),
        KeyBinding([.char("t")], "t", "full trace", help: "show every gate of the routing decision", action: .showTrace),
        KeyBinding([.char("e"), .escape], "e", "edit", help: "go back and change your answers (also Esc)",
                   action: .editAnswers),
        KeyBinding([.char("h")], "h", "home", help: "back to the start", action: .goHome),
    ]

    static let trace: [KeyBinding] = [
        KeyBinding([.up, .char("k")], "↑↓", "scroll", help: "scroll up", action: .up),
        KeyBinding([.down, .char("j")], "↓/j", "down", help: "scroll down", action: .down, footer: false),
        KeyBinding([.pageUp], "PgUp", "page up", action: .pageUp, footer: false),
        KeyBinding([.pageDown], "PgDn", "page down", action: .pageDown, footer: false),
        KeyBinding([.escape, .char("t")], "Esc", "close", help: "back to the recommendation (also t)",
                   action: .closeTrace),
    ]

    static let sessionChosen: [KeyBinding] = [
        KeyBinding([.enter, .char("h")], "Enter", "home", help: "back to the start (also h)", action: .goHome),
        KeyBinding([.char("q")], "q", "quit", action: .quit),
    ]

    static func support(_ s: SupportState) -> [KeyBinding] {
        if s.breathing != nil {
            return [KeyBinding([.escape, .enter, .char(" ")], "Esc", "stop", help: "stop the exercise and see the lines",
                               action: .stopBreathing)]
        }
        if s.confirmingLeave {
            return [
                KeyBinding([.char("y")], "y", "yes, go back", help: "yes, I'm safe for now: go back", action: .confirmLeave),
                KeyBinding([.char("n"), .escape], "n", "stay", help: "no or not sure: stay here (also Esc)", action: .stay),
                KeyBinding([.char("g")], "g", "breathe", help: "breathe together for a minute", action: .breathe),
            ]
        }
        return [
            KeyBinding([.char("g")], "g", "breathe", help: "a one-minute breathing exercise", action: .breathe),
            KeyBinding([.char("r")], "r", "region", help: "show the lines of the next region", action: .nextRegion),
            KeyBinding([.char("R")], "R", "previous region", help: "show the lines of the previous region",
                       action: .previousRegion, footer: false),
            KeyBinding([.up, .char("k")], "↑↓", "scroll", help: "scroll up", action: .up),
            KeyBinding([.down, .char("j")], "↓/j", "down", help: "scroll down", action: .down, footer: false),
            KeyBinding([.escape, .char("b")], "Esc", "back", help: "leave support (asks first)", action: .leaveSupport),
        ]
    }

    static let concern: [KeyBinding] = [
        KeyBinding([.char("y")], "y", "yes", help: "yes: show support now", action: .concernYes),
        KeyBinding([.char("n")], "n", "no", help: "no: go on", action: .concernNo),
        KeyBinding([.escape], "Esc", "not now", help: "not now: go on", action: .concernNotNow),
    ]

    static func lab(field: LabField) -> [KeyBinding] {
        var table: [KeyBinding] = [
            KeyBinding([.up, .backTab], "↑↓", "field", help: "previous field (also Shift-Tab)", action: .fieldUp),
            KeyBinding([.down, .tab, .enter], "↓", "next field", help: "next field (also Tab, Enter)",
                       action: .fieldDown, footer: false),
        ]
        if field.isText {
            table += editing
        } else {
            table.append(KeyBinding([.left], "←→", "change", help: "previous value", action: .valueLeft))
            table.append(KeyBinding([.right], "→", "next value", help: "next value", action: .valueRight, footer: false))
            if field == .intensity {
                table.append(KeyBinding((0...9).map { Key.char(Character(String($0))) }, "1-9,0", "set",
                                        help: "set the intensity; 0 is 10", action: .setIntensity, footer: false))
            }
        }
        table.append(KeyBinding([.pageUp], "PgUp", "scroll", help: "scroll the result up", action: .pageUp, footer: false))
        table.append(KeyBinding([.pageDown], "PgDn", "scroll", help: "scroll the result down", action: .pageDown,
                                footer: false))
        table.append(KeyBinding([.ctrl("r")], "Ctrl-R", "reset", help: "clear the form", action: .resetLab, footer: false))
        table.append(KeyBinding([.escape], "Esc", "home", help: "back to the start", action: .goHome))
        if field.isText { table.append(.note("typing", "edits the highlighted text field; routed on every edit")) }
        return table
    }

    static let helpOverlay: [KeyBinding] = [
        KeyBinding([.escape, .char("?"), .function(1), .enter, .char("q")], "Esc", "close", action: .closeHelp),
        KeyBinding([.up, .char("k")], "↑↓", "scroll", action: .up, footer: false),
        KeyBinding([.down, .char("j")], "↓", "scroll", action: .down, footer: false),
        supportKey,
    ]
}
