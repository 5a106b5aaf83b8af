import AllinCore

/// What the front says about the journal: one calm line when a check-in could not be saved, and the
/// streak in words.
public enum JournalCopy {
    /// Why the journal could not take it, in a few words.
    public static func cause(_ problem: JournalError) -> String {
        switch problem {
        case .readOnly: return "the journal's folder is read-only"
        case .diskFull: return "the disk is full"
        case .notADatabase, .foreign: return "the journal file is not one allin can read"
        case .corrupt: return "the journal file is damaged"
        case .newerSchema: return "the journal was written by a newer allin"
        case .busy: return "another allin is holding the journal"
        case .cannotCreateDirectory: return "the data folder can't be used"
        case .invalid, .notFound, .io, .other: return "the journal can't be used"
        }
    }

    /// The one-line notice: the check-in goes on, in memory only.
    public static func notSaved(_ problem: JournalError) -> String {
        "Not saved: \(cause(problem)). This check-in is kept until you quit; 'allin journal' says more."
    }

    /// "3 days in a row", with today's state.
    public static func streak(_ s: Streak) -> String {
        let days = s.days == 1 ? "1 day" : "\(s.days) days"
        if s.days == 0 { return "No streak yet: today can start one." }
        let rest = s.restDays.isEmpty ? "" : s.restDays.count == 1 ? " (one rest day kept it going)"
            : " (\(s.restDays.count) rest days kept it going)"
        return "Streak: \(days)\(rest)."
    }
}
