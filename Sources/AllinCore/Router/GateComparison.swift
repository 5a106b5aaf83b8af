/// One gate of two traces side by side: what it decided before and after a catalog change.
public struct GateComparison: Sendable, Equatable {
    public var gate: String
    /// Nil when the gate did not run before (e.g. routing stopped at a crisis layer).
    public var before: TraceEntry?
    /// Nil when the gate did not run after.
    public var after: TraceEntry?

    public init(gate: String, before: TraceEntry?, after: TraceEntry?) {
        self.gate = gate
        self.before = before
        self.after = after
    }

    /// Both ran and decided the same with the same details.
    public var same: Bool { before != nil && before == after }

    /// Pairs the gates of two traces by name, keeping the order they ran in. A gate only one trace has
    /// is placed after the gate it followed there.
    public static func align(_ before: [TraceEntry], _ after: [TraceEntry]) -> [GateComparison] {
        var order = before.map(\.gate)
        var previous: String?
        for entry in after {
            if !order.contains(entry.gate) {
                let at = previous.flatMap { order.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
                order.insert(entry.gate, at: at)
            }
            previous = entry.gate
        }
        return order.map { gate in
            GateComparison(gate: gate, before: before.first { $0.gate == gate }, after: after.first { $0.gate == gate })
        }
    }
}
