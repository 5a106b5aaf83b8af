import AllinCore
import Foundation

/// The beliefs plan in the journal database (tables `plans` and `plan_steps`, migration 8).
extension JournalStore {
    public func savePlan(_ intake: PlanIntake, steps: [PlanStep], at date: Date) throws -> StoredPlan {
        try guarded {
            let id: Int64 = try db.transaction {
                try db.run("UPDATE plans SET active = 0 WHERE active = 1")
                try db.run("INSERT INTO plans (created_at, active, intake_json) VALUES (?, 1, ?)",
                           [.integer(CheckInRow.millis(date)), .text(intake.json.serialized())])
                let id = db.lastInsertID
                for s in steps {
                    try db.run("""
                        INSERT INTO plan_steps (plan_id, step_index, area, step_type, slug, fallback)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """, [.integer(id), .integer(Int64(s.index)), .text(s.area), .text(s.type.rawValue), .text(s.slug),
                              s.fallback.map { .text($0.rawValue) } ?? .null])
                }
                return id
            }
            guard let stored = try plan(id) else { throw JournalError.notFound(id: id) }
            return stored
        }
    }

    public func activePlan() throws -> StoredPlan? {
        try guarded {
            guard let id = try db.scalar("SELECT id FROM plans WHERE active = 1", [], { $0.int64(0) }) else { return nil }
            return try plan(id)
        }
    }

    /// Plan `id` as stored now (nil when there is none), active or not.
    public func plan(id: Int64) throws -> StoredPlan? {
        try guarded { try plan(id) }
    }

    public func plans() throws -> [StoredPlan] {
        try guarded {
            try db.query("SELECT id FROM plans ORDER BY created_at DESC, id DESC") { $0.int64(0) ?? 0 }.compactMap { try plan($0) }
        }
    }

    public func recordPlanStepPlayed(plan id: Int64, index: Int, moodBefore: Int?, at date: Date) throws {
        try guarded {
            try db.run("UPDATE plan_steps SET played_at = ?, mood_before = ? WHERE plan_id = ? AND step_index = ?",
                       [.integer(CheckInRow.millis(date)), moodBefore.map { .integer(Int64($0)) } ?? .null,
                        .integer(id), .integer(Int64(index))])
            if db.changes == 0 { throw JournalError.notFound(id: id) }
        }
    }

    public func recordPlanStepReflection(plan id: Int64, index: Int, moodAfter: Int?, note: String?, at date: Date) throws {
        try guarded {
            try db.run("UPDATE plan_steps SET mood_after = ?, note = ?, reflected_at = ? WHERE plan_id = ? AND step_index = ?",
                       [moodAfter.map { .integer(Int64($0)) } ?? .null,
                        note.map { .text(String($0.prefix(TextLimits.freeText))) } ?? .null,
                        .integer(CheckInRow.millis(date)), .integer(id), .integer(Int64(index))])
            if db.changes == 0 { throw JournalError.notFound(id: id) }
        }
    }

    /// One plan with its steps, read back; a row this release can't read is skipped, not guessed.
    func plan(_ id: Int64) throws -> StoredPlan? {
        let head = try db.query("SELECT created_at, active, intake_json FROM plans WHERE id = ?", [.integer(id)]) { r in
            (r.int64(0) ?? 0, r.bool(1) ?? false, r.string(2) ?? "")
        }.first
        guard let (created, active, json) = head else { return nil }
        let lifeAreas = Set(try db.query("SELECT DISTINCT area FROM plan_steps WHERE plan_id = ?", [.integer(id)]) { $0.string(0) ?? "" })
        let catalog = PlanCatalog(lifeAreas: lifeAreas.map { LifeArea(id: $0, label: $0, clusters: []) }, questions: [],
                                  finalFallback: "")
        guard let value = try? JSONValue.parse(Data(json.utf8)), let intake = try? PlanIntake.parse(value, plan: catalog) else {
            return nil
        }
        let steps = try db.query("""
            SELECT step_index, area, step_type, slug, fallback, played_at, mood_before, mood_after, note, reflected_at
              FROM plan_steps WHERE plan_id = ? ORDER BY step_index
            """, [.integer(id)]) { r -> StoredPlan.Step? in
            guard let type = PlanStepType(rawValue: r.string(2) ?? "") else { return nil }
            let step = PlanStep(index: r.int(0) ?? 0, area: r.string(1) ?? "", type: type, slug: r.string(3) ?? "",
                                fallback: r.string(4).flatMap(PlanFallback.init(rawValue:)))
            return StoredPlan.Step(step: step, playedAt: r.int64(5).map(CheckInRow.date), moodBefore: r.int(6),
                                   moodAfter: r.int(7), note: r.string(8), reflectedAt: r.int64(9).map(CheckInRow.date))
        }.compactMap { $0 }
        return StoredPlan(id: id, createdAt: CheckInRow.date(created), active: active, intake: intake, steps: steps)
    }
}
