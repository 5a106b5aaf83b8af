import Dispatch

/// Runs a pure function over many inputs on every core, in blocks, and returns the results in
/// input order. For batch work only (a file of texts to classify); one check-in never needs it.
public enum Batch {
    /// Inputs per block: large enough that handing out a block costs nothing next to its work,
    /// small enough that the cores finish together.
    public static let blockSize = 256

    /// `body` applied to every item, in order. `threads` 1 (or a small input) runs on the calling
    /// thread; more spreads blocks over Dispatch's pool, which is as wide as the machine.
    public static func map<T: Sendable, R: Sendable>(_ items: [T], threads: Int, _ body: @Sendable (T) -> R) -> [R] {
        let count = items.count
        let blocks = (count + blockSize - 1) / blockSize
        guard threads > 1, blocks > 1 else { return items.map(body) }
        let results = Results<R>(count: count)
        items.withUnsafeBufferPointer { input in
            let input = Input(buffer: input)
            DispatchQueue.concurrentPerform(iterations: blocks) { block in
                let start = block * blockSize
                for i in start..<Swift.min(count, start + blockSize) { results.set(i, body(input.buffer[i])) }
            }
        }
        return results.collect()
    }

    /// The caller's items, read by several threads while the caller waits (never written).
    private struct Input<T>: @unchecked Sendable {
        let buffer: UnsafeBufferPointer<T>
    }

    /// One slot per result; each block writes only its own slots, and `concurrentPerform` returns
    /// after every block is done, so no slot is read while it may be written.
    private final class Results<R>: @unchecked Sendable {
        private let slots: UnsafeMutableBufferPointer<R?>

        init(count: Int) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil)
        }

        deinit {
            slots.deinitialize()
            slots.deallocate()
        }

        func set(_ i: Int, _ value: R) { slots[i] = value }

        func collect() -> [R] { slots.map { $0! } }
    }
}

extension CrisisDetector {
    /// Both layers over each of `texts` (what `layers(_:)` gives for each), spread over the cores
    /// when `threads` > 1. Results are in input order and equal to the one-by-one results.
    public func layers(_ texts: [String], threads: Int) -> [(a: CrisisFinding, b: CrisisFinding)] {
        let detector = self
        return Batch.map(texts, threads: threads) { detector.layers($0) }
    }
}
