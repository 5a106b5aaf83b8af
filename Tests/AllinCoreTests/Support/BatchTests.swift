import Testing
@testable import AllinCore

@Suite("Batch map")
struct BatchTests {
    @Test("results come back in input order for every size around a block edge", arguments: [0, 1, 2, 255, 256, 257, 513, 3000])
    func order(count: Int) {
        let items = Array(0..<count)
        for threads in [1, 2, 8] {
            let out = Batch.map(items, threads: threads) { $0 * 3 + 1 }
            #expect(out == items.map { $0 * 3 + 1 }, "threads \(threads)")
        }
    }

    @Test("non-trivial results (strings) survive the hand-over between threads")
    func strings() {
        let items = (0..<2000).map { "line \($0): " + String(repeating: "é", count: $0 % 40) }
        let out = Batch.map(items, threads: 2) { $0.uppercased() }
        #expect(out == items.map { $0.uppercased() })
    }
}
