import AllinCore

/// What the journal screen shows once loaded: the summary, the newest check-ins and the rules the
/// streak was counted by.
public struct JournalPage: Equatable, Sendable {
    public var summary: JournalSummary
    /// The newest check-ins, newest first (at most the limit asked for).
    public var entries: [JournalEntry]
    public var rules: StreakRules
    /// Set when the journal file could not be used, so only what this run holds in memory is shown.
    public var problem: JournalError?
    /// A calm line about the settings (e.g. why the configured rest days were not used).
    public var note: String?

    public init(summary: JournalSummary, entries: [JournalEntry], rules: StreakRules, problem: JournalError? = nil,
                note: String? = nil) {
        self.summary = summary
        self.entries = entries
        self.rules = rules
        self.problem = problem
        self.note = note
    }

    /// True when more check-ins are stored than were loaded.
    public var hasMore: Bool { entries.count < summary.total }
}

/// A search over notes and kinder words, and the check-ins it found.
public struct JournalSearchResult: Equatable, Sendable {
    public var query: String
    public var entries: [JournalEntry]

    public init(query: String, entries: [JournalEntry]) {
        self.query = query
        self.entries = entries
    }
}

/// The two views of the journal screen.
public enum JournalTab: Equatable, Sendable {
    /// Streak, days checked in, the mood chart, the heatmap and the sessions that helped.
    case overview
    /// The list of past check-ins, with search.
    case entries
}

/// The journal screen: what was loaded and where the person is in it.
public struct JournalState: Equatable, Sendable {
    /// Where loading stands.
    public enum Load: Equatable, Sendable {
        case loading
        case loaded(JournalPage)
        case failed(JournalError)
    }

    public var load: Load = .loading
    public var tab: JournalTab = .overview
    /// The highlighted row of the list (of the search results while a search is shown).
    public var cursor = 0
    /// First row of the overview when it is taller than the window.
    public var overviewScroll = 0
    /// The check-in open in the detail view, and how far it is scrolled.
    public var detail: Int64?
    public var detailScroll = 0
    /// The search box; `searching` is true while it has the keys.
    public var search = TextField(limit: JournalState.searchLimit)
    public var searching = false
    /// Search words the person already answered for ("yes, I'm safe" to the gentle question).
    public var answered: Set<String> = []
    /// The search shown in place of the list; nil shows the newest check-ins.
    public var results: JournalSearchResult?
    /// Bumped on every request; only the answer to the latest one is used.
    public var revision = 0
    /// True while more check-ins are being fetched for the list.
    public var loadingMore = false

    /// Check-ins fetched at a time for the list.
    public static let pageSize = 200
    /// The most search results shown (the newest ones).
    public static let searchResultLimit = 200
    public static let searchLimit = 80

    public init(tab: JournalTab = .overview) { self.tab = tab }

    public var page: JournalPage? {
        if case let .loaded(page) = load { return page }
        return nil
    }

    /// The rows of the list: the search results while a search is shown, else the newest check-ins.
    public var listed: [JournalEntry] { results?.entries ?? page?.entries ?? [] }

    /// The check-in open in the detail view.
    public var detailEntry: JournalEntry? {
        guard let id = detail else { return nil }
        return listed.first { $0.id == id } ?? page?.entries.first { $0.id == id }
    }
}
