import AllinCore

/// The key tables of every screen. `update` dispatches through them, and the footer and the `?` help
/// are drawn from them, so the three can never disagree.
extension AppState {
    public var bindings: [KeyBinding] { lettered(table(model.overlay)) }

    /// What the `?` help lists: the keys of the question it covers, else of the screen.
    public var helpTable: [KeyBinding] {
        if case let .help(under?) = model.overlay {
            var beneath = self
            beneath.overlay = under
            return beneath.bindings
        }
        return keyTable
    }

    /// Where letters are words (`StrayWords.takesLetters`), a key's letter is typed, then Enter. On a
    /// screen, a letter that only repeats another key (k for ↑, e for Esc, h for Enter) is dropped and
    /// the other key shown; a letter that is the only way to a command is shown as "q⏎". A question's
    /// letters stay as its answers ("y⏎", "n⏎"). `?` says how.
    private func lettered(_ table: [KeyBinding]) -> [KeyBinding] {
        guard model.stray == nil, StrayWords.takesLetters(self) else { return table }
        let isLetter: (Key) -> Bool = { $0.character?.isLetter == true }
        let shown = table.map { binding -> KeyBinding in
            var b = binding
            guard !b.isNote, b.keys.contains(where: isLetter) else { return b }
            let parts = b.label.split(separator: "/").map(String.init)
            let spelled: (String) -> Bool = { $0.count <= 2 && $0.allSatisfy(\.isLetter) }
            if !StrayWords.isQuestion(self), let other = b.keys.first(where: { $0.character == nil }) {
                b.keys.removeAll(where: isLetter)
                let kept = parts.filter { !spelled($0) }
                b.label = kept.isEmpty ? other.label : kept.joined(separator: "/")
            } else {
                b.typed = true
                b.label = parts.map { spelled($0) ? $0 + "⏎" : $0 }.joined(separator: "/")
            }
            return b
        }
        // A list's own "letters" row (its filter) says where they go already.
        if table.contains(where: { $0.isNote && $0.label == "letters" }) { return shown }
        return shown + [.note("letters", "are words: Enter reads them. A key's letter then Enter does what it says")]
    }

    private func table(_ overlay: Overlay?) -> [KeyBinding] {
        switch overlay {
        case .help: return Bindings.helpOverlay
        case .demoTrace: return Bindings.demoTraceOverlay
        // `?` answers the gentle question ("not sure"), so only F1 is offered for the keys there.
        case .concern: return Bindings.concern + Bindings.global(help: false)
        case .leave: return Bindings.leave + Bindings.global(help: true)
        case let .closest(ids): return Bindings.closest(count: ids.count) + Bindings.global(help: true)
        case nil: return keyTable
        }
    }

    /// The key table of the screen itself, ignoring overlays (what the `?` help lists).
    public var keyTable: [KeyBinding] {
        if model.stray != nil { return Bindings.strayWords + Bindings.global(help: false) }
        var beneath = self
        beneath.overlay = nil
        return beneath.lettered(screenBindings + (context.demo ? [Bindings.demoTraceKey] : [])
            + Bindings.global(help: !hasTextFocus))
    }

    /// True when typing goes into a text field (so `?` and letters are text, not commands), or into
    /// words typed where there is no field (`StrayWords`).
    public var hasTextFocus: Bool { model.stray != nil || hasFieldFocus }

    /// True when a text field of the screen has the typing.
    public var hasFieldFocus: Bool {
        switch model.screen {
        case .checkIn: return model.checkIn?.focus == .text
        case .lab: return model.lab.field.isText
        case .journal: return model.journal?.searching == true && model.journal?.detail == nil
        case .note: return true
        case .safetyPlan: return model.plan?.editing != nil
        case .support: return model.support?.picker != nil
        case .beliefsPlan:
            if case .answer? = model.beliefs.intake?.phase { return true }
            return false
        case .library: return true
        default: return false
        }
    }

    private var screenBindings: [KeyBinding] {
        switch model.screen {
        case .home: return Bindings.home(self)
        case .checkIn: return model.checkIn.map { Bindings.checkIn($0, context) } ?? []
        case .routing: return []
        case .recommendation: return Bindings.recommendation
        // Over a check-in whose session has not begun, q quits (asking first); over the player it doesn't.
        case .trace: return Bindings.trace + (model.session?.begun == true ? [] : [Bindings.quitAsking])
        case .moodBefore: return Bindings.mood(before: true)
        case .moodAfter: return Bindings.mood(before: false)
        case .player: return model.session.map { Bindings.player($0.player) } ?? []
        case .note: return Bindings.note
        case .done:
            if model.doneWithCare { return Bindings.doneWorse }
            return model.session?.planStep == nil ? Bindings.done : Bindings.donePlanStep
        case .support: return model.support.map { Bindings.support($0, helplines: context.catalog.helplines) } ?? []
        case .lab: return Bindings.lab(field: model.lab.field)
        case .journal: return Bindings.journal(model.journal)
        case .safetyPlan: return Bindings.safetyPlan(writing: model.plan?.editing != nil)
        case .demo: return Bindings.demo
        case .beliefsPlan: return Bindings.beliefs(model.beliefs)
        case .library: return Bindings.library
        }
    }
}

/// The tables themselves.
enum Bindings {
    /// Typed whole, these answer a question as its y or n key does (read by the crisis rule first).
    static let yes = ["yes", "yeah", "yep", "yup", "ya"]
    static let no = ["no", "nope", "nah"]
    static let notSure = ["not sure", "unsure", "maybe", "i don't know", "i dont know", "dunno", "idk"]

    /// While words typed where there is no field are open (`StrayWords` takes the keys first).
    static let strayWords: [KeyBinding] = [
        KeyBinding([.enter], "Enter", "read", help: "read what you typed (it is not kept)", action: .next),
        KeyBinding([.escape], "Esc", "clear", help: "clear what you typed", action: .back),
    ]

    static let supportKey = KeyBinding([.function(2), .ctrl("g")], "F2", "support",
                                       help: "crisis support: lines to call or text", action: .openSupport)

    static func global(help: Bool) -> [KeyBinding] {
        var list: [KeyBinding] = []
        if help {
            list.append(KeyBinding([.char("?"), .function(1)], "?", "keys", help: "show the keys of this screen",
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
            KeyBinding([.char("J")], "J", "journal", help: "open your journal",
                       action: .pickByKey, footer: false),
            KeyBinding([.char("l")], "l", "lab", help: "open the routing lab", action: .pickByKey),
            KeyBinding([.char("s")], "s", "support", help: "crisis support", action: .pickByKey, footer: false),
            KeyBinding([.char("p")], "p", "safety plan", help: "write or read your safety plan", action: .pickByKey,
                       footer: false),
            KeyBinding([.char("b")], "b", "10-step plan", help: "a ten-step plan over three parts of your life",
                       action: .pickByKey, footer: false),
            KeyBinding([.char("a")], "a", "audio library", help: "every session: browse, search and play any of them",
                       action: .pickByKey, footer: false),
        ] + (state.context.demo && !state.context.demoScenarios.isEmpty ? [
            KeyBinding([.char("d")], "d", "scripted", help: "scripted check-ins, one for each way a check-in can go",
                       action: .pickByKey),
        ] : []) + [
            KeyBinding([.char("q")], "q", "quit", action: .quit),
        ]
    }

    static let recommendation: [KeyBinding] = [
        KeyBinding([.enter], "Enter", "start", help: "start this session", action: .startSession),
        KeyBinding([.char("t")], "t", "full trace", help: "show every gate of the routing decision", action: .showTrace),
        KeyBinding([.char("e"), .escape], "e", "edit", help: "go back and change your answers",
                   action: .editAnswers),
        KeyBinding([.char("h")], "h", "home", help: "back to the start (asks first; the check-in is kept in your journal)",
                   action: .goHome),
        quitAsking,
    ]

    static let trace: [KeyBinding] = [
        KeyBinding([.up, .char("k")], "↑↓", "scroll", help: "scroll up", action: .up),
        KeyBinding([.down, .char("j")], "↓/j", "down", help: "scroll down", action: .down, footer: false),
        KeyBinding([.pageUp], "PgUp", "page up", action: .pageUp, footer: false),
        KeyBinding([.pageDown], "PgDn", "page down", action: .pageDown, footer: false),
        KeyBinding([.escape, .char("t")], "Esc", "close", help: "close the trace",
                   action: .closeTrace),
    ]

    static func support(_ s: SupportState, helplines: HelplineDirectory) -> [KeyBinding] {
        if s.breathing != nil {
            return [KeyBinding([.escape, .enter, .char(" ")], "Esc", "stop", help: "stop the exercise and see the lines",
                               action: .stopBreathing)]
        }
        if s.confirmingLeave {
            return [
                KeyBinding([.char("y")], "y", "yes, go back", help: "yes, I'm safe for now: go back", action: .confirmLeave,
                           names: Bindings.yes + ["safe", "i'm safe", "im safe", "i am safe", "go back"]),
                KeyBinding([.char("n"), .escape], "n", "stay", help: "no or not sure: stay here", action: .stay,
                           names: Bindings.no + Bindings.notSure + ["not really", "not safe"]),
                KeyBinding([.char("g")], "g", "breathe", help: "breathe together for a minute", action: .breathe),
            ]
        }
        if let picker = s.picker {
            let shows = picker.enterShows(helplines)
            return [
                KeyBinding([.up], "↑↓", "move", help: "the country above", action: .up),
                KeyBinding([.down], "↓", "down", help: "the country below", action: .down, footer: false),
                KeyBinding([.pageUp], "PgUp", "page up", action: .pageUp, footer: false),
                KeyBinding([.pageDown], "PgDn", "page down", action: .pageDown, footer: false),
                KeyBinding([.enter], "Enter", shows.footer, help: shows.help, action: .choose),
                KeyBinding([.escape], "Esc", "cancel", help: "close the list (the lines stay as they were)",
                           action: .back),
            ] + editing
        }
        return [
            KeyBinding([.char("g")], "g", "breathe", help: "a short breathing exercise: three slow rounds, under a minute", action: .breathe),
            KeyBinding([.char("r")], "r", "country", help: "choose another country from a list you can search",
                       action: .chooseRegion),
            KeyBinding([.up, .char("k")], "↑↓", "scroll", help: "scroll up", action: .up, essential: true),
            KeyBinding([.down, .char("j")], "↓/j", "down", help: "scroll down", action: .down, footer: false),
            KeyBinding([.pageUp], "PgUp", "page up", action: .pageUp, footer: false),
            KeyBinding([.pageDown], "PgDn", "page down", action: .pageDown, footer: false),
            KeyBinding([.char("p")], "p", "your plan", help: "write or read your safety plan", action: .openPlan,
                       footer: false),
            KeyBinding([.escape, .char("b")], "Esc", "back", help: "leave support (asks first)", action: .leaveSupport,
                       essential: true),
        ]
    }

    static let demo: [KeyBinding] = [
        KeyBinding([.up, .char("k")], "↑↓", "move", help: "the scenario above", action: .up),
        KeyBinding([.down, .char("j")], "↓/j", "down", help: "the scenario below", action: .down, footer: false),
        KeyBinding([.enter], "Enter", "try it", help: "start this check-in with its answers filled in", action: .choose),
        KeyBinding([.escape, .char("h")], "Esc", "back", help: "back to the start", action: .back),
    ]

    static let library: [KeyBinding] = [
        KeyBinding([.up], "↑↓", "move", help: "the session above", action: .up),
        KeyBinding([.down], "↓", "down", help: "the session below", action: .down, footer: false),
        KeyBinding([.pageUp], "PgUp", "page up", action: .pageUp, footer: false),
        KeyBinding([.pageDown], "PgDn", "page down", action: .pageDown, footer: false),
        KeyBinding([.enter], "Enter", "play", help: "play this session (mood before and after, a note)", action: .choose,
                   essential: true),
        KeyBinding([.escape], "Esc", "back", help: "clear the search, or go back", action: .back),
        KeyBinding([.tab, .function(4)], "Tab", "★ favourite", help: "mark this session as a favourite, or take the mark away",
                   action: .toggle),
    ] + editing

    static func beliefs(_ b: BeliefsState?) -> [KeyBinding] {
        let back = KeyBinding([.escape], "Esc", "back", help: "go back", action: .back)
        guard let intake = b?.intake else {
            let hasNext = b?.plan?.next != nil
            return [
                KeyBinding([.enter], "Enter", hasNext ? "play next" : "make a plan",
                           help: hasNext ? "play the next step of your plan" : "make a new plan", action: .choose,
                           essential: true),
                KeyBinding([.char("n")], "n", "new plan", help: "make a new plan (it replaces this one once made)",
                           action: .pickByKey),
                KeyBinding([.escape, .char("b")], "Esc", "back", help: "back to the start", action: .back),
            ]
        }
        switch intake.phase {
        case .areas:
            return [
                KeyBinding([.up, .char("k")], "↑↓", "move", help: "the area above", action: .up),
                KeyBinding([.down, .char("j")], "↓/j", "down", help: "the area below", action: .down, footer: false),
                KeyBinding([.char(" ")], "Space", "choose", help: "choose or unchoose this area", action: .toggle),
                KeyBinding([.enter], "Enter", "go on", help: "go on once three areas are chosen", action: .choose),
                back,
            ]
        case .rating:
            return [
                KeyBinding([.left, .char("h")], "←→", "rating", help: "lower", action: .lower),
                KeyBinding([.right, .char("l")], "→", "higher", help: "higher", action: .higher, footer: false),
                KeyBinding((0...9).map { Key.char(Character(String($0))) }, "1-9, 0", "set",
                           help: "set the rating (0 is 10)", action: .setMood, footer: false),
                KeyBinding([.enter], "Enter", "next", help: "go on to the questions", action: .next),
                back,
            ]
        case .answer:
            return [
                KeyBinding([.enter], "Enter", "next", help: "keep this answer and go on", action: .next),
                KeyBinding([.escape], "Esc", "back", help: "the question before", action: .back),
            ] + editing
        }
    }

    static func safetyPlan(writing: Bool) -> [KeyBinding] {
        if writing {
            return [
                KeyBinding([.enter], "Enter", "keep", help: "keep this part", action: .next),
                KeyBinding([.escape], "Esc", "cancel", help: "stop writing this part (the plan stays as it was)",
                           action: .back),
            ] + editing
        }
        return [
            KeyBinding([.up, .char("k")], "↑↓", "part", help: "the part above", action: .up),
            KeyBinding([.down, .char("j")], "↓/j", "down", help: "the part below", action: .down, footer: false),
            KeyBinding([.enter], "Enter", "write", help: "write or change this part", action: .choose),
            KeyBinding([.escape, .char("b")], "Esc", "back", help: "go back", action: .back),
        ]
    }

    static let leave: [KeyBinding] = [
        KeyBinding([.char("y")], "y", "yes", help: "yes, leave it", action: .confirmLeave, names: Bindings.yes),
        KeyBinding([.char("n"), .escape], "n", "no, stay", help: "no, stay with the check-in", action: .stay,
                   names: Bindings.no + ["stay"]),
    ]

    static func closest(count: Int) -> [KeyBinding] {
        let digits = (1...max(1, min(9, count))).map { Key.char(Character(String($0))) }
        return [
            KeyBinding(digits, "1-\(max(1, min(9, count)))", "choose", help: "choose the closest feeling", action: .pickNumber),
            KeyBinding([.char("n")], "n", "none of these", help: "none of these: go on with your own words",
                       action: .closestNone, names: ["none"]),
            KeyBinding([.escape], "Esc", "back", help: "back to your words (they are kept)", action: .back),
        ]
    }

    static let concern: [KeyBinding] = [
        // Capitals answer too (found from outside: "Y" did nothing and said nothing).
        KeyBinding([.char("y"), .char("Y")], "y", "yes, I'm safe", help: "yes, I'm safe: go on", action: .concernSafe,
                   names: Bindings.yes + ["safe", "i'm safe", "im safe", "i am safe", "i'm ok", "im ok", "i'm okay",
                                          "i'm fine", "im fine"]),
        KeyBinding([.char("n"), .char("N")], "n", "no", help: "no: show support now", action: .concernNotSafe,
                   names: Bindings.no + ["not safe", "i'm not safe", "im not safe", "not really"]),
        KeyBinding([.char("s"), .char("S"), .char("?")], "s", "not sure", help: "not sure: show support now",
                   action: .concernNotSure, names: Bindings.notSure),
        KeyBinding([.escape], "Esc", "back",
                   help: "back to your words, to change them (this answers nothing)", action: .back),
    ]

    static func lab(field: LabField) -> [KeyBinding] {
        var table: [KeyBinding] = [
            KeyBinding([.up, .backTab], "↑↓", "field", help: "previous field", action: .fieldUp),
            KeyBinding([.down, .tab, .enter], "↓", "next field", help: "next field",
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

    /// In the demo, on every screen (text fields too): why, in words.
    static let demoTraceKey = KeyBinding([.function(3)], "F3", "why", help: "the demo: what the crisis check reads and why",
                                         action: .openDemoTrace, essential: true)

    static let demoTraceOverlay: [KeyBinding] = [
        KeyBinding([.escape, .function(3), .enter, .char("q")], "Esc", "close", action: .closeHelp),
        KeyBinding([.up, .char("k")], "↑↓", "scroll", action: .up, footer: false),
        KeyBinding([.down, .char("j")], "↓", "scroll", action: .down, footer: false),
        supportKey,
    ]

    static let helpOverlay: [KeyBinding] = [
        KeyBinding([.escape, .char("?"), .function(1), .enter, .char("q")], "Esc", "close", action: .closeHelp),
        KeyBinding([.up, .char("k")], "↑↓", "scroll", action: .up, footer: false),
        KeyBinding([.down, .char("j")], "↓", "scroll", action: .down, footer: false),
        supportKey,
    ]
}
