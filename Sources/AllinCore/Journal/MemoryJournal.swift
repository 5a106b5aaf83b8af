import Foundation

/// A journal held in memory: the test double for the front, and where check-ins go when the disk
/// cannot take them. Same rules as the SQLite store (privacy, no-wipe completion, consent).
public final class MemoryJournal: JournalStoring, @unchecked Sendable {
    private let lock = NSLock()
    private var rows: [JournalEntry] = []
    private var consentRows: [ConsentRecord] = []
    private var nextID: Int64
    private var nextConsentID: Int64 = 1
    private var plan = SafetyPlan()
    private var marked: Set<String> = []
    private var storedPlans: [StoredPlan] = []

    /// `firstID` lets a fallback journal issue ids that cannot collide with a disk journal's.
    public init(firstID: Int64 = 1) { nextID = firstID }

    public func begin(_ checkIn: CheckIn, recommendation: Recommendation, moodBefore: Int?, at date: Date,
                      timeZone: TimeZone) throws -> Int64 {
        try locked {
            let entry = try JournalEntry.begun(checkIn, recommendation: recommendation, moodBefore: moodBefore,
                                               at: date, timeZone: timeZone, id: nextID)
            nextID += 1
            rows.append(entry)
            if entry.checkIn?.consent == true, !consentRows.contains(where: \.isActive) {
                consentRows.append(ConsentRecord(id: nextConsentID, grantedAt: date, checkInID: entry.id))
                nextConsentID += 1
            }
            return entry.id
        }
    }

    public func safetyPlan() throws -> SafetyPlan { locked { plan } }

    public func savePlan(_ intake: PlanIntake, steps: [PlanStep], at date: Date) throws -> StoredPlan {
        locked {
            for i in storedPlans.indices { storedPlans[i].active = false }
            let stored = StoredPlan(id: Int64(storedPlans.count + 1), createdAt: date, active: true, intake: intake,
                                    steps: steps.map { StoredPlan.Step(step: $0) })
            storedPlans.append(stored)
            return stored
        }
    }

    public func activePlan() throws -> StoredPlan? { locked { storedPlans.last { $0.active } } }

    public func plans() throws -> [StoredPlan] { locked { storedPlans.reversed() } }

    public func recordPlanStepPlayed(plan id: Int64, index: Int, moodBefore: Int?, at date: Date) throws {
        try changeStep(id, index) { $0.playedAt = date; $0.moodBefore = moodBefore }
    }

    public func recordPlanStepReflection(plan id: Int64, index: Int, moodAfter: Int?, note: String?, at date: Date) throws {
        try changeStep(id, index) { $0.moodAfter = moodAfter; $0.note = note; $0.reflectedAt = date }
    }

    private func changeStep(_ id: Int64, _ index: Int, _ change: (inout StoredPlan.Step) -> Void) throws {
        try locked {
            guard let p = storedPlans.firstIndex(where: { $0.id == id }),
                  let s = storedPlans[p].steps.firstIndex(where: { $0.step.index == index }) else {
                throw JournalError.notFound(id: id)
            }
            change(&storedPlans[p].steps[s])
        }
    }

    public func favourites() throws -> Set<String> { locked { marked } }

    public func setFavourite(_ slug: String, _ on: Bool, at date: Date) throws {
        locked {
            if on { marked.insert(slug) } else { marked.remove(slug) }
        }
    }

    @discardableResult
    public func saveSafetyPlanParts(_ parts: [SafetyPlan.Part: String], at date: Date) throws -> SafetyPlan {
        locked {
            var saved = plan.applying(parts)
            saved.updatedAt = saved.isEmpty ? nil : date
            plan = saved
            return saved
        }
    }

    public func complete(_ id: Int64, moodAfter: Int?, note: String?, at date: Date) throws {
        try locked {
            guard let i = rows.firstIndex(where: { $0.id == id }) else { throw JournalError.notFound(id: id) }
            rows[i] = try rows[i].completing(moodAfter: moodAfter, note: note, at: date)
        }
    }

    public func recordPlayback(_ id: Int64, _ record: PlaybackRecord) throws {
        try locked {
            guard let i = rows.firstIndex(where: { $0.id == id }) else { throw JournalError.notFound(id: id) }
            rows[i] = rows[i].recordingPlayback(record)
        }
    }

    public func recordSupport(_ id: Int64, tier: CrisisTier) throws {
        try locked {
            guard let i = rows.firstIndex(where: { $0.id == id }) else { throw JournalError.notFound(id: id) }
            rows[i] = rows[i].recordingSupport(tier)
        }
    }

    @discardableResult
    public func mergeHandoff(_ handoff: Int64, into id: Int64) throws -> Int64 {
        try locked {
            guard let h = rows.firstIndex(where: { $0.id == handoff }), rows[h].kind == .safetyHandoff else { return id }
            guard let i = rows.firstIndex(where: { $0.id == id }) else { throw JournalError.notFound(id: id) }
            rows[i] = rows[i].recordingSupport(rows[h].crisisTier ?? .crisis)
            rows.remove(at: h)
            // The check-in takes the handoff's number when no row lies between them.
            guard handoff < id, !rows.contains(where: { $0.id > handoff && $0.id < id }),
                  let j = rows.firstIndex(where: { $0.id == id }) else { return id }
            rows[j].id = handoff
            return handoff
        }
    }

    public func recordConsent(at date: Date) throws -> ConsentRecord {
        locked {
            let record = ConsentRecord(id: nextConsentID, grantedAt: date)
            nextConsentID += 1
            consentRows.append(record)
            return record
        }
    }

    @discardableResult public func revokeConsent(at date: Date) throws -> Int {
        locked {
            var n = 0
            for i in consentRows.indices where consentRows[i].isActive {
                consentRows[i].revokedAt = date
                n += 1
            }
            return n
        }
    }

    public func consents() throws -> [ConsentRecord] { locked { consentRows } }

    public func entries(_ query: JournalQuery) throws -> [JournalEntry] {
        locked {
            var list = rows.filter { e in
                (query.since.map { e.day >= $0 } ?? true) && (query.includeUnfinished || e.isComplete)
                    && (query.search.map { JournalSearch.matches($0, in: [e.note, e.kinder]) } ?? true)
            }
            list.sort { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) }
            if query.newestFirst { list.reverse() }
            if let limit = query.limit { list = Array(list.prefix(max(0, limit))) }
            return list
        }
    }

    public func entry(_ id: Int64) throws -> JournalEntry? { locked { rows.first { $0.id == id } } }

    public func points() throws -> [JournalPoint] { locked { rows.map(\.point) } }

    /// Forgets everything.
    public func eraseAll() { locked { rows = []; consentRows = [] } }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
