import Testing
@testable import AllinCore

@Suite("Batch map")
struct BatchTests {
    @Test("results come back in input order for every size around a block edge", arguments: [0, 1, 2, 255, 256, 257, 513, 3000])
    func order(count: Int) {
        let items = Array(0..<count)
        for threads in [1, 2, 8] {
            let out = Batch.map(items, workers: Array(repeating: (), count: threads)) { _, item in item * 3 + 1 }
            #expect(out == items.map { $0 * 3 + 1 }, "threads \(threads)")
        }
    }

    @Test("each worker's value reaches only its own thread, and every item is done once, in order")
    func workers() {
        let items = Array(0..<5000)
        let out = Batch.map(items, workers: [1000, 2000, 3000]) { worker, item in (worker, item * 2) }
        #expect(out.map(\.1) == items.map { $0 * 2 })
        #expect(Set(out.map(\.0)).isSubset(of: [1000, 2000, 3000]))
        // Items of one block are done by one worker.
        for start in stride(from: 0, to: items.count, by: Batch.blockSize) {
            let block = out[start..<min(items.count, start + Batch.blockSize)]
            #expect(Set(block.map(\.0)).count == 1, "block at \(start)")
        }
        #expect(Batch.map([7], workers: ["only"]) { w, i in "\(w)\(i)" } == ["only7"])
    }

    @Test("non-trivial results (strings) survive the hand-over between threads")
    func strings() {
        let items = (0..<2000).map { "line \($0): " + String(repeating: "é", count: $0 % 40) }
        let out = Batch.map(items, workers: [(), ()]) { _, item in item.uppercased() }
        #expect(out == items.map { $0.uppercased() })
    }
}
