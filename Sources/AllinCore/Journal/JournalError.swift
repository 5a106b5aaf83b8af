/// What can go wrong with the journal, in the words a person reads. Every store adapter reports
/// through this one type, so the front and the CLI never show a raw database error.
public enum JournalError: Error, Equatable, Sendable {
    /// A value the journal refuses (e.g. a mood of 11), naming the field.
    case invalid(field: String, message: String)
    case notFound(id: Int64)
    /// The data directory could not be created or used.
    case cannotCreateDirectory(path: String, reason: String)
    case readOnly(path: String)
    case diskFull(path: String)
    /// The file is not an SQLite database at all.
    case notADatabase(path: String)
    /// An SQLite database that belongs to another program.
    case foreign(path: String, detail: String)
    /// A damaged journal (the integrity check failed or SQLite reported corruption).
    case corrupt(path: String, detail: String)
    /// Written by a newer allin with a schema this one does not know.
    case newerSchema(path: String, found: Int, known: Int)
    /// Another process held the journal locked for longer than the busy timeout.
    case busy(path: String)
    /// A read or write failed at the disk.
    case io(path: String, detail: String)
    case other(path: String, detail: String)

    /// One or two calm sentences naming the file and what to do.
    public var message: String {
        switch self {
        case let .invalid(field, message):
            return "'\(field)' \(message)."
        case let .notFound(id):
            return "There is no journal entry \(id)."
        case let .cannotCreateDirectory(path, reason):
            return "Cannot use the data directory \(path): \(reason). Choose another with --data-dir or ALLIN_DATA_DIR."
        case let .readOnly(path):
            return "The journal at \(path) is read-only, so nothing can be saved there. Check the file and folder permissions, or choose another place with --data-dir."
        case let .diskFull(path):
            return "The disk holding \(path) is full, so this was not saved to disk. Free some space and try again."
        case let .notADatabase(path):
            return "\(path) is not a journal allin can read (it is not an SQLite database: another program's file, or a damaged one). Nothing was changed."
        case let .foreign(path, detail):
            return "\(path) is an SQLite database that belongs to another program (\(detail)). Nothing was changed."
        case let .corrupt(path, detail):
            return "The journal at \(path) is damaged (\(detail)). Nothing was changed."
        case let .newerSchema(path, found, known):
            return "The journal at \(path) was written by a newer allin (schema \(found); this one knows up to \(known)). Update allin; nothing was changed."
        case let .busy(path):
            return "Another allin is holding the journal at \(path) busy. Try again in a moment."
        case let .io(path, detail):
            return "A disk error stopped allin using \(path) (\(detail))."
        case let .other(path, detail):
            return "The journal at \(path) could not be used (\(detail))."
        }
    }

    /// Problems with the place the journal lives: the front can carry on with the journal in memory.
    public var isStorageProblem: Bool {
        switch self {
        case .invalid, .notFound: return false
        default: return true
        }
    }

    /// The file at the journal's path is not a usable allin journal; moving it aside (with the
    /// person's consent) lets a new journal start without deleting anything.
    public var canMoveAside: Bool {
        switch self {
        case .notADatabase, .foreign, .corrupt: return true
        default: return false
        }
    }
}
