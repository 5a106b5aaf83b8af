import AllinCore
import Foundation
import Testing
@testable import AllinStore

private let intake = PlanIntake(areas: [
    PlanIntake.Area(area: "work", rating: 3, answers: ["deadlines", "never enough", "tight chest", "leave on time"]),
    PlanIntake.Area(area: "money", rating: 5, answers: ["bills", "behind", "dread", "a budget"]),
    PlanIntake.Area(area: "health", rating: 8, answers: ["late nights", "rest is lazy", "tired", "sleep"]),
])

private let steps: [PlanStep] = (1...10).map { i in
    PlanStep(index: i, area: ["work", "money", "health"][i % 3], type: .at(i), slug: "s\(i)", fallback: i == 10 ? .final : nil)
}

@Suite("The beliefs plan in the journal")
struct PlanStoreTests {
    @Test func aPlanRoundTripsAndANewOneReplacesIt() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        do {
            let store = try JournalStore.open(path: dir.journal)
            #expect(try store.activePlan() == nil)
            let first = try store.savePlan(intake, steps: steps, at: t0)
            #expect(first.active && first.intake == intake && first.steps.map(\.step) == steps)
            try store.recordPlanStepPlayed(plan: first.id, index: 1, moodBefore: 3, at: t0)
            try store.recordPlanStepReflection(plan: first.id, index: 1, moodAfter: 6, note: "lighter", at: t0)
            #expect(throws: JournalError.self) { try store.recordPlanStepPlayed(plan: 99, index: 1, moodBefore: nil, at: t0) }
        }
        // After closing and opening again (a restart), the progress is there.
        let store = try JournalStore.open(path: dir.journal)
        let kept = try #require(try store.activePlan())
        #expect(kept.steps[0].moodChange == 3 && kept.steps[0].note == "lighter" && kept.steps[0].playedAt != nil)
        #expect(kept.next?.step.index == 2 && kept.playedCount == 1)
        let second = try store.savePlan(intake, steps: steps, at: t0.addingTimeInterval(60))
        #expect(try store.activePlan()?.id == second.id)
        let all = try store.plans()
        #expect(all.map(\.id) == [second.id, kept.id] && all.map(\.active) == [true, false])
        // Erase takes plans too.
        try store.deleteEverything()
        #expect(try store.plans().isEmpty)
    }

    /// A journal made by the release before plans (schema 7, with a check-in and a safety plan) opens,
    /// migrates, keeps every row and takes a plan.
    @Test func aJournalFromTheReleaseBeforePlansMigrates() async throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        try FileManager.default.createDirectory(atPath: dir.path + "/data", withIntermediateDirectories: true)
        do {
            let db = try Database(path: dir.journal)
            try db.execute("PRAGMA application_id = \(JournalSchema.applicationID)")
            #expect(try Migrator.migrate(db, JournalSchema.migrations, upTo: 7) == Array(1...7))
        }
        do {
            // Rows written by the old schema through the old statements (the plan tables don't exist yet).
            let db = try Database(path: dir.journal)
            #expect(try db.userVersion == 7)
            try db.run("INSERT INTO safety_plan (part, text, updated_at) VALUES ('reasons', 'my kids', 1)")
        }
        let store = try JournalStore.open(path: dir.journal)
        #expect(try store.schemaVersion == JournalSchema.latestVersion)
        #expect(try store.safetyPlan()[.reasons] == "my kids")
        let id = try store.begin(fullCheckIn, recommendation: await route(fullCheckIn), moodBefore: 4, at: t0, timeZone: london)
        #expect(try store.entry(id) != nil)
        #expect(try store.savePlan(intake, steps: steps, at: t0).steps.count == 10)
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test func onlyOnePlanIsEverActive() throws {
        let store = try JournalStore.inMemory()
        for i in 0..<3 { _ = try store.savePlan(intake, steps: steps, at: t0.addingTimeInterval(Double(i))) }
        #expect(try store.db.scalar("SELECT count(*) FROM plans WHERE active = 1") { $0.int(0) } == 1)
        #expect(throws: (any Error).self) { try store.db.run("UPDATE plans SET active = 1") }
    }

    @Test func theMemoryJournalKeepsPlansTheSameWay() throws {
        let memory = MemoryJournal()
        let first = try memory.savePlan(intake, steps: steps, at: t0)
        _ = try memory.savePlan(intake, steps: steps, at: t0)
        try memory.recordPlanStepPlayed(plan: first.id, index: 2, moodBefore: 5, at: t0)
        #expect(try memory.plans().map(\.active) == [true, false])
        #expect(try memory.plans().last?.steps[1].moodBefore == 5)
    }
}
