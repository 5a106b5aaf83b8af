import AllinCore
import Foundation

/// What could still be read from a damaged journal, and what could not.
public struct JournalSalvage: Sendable {
    public var schemaVersion = 0
    public var entries: [JournalEntry] = []
    public var consents: [ConsentRecord] = []
    public var safetyPlan = SafetyPlan()
    public var plans: [StoredPlan] = []
    public var favourites: Set<String> = []
    /// The numbers of check-ins that could not be read, in order.
    public var unreadableEntries: [Int64] = []
    /// Whether `unreadableEntries` are check-ins the journal's index says exist (else they are
    /// numbers between two readable check-ins, some of which may never have been kept).
    public var unreadableAreKnown = false
    /// Set when the end of the check-ins could not be found: every entry after this number is lost.
    public var unreadableAfter: Int64?
    /// The other parts that could not be read, in words ("the consent records", "your safety plan").
    public var unreadableParts: [String] = []

    public var isComplete: Bool { unreadableEntries.isEmpty && unreadableAfter == nil && unreadableParts.isEmpty }
}

extension JournalStore {
    /// Reads what can still be read from a damaged journal (one SQLite reports as malformed), for
    /// `allin export`. The file is opened read-only and never changed: no check, no migration, no
    /// write. Throws when the file can't be opened at all or is not an allin journal.
    public static func salvage(path: String) throws -> JournalSalvage {
        var options = Options()
        options.readOnly = true
        options.verify = false
        let store = try open(path: path, options: options)
        var s = JournalSalvage()
        s.schemaVersion = (try? store.schemaVersion) ?? 0
        _ = try? store.guarded { store.salvageCheckIns(into: &s) }
        if let consents = try? store.consents() { s.consents = consents } else { s.unreadableParts.append("the consent records") }
        if let plan = try? store.safetyPlan() { s.safetyPlan = plan } else { s.unreadableParts.append("your safety plan") }
        if let plans = try? store.plans() { s.plans = plans } else { s.unreadableParts.append("the 10-step plans") }
        if let favourites = try? store.favourites() { s.favourites = favourites } else { s.unreadableParts.append("your favourites") }
        return s
    }

    /// Every check-in that can be read. A damaged page stops a scan of the table where it lies, so
    /// the table is read from the start until it stops, then from the end back to there; the
    /// check-ins between are then read one at a time by number (the numbers come from the table's
    /// two indexes, which hold every check-in's number on pages of their own).
    func salvageCheckIns(into s: inout JournalSalvage) {
        var found: [Int64: JournalEntry] = [:]
        let (forward, forwardDone) = scan(CheckInRow.selectSQL + " ORDER BY id")
        for e in forward { found[e.id] = e }
        defer { s.entries = found.values.sorted { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) } }
        if forwardDone { return }
        let low = forward.last?.id ?? 0
        let (backward, _) = scan(CheckInRow.selectSQL + " WHERE id > \(low) ORDER BY id DESC")
        for e in backward { found[e.id] = e }
        var known = Set<Int64>()
        for index in ["check_ins_by_start", "check_ins_by_day"] {
            known.formUnion(ids("SELECT id FROM check_ins INDEXED BY \(index) WHERE id > \(low)"))
        }
        s.unreadableAreKnown = !known.isEmpty
        // Between the last check-in read going forward and the first read coming back.
        let high = backward.last?.id ?? known.max().map { $0 + 1 }
        guard let high else {
            s.unreadableAfter = low
            return
        }
        let probes = known.isEmpty ? Array(low + 1..<high) : known.filter { $0 < high }.sorted()
        for id in probes where found[id] == nil {
            do {
                if let e = try db.query(CheckInRow.selectSQL + " WHERE id = ?", [.integer(id)], CheckInRow.entry).first {
                    found[id] = e
                } else if !known.isEmpty {
                    s.unreadableEntries.append(id)   // the index has it, the table does not
                }
            } catch {
                s.unreadableEntries.append(id)
            }
        }
    }

    /// The check-ins a query returns, in order, until the end (true) or the first failure (false).
    private func scan(_ sql: String) -> (entries: [JournalEntry], done: Bool) {
        var out: [JournalEntry] = []
        do {
            let stmt = try db.prepare(sql)
            try stmt.bind([])
            while try stmt.step() { out.append(try CheckInRow.entry(stmt.row)) }
            return (out, true)
        } catch {
            return (out, false)
        }
    }

    /// The numbers a query returns until the end or the first failure.
    private func ids(_ sql: String) -> [Int64] {
        var out: [Int64] = []
        do {
            let stmt = try db.prepare(sql)
            try stmt.bind([])
            while try stmt.step() { out.append(stmt.row.int64(0) ?? 0) }
        } catch {}
        return out
    }
}
