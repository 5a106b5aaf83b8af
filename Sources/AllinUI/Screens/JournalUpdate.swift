import AllinCore

/// The journal screen's actions and the journal's answers. Loading and searching are effects; their
/// results come back as messages carrying the revision they answer.
enum JournalUpdate {
    /// Opens the journal on its overview and asks for the summary and the newest check-ins.
    static func open(_ state: inout AppState) -> [Effect] {
        var j = JournalState()
        j.revision = (state.journal?.revision ?? 0) + 1
        state.current = .journal(j)
        state.overlay = nil
        return [.loadJournal(limit: JournalState.pageSize, revision: j.revision)]
    }

    static func loaded(_ state: inout AppState, revision: Int, _ result: Result<JournalPage, JournalError>) -> [Effect] {
        guard var j = state.journal, j.revision == revision else { return [] }
        switch result {
        case let .success(page):
            j.load = .loaded(page)
        case let .failure(error):
            if j.loadingMore, j.page != nil {
                state.notice = "More check-ins can't be read right now: \(Visible.text(error.message))"
            } else {
                j.load = .failed(error)
            }
        }
        j.loadingMore = false
        j.cursor = min(j.cursor, max(0, j.listed.count - 1))
        state.modify(\.journal) { $0 = j }
        return []
    }

    static func searched(_ state: inout AppState, revision: Int, query: String,
                         _ result: Result<[JournalEntry], JournalError>) -> [Effect] {
        guard var j = state.journal, j.revision == revision else { return [] }
        switch result {
        case let .success(entries):
            j.results = JournalSearchResult(query: query, entries: entries)
            j.cursor = 0
            j.tab = .entries
        case let .failure(error):
            state.notice = "Search didn't work: \(Visible.text(error.message))"
        }
        state.modify(\.journal) { $0 = j }
        return []
    }

    static func perform(_ state: inout AppState, _ action: Action, key: Key) -> [Effect] {
        guard var j = state.journal else {
            if action == .goHome { state.current = .home }
            return []
        }
        defer { if state.screen == .journal { state.current = .journal(j) } }
        if action == .goHome {
            if j.searching, let asked = checkSearch(&state, &j, action: action, key: key) { return asked }
            state.current = .home
            return []
        }
        guard let page = j.page else { return [] }
        if let entry = j.detailEntry {
            return detail(&j, action, entry, state)
        }
        if j.searching {
            if action == .choose || action == .clearFilter, let asked = checkSearch(&state, &j, action: action, key: key) {
                return asked
            }
            return searchBox(&j, action)
        }
        switch action {
        case .switchFocus:
            j.tab = j.tab == .overview ? .entries : .overview
        case .startFilter:
            j.tab = .entries
            j.searching = true
        case .clearFilter:
            clearSearch(&j)
        case .choose:
            guard j.tab == .entries, j.listed.indices.contains(j.cursor) else { return [] }
            j.detail = j.listed[j.cursor].id
            j.detailScroll = 0
        case .up, .down, .pageUp, .pageDown, .first, .last:
            if j.tab == .overview {
                let area = JournalView.contentRect(for: state.size)
                let count = JournalView.overviewLines(state, page, width: area.width).count
                j.overviewScroll = App.clampScroll(j.overviewScroll + delta(action, page: area.height - 1, count: count),
                                                   count: count, visible: area.height)
                return []
            }
            return move(&j, action, state)
        default: break
        }
        return []
    }

    /// Typing (or pasting) goes into the search box while it has the keys.
    static func typed(_ state: inout AppState, _ text: String) -> [Effect] {
        guard var j = state.journal, j.searching, j.detail == nil else { return [] }
        j.search.insert(text)
        state.modify(\.journal) { $0 = j }
        return []
    }

    /// The search words go through the one crisis rule when they are left (Enter, Esc, going home,
    /// quitting), like every text field's. Nil when the way on is clear; a request for help opens
    /// support with the box emptied; a clear statement opens support with the words kept, and "yes, go
    /// back" answers for them (`SupportUpdate`), so Enter then searches and Esc clears; the gentle band
    /// asks first and goes on after "yes".
    static func checkSearch(_ state: inout AppState, _ j: inout JournalState, action: Action, key: Key) -> [Effect]? {
        let text = j.search.checkedText
        guard !text.allSatisfy(\.isWhitespace), let check = state.context.gates?.check else { return nil }
        let field = "journal search"
        let verdict = check.check(field: field, text: text, answered: j.answered).verdict
        switch verdict {
        case .clear: return nil
        case .askedForHelp:
            // Support covers the journal as it is now: emptied first, so the way back shows no plea.
            clearSearch(&j)
            state.current = .journal(j)
            App.openSupport(&state, reason: .typedHelp(field: field))
        case .handoff, .concern:
            _ = CheckInUpdate.stop(&state, verdict, step: .embodyNew, field: field, text: text, action: action, key: key)
        }
        return []
    }

    /// Quitting with words in the search box reads them first (`checkSearch`); nil when the way is clear.
    static func checkLeaving(_ state: inout AppState, action: Action, key: Key) -> [Effect]? {
        guard state.screen == .journal, var j = state.journal, j.searching else { return nil }
        let asked = checkSearch(&state, &j, action: action, key: key)
        if state.screen == .journal { state.current = .journal(j) }
        return asked
    }

    static func searchBox(_ j: inout JournalState, _ action: Action) -> [Effect] {
        switch action {
        case let .edit(edit):
            j.search.apply(edit)
        case .choose:
            j.searching = false
            guard !JournalSearch.terms(j.search.text).isEmpty else {
                clearSearch(&j)
                return []
            }
            j.revision += 1
            return [.searchJournal(j.search.text, limit: JournalState.searchResultLimit, revision: j.revision)]
        case .clearFilter:
            clearSearch(&j)
        default: break
        }
        return []
    }

    static func clearSearch(_ j: inout JournalState) {
        j.search = TextField(limit: JournalState.searchLimit)
        j.searching = false
        if j.results != nil {
            j.results = nil
            j.cursor = 0
        }
    }

    /// Moves the list's cursor; reaching the last check-in loaded asks for the next page.
    static func move(_ j: inout JournalState, _ action: Action, _ state: AppState) -> [Effect] {
        let count = j.listed.count
        guard count > 0 else { return [] }
        let visible = JournalView.contentRect(for: state.size).height - JournalListView.headerRows
        j.cursor = min(max(0, j.cursor + delta(action, page: max(1, visible - 1), count: count)), count - 1)
        guard j.cursor == count - 1, j.results == nil, j.page?.hasMore == true, !j.loadingMore else { return [] }
        j.loadingMore = true
        j.revision += 1
        return [.loadJournal(limit: count + JournalState.pageSize, revision: j.revision)]
    }

    static func detail(_ j: inout JournalState, _ action: Action, _ entry: JournalEntry, _ state: AppState) -> [Effect] {
        switch action {
        case .back:
            j.detail = nil
        case .up, .down, .pageUp, .pageDown, .first, .last:
            let body = App.bodyRect(for: state.size)
            let count = JournalDetailView.lines(entry, state.context, width: body.width).count
            j.detailScroll = App.clampScroll(j.detailScroll + delta(action, page: body.height - 1, count: count),
                                             count: count, visible: body.height)
        default: break
        }
        return []
    }

    static func delta(_ action: Action, page: Int, count: Int) -> Int {
        switch action {
        case .up: return -1
        case .down: return 1
        case .pageUp: return -max(1, page)
        case .pageDown: return max(1, page)
        case .first: return -count
        case .last: return count
        default: return 0
        }
    }
}
