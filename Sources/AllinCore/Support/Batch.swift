import Dispatch
import Synchronization

/// Runs a pure function over many inputs on every core, in blocks, and returns the results in
/// input order. For batch work only (a file of texts to classify); one check-in never needs it.
public enum Batch {
    /// Inputs per block: large enough that handing out a block costs nothing next to its work,
    /// small enough that the cores finish together.
    public static let blockSize = 256

    /// `body` applied to every item, in order, on one thread per worker (one worker, or a small
    /// input, runs on the calling thread); each worker's value is handed only to its own thread. Give each worker its own copy of shared read-only data
    /// (a detector built from its own catalog load): threads that share one copy slow each other
    /// down by updating the same reference counts (measured: up to twice the CPU time per line).
    public static func map<W: Sendable, T: Sendable, R: Sendable>(_ items: [T], workers: [W],
                                                                  _ body: @Sendable (W, T) -> R) -> [R] {
        map(items, workers: workers, scratch: {}) { worker, _, item in body(worker, item) }
    }

    /// `map` with scratch space per thread: `scratch` makes one for each thread, and `body` gets it
    /// `inout` for every item that thread runs (buffers kept from one item to the next).
    public static func map<W: Sendable, S, T: Sendable, R: Sendable>(_ items: [T], workers: [W], scratch: @Sendable () -> S,
                                                                     _ body: @Sendable (W, inout S, T) -> R) -> [R] {
        precondition(!workers.isEmpty, "Batch.map needs at least one worker")
        let count = items.count
        let blocks = (count + blockSize - 1) / blockSize
        guard workers.count > 1, blocks > 1 else {
            var own = scratch()
            return items.map { body(workers[0], &own, $0) }
        }
        let results = Results<R>(count: count)
        let nextBlock = Atomic<Int>(0)
        items.withUnsafeBufferPointer { input in
            let input = Input(buffer: input)
            DispatchQueue.concurrentPerform(iterations: Swift.min(workers.count, blocks)) { w in
                let worker = workers[w]
                var own = scratch()
                while true {
                    let block = nextBlock.add(1, ordering: .relaxed).oldValue
                    guard block < blocks else { return }
                    let start = block * blockSize
                    for i in start..<Swift.min(count, start + blockSize) { results.set(i, body(worker, &own, input.buffer[i])) }
                }
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
    /// Both layers over each of `texts` (what `layers(_:)` gives for each), one thread per detector
    /// in `workers` (each best built from its own catalog load, see `Batch.map(_:workers:_:)`); all
    /// must come from the same catalog. Results are in input order and equal to the one-by-one results.
    public static func layers(_ texts: [String], workers: [CrisisDetector]) -> [(a: CrisisFinding, b: CrisisFinding)] {
        Batch.map(texts, workers: workers, scratch: CrisisBuffers.init) { detector, buffers, text in
            detector.layers(text, reusing: &buffers)
        }
    }
}

/// Independent pieces of work run at once (on as many cores as there are), for loading: the
/// catalog's lexicons are parts that decode without each other. They start in the order given: with
/// two cores, the first and second at once, each next one on the core that frees first.
enum Concurrently {
    static func run<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ a: @Sendable () -> A, _ b: @Sendable () -> B, _ c: @Sendable () -> C, _ d: @Sendable () -> D
    ) -> (A, B, C, D) {
        let slots = Slots<A, B, C, D>()
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            switch i {
            case 0: slots.a = a()
            case 1: slots.b = b()
            case 2: slots.c = c()
            default: slots.d = d()
            }
        }
        return (slots.a!, slots.b!, slots.c!, slots.d!)
    }

    /// Three pieces of work the same way.
    static func run<A: Sendable, B: Sendable, C: Sendable>(_ a: @Sendable () -> A, _ b: @Sendable () -> B,
                                                           _ c: @Sendable () -> C) -> (A, B, C) {
        let (x, y, z, _) = run(a, b, c, {})
        return (x, y, z)
    }

    /// Each slot is written by exactly one iteration, and read only after `concurrentPerform` returns.
    private final class Slots<A, B, C, D>: @unchecked Sendable {
        var a: A?
        var b: B?
        var c: C?
        var d: D?
    }
}
