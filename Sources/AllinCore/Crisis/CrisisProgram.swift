/// Compiled token patterns: a small backtracking machine over token ids.
///
/// Patterns compile once per catalog into one instruction array; matching never allocates beyond
/// a reusable stack, and every attempt has a step budget, so a hostile line stays linear.
final class CrisisProgram: Sendable {
    enum Op: UInt8, Sendable {
        case word, word1, notWord, any, number, clauseEnd, clauseStart, split, jump, dispatch, gapToken, match
    }

    struct Instr: Sendable {
        var op: Op
        var a: Int32 = 0
        var b: Int32 = 0
    }

    /// A compiled pattern: where it starts, the words one of which must be present, its longest span.
    struct Entry: Sendable {
        var pc: Int32
        var anchors: [Int32]
        var maxLength: Int
        var usesNumber: Bool
        /// Sorted words a match can start with, or nil when the start is not a fixed word.
        var firstWords: [Int32]?
        /// The anchors are the first words, so a match starts exactly at an anchor.
        var anchorIsFirst: Bool
    }

    /// First-token dispatch: word id → entry points, in an open-addressing table (no SipHash in the hot loop).
    struct Dispatch: Sendable {
        var keys: [Int32] = []
        var ranges: [Range<Int32>] = []
        var targets: [Int32] = []
        var mask = 0
        var always: [Int32] = []

        @inline(__always) static func slot(_ key: Int32, _ mask: Int) -> Int {
            Int((UInt32(bitPattern: key) &* 2_654_435_761) >> 7) & mask
        }
    }

    /// The program under construction; the builder fills it, then it is frozen into a `CrisisProgram`.
    struct Draft {
        var code: [Instr] = []
        var setData: [Int32] = []
        var setRanges: [Range<Int32>] = []
        var dispatches: [Dispatch] = []
        var entries: [Entry] = []
        /// Per entry: word sets each of which must be present in the line.
        var required: [[[Int32]]] = []
        var vocabularyCount = 0
    }

    let code: [Instr]
    let setData: [Int32]
    let setRanges: [Range<Int32>]
    let entries: [Entry]
    // Dispatch tables flattened, so the matcher reads plain arrays without retaining a table value.
    let dispatchKeys: [Int32]
    let dispatchRanges: [Range<Int32>]
    let dispatchTargets: [Int32]
    /// Per dispatch: (first slot, mask, first "always" target, always count).
    let dispatchInfo: [(base: Int32, mask: Int32, always: Int32, alwaysCount: Int32)]
    // Entry facts the scan loop reads per candidate, kept flat so no entry value (with its arrays) is copied.
    let entryPC: [Int32]
    let entryMaxLength: [Int32]
    let entryAnchorIsFirst: [Bool]
    /// Each entry's set of first words, as a bitset: the entry's row in `firstBits` (-1 when the
    /// start is not a fixed word). Entries that start the same way share a row.
    let entryFirstRow: [Int32]
    /// Per vocabulary word, its column in `firstBits` (-1 for a word no entry starts with).
    let firstColumn: [Int32]
    /// Rows of `firstStride` words: bit `column` is set when that word is in the row's set.
    let firstBits: [UInt64]
    let firstStride: Int
    /// Per entry: range into `requiredSets`; each set is a range into `requiredData`.
    let entryRequired: [Range<Int32>]
    let requiredSets: [Range<Int32>]
    let requiredData: [Int32]
    /// Size of the word presence bitset a scan keeps (one bit per vocabulary word).
    let presenceWords: Int

    /// What the program was frozen from, kept for its compiled form (`CrisisProgram+Compiled`); its
    /// arrays are the program's own, shared, not copies.
    let draft: Draft

    init(draft: Draft) {
        self.draft = draft
        code = draft.code
        setData = draft.setData
        setRanges = draft.setRanges
        entries = draft.entries
        entryPC = draft.entries.map(\.pc)
        entryMaxLength = draft.entries.map { Int32($0.maxLength) }
        entryAnchorIsFirst = draft.entries.map(\.anchorIsFirst)
        var rowOfSet: [[Int32]: Int32] = [:]
        var rows: [[Int32]] = []
        var column = [Int32](repeating: -1, count: Swift.max(draft.vocabularyCount, 1))
        var columns: Int32 = 0
        var entryRow: [Int32] = []
        for e in draft.entries {
            guard let words = e.firstWords else {
                entryRow.append(-1)
                continue
            }
            if let row = rowOfSet[words] {
                entryRow.append(row)
                continue
            }
            for id in words where id >= 0 && Int(id) < column.count && column[Int(id)] < 0 {
                column[Int(id)] = columns
                columns += 1
            }
            rowOfSet[words] = Int32(rows.count)
            entryRow.append(Int32(rows.count))
            rows.append(words)
        }
        let stride = (Int(columns) + 63) / 64
        var bits = [UInt64](repeating: 0, count: rows.count * stride)
        for (r, words) in rows.enumerated() {
            for id in words where id >= 0 && Int(id) < column.count {
                let c = Int(column[Int(id)])
                bits[r * stride + c >> 6] |= 1 << UInt64(c & 63)
            }
        }
        entryFirstRow = entryRow
        firstColumn = column
        firstBits = bits
        firstStride = stride
        var reqRanges: [Range<Int32>] = [], reqSets: [Range<Int32>] = [], reqData: [Int32] = []
        for sets in draft.required {
            let start = Int32(reqSets.count)
            for set in sets {
                let s0 = Int32(reqData.count)
                reqData.append(contentsOf: set)
                reqSets.append(s0..<Int32(reqData.count))
            }
            reqRanges.append(start..<Int32(reqSets.count))
        }
        while reqRanges.count < draft.entries.count { reqRanges.append(0..<0) }
        entryRequired = reqRanges
        requiredSets = reqSets
        requiredData = reqData
        presenceWords = (draft.vocabularyCount + 63) / 64
        var keys: [Int32] = [], ranges: [Range<Int32>] = [], targets: [Int32] = []
        var info: [(base: Int32, mask: Int32, always: Int32, alwaysCount: Int32)] = []
        for d in draft.dispatches {
            let base = Int32(keys.count)
            let targetBase = Int32(targets.count)
            targets.append(contentsOf: d.targets)
            let alwaysStart = Int32(targets.count)
            targets.append(contentsOf: d.always)
            keys.append(contentsOf: d.keys)
            ranges.append(contentsOf: d.ranges.map { ($0.lowerBound + targetBase)..<($0.upperBound + targetBase) })
            info.append((base, Int32(d.mask), alwaysStart, Int32(d.always.count)))
        }
        dispatchKeys = keys
        dispatchRanges = ranges
        dispatchTargets = targets
        dispatchInfo = info
    }

    @inline(__always)
    func dispatchLookup(_ index: Int, _ key: Int32) -> Range<Int32> {
        guard key >= 0 else { return 0..<0 }
        let info = dispatchInfo[index]
        let mask = Int(info.mask)
        var slot = Dispatch.slot(key, mask)
        while true {
            let k = dispatchKeys[Int(info.base) + slot]
            if k == key { return dispatchRanges[Int(info.base) + slot] }
            if k < 0 { return 0..<0 }
            slot = (slot + 1) & mask
        }
    }

    /// Whether every required word set of `entry` has a word present in the line (`presence` bitset).
    @inline(__always)
    func requiredPresent(_ entry: Int, _ presence: UnsafeBufferPointer<UInt64>) -> Bool {
        let sets = entryRequired[entry]
        guard sets.lowerBound < sets.upperBound else { return true }
        return requiredSets.withUnsafeBufferPointer { setRanges in
            requiredData.withUnsafeBufferPointer { data in
                var s = Int(sets.lowerBound)
                while s < Int(sets.upperBound) {
                    let r = setRanges[s]
                    var found = false
                    var k = Int(r.lowerBound)
                    while k < Int(r.upperBound) {
                        let id = data[k]
                        if id >= 0 && Int(id >> 6) < presence.count && presence[Int(id >> 6)] & (1 << UInt64(id & 63)) != 0 {
                            found = true
                            break
                        }
                        k += 1
                    }
                    if !found { return false }
                    s += 1
                }
                return true
            }
        }
    }

    /// Whether token `t` can start a match of `entry` (always true when its start is not a fixed word).
    @inline(__always)
    func canStart(_ entry: Int, _ t: CrisisToken) -> Bool {
        let row = Int(entryFirstRow[entry])
        guard row >= 0 else { return true }
        return firstColumn.withUnsafeBufferPointer { column in
            firstBits.withUnsafeBufferPointer { bits in
                @inline(__always) func inRow(_ id: Int32) -> Bool {
                    guard id >= 0 && Int(id) < column.count else { return false }
                    let c = Int(column[Int(id)])
                    return c >= 0 && bits[row * firstStride + c >> 6] & (1 << UInt64(c & 63)) != 0
                }
                return inRow(t.id) || (t.lemma != t.id && inRow(t.lemma))
            }
        }
    }

    /// Id used in anchor sets for "some number token".
    static let numberAnchor: Int32 = -2

    @inline(__always)
    func setContains(_ set: Int32, _ id: Int32) -> Bool {
        let range = setRanges[Int(set)]
        if range.upperBound - range.lowerBound <= 8 {
            var i = range.lowerBound
            while i < range.upperBound {
                if setData[Int(i)] == id { return true }
                i += 1
            }
            return false
        }
        var lo = Int(range.lowerBound), hi = Int(range.upperBound) - 1
        while lo <= hi {
            let mid = (lo + hi) >> 1
            let v = setData[mid]
            if v == id { return true }
            if v < id { lo = mid + 1 } else { hi = mid - 1 }
        }
        return false
    }
}

extension CrisisProgram.Dispatch {
    /// The table for `table` (word id → entry points) and the entry points tried for any word.
    init(table: [Int32: [Int32]], always: [Int32]) {
        self.always = always
        var size = 4
        while size < table.count * 2 { size *= 2 }
        mask = size - 1
        keys = [Int32](repeating: -1, count: size)
        ranges = [Range<Int32>](repeating: 0..<0, count: size)
        for (key, list) in table where key >= 0 {
            var slot = Self.slot(key, mask)
            while keys[slot] >= 0 { slot = (slot + 1) & mask }
            keys[slot] = key
            let start = Int32(targets.count)
            targets.append(contentsOf: list)
            ranges[slot] = start..<Int32(targets.count)
        }
    }
}
