import AllinCore

/// The beliefs plan screen: the active plan's ten steps, or the intake for a new one.
public struct BeliefsState: Equatable, Sendable {
    /// The active plan (nil: none yet, or still loading).
    public var plan: StoredPlan?
    public var loading = true
    /// A new plan being asked for (nil: showing the plan).
    public var intake: PlanIntakeState?
    /// True while the runtime builds and saves the plan (the screen never says "made" early).
    public var making = false

    public init() {}
}

/// The intake: three areas, a rating each, four answers each.
public struct PlanIntakeState: Equatable, Sendable {
    public enum Phase: Equatable, Sendable {
        case areas
        /// The rating of the i-th chosen area.
        case rating(Int)
        /// Answer `question` of the i-th chosen area.
        case answer(area: Int, question: Int)
    }

    public var phase: Phase = .areas
    public var cursor = 0
    /// Area ids in the order chosen.
    public var chosen: [String] = []
    public var ratings: [String: Int] = [:]
    public var answers: [String: [String]] = [:]
    public var field = TextField(limit: TextLimits.freeText)
    /// Answers the person already said they are safe about (the gentle question doesn't ask again).
    public var answered: Set<String> = []

    public init() {}

    /// The intake once everything is answered.
    public var intake: PlanIntake {
        PlanIntake(areas: chosen.map { PlanIntake.Area(area: $0, rating: ratings[$0] ?? 5, answers: answers[$0] ?? []) })
    }
}
