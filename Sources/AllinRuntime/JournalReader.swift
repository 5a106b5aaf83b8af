import AllinCore
import AllinUI
import Foundation

/// Answers the journal screen's effects: reads the journal behind `JournalStoring`, with the clock,
/// time zone and streak rules injected, so tests run it on a memory journal at a fixed time.
public struct JournalReader: Sendable {
    /// The journal to read; called for every request (so a journal created meanwhile is seen). It may
    /// throw a `JournalError` when there is no usable place for the journal.
    public var journal: @Sendable () throws -> any JournalStoring
    public var now: @Sendable () -> Date
    public var timeZone: TimeZone
    public var rules: StreakRules
    /// Shown with the rules (e.g. why the configured rest days were not used).
    public var note: String?

    public init(journal: @escaping @Sendable () throws -> any JournalStoring, now: @escaping @Sendable () -> Date,
                timeZone: TimeZone, rules: StreakRules = .standard, note: String? = nil) {
        self.journal = journal
        self.now = now
        self.timeZone = timeZone
        self.rules = rules
        self.note = note
    }

    /// A reader of one journal at a fixed moment (tests, benchmarks).
    public init(_ journal: any JournalStoring, now: Date, timeZone: TimeZone, rules: StreakRules = .standard) {
        self.init(journal: { journal }, now: { now }, timeZone: timeZone, rules: rules)
    }

    /// A journal with nothing in it, read at the system's time (until a real one is set).
    public static let empty = JournalReader(journal: { MemoryJournal() }, now: { Date() }, timeZone: .current)

    /// The summary and the newest `limit` check-ins.
    public func load(limit: Int) -> Result<JournalPage, JournalError> {
        attempt { journal in
            let summary = try journal.summary(now: now(), timeZone: timeZone, rules: rules)
            let entries = try journal.entries(JournalQuery(limit: max(0, limit)))
            return JournalPage(summary: summary, entries: entries, rules: rules,
                               problem: (journal as? any JournalHealth)?.problem, note: note)
        }
    }

    /// Check-ins whose note or kinder words hold every word of `text`, newest first.
    public func search(_ text: String, limit: Int) -> Result<[JournalEntry], JournalError> {
        attempt { journal in try journal.entries(JournalQuery(search: text, limit: max(0, limit))) }
    }

    /// The message answering a journal effect; nil for any other effect.
    public func answer(_ effect: Effect) -> Msg? {
        switch effect {
        case let .loadJournal(limit, revision): return .journalLoaded(revision: revision, load(limit: limit))
        case let .searchJournal(text, limit, revision):
            return .journalSearched(revision: revision, query: text, search(text, limit: limit))
        default: return nil
        }
    }

    private func attempt<T>(_ body: (any JournalStoring) throws -> T) -> Result<T, JournalError> {
        do {
            return .success(try body(try journal()))
        } catch let error as JournalError {
            return .failure(error)
        } catch {
            return .failure(.other(path: "the journal", detail: "an unexpected error while reading"))
        }
    }
}
