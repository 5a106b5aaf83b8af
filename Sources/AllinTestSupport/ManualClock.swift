import AllinRuntime
import Synchronization

/// A clock that moves only when told: `MemoryTerminal` moves it by the whole wait when a timeout is
/// played, so the runtime's ticks and polls are decided by time, exactly, in tests.
public final class ManualClock: LoopClock {
    private let origin = ContinuousClock.now
    private let elapsed = Mutex(Duration.zero)

    public init() {}

    public func now() -> ContinuousClock.Instant { origin + elapsed.withLock { $0 } }

    public func advance(by duration: Duration) {
        elapsed.withLock { $0 += duration }
    }
}
