import AllinCore
import Foundation

/// The front's journal: nothing is created on disk until the first write (a check-in, a consent).
/// Until then an existing file is read as it is, and a missing one reads as an empty journal, so
/// opening allin to look around leaves no trace. Storage failures fall back to memory as in
/// `ResilientJournal`.
public final class OnDemandJournal: JournalStoring, JournalHealth, @unchecked Sendable {
    private let lock = NSLock()
    private let path: String
    private var opened: ResilientJournal?

    public init(path: String) { self.path = path }

    /// The storage problem that moved writes to memory, if any.
    public var problem: JournalError? { lock.withLock { opened?.problem } }

    private func fileExists() -> Bool {
        JournalFiles.allFiles(of: path).contains { FileManager.default.fileExists(atPath: $0) }
    }

    /// The journal to write to, opened (and created) now if needed.
    private func writable() -> ResilientJournal {
        lock.withLock {
            if let opened { return opened }
            let journal = JournalStore.openOrKeepInMemory(path: path)
            opened = journal
            return journal
        }
    }

    /// The journal to read: the open one, the file if it exists, else an empty journal.
    private func readable() -> any JournalStoring {
        if let open = lock.withLock({ opened }) { return open }
        return fileExists() ? writable() : MemoryJournal()
    }

    public func begin(_ checkIn: CheckIn, recommendation: Recommendation, moodBefore: Int?, at date: Date,
                      timeZone: TimeZone) throws -> Int64 {
        try writable().begin(checkIn, recommendation: recommendation, moodBefore: moodBefore, at: date, timeZone: timeZone)
    }
    public func complete(_ id: Int64, moodAfter: Int?, note: String?, at date: Date) throws {
        try writable().complete(id, moodAfter: moodAfter, note: note, at: date)
    }
    public func recordPlayback(_ id: Int64, _ record: PlaybackRecord) throws { try writable().recordPlayback(id, record) }
    public func recordSupport(_ id: Int64, tier: CrisisTier) throws { try writable().recordSupport(id, tier: tier) }
    @discardableResult
    public func mergeHandoff(_ handoff: Int64, into id: Int64) throws -> Int64 { try writable().mergeHandoff(handoff, into: id) }
    public func recordConsent(at date: Date) throws -> ConsentRecord { try writable().recordConsent(at: date) }
    @discardableResult public func revokeConsent(at date: Date) throws -> Int { try writable().revokeConsent(at: date) }
    public func consents() throws -> [ConsentRecord] { try readable().consents() }
    public func entries(_ query: JournalQuery) throws -> [JournalEntry] { try readable().entries(query) }
    public func entry(_ id: Int64) throws -> JournalEntry? { try readable().entry(id) }
    public func points() throws -> [JournalPoint] { try readable().points() }
    public func safetyPlan() throws -> SafetyPlan { try readable().safetyPlan() }
    @discardableResult
    public func saveSafetyPlanParts(_ parts: [SafetyPlan.Part: String], at date: Date) throws -> SafetyPlan {
        try writable().saveSafetyPlanParts(parts, at: date)
    }
    public func favourites() throws -> Set<String> { try readable().favourites() }
    public func setFavourite(_ slug: String, _ on: Bool, at date: Date) throws { try writable().setFavourite(slug, on, at: date) }
    public func savePlan(_ intake: PlanIntake, steps: [PlanStep], at date: Date) throws -> StoredPlan {
        try writable().savePlan(intake, steps: steps, at: date)
    }
    public func activePlan() throws -> StoredPlan? { try readable().activePlan() }
    public func plans() throws -> [StoredPlan] { try readable().plans() }
    public func recordPlanStepPlayed(plan: Int64, index: Int, moodBefore: Int?, at date: Date) throws {
        try writable().recordPlanStepPlayed(plan: plan, index: index, moodBefore: moodBefore, at: date)
    }
    public func recordPlanStepReflection(plan: Int64, index: Int, moodAfter: Int?, note: String?, at date: Date) throws {
        try writable().recordPlanStepReflection(plan: plan, index: index, moodAfter: moodAfter, note: note, at: date)
    }
}
