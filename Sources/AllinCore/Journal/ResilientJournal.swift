import Foundation

/// A journal that keeps working when its disk does not: the first storage failure (disk full,
/// read-only, damaged file…) switches writes to memory, so the check-in in progress still completes
/// and the front can say plainly that it was not saved.
public final class ResilientJournal: JournalStoring, @unchecked Sendable {
    private let lock = NSLock()
    private let primary: (any JournalStoring)?
    private let memory = MemoryJournal(firstID: ResilientJournal.memoryIDBase)
    private var failure: JournalError?
    /// What `begin` was given for check-ins not yet completed, so a failed completion can be redone in memory.
    private var pending: [Int64: (CheckIn, Recommendation, Int?, Date, TimeZone)] = [:]
    /// Playback records of those check-ins, redone in memory with them.
    private var records: [Int64: PlaybackRecord] = [:]

    /// Ids from this value up are held in memory only.
    public static let memoryIDBase: Int64 = 1 << 52

    /// `primary` is the disk journal, or nil when it could not be opened (`problem` says why). A
    /// `primary` with a `problem` is read but never written (a journal opened read-only).
    public init(primary: (any JournalStoring)?, problem: JournalError? = nil) {
        self.primary = primary
        self.failure = problem ?? (primary == nil ? .other(path: "(none)", detail: "no journal") : nil)
    }

    /// The storage problem that moved the journal to memory; nil while the disk works.
    public var problem: JournalError? { lock.lock(); defer { lock.unlock() }; return failure }

    public func begin(_ checkIn: CheckIn, recommendation: Recommendation, moodBefore: Int?, at date: Date,
                      timeZone: TimeZone) throws -> Int64 {
        let id = try write { store in
            try store.begin(checkIn, recommendation: recommendation, moodBefore: moodBefore, at: date, timeZone: timeZone)
        }
        lock.lock(); pending[id] = (checkIn, recommendation, moodBefore, date, timeZone); lock.unlock()
        return id
    }

    public func complete(_ id: Int64, moodAfter: Int?, note: String?, at date: Date) throws {
        lock.lock()
        let begun = pending.removeValue(forKey: id)
        let record = records.removeValue(forKey: id)
        lock.unlock()
        if id >= Self.memoryIDBase {
            return try memory.complete(id, moodAfter: moodAfter, note: note, at: date)
        }
        do {
            if let primary, problem == nil { return try primary.complete(id, moodAfter: moodAfter, note: note, at: date) }
        } catch let error as JournalError where error.isStorageProblem {
            fail(error)
        }
        // The disk is gone: keep the whole check-in in memory so the reflection is not lost.
        guard let (checkIn, recommendation, moodBefore, started, zone) = begun else {
            throw problem ?? JournalError.notFound(id: id)
        }
        let moved = try memory.begin(checkIn, recommendation: recommendation, moodBefore: moodBefore, at: started, timeZone: zone)
        try memory.complete(moved, moodAfter: moodAfter, note: note, at: date)
        if let record { try memory.recordPlayback(moved, record) }
    }

    public func recordPlayback(_ id: Int64, _ record: PlaybackRecord) throws {
        if id >= Self.memoryIDBase { return try memory.recordPlayback(id, record) }
        lock.withLock { if pending[id] != nil { records[id] = record } }
        do {
            if let primary, problem == nil { return try primary.recordPlayback(id, record) }
        } catch let error as JournalError where error.isStorageProblem {
            fail(error)
        }
        // The disk is gone: the record waits for `complete`, which moves the check-in to memory.
    }

    public func recordSupport(_ id: Int64, tier: CrisisTier) throws {
        if id >= Self.memoryIDBase { return try memory.recordSupport(id, tier: tier) }
        do {
            if let primary, problem == nil { try primary.recordSupport(id, tier: tier) }
        } catch let error as JournalError where error.isStorageProblem {
            fail(error)
        }
    }

    /// Both rows on disk or both in memory are merged; a handoff on disk and a session begun in
    /// memory after the disk failed are left as two entries (nothing is lost).
    @discardableResult
    public func mergeHandoff(_ handoff: Int64, into id: Int64) throws -> Int64 {
        switch (handoff >= Self.memoryIDBase, id >= Self.memoryIDBase) {
        case (true, true): return try memory.mergeHandoff(handoff, into: id)
        case (false, false):
            do {
                if let primary, problem == nil { return try primary.mergeHandoff(handoff, into: id) }
            } catch let error as JournalError where error.isStorageProblem {
                fail(error)
            }
            return id
        default: return id
        }
    }

    public func recordConsent(at date: Date) throws -> ConsentRecord { try write { try $0.recordConsent(at: date) } }

    @discardableResult public func revokeConsent(at date: Date) throws -> Int {
        let n = try write { try $0.revokeConsent(at: date) }
        return n + (problem == nil ? 0 : try memory.revokeConsent(at: date))
    }

    public func consents() throws -> [ConsentRecord] { try read { try $0.consents() } + memory.consents() }

    public func entries(_ query: JournalQuery) throws -> [JournalEntry] {
        var all = try read { try $0.entries(query) } + memory.entries(query)
        all.sort { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) }
        if query.newestFirst { all.reverse() }
        if let limit = query.limit { all = Array(all.prefix(max(0, limit))) }
        return all
    }

    public func entry(_ id: Int64) throws -> JournalEntry? {
        if id >= Self.memoryIDBase { return try memory.entry(id) }
        return try read { store in try store.entry(id).map { [$0] } ?? [] }.first
    }

    public func points() throws -> [JournalPoint] { try read { try $0.points() } + memory.points() }

    /// The plan saved in memory after the disk failed wins; else the disk's.
    public func safetyPlan() throws -> SafetyPlan {
        let kept = try memory.safetyPlan()
        if kept.updatedAt != nil { return kept }
        return try read { [try $0.safetyPlan()] }.first ?? kept
    }

    @discardableResult
    public func saveSafetyPlanParts(_ parts: [SafetyPlan.Part: String], at date: Date) throws -> SafetyPlan {
        try write { journal in
            if journal as AnyObject === memory {
                // In memory: the parts not written now are the plan as it reads now (the disk's while
                // it still gives it), so keeping one part never empties the others.
                let base = try safetyPlan()
                try memory.saveSafetyPlan(base, at: base.updatedAt ?? date)
            }
            return try journal.saveSafetyPlanParts(parts, at: date)
        }
    }

    /// The disk's marks and those made in memory after it failed.
    public func favourites() throws -> Set<String> {
        Set(try read { Array(try $0.favourites()) }).union(try memory.favourites())
    }

    public func setFavourite(_ slug: String, _ on: Bool, at date: Date) throws {
        try write { try $0.setFavourite(slug, on, at: date) }
    }

    public func savePlan(_ intake: PlanIntake, steps: [PlanStep], at date: Date) throws -> StoredPlan {
        try write { try $0.savePlan(intake, steps: steps, at: date) }
    }

    /// A plan made in memory after the disk failed wins; else the disk's.
    public func activePlan() throws -> StoredPlan? {
        if let kept = try memory.activePlan() { return kept }
        return try read { try $0.activePlan().map { [$0] } ?? [] }.first
    }

    public func plans() throws -> [StoredPlan] { try memory.plans() + read { try $0.plans() } }

    public func recordPlanStepPlayed(plan id: Int64, index: Int, moodBefore: Int?, at date: Date) throws {
        if try memory.plans().contains(where: { $0.id == id }) {
            return try memory.recordPlanStepPlayed(plan: id, index: index, moodBefore: moodBefore, at: date)
        }
        try write { try $0.recordPlanStepPlayed(plan: id, index: index, moodBefore: moodBefore, at: date) }
    }

    public func recordPlanStepReflection(plan id: Int64, index: Int, moodAfter: Int?, note: String?, at date: Date) throws {
        if try memory.plans().contains(where: { $0.id == id }) {
            return try memory.recordPlanStepReflection(plan: id, index: index, moodAfter: moodAfter, note: note, at: date)
        }
        try write { try $0.recordPlanStepReflection(plan: id, index: index, moodAfter: moodAfter, note: note, at: date) }
    }

    private func fail(_ error: JournalError) {
        lock.lock(); if failure == nil { failure = error }; lock.unlock()
    }

    /// Writes to the disk while it works; on the first storage problem, to memory from then on.
    private func write<T>(_ body: (any JournalStoring) throws -> T) throws -> T {
        if let primary, problem == nil {
            do { return try body(primary) } catch let error as JournalError where error.isStorageProblem { fail(error) }
        }
        return try body(memory)
    }

    /// Reads what the disk still gives (nothing when it fails), to merge with memory. A file found
    /// damaged or not a journal on reading is a problem like a failed write: writes go to memory, and
    /// the screens say so (found from outside: a damaged journal's screen said "Nothing here yet").
    private func read<T>(_ body: (any JournalStoring) throws -> [T]) throws -> [T] {
        guard let primary else { return [] }
        do { return try body(primary) } catch let error as JournalError where error.isStorageProblem {
            switch error {
            case .corrupt, .notADatabase, .foreign, .newerSchema: fail(error)
            default: break
            }
            return []
        }
    }
}

/// A journal that can report the storage problem that moved it to memory.
public protocol JournalHealth {
    var problem: JournalError? { get }
}

extension ResilientJournal: JournalHealth {}
