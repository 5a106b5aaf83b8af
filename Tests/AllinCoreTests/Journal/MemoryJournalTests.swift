import Foundation
import Testing
@testable import AllinCore

@Suite("Journal rules on the in-memory journal: privacy, completion, consent, fallback")
struct MemoryJournalTests {
    let london = zone("Europe/London")
    let t0 = wallClock("2024-05-15 09:00", "Europe/London")

    var answers: CheckIn {
        CheckIn(emotion: "anxious", triggerText: "the review", intensity: 6, intent: "unblock", consent: true,
                belief: "not_good_enough", pattern: "over-prepare", origin: "school", kinder: "I am learning")
    }

    @Test func completingKeepsEveryEarlierColumn() throws {
        let j = MemoryJournal()
        let id = try j.begin(answers, recommendation: audioRoute(), moodBefore: 3, at: t0, timeZone: london)
        try j.complete(id, moodAfter: nil, note: "first note", at: t0.addingTimeInterval(600))
        try j.complete(id, moodAfter: 7, note: nil, at: t0.addingTimeInterval(900))
        try j.complete(id, moodAfter: nil, note: "   ", at: t0.addingTimeInterval(1000))
        let e = try #require(try j.entry(id))
        #expect(e.checkIn == answers && e.kinder == "I am learning")
        #expect(e.moodBefore == 3 && e.moodAfter == 7 && e.note == "first note")
        #expect(e.completedAt == t0.addingTimeInterval(600))
        #expect(e.day == day("2024-05-15") && e.timeZone == "Europe/London")
        #expect(e.recommendation?["trace"] != nil && e.sessionSlug == "soothe-breath")
    }

    @Test func aHandoffKeepsOnlyItsTierAndTime() throws {
        let j = MemoryJournal()
        let id = try j.begin(answers, recommendation: handoffRoute(tier: .immediate), moodBefore: 4, at: t0, timeZone: london)
        try j.complete(id, moodAfter: 8, note: "should not be kept", at: t0)
        let e = try #require(try j.entry(id))
        #expect(e.kind == .safetyHandoff && e.crisisTier == .immediate && e.isComplete && e.startedAt == t0)
        #expect(e.checkIn == nil && e.recommendation == nil && e.moodBefore == nil && e.moodAfter == nil && e.note == nil)
        #expect(e.sessionSlug == nil && e.lane == nil)
        #expect(try j.consents().isEmpty, "a handoff records no consent either")
    }

    @Test func moodsOutsideOneToTenAreRefusedNamingTheField() throws {
        let j = MemoryJournal()
        #expect(throws: JournalError.invalid(field: "moodBefore", message: "must be a whole number from 1 to 10, found 0")) {
            try j.begin(answers, recommendation: audioRoute(), moodBefore: 0, at: t0, timeZone: london)
        }
        let id = try j.begin(answers, recommendation: audioRoute(), moodBefore: nil, at: t0, timeZone: london)
        #expect(throws: JournalError.self) { try j.complete(id, moodAfter: 11, note: nil, at: t0) }
        #expect(throws: JournalError.notFound(id: 99)) { try j.complete(99, moodAfter: 5, note: nil, at: t0) }
    }

    @Test func consentIsRecordedOnceAndRevocable() throws {
        let j = MemoryJournal()
        let first = try j.begin(answers, recommendation: audioRoute(), moodBefore: nil, at: t0, timeZone: london)
        _ = try j.begin(answers, recommendation: audioRoute(), moodBefore: nil, at: t0.addingTimeInterval(60), timeZone: london)
        #expect(try j.consents().count == 1)
        #expect(try j.activeConsent()?.checkInID == first)
        #expect(try j.revokeConsent(at: t0.addingTimeInterval(120)) == 1)
        #expect(try j.activeConsent() == nil)
        #expect(try j.consents().first?.revokedAt == t0.addingTimeInterval(120))
        let again = try j.recordConsent(at: t0.addingTimeInterval(180))
        #expect(try j.activeConsent() == again)
        #expect(try j.consents().count == 2)
    }

    @Test func listingFiltersAndOrders() throws {
        let j = MemoryJournal()
        for n in 0..<5 {
            let id = try j.begin(answers, recommendation: audioRoute(), moodBefore: 5, at: t0.addingTimeInterval(Double(n) * 86_400), timeZone: london)
            if n != 2 { try j.complete(id, moodAfter: 6, note: n == 4 ? "a calm café" : nil, at: t0.addingTimeInterval(Double(n) * 86_400 + 60)) }
        }
        #expect(try j.entries(JournalQuery()).map(\.id) == [5, 4, 3, 2, 1])
        #expect(try j.entries(JournalQuery(newestFirst: false)).first?.id == 1)
        #expect(try j.entries(JournalQuery(since: day("2024-05-18"))).map(\.id) == [5, 4])
        #expect(try j.entries(JournalQuery(includeUnfinished: false)).map(\.id) == [5, 4, 2, 1])
        #expect(try j.entries(JournalQuery(search: "cafe")).map(\.id) == [5])
        #expect(try j.entries(JournalQuery(search: "learn")).count == 5)   // the kinder reframe
        #expect(try j.entries(JournalQuery(limit: 2)).count == 2)
        let summary = try j.summary(now: t0.addingTimeInterval(4 * 86_400 + 3600), timeZone: london, rules: StreakRules(restDaysPerWeek: 0))
        #expect(summary.streak.days == 2 && summary.completed == 4)
    }

    /// A journal whose disk fails on demand.
    final class FailingJournal: JournalStoring, @unchecked Sendable {
        let inner = MemoryJournal()
        var failWrites = false
        let error = JournalError.diskFull(path: "/x/journal.sqlite3")
        func begin(_ c: CheckIn, recommendation: Recommendation, moodBefore: Int?, at: Date, timeZone: TimeZone) throws -> Int64 {
            if failWrites { throw error }
            return try inner.begin(c, recommendation: recommendation, moodBefore: moodBefore, at: at, timeZone: timeZone)
        }
        func complete(_ id: Int64, moodAfter: Int?, note: String?, at: Date) throws {
            if failWrites { throw error }
            try inner.complete(id, moodAfter: moodAfter, note: note, at: at)
        }
        func recordPlayback(_ id: Int64, _ record: PlaybackRecord) throws {
            if failWrites { throw error }
            try inner.recordPlayback(id, record)
        }
        func recordSupport(_ id: Int64, tier: CrisisTier) throws {
            if failWrites { throw error }
            try inner.recordSupport(id, tier: tier)
        }
        func mergeHandoff(_ handoff: Int64, into id: Int64) throws -> Int64 {
            if failWrites { throw error }
            return try inner.mergeHandoff(handoff, into: id)
        }
        func recordConsent(at: Date) throws -> ConsentRecord { if failWrites { throw error }; return try inner.recordConsent(at: at) }
        func revokeConsent(at: Date) throws -> Int { if failWrites { throw error }; return try inner.revokeConsent(at: at) }
        func consents() throws -> [ConsentRecord] { try inner.consents() }
        var readError: JournalError?
        func entries(_ q: JournalQuery) throws -> [JournalEntry] {
            if let readError { throw readError }
            return try inner.entries(q)
        }
        func entry(_ id: Int64) throws -> JournalEntry? { try inner.entry(id) }
        func points() throws -> [JournalPoint] { try inner.points() }
        func safetyPlan() throws -> SafetyPlan { try inner.safetyPlan() }
        func savePlan(_ intake: PlanIntake, steps: [PlanStep], at date: Date) throws -> StoredPlan {
            if failWrites { throw error }
            return try inner.savePlan(intake, steps: steps, at: date)
        }
        func activePlan() throws -> StoredPlan? { try inner.activePlan() }
        func plans() throws -> [StoredPlan] { try inner.plans() }
        func recordPlanStepPlayed(plan: Int64, index: Int, moodBefore: Int?, at date: Date) throws {
            if failWrites { throw error }
            try inner.recordPlanStepPlayed(plan: plan, index: index, moodBefore: moodBefore, at: date)
        }
        func recordPlanStepReflection(plan: Int64, index: Int, moodAfter: Int?, note: String?, at date: Date) throws {
            if failWrites { throw error }
            try inner.recordPlanStepReflection(plan: plan, index: index, moodAfter: moodAfter, note: note, at: date)
        }
        func saveSafetyPlanParts(_ parts: [SafetyPlan.Part: String], at date: Date) throws -> SafetyPlan {
            if failWrites { throw error }
            return try inner.saveSafetyPlanParts(parts, at: date)
        }
        func favourites() throws -> Set<String> { try inner.favourites() }
        func setFavourite(_ slug: String, _ on: Bool, at date: Date) throws {
            if failWrites { throw error }
            try inner.setFavourite(slug, on, at: date)
        }
    }

    /// One part kept in memory after the disk failed keeps every other part the disk still gives.
    @Test func aPlanPartSavedAfterTheDiskFailsKeepsTheOtherParts() throws {
        let disk = FailingJournal()
        let j = ResilientJournal(primary: disk)
        try j.saveSafetyPlanParts([.reasons: "my kids", .helpers: "Sam"], at: t0)
        disk.failWrites = true
        let saved = try j.saveSafetyPlanParts([.copingAlone: "a long walk"], at: t0.addingTimeInterval(60))
        #expect(saved.sameWords(as: SafetyPlan([.reasons: "my kids", .helpers: "Sam", .copingAlone: "a long walk"])))
        #expect(try j.safetyPlan().sameWords(as: saved))
        #expect(try j.saveSafetyPlanParts([.helpers: ""], at: t0.addingTimeInterval(120))[.helpers].isEmpty)
        #expect(try j.safetyPlan()[.reasons] == "my kids")
    }

    @Test func aSessionInProgressCompletesInMemoryWhenTheDiskFails() throws {
        let disk = FailingJournal()
        let j = ResilientJournal(primary: disk)
        let saved = try j.begin(answers, recommendation: audioRoute(), moodBefore: 2, at: t0, timeZone: london)
        try j.complete(saved, moodAfter: 5, note: "on disk", at: t0.addingTimeInterval(60))
        #expect(j.problem == nil)

        let inProgress = try j.begin(answers, recommendation: audioRoute(), moodBefore: 3, at: t0.addingTimeInterval(3600), timeZone: london)
        disk.failWrites = true
        try j.complete(inProgress, moodAfter: 8, note: "kept in memory", at: t0.addingTimeInterval(4000))
        #expect(j.problem == .diskFull(path: "/x/journal.sqlite3"))
        let next = try j.begin(answers, recommendation: audioRoute(), moodBefore: 4, at: t0.addingTimeInterval(7200), timeZone: london)
        #expect(next >= ResilientJournal.memoryIDBase)
        try j.complete(next, moodAfter: 6, note: nil, at: t0.addingTimeInterval(7300))

        let all = try j.entries(JournalQuery())
        #expect(all.contains { $0.note == "kept in memory" && $0.moodBefore == 3 && $0.moodAfter == 8 && $0.isComplete })
        #expect(all.contains { $0.note == "on disk" })
        #expect(try j.entry(next)?.moodAfter == 6)
        #expect(try j.summary(now: t0.addingTimeInterval(8000), timeZone: london).completed == 3)
    }

    @Test func withNoDiskAtAllEverythingStaysInMemory() throws {
        let j = ResilientJournal(primary: nil, problem: .readOnly(path: "/ro/journal.sqlite3"))
        let id = try j.begin(answers, recommendation: audioRoute(), moodBefore: 2, at: t0, timeZone: london)
        try j.complete(id, moodAfter: 4, note: "n", at: t0)
        #expect(j.problem == .readOnly(path: "/ro/journal.sqlite3") && j.problem?.isStorageProblem == true)
        #expect(try j.entries(JournalQuery()).count == 1)
        #expect(try j.consents().count == 1)
    }

    /// A file found damaged on reading is said, not read as an empty journal (found from outside: the
    /// full screen said "Nothing here yet" over 61 check-ins); a busy one is only skipped.
    @Test func aDamagedFileFoundOnReadingIsAProblem() throws {
        let disk = FailingJournal()
        disk.readError = .busy(path: "/x/journal.sqlite3")
        let j = ResilientJournal(primary: disk)
        #expect(try j.entries(JournalQuery()).isEmpty && j.problem == nil)
        disk.readError = .corrupt(path: "/x/journal.sqlite3", detail: "database disk image is malformed")
        #expect(try j.entries(JournalQuery()).isEmpty)
        #expect(j.problem == .corrupt(path: "/x/journal.sqlite3", detail: "database disk image is malformed"))
    }

    @Test func errorMessagesNameThePathInPlainWords() {
        #expect(JournalError.diskFull(path: "/d/j").message.contains("/d/j is full"))
        #expect(JournalError.readOnly(path: "/d/j").message.contains("read-only"))
        #expect(JournalError.notADatabase(path: "/d/j").message.contains("Nothing was changed"))
        #expect(JournalError.corrupt(path: "/d/j", detail: "x").canMoveAside)
        #expect(!JournalError.diskFull(path: "/d/j").canMoveAside)
        #expect(!JournalError.invalid(field: "f", message: "m").isStorageProblem)
    }
}
