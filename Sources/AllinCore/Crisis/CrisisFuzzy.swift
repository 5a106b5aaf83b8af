/// Fuzzy matching of unknown words against the small anchor lexicon only.
///
/// A letter-set check rejects almost every word before any distance is computed: one edit
/// changes at most two letters of the set, so words whose sets differ by more cannot be close.
enum CrisisFuzzy {
    /// The anchor an unknown letters-only word is a misspelling of, if any.
    static func anchor(for word: UnsafeBufferPointer<UInt8>, in anchors: [CrisisNormalizationData.FuzzyAnchor]) -> Int32? {
        guard word.count >= 5 else { return nil }
        let mask = CrisisNormalizationData.letterMask(word)
        var best: (id: Int32, distance: Int)?
        for anchor in anchors {
            let allowed = anchor.maxDistance
            guard abs(anchor.bytes.count - word.count) <= allowed else { continue }
            guard (anchor.mask ^ mask).nonzeroBitCount <= 2 * allowed else { continue }
            let d = anchor.bytes.withUnsafeBufferPointer { distance($0, word, limit: allowed) }
            if d <= allowed, best == nil || d < best!.distance { best = (anchor.id, d) }
        }
        return best?.id
    }

    /// Optimal-string-alignment Damerau-Levenshtein distance, or `limit + 1` once it is exceeded.
    static func distance(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
        let n = a.count, m = b.count
        if abs(n - m) > limit { return limit + 1 }
        if n == 0 || m == 0 { return Swift.max(n, m) }
        let width = m + 1
        // Three rows are enough for transpositions.
        var prev2 = [Int](repeating: 0, count: width)
        var prev = [Int](0...m)
        var cur = [Int](repeating: 0, count: width)
        for i in 1...n {
            cur[0] = i
            var rowMin = cur[0]
            for j in 1...m {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = Swift.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    v = Swift.min(v, prev2[j - 2] + 1)
                }
                cur[j] = v
                rowMin = Swift.min(rowMin, v)
            }
            if rowMin > limit { return limit + 1 }
            swap(&prev2, &prev)
            swap(&prev, &cur)
        }
        return prev[m]
    }
}
