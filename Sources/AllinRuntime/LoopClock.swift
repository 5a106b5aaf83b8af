/// Where the runtime reads the time that paces its ticks and player polls. It is passed in, so a test
/// moves time by hand (`ManualClock` in the test support) and a tick is sent only when a second has
/// really passed on that clock, never merely because a wait ended.
public protocol LoopClock: Sendable {
    func now() -> ContinuousClock.Instant
}

/// The machine's monotonic clock: what the app runs on.
public struct SystemLoopClock: LoopClock {
    public init() {}
    public func now() -> ContinuousClock.Instant { .now }
}
