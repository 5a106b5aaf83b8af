import AllinCore
import AllinUI
import Foundation

/// The journal's effects: the check-in begun as its session starts, completed by the reflection,
/// and consent.
extension AppRuntime {
    /// The storage problem that moved the journal to memory, if any.
    var journalProblem: JournalError? { (journal as? any JournalHealth)?.problem }

    func beginJournal(_ checkIn: CheckIn, _ r: Recommendation, moodBefore: Int?) -> Msg {
        do {
            let id = try journal.begin(checkIn, recommendation: r, moodBefore: moodBefore, at: now(), timeZone: timeZone)
            return .journalBegun(id: id, problem: journalProblem)
        } catch {
            return .journalBegun(id: nil, problem: Self.journalError(error))
        }
    }

    /// A check-in left for home after its last step: begun, marked with how its session went (not
    /// played), and its visit to support merged in, at once.
    func keepCheckIn(_ checkIn: CheckIn, _ r: Recommendation, moodBefore: Int?, _ record: PlaybackRecord,
                     mergingHandoff handoff: Int64?) -> Msg {
        do {
            let id = try journal.begin(checkIn, recommendation: r, moodBefore: moodBefore, at: now(), timeZone: timeZone)
            // Recorded before the merge, which may give the row the handoff's number.
            try journal.recordPlayback(id, record)
            if let handoff { try journal.mergeHandoff(handoff, into: id) }
            return .checkInKept(problem: journalProblem)
        } catch {
            return .checkInKept(problem: Self.journalError(error))
        }
    }

    func completeJournal(_ id: Int64, moodAfter: Int?, note: String?) -> Msg {
        var problem: JournalError?
        do {
            try journal.complete(id, moodAfter: moodAfter, note: note, at: now())
        } catch {
            problem = Self.journalError(error)
        }
        let summary = try? journal.summary(now: now(), timeZone: timeZone)
        return .journalCompleted(summary: summary, problem: problem ?? journalProblem)
    }

    /// A yes is recorded with its time (once while a consent is in force); a no withdraws any consent.
    func recordConsent(_ granted: Bool) {
        if granted {
            if (try? journal.activeConsent()) == nil { _ = try? journal.recordConsent(at: now()) }
        } else {
            _ = try? journal.revokeConsent(at: now())
        }
    }

    static func journalError(_ error: any Error) -> JournalError {
        (error as? JournalError) ?? .other(path: "journal", detail: String(describing: error))
    }
}
