import Foundation

/// A plan as the journal keeps it: its intake, its ten steps and what happened at each.
public struct StoredPlan: Sendable, Equatable {
    public struct Step: Sendable, Equatable {
        public var step: PlanStep
        /// When the step's session was started (nil: not yet).
        public var playedAt: Date?
        public var moodBefore: Int?
        public var moodAfter: Int?
        public var note: String?
        /// When the reflection after it was kept (nil: not yet).
        public var reflectedAt: Date?

        public init(step: PlanStep, playedAt: Date? = nil, moodBefore: Int? = nil, moodAfter: Int? = nil,
                    note: String? = nil, reflectedAt: Date? = nil) {
            self.step = step
            self.playedAt = playedAt
            self.moodBefore = moodBefore
            self.moodAfter = moodAfter
            self.note = note
            self.reflectedAt = reflectedAt
        }

        /// Mood after minus mood before, when both were given.
        public var moodChange: Int? {
            guard let a = moodAfter, let b = moodBefore else { return nil }
            return a - b
        }
    }

    public var id: Int64
    public var createdAt: Date
    public var active: Bool
    public var intake: PlanIntake
    public var steps: [Step]

    public init(id: Int64, createdAt: Date, active: Bool, intake: PlanIntake, steps: [Step]) {
        self.id = id
        self.createdAt = createdAt
        self.active = active
        self.intake = intake
        self.steps = steps
    }

    /// The first step not yet played, if any.
    public var next: Step? { steps.first { $0.playedAt == nil } }
    /// Steps played so far.
    public var playedCount: Int { steps.filter { $0.playedAt != nil }.count }
}

/// Where plans are kept: the journal database (a migration, not a new file) or memory.
public protocol PlanStoring: AnyObject, Sendable {
    /// Saves a new plan as the active one; the plan before it becomes inactive. Returns it as stored.
    func savePlan(_ intake: PlanIntake, steps: [PlanStep], at date: Date) throws -> StoredPlan
    /// The active plan, if there is one.
    func activePlan() throws -> StoredPlan?
    /// Every plan, newest first (for export).
    func plans() throws -> [StoredPlan]
    /// A step's session started, with the mood before it.
    func recordPlanStepPlayed(plan: Int64, index: Int, moodBefore: Int?, at date: Date) throws
    /// The reflection after a step: mood after and a note, like a check-in's.
    func recordPlanStepReflection(plan: Int64, index: Int, moodAfter: Int?, note: String?, at date: Date) throws
}
