/// The journal's tables: the overview, the list, the search box and one check-in in full.
extension Bindings {
    static func journal(_ j: JournalState?) -> [KeyBinding] {
        guard let j, j.page != nil else { return [journalHome] }
        if j.detailEntry != nil { return journalDetail }
        if j.searching { return journalSearch }
        return j.tab == .overview ? journalOverview : journalList(searchShown: j.results != nil)
    }

    static let journalHome = KeyBinding([.escape, .char("h")], "Esc", "home", help: "back to the start",
                                        action: .goHome)

    static let journalSearchKey = KeyBinding([.char("/")], "/", "search",
                                             help: "search your notes and kinder words", action: .startFilter)

    static let journalScroll: [KeyBinding] = [
        KeyBinding([.up, .char("k")], "↑↓", "scroll", help: "scroll up", action: .up),
        KeyBinding([.down, .char("j")], "↓/j", "down", help: "scroll down", action: .down, footer: false),
        KeyBinding([.pageUp], "PgUp", "page up", action: .pageUp, footer: false),
        KeyBinding([.pageDown, .char(" ")], "PgDn", "page down", help: "page down", action: .pageDown,
                   footer: false),
        KeyBinding([.home, .char("g")], "Home", "top", help: "to the top", action: .first, footer: false),
        KeyBinding([.end, .char("G")], "End", "bottom", help: "to the bottom", action: .last, footer: false),
    ]

    static let journalOverview: [KeyBinding] = [
        KeyBinding([.tab, .backTab], "Tab", "check-ins", help: "the list of past check-ins", action: .switchFocus),
        journalHome,
        journalSearchKey,
    ] + journalScroll

    static func journalList(searchShown: Bool) -> [KeyBinding] {
        var table: [KeyBinding] = [
            KeyBinding([.enter], "Enter", "open", help: "open the check-in in full", action: .choose),
        ]
        if searchShown {
            table.append(KeyBinding([.escape], "Esc", "clear", help: "clear the search and show every check-in",
                                    action: .clearFilter))
            table.append(KeyBinding([.char("h")], "h", "home", help: "back to the start", action: .goHome, footer: false))
        } else {
            table.append(journalHome)
        }
        table += [
            KeyBinding([.up, .char("k")], "↑↓", "move", help: "move up", action: .up),
            KeyBinding([.down, .char("j")], "↓/j", "move", help: "move down", action: .down, footer: false),
            KeyBinding([.pageUp], "PgUp", "page up", action: .pageUp, footer: false),
            KeyBinding([.pageDown], "PgDn", "page down", action: .pageDown, footer: false),
            KeyBinding([.home, .char("g")], "Home", "newest", help: "to the newest", action: .first, footer: false),
            KeyBinding([.end, .char("G")], "End", "oldest", help: "to the oldest", action: .last, footer: false),
        ]
        table.append(journalSearchKey)
        table.append(KeyBinding([.tab, .backTab], "Tab", "overview", help: "streak, mood chart and calendar",
                                action: .switchFocus))
        return table
    }

    static let journalSearch: [KeyBinding] = [
        KeyBinding([.enter], "Enter", "search", help: "search for these words", action: .choose),
        KeyBinding([.escape], "Esc", "clear", help: "clear the search box and show every check-in", action: .clearFilter),
    ] + editing + [.note("typing", "words match the start of words in notes and kinder words")]

    static let journalDetail: [KeyBinding] = [
        KeyBinding([.escape, .enter, .char("b")], "Esc", "back", help: "back to the list", action: .back),
    ] + journalScroll
}
