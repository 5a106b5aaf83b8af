import AllinCore
import AllinStore
import Foundation
import Synchronization

/// The journal of one `allin --plain` check-in. Every write goes through here, and what is kept is
/// said in words read back from the journal file (`kept`), so no message says more was kept than
/// is on disk. A signal at a prompt (Ctrl-C, SIGTERM, SIGHUP) keeps what was answered, says in one
/// line what the journal holds and ends allin (128 + the signal), as the full-screen front keeps a
/// check-in on close.
final class PlainJournal: Sendable {
    /// A check-in past its recommendation: kept, its session marked not played, if it ends before
    /// the session starts (`allin journal --help`: a check-in closed before its session began is kept).
    struct Pending: Sendable {
        var answers: CheckIn
        var recommendation: Recommendation
        var moodBefore: Int?
        var at: Date
    }

    private struct State: ~Copyable {
        var store: JournalStore?
        var problem: JournalError?
        var pending: Pending?
        var entry: Int64?
        /// The handoff row of support opened before the check-in had an entry (it joins the entry).
        var supportRow: Int64?
        var supportRecorded = false
        /// Support is on screen: a check-in closed now keeps only that support opened (the privacy rule).
        var supportShowing = false
    }

    /// The journal file; nil when nothing is to be written (the demo, no data directory).
    let path: String?
    let zone: TimeZone
    private let io: any CommandIO
    private let state: Mutex<State>
    private let signals: PromptSignals

    init(path: String?, zone: TimeZone, io: any CommandIO) {
        self.path = path
        self.zone = zone
        self.io = io
        state = Mutex(State())
        signals = PromptSignals(io: io)
    }

    // MARK: Before the check-in

    /// Why this check-in could not be saved, found before it starts: an existing journal is opened
    /// (and kept open for the check-in); a missing one is created only by the first write.
    func problemAtStart() -> JournalError? {
        guard let path else { return nil }
        return state.withLock { s in
            if JournalFiles.allFiles(of: path).contains(where: { FileManager.default.fileExists(atPath: $0) }) {
                _ = Self.store(&s, path)
                return s.problem
            }
            return JournalFiles.creationProblem(path)
        }
    }

    /// Why the journal could not be opened or created, once that was tried (nil: it was, or not yet).
    var problem: JournalError? { state.withLock { $0.problem } }

    /// The line said before the first question when the journal can't be used: the check-in runs,
    /// nothing will be saved, and what to do about it.
    static func notice(_ problem: JournalError) -> String {
        var text = "This check-in will run, but it can't be saved: \(Visible.text(problem.message))"
        if problem.canMoveAside {
            text += " 'allin journal --move-aside' renames the file (never deletes it) so a new journal can start."
        }
        return text
    }

    // MARK: Writes

    /// Support opened during the check-in: its one record (tier and time only), on the check-in's
    /// entry when it has one, else as a handoff row that joins the entry later.
    func recordSupport(_ handoff: Recommendation, answers: CheckIn) {
        guard let path else { return }
        state.withLock { s in
            s.supportShowing = true
            guard !s.supportRecorded, let store = Self.store(&s, path) else { return }
            s.supportRecorded = true
            if let entry = s.entry {
                try? store.recordSupport(entry, tier: handoff.crisis?.finding.tier ?? .crisis)
            } else {
                s.supportRow = try? store.begin(answers, recommendation: handoff, moodBefore: nil, at: Date(), timeZone: zone)
            }
        }
    }

    /// Support was shown, whether or not it was recorded (the demo records nothing).
    func supportShown() { state.withLock { $0.supportShowing = true } }

    /// The person went back to the check-in from support.
    func supportClosed() { state.withLock { $0.supportShowing = false } }

    /// The check-in to keep if it ends before its session (nil: none now).
    func expect(_ pending: Pending?) { state.withLock { $0.pending = pending } }

    /// Keeps the pending check-in now (its session marked not played); the entry's id.
    @discardableResult func keep() -> Int64? {
        state.withLock { s in keepPending(&s) }
    }

    func recordPlayback(_ record: PlaybackRecord) {
        state.withLock { s in
            if let entry = s.entry { try? s.store?.recordPlayback(entry, record) }
        }
    }

    /// Completes the entry with what is given (nil leaves a value as it is): the mood after as soon as
    /// it is answered, then the note. Why the write failed (nil: it did not, or there is no entry).
    @discardableResult func complete(moodAfter: Int?, note: String?) -> JournalError? {
        state.withLock { s in
            guard let entry = s.entry, let store = s.store else { return nil }
            do {
                try store.complete(entry, moodAfter: moodAfter, note: note, at: Date())
                return nil
            } catch {
                return (error as? JournalError) ?? .other(path: path ?? "", detail: String(describing: error))
            }
        }
    }

    private func keepPending(_ s: inout State) -> Int64? {
        if let entry = s.entry { return entry }
        guard let path, let p = s.pending, !s.supportShowing, let store = Self.store(&s, path) else { return nil }
        s.pending = nil
        guard let id = try? store.begin(p.answers, recommendation: p.recommendation, moodBefore: p.moodBefore,
                                        at: p.at, timeZone: zone) else { return nil }
        s.entry = id
        try? store.recordPlayback(id, .notPlayed)
        // Support opened earlier in this check-in, which went on: its record joins this entry.
        if let row = s.supportRow {
            s.entry = (try? store.mergeHandoff(row, into: id)) ?? id
            s.supportRow = nil
        }
        return s.entry
    }

    private static func store(_ s: inout State, _ path: String) -> JournalStore? {
        if let store = s.store { return store }
        guard s.problem == nil else { return nil }
        do {
            s.store = try JournalStore.open(path: path)
        } catch {
            s.problem = (error as? JournalError) ?? .other(path: path, detail: "\(error)")
        }
        return s.store
    }

    // MARK: What is kept, read back

    /// What the journal file holds of this check-in now, read with a new connection: an entry
    /// deleted with its folder, or never written, is not kept.
    func kept() -> Kept {
        state.withLock { s in Self.readBack(path: path, entry: s.entry, supportRow: s.supportRow) }
    }

    /// What was found on disk.
    enum Kept {
        case nothing
        case supportOnly
        case entry(JournalEntry)
    }

    private static func readBack(path: String?, entry: Int64?, supportRow: Int64?) -> Kept {
        guard let path, let reader = try? JournalStore.openForReading(path: path) else { return .nothing }
        if let entry, let found = try? reader.entry(entry) { return .entry(found) }
        if let supportRow, (try? reader.entry(supportRow)) != nil { return .supportOnly }
        return .nothing
    }

    /// The streak after a saved check-in, from the file on disk.
    func summary() -> JournalSummary? {
        guard let path, let reader = try? JournalStore.openForReading(path: path) else { return nil }
        return try? reader.summary(now: Date(), timeZone: zone)
    }

    /// The moods given, as said in the one line that ends a check-in or a plan step: "mood 4→7",
    /// "mood before 4", "mood after 7", or nil when neither was given.
    static func moods(before: Int?, after: Int?) -> String? {
        switch (before, after) {
        case let (b?, a?): return "mood \(b)→\(a)"
        case let (b?, nil): return "mood before \(b)"
        case let (nil, a?): return "mood after \(a)"
        case (nil, nil): return nil
        }
    }

    /// One sentence: what the journal keeps.
    static func sentence(_ kept: Kept) -> String {
        switch kept {
        case .nothing: return "Nothing was saved."
        case .supportOnly: return "Your journal keeps only that support opened, not your words."
        case let .entry(e):
            var parts = moods(before: e.moodBefore, after: e.moodAfter).map { [$0] } ?? []
            switch e.playback?.outcome {
            case .finished?: parts.append("session played to the end")
            case .stoppedEarly?: parts.append("session stopped early")
            case .notPlayed?, nil: parts.append("session not played")
            }
            if e.note != nil { parts.append("your note") } else if e.isComplete { parts.append("no note") }
            return "Your check-in is kept in your journal (\(parts.joined(separator: ", ")))."
        }
    }

    // MARK: Signals at a prompt

    /// From now on Ctrl-C, SIGTERM and SIGHUP keep what was answered, say so and end allin
    /// (`PromptSignals`), for the whole check-in; true when they are caught.
    @discardableResult func catchSignals() -> Bool {
        signals.catchSignals { [self] sig in stop(by: sig) }
    }

    /// While a session plays, its loop answers the signals (it stops the session and says where it
    /// stopped); after it, a signal that came as it ended is answered here.
    func playLoopAnswersSignals(_ on: Bool) { signals.playLoopAnswersSignals(on) }

    private func stop(by signal: Int32) -> Never {
        state.withLock { s -> Never in
            _ = keepPending(&s)
            let kept = Self.readBack(path: path, entry: s.entry, supportRow: s.supportRow)
            io.out("\nStopped. \(Self.sentence(kept))\n")
            _exit(128 + signal)
        }
    }
}
