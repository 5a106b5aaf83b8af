/// Tables the normaliser reads, decoded from `crisis/normalisation.json`.
struct CrisisNormalizationData: Sendable {
    /// Characters unified to the ASCII apostrophe.
    var apostrophes: Set<Unicode.Scalar> = []
    /// Look-alike letters (after lowercasing) mapped to Latin.
    var confusables: [Unicode.Scalar: String] = [:]
    /// Emoji that carry meaning here, mapped to a word.
    var emoji: [Unicode.Scalar: String] = [:]
    /// De-leet candidates per ASCII byte, tried in order.
    var leet: [UInt8: [UInt8]] = [:]
    /// The crisis words read misspelt (`CrisisFuzzy`).
    var fuzzyAnchors = CrisisFuzzy.Anchors()
    /// Words a `*` wildcard may stand in for.
    var obfuscationTargets: [(bytes: [UInt8], id: Int32)] = []
    /// Long keys of the despaced view.
    var despaced = DespacedTrie()
    /// Precomputed cleanup of the common non-ASCII blocks (Latin-1, Latin Extended-A/B, general
    /// punctuation, fullwidth ASCII), so ordinary accented text never calls into Foundation.
    var foldTables: [(range: ClosedRange<UInt32>, bytes: [[UInt8]])] = []

    static let foldRanges: [ClosedRange<UInt32>] = [0x80...0x24F, 0x2000...0x206F, 0xFF01...0xFF5E]

    mutating func buildFoldTables() {
        foldTables = Self.foldRanges.map { range in
            // `clean` of one scalar, through the slow path: the tables are not in `self` yet.
            (range, range.map { v in Unicode.Scalar(v).map { CrisisUnicode.clean(String($0), data: self) } ?? [32] })
        }
    }

    @inline(__always)
    func folded(_ v: UInt32) -> [UInt8]? {
        guard v >= 0x80 else { return nil }
        for table in foldTables where table.range.contains(v) {
            return table.bytes[Int(v - table.range.lowerBound)]
        }
        return nil
    }

    struct FuzzyAnchor: Sendable {
        var bytes: [UInt8]
        var id: Int32

        /// The anchor for `word`, standing for word `id` of whichever vocabulary reads it.
        init(word: String, id: Int32) {
            bytes = Array(word.utf8)
            self.id = id
        }
    }

    /// A trie over a-z of the despaced keys; each key maps to the words it stands for.
    struct DespacedTrie: Sendable {
        var children: [Int32] = Array(repeating: -1, count: 26)
        var terminal: [Int32] = [-1]
        var phrases: [[Int32]] = []

        mutating func insert(_ key: [UInt8], phrase: [Int32]) {
            var node = 0
            for b in key {
                let c = Int(b) - 97
                let next = children[node * 26 + c]
                if next >= 0 {
                    node = Int(next)
                } else {
                    let created = terminal.count
                    terminal.append(-1)
                    children.append(contentsOf: repeatElement(-1, count: 26))
                    children[node * 26 + c] = Int32(created)
                    node = created
                }
            }
            terminal[node] = Int32(phrases.count)
            phrases.append(phrase)
        }

        func child(_ node: Int, _ byte: UInt8) -> Int {
            guard byte >= 97 && byte <= 122 else { return -1 }
            return Int(children[node * 26 + Int(byte) - 97])
        }
    }

    static func letterMask(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var m: UInt32 = 0
        for b in bytes where b >= 97 && b <= 122 { m |= 1 << UInt32(b - 97) }
        return m
    }
}
