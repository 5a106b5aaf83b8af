/// Fuzzy matching of unknown words against the anchors only: the crisis words of
/// `crisis/normalisation.json` (`scripts/spelling-anchors.py`), each listed with the real words near
/// it, which become known words and so are never fuzzed.
///
/// There are hundreds of anchors, and every unknown word of four letters or more is tried, so most
/// anchors are never looked at. One edit cannot change both ends of a word of four letters or more,
/// so an anchor one edit away shares the word's first letter or its last; anchors are kept by length
/// and by each end, and only those are read. An anchor of nine letters or more allows two edits, and
/// is read the same way: a misspelling that changes both ends of a long word is not recognised.
/// (With 2,049 anchors, scanning every anchor's letter set instead ran layer A at 16.6 MB/s against
/// 29 on the bench's everyday corpus, and two edits at either end at 22.)
enum CrisisFuzzy {
    /// The anchor an unknown letters-only word is a misspelling of, if any: the nearest within its
    /// allowed distance (the first listed of equally near ones).
    static func anchor(for word: UnsafeBufferPointer<UInt8>, in anchors: Anchors) -> Int32? {
        guard word.count >= 4, let first = letter(word[0]), let last = letter(word[word.count - 1]) else { return nil }
        var best: (distance: Int, order: Int32)?
        func consider(_ order: Int32, _ d: Int) {
            if let b = best, (b.distance, b.order) <= (d, order) { return }
            best = (d, order)
        }
        let mask = CrisisNormalizationData.letterMask(word)
        // Each edit brings in at most one letter and takes out at most one; the letter sets are kept
        // beside the places, so most anchors are passed over without reading them.
        func near(_ slot: Slot, _ edits: Int) -> Bool {
            (mask & ~slot.mask).nonzeroBitCount <= edits && (slot.mask & ~mask).nonzeroBitCount <= edits
        }
        func measure(_ slot: Slot, within limit: Int) -> Int? {
            let bytes = anchors.all[Int(slot.order)].bytes
            if limit == 1 { return withinOne(bytes, word) }
            let d = bytes.withUnsafeBufferPointer { distance($0, word, limit: limit) }
            return d <= limit ? d : nil
        }
        for length in (word.count - 2)...(word.count + 2) where length < anchors.byEnds.count {
            let edits = allowedEdits(length)
            let buckets = anchors.byEnds[length]
            guard abs(length - word.count) <= edits, !buckets.isEmpty else { continue }
            for slot in buckets[first] where near(slot, edits) {
                if let d = measure(slot, within: edits) { consider(slot.order, d) }
            }
            for slot in buckets[26 + last] where slot.first != word[0] && near(slot, edits) {
                if let d = measure(slot, within: edits) { consider(slot.order, d) }
            }
        }
        return best.map { anchors.all[Int($0.order)].id }
    }

    /// The Damerau-Levenshtein distance an anchor of `length` letters allows: 1 for 5 to 8 letters,
    /// 2 for 9 or more.
    static func allowedEdits(_ length: Int) -> Int { length >= 9 ? 2 : 1 }

    /// 0 or 1 when `a` and `b` are that many edits apart (a letter changed, added, dropped, or two
    /// side by side swapped), else nil.
    static func withinOne(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = a.count, m = b.count
        guard abs(n - m) <= 1 else { return nil }
        var i = 0
        while i < n && i < m && a[i] == b[i] { i += 1 }
        if i == n && i == m { return 0 }
        var j = 0
        while j < n - i && j < m - i && a[n - 1 - j] == b[m - 1 - j] { j += 1 }
        // What is left between the shared start and the shared end.
        let left = (n - i - j, m - i - j)
        switch left {
        case (1, 1), (0, 1), (1, 0): return 1
        case (2, 2): return a[i] == b[i + 1] && a[i + 1] == b[i] ? 1 : nil
        default: return nil
        }
    }

    private static func letter(_ b: UInt8) -> Int? { b >= 97 && b <= 122 ? Int(b - 97) : nil }

    /// An anchor's place in `Anchors.all`, with what is checked before it is read.
    struct Slot: Sendable {
        var order: Int32
        var mask: UInt32
        var first: UInt8
    }

    /// The fuzzy anchors, kept for `anchor(for:in:)`.
    struct Anchors: Sendable {
        /// Every anchor, in the order listed (its place breaks ties).
        private(set) var all: [CrisisNormalizationData.FuzzyAnchor] = []
        /// Per length, 52 lists of anchors: by first letter (0-25) and by last letter (26-51).
        fileprivate var byEnds: [[[Slot]]] = []
        private var words: Set<[UInt8]> = []

        init() {}

        /// Adds an anchor (lowercase letters, five or more); false (and nothing added) when its word
        /// is already one.
        @discardableResult
        mutating func append(_ anchor: CrisisNormalizationData.FuzzyAnchor) -> Bool {
            let bytes = anchor.bytes
            guard bytes.count >= 5, bytes.allSatisfy({ $0 >= 97 && $0 <= 122 }),
                  words.insert(bytes).inserted else { return false }
            let mask = bytes.withUnsafeBufferPointer { CrisisNormalizationData.letterMask($0) }
            let slot = Slot(order: Int32(all.count), mask: mask, first: bytes[0])
            all.append(anchor)
            let n = bytes.count
            if byEnds.count <= n { byEnds += Array(repeating: [], count: n + 1 - byEnds.count) }
            if byEnds[n].isEmpty { byEnds[n] = Array(repeating: [], count: 52) }
            byEnds[n][Int(bytes[0] - 97)].append(slot)
            byEnds[n][26 + Int(bytes[n - 1] - 97)].append(slot)
            return true
        }
    }

    /// Optimal-string-alignment Damerau-Levenshtein distance, or `limit + 1` once it is exceeded.
    static func distance(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
        let n = a.count, m = b.count
        if abs(n - m) > limit { return limit + 1 }
        if n == 0 || m == 0 { return Swift.max(n, m) }
        let width = m + 1
        // Three rows are enough for transpositions. They live on the stack: three arrays allocated
        // per call cost layers A + B about 4% (15.0 against 15.5 MB/s on the bench's everyday
        // corpus, four runs each).
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows in
            var prev2 = 0, prev = width, cur = 2 * width
            for j in 0...m { rows[prev + j] = j }
            for i in 1...n {
                rows[cur] = i
                var rowMin = i
                for j in 1...m {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var v = Swift.min(rows[prev + j] + 1, rows[cur + j - 1] + 1, rows[prev + j - 1] + cost)
                    if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                        v = Swift.min(v, rows[prev2 + j - 2] + 1)
                    }
                    rows[cur + j] = v
                    rowMin = Swift.min(rowMin, v)
                }
                if rowMin > limit { return limit + 1 }
                (prev2, prev, cur) = (prev, cur, prev2)
            }
            return rows[prev + m]
        }
    }
}
