/// The position of read-along text: time since the start at `speed`, minus pauses, moved by seeks.
/// Pure: every method takes the current time (seconds on a monotonic clock).
public struct ReadAlongClock: Sendable, Equatable {
    private var offset: Double
    private var startedAt: Double
    private var pausedAt: Double?
    public let speed: Double

    public init(offset: Double, speed: Double = 1, now: Double) {
        self.offset = max(0, offset)
        self.speed = speed
        startedAt = now
    }

    public var paused: Bool { pausedAt != nil }

    public func position(now: Double) -> Double { offset + ((pausedAt ?? now) - startedAt) * speed }

    public mutating func pause(now: Double) { if pausedAt == nil { pausedAt = now } }

    public mutating func resume(now: Double) {
        guard let p = pausedAt else { return }
        startedAt += now - p
        pausedAt = nil
    }

    /// Moves by `delta` seconds, kept within 0…`upper`.
    public mutating func seek(by delta: Double, now: Double, upper: Double) {
        offset = min(max(0, position(now: now) + delta), max(0, upper))
        startedAt = now
        if pausedAt != nil { pausedAt = now }
    }
}
