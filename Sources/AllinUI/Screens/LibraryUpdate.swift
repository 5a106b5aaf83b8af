import AllinCore

/// The audio library screen: every session by what it helps with, a search over all of them as you
/// type (full text, ranked), and Enter plays one through the same mood, player and note as a check-in.
public struct LibraryState: Equatable, Sendable {
    public var query = TextField("", limit: 100)
    public var cursor = 0
    /// The search's matches, best first; nil when nothing is typed (every session shows).
    public var hits: [String]?
    /// The day each session was last played.
    public var lastPlayed: [String: String] = [:]
    /// The sessions marked as favourites, as the journal last confirmed them.
    public var favourites: Set<String> = []
    /// The search asked for last, so an older answer is not shown over a newer one.
    public var revision = 0
    /// Words the person already said they are safe about.
    public var answered: Set<String> = []

    public init() {}
}

enum LibraryUpdate {
    static func open(_ state: inout AppState) -> [Effect] {
        state.current = .library
        return [.loadLibrary] + state.measureLengths
    }

    /// The sessions on screen: the search's matches, or every session grouped by what it helps with.
    static func sessions(_ state: AppState) -> [Session] {
        let catalog = state.context.catalog
        guard let hits = state.library.hits else {
            return Lane.allCases.flatMap { lane in catalog.sessions.filter { $0.lane == lane } }
        }
        return hits.compactMap { catalog.session($0) }
    }

    static func perform(_ state: inout AppState, _ action: Action, key: Key) -> [Effect] {
        var l = state.library
        let count = sessions(state).count
        switch action {
        case let .edit(edit):
            _ = l.query.apply(edit)
            state.library = l
            return search(&state)
        case .up: l.cursor = max(0, l.cursor - 1)
        case .down: l.cursor = min(max(0, count - 1), l.cursor + 1)
        case .pageUp: l.cursor = max(0, l.cursor - 8)
        case .pageDown: l.cursor = min(max(0, count - 1), l.cursor + 8)
        case .toggle:
            // The mark shows once the journal has kept it (Msg.favouriteSaved).
            let list = sessions(state)
            guard list.indices.contains(l.cursor) else { return [] }
            let slug = list[l.cursor].slug
            return [.setFavourite(slug, !l.favourites.contains(slug))]
        case .choose:
            if let stopped = checkLeaving(&state, action: .choose, key: key) { return stopped }
            let list = sessions(state)
            guard list.indices.contains(l.cursor) else { return [] }
            return play(&state, list[l.cursor])
        case .back:
            if let stopped = checkLeaving(&state, action: .back, key: key) { return stopped }
            if l.query.text.isEmpty {
                state.current = .home
            } else {
                l.query = TextField("", limit: 100)
                l.hits = nil
                l.cursor = 0
            }
        default: break
        }
        state.library = l
        return []
    }

    static func typed(_ state: inout AppState, _ text: String) -> [Effect] {
        var l = state.library
        let dropped = l.query.insertReporting(text)
        if dropped > 0 { state.notice = l.query.refusal(dropped: dropped) }
        state.library = l
        return search(&state)
    }

    /// Every change to the words asks the runtime for a search; an empty box shows everything.
    static func search(_ state: inout AppState) -> [Effect] {
        var l = state.library
        l.cursor = 0
        l.revision += 1
        let text = l.query.text
        if text.allSatisfy(\.isWhitespace) { l.hits = nil }
        state.library = l
        return text.allSatisfy(\.isWhitespace) ? [] : [.searchLibrary(text, revision: l.revision)]
    }

    static func favouriteSaved(_ state: inout AppState, _ slug: String, _ on: Bool, problem: JournalError?) -> [Effect] {
        var l = state.library
        if let problem {
            state.notice = "Couldn't keep that mark: \(problem.message)"
            return []
        }
        if on { l.favourites.insert(slug) } else { l.favourites.remove(slug) }
        let title = state.context.catalog.session(slug)?.title ?? slug
        state.notice = on ? "★ \(title) is one of your favourites." : "\(title) is no longer marked."
        state.library = l
        return []
    }

    static func searched(_ state: inout AppState, revision: Int, _ slugs: [String]?) -> [Effect] {
        var l = state.library
        guard l.revision == revision else { return [] }
        l.hits = slugs ?? []
        if slugs == nil { state.notice = "The search could not run here; Esc shows every session." }
        state.library = l
        return []
    }

    /// The words in the search box go through the one crisis rule when they are left (Enter, Esc,
    /// quitting), like every text field's. Nil when the way on is clear.
    static func checkLeaving(_ state: inout AppState, action: Action, key: Key) -> [Effect]? {
        guard state.screen == .library else { return nil }
        let l = state.library
        let text = l.query.checkedText
        guard !text.allSatisfy(\.isWhitespace) else { return nil }
        guard let check = state.context.gates?.check else { return [] }
        let report = check.check(field: "library search", text: text, answered: l.answered)
        switch report.verdict {
        case .clear: return nil
        case .askedForHelp:
            App.openSupport(&state, reason: .typedHelp(field: "library search"))
        case .handoff, .concern:
            _ = CheckInUpdate.stop(&state, report.verdict, step: .embodyNew, field: "library search", text: text,
                                   action: action, key: key)
        }
        return []
    }

    static func play(_ state: inout AppState, _ session: Session) -> [Effect] {
        var s = SessionState(routed: session)
        s.fromLibrary = true
        state.current = .session(.moodBefore, s, ResultState(recommendation: .chosen(session), completion: nil), checkIn: nil)
        return []
    }

    static func draw(_ canvas: inout Canvas, _ state: AppState, in rect: Rect) {
        let l = state.library
        guard rect.height >= 3 else { return }
        canvas.put(Wrap.fitting(["Search every session (title, words, script):", "Search:"], width: rect.width), row: rect.row,
                   col: rect.col, role: .title, maxWidth: rect.width)
        canvas.cursor = EditorView(field: l.query, placeholder: "type to search, e.g. exam nerves", focused: true)
            .draw(&canvas, in: Rect(row: rect.row + 1, col: rect.col, width: rect.width, height: 1))
        let list = sessions(state)
        let items = list.map { s -> ListItem in
            let length = TimeText.clock(state.length(of: s))
            let last = l.lastPlayed[s.slug].map { " · \($0)" } ?? ""
            let mark = l.favourites.isEmpty ? "" : l.favourites.contains(s.slug) ? "★ " : "  "
            return ListItem(id: s.slug, label: mark + Visible.text(s.title), detail: length + last)
        }
        let area = Rect(row: rect.row + 3, col: rect.col, width: rect.width, height: rect.height - 3)
        if items.isEmpty {
            canvas.put("No session matches. Esc clears the search.", row: area.row, col: area.col, role: .dim, maxWidth: area.width)
            return
        }
        let cursor = min(l.cursor, items.count - 1)
        let columns = l.lastPlayed.isEmpty ? "" : " (length · last played)"
        canvas.put(TextWidth.truncate((l.hits == nil ? "Helps with: " + state.context.vocabulary.helpsWith(list[cursor].lane)
                                       : "\(items.count) found, best first") + columns, width: rect.width),
                   row: rect.row + 2, col: rect.col, role: .accent)
        ListView(items: items, cursor: cursor, chosen: [], focused: true).draw(&canvas, in: area)
    }
}
