/// Matching over one token array: candidate generation from an anchor index, and cached
/// "where does this pattern match" answers for the context checks.
///
/// Non-copyable: a copy retains and releases every one of its buffers, and the compiler used to
/// make one per scan without being asked; now each scan is moved or borrowed, never copied.
struct CrisisScan: ~Copyable {
    let program: CrisisProgram
    let tokens: [CrisisToken]
    private var stack = CrisisStack()
    /// One bit per vocabulary word (id or lemma) occurring in the tokens; built on first use.
    private var presence: [UInt64] = []
    /// Whether `presence` describes these tokens (its buffer may be left from an earlier line).
    private var presenceReady = false
    /// What the context checks compute, made on the first context query: most scans never make
    /// one, and a scan without one has fewer buffers to release.
    private var context: Context?

    private struct Context {
        /// Matches already computed for context queries; few per scan, so a linear list beats hashing.
        var cache: [(entry: Int, matches: [CrisisMatch])] = []
        /// (word id << 32 | position) for every token id and lemma, sorted.
        var postings: [UInt64] = []
        /// Index into `cache` per entry, or -1; allocated on the first match query.
        var cacheSlot: [Int32] = []
        var sentenceStarts: [Int32] = []
        var sentenceEnds: [Int32] = []
    }

    /// A scan with buffers of its own (allocated as it needs them).
    init(program: CrisisProgram, tokens: [CrisisToken]) {
        self.program = program
        self.tokens = tokens
    }

    /// A scan that borrows `scratch`'s backtrack stack and, when `sharePresence`, its presence
    /// bitset (already built if `scratch` says so: a bitset from a superset of these tokens is still
    /// a valid pre-check). `giveBack(to:sharePresence:)` returns them.
    init(program: CrisisProgram, tokens: [CrisisToken], scratch: inout CrisisScratch, sharePresence: Bool) {
        self.program = program
        self.tokens = tokens
        swap(&stack, &scratch.stack)
        if sharePresence {
            swap(&presence, &scratch.presence)
            presenceReady = scratch.presenceReady
            scratch.presenceReady = false
        }
    }

    /// Hands the stack (and, when `sharePresence`, the presence bitset with whether it is built)
    /// back to `scratch`, for the next scan of the same call or the next line.
    mutating func giveBack(to scratch: inout CrisisScratch, sharePresence: Bool) {
        swap(&stack, &scratch.stack)
        if sharePresence {
            swap(&presence, &scratch.presence)
            scratch.presenceReady = presenceReady
            presenceReady = false
        }
    }

    var count: Int { tokens.count }

    /// `view` (the view this scan reads) with this scan's tokens (idiom spans already removed), to
    /// spell a hit's words out later, once the hit has won. The scan holds only the tokens: a view
    /// held as well was one more pair of arrays to retain and release per scan.
    func spannedView(of view: CrisisView) -> CrisisView {
        var view = view
        view.tokens = tokens
        return view
    }

    private mutating func buildPresence() {
        guard !presenceReady else { return }
        presenceReady = true
        let words = Swift.max(1, program.presenceWords)
        if presence.count == words {
            presence.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        } else {
            presence = [UInt64](repeating: 0, count: words)
        }
        presence.withUnsafeMutableBufferPointer { bits in
            for t in tokens {
                if t.id >= 0 && Int(t.id >> 6) < bits.count { bits[Int(t.id >> 6)] |= 1 << UInt64(t.id & 63) }
                if t.lemma >= 0 && Int(t.lemma >> 6) < bits.count { bits[Int(t.lemma >> 6)] |= 1 << UInt64(t.lemma & 63) }
            }
        }
    }

    /// Whether any anchor word of `entry` (or a number, for number anchors) occurs in the line.
    private func anchorsPresent(_ entry: Int) -> Bool {
        let anchors = program.entries[entry].anchors
        return presence.withUnsafeBufferPointer { bits in
            for a in anchors {
                if a == CrisisProgram.numberAnchor { return true }
                if a >= 0 && Int(a >> 6) < bits.count && bits[Int(a >> 6)] & (1 << UInt64(a & 63)) != 0 { return true }
            }
            return false
        }
    }

    /// Cheap pre-check: the other words `entry` needs occur somewhere in the line.
    @inline(__always)
    private func worthTrying(_ entry: Int) -> Bool {
        presence.withUnsafeBufferPointer { program.requiredPresent(entry, $0) }
    }

    /// The match of `entry` starting exactly at `start`, if any.
    mutating func match(_ entry: Int, at start: Int) -> CrisisMatch? {
        guard start >= 0, start < tokens.count, entry >= 0 else { return nil }
        return tokens.withUnsafeBufferPointer { program.match(entry: entry, at: start, tokens: $0, stack: &stack) }
    }

    /// Every match of every entry of `index`. Entries anchored on their first word are tried right at
    /// the anchor; the others are tried over the window of starts that can reach the anchor. (An
    /// entry anchored twice nearby may find the same match twice; evaluating a hit twice is harmless.)
    mutating func candidates(_ index: CrisisAnchorIndex) -> [CrisisMatch] {
        buildPresence()
        var out: [CrisisMatch] = []
        for p in tokens.indices {
            Self.forEachAnchored(index, tokens[p]) { entry in
                tryEntry(entry, anchoredAt: p) { out.append($0); return false }
            }
        }
        return out
    }

    /// Marks the first match of each group (layer B's features) not yet in `found`, packed as
    /// `tag << 48 | start << 24 | end`; -1 means not found. Once a group is found its other patterns are skipped.
    mutating func firstMatchPerGroup(_ index: CrisisAnchorIndex, groupOf: [Int32], found: inout [Int64], tag: Int) {
        buildPresence()
        var remaining = found.reduce(0) { $0 + ($1 < 0 ? 1 : 0) }
        for p in tokens.indices where remaining > 0 {
            Self.forEachAnchored(index, tokens[p]) { entry in
                let g = Int(groupOf[entry])
                guard g >= 0, found[g] < 0 else { return }
                tryEntry(entry, anchoredAt: p) { m in
                    found[g] = Int64(tag) << 48 | Int64(m.start) << 24 | Int64(m.end)
                    remaining -= 1
                    return true
                }
            }
        }
    }

    /// Calls `body` with each entry of `index` anchored on token `t`: on its word, its lemma, or a number.
    @inline(__always)
    private static func forEachAnchored(_ index: CrisisAnchorIndex, _ t: CrisisToken, _ body: (Int) -> Void) {
        for i in index.range(for: t.id) { body(Int(index.entry(at: i))) }
        if t.lemma != t.id {
            for i in index.range(for: t.lemma) { body(Int(index.entry(at: i))) }
        }
        if t.has(CrisisToken.isNumber) {
            for e in index.numberEntries { body(Int(e)) }
        }
    }

    /// Tries `entry` for its anchor at token `p`: at the anchor itself when the anchor is the first
    /// word, else at each start in reach whose word can begin a match, left to right. `found` takes
    /// each match and says whether to stop.
    @inline(__always)
    private mutating func tryEntry(_ entry: Int, anchoredAt p: Int, _ found: (CrisisMatch) -> Bool) {
        guard worthTrying(entry) else { return }
        let anchorIsFirst = program.entryAnchorIsFirst[entry]
        let lo = anchorIsFirst ? p : Swift.max(0, p - Int(program.entryMaxLength[entry]) + 1)
        for s in lo...p where anchorIsFirst || program.canStart(entry, tokens[s]) {
            if let m = match(entry, at: s), found(m) { return }
        }
    }

    /// All matches of `entry`, computed once per scan.
    mutating func allMatches(_ entry: Int) -> [CrisisMatch] {
        guard entry >= 0 else { return [] }
        if context == nil { context = Context() }
        if context!.cacheSlot.isEmpty { context!.cacheSlot = [Int32](repeating: -1, count: program.entries.count) }
        let slot = context!.cacheSlot[entry]
        if slot >= 0 { return context!.cache[Int(slot)].matches }
        // Most context patterns have no anchor word in the line at all: answer without matching.
        buildPresence()
        if !anchorsPresent(entry) || !worthTrying(entry) { return [] }
        if context!.postings.isEmpty && !tokens.isEmpty {
            var postings: [UInt64] = []
            postings.reserveCapacity(tokens.count * 2)
            for (p, t) in tokens.enumerated() {
                if t.id >= 0 { postings.append(UInt64(UInt32(t.id)) << 32 | UInt64(p)) }
                if t.lemma != t.id && t.lemma >= 0 { postings.append(UInt64(UInt32(t.lemma)) << 32 | UInt64(p)) }
            }
            postings.sort()
            context!.postings = postings
        }
        let postings = context!.postings
        var positions: [Int] = []
        if program.entries[entry].usesNumber {
            for (p, t) in tokens.enumerated() where t.has(CrisisToken.isNumber) { positions.append(p) }
        }
        for a in program.entries[entry].anchors where a >= 0 {
            let key = UInt64(UInt32(a)) << 32
            var lo = 0, hi = postings.count
            while lo < hi {
                let mid = (lo + hi) >> 1
                if postings[mid] < key { lo = mid + 1 } else { hi = mid }
            }
            while lo < postings.count && postings[lo] >> 32 == UInt64(UInt32(a)) {
                positions.append(Int(postings[lo] & 0xFFFF_FFFF))
                lo += 1
            }
        }
        if positions.count > 1 { positions.sort() }
        var found: [CrisisMatch] = []
        if !positions.isEmpty { matches(entry, anchoredAt: positions, into: &found) }
        context!.cacheSlot[entry] = Int32(context!.cache.count)
        context!.cache.append((entry, found))
        return found
    }

    /// Any match of `entries` lying inside `range`.
    mutating func first(_ entries: [Int], in range: Range<Int>) -> CrisisMatch? {
        for e in entries {
            let list = allMatches(e)
            var lo = 0, hi = list.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if list[mid].start < range.lowerBound { lo = mid + 1 } else { hi = mid }
            }
            var k = lo
            while k < list.count && list[k].start < range.upperBound {
                if list[k].end <= range.upperBound { return list[k] }
                k += 1
            }
        }
        return nil
    }

    /// Whether a match of one of `entries` covers token `p` (starting at most 3 tokens before it).
    mutating func covers(_ entries: [Int], _ p: Int) -> Bool {
        for s in Swift.max(0, p - 3)...p {
            for e in entries {
                if let m = match(e, at: s), m.end > p { return true }
            }
        }
        return false
    }

    /// Tries each start that could reach an anchor position (only starts whose word can begin a match);
    /// positions ascend, so no start repeats.
    private mutating func matches(_ entry: Int, anchoredAt positions: [Int], into out: inout [CrisisMatch]) {
        if program.entryAnchorIsFirst[entry] {
            var last = -1
            for pos in positions where pos != last {
                last = pos
                if let m = match(entry, at: pos) { out.append(m) }
            }
            return
        }
        let maxLength = Int(program.entryMaxLength[entry])
        var next = 0
        for pos in positions {
            let lo = Swift.max(next, pos - maxLength + 1)
            if lo <= pos {
                for s in lo...pos where program.canStart(entry, tokens[s]) {
                    if let m = match(entry, at: s) { out.append(m) }
                }
            }
            next = Swift.max(next, pos + 1)
        }
    }

    // MARK: - Text structure

    /// How far context is read from a hit, in tokens each side: a sentence is cut to this reach, and a
    /// rule's line guards are read only this near (`CrisisDetector.guardReach`). A long answer typed
    /// as one run-on sentence ("…stood at the bridge thinking about jumping…" forty words before
    /// "…watched a quiz show") must not have its statement undone by words far from it (found from
    /// outside: acts under way buried in long answers found nothing).
    static let contextReach = 20

    /// The sentence around token `p` (between hard boundaries), at most `contextReach` tokens either
    /// side of `p`; sentence edges are computed once per scan.
    mutating func sentence(around p: Int) -> Range<Int> {
        guard !tokens.isEmpty else { return 0..<0 }
        if context == nil { context = Context() }
        if context!.sentenceStarts.isEmpty {
            var starts = [Int32](repeating: 0, count: tokens.count)
            var ends = [Int32](repeating: 0, count: tokens.count)
            var start = 0
            for i in tokens.indices {
                if i > 0 && tokens[i].has(CrisisToken.hardBefore) { start = i }
                starts[i] = Int32(start)
            }
            var end = tokens.count
            for i in tokens.indices.reversed() {
                ends[i] = Int32(end)
                if tokens[i].has(CrisisToken.hardBefore) { end = i }
            }
            context!.sentenceStarts = starts
            context!.sentenceEnds = ends
        }
        let p = Swift.min(Swift.max(p, 0), tokens.count - 1)
        return Swift.max(Int(context!.sentenceStarts[p]), p - Self.contextReach)
            ..< Swift.min(Int(context!.sentenceEnds[p]), p + Self.contextReach + 1)
    }

    /// Where the clause holding token `p` starts (a boundary or a clause word), looking back at most 40 tokens.
    func clauseStart(_ p: Int) -> Int {
        var lo = Swift.min(p, tokens.count - 1)
        var steps = 0
        while lo > 0 && steps < 40 {
            if tokens[lo].boundaryBefore { return lo }
            if tokens[lo - 1].has(CrisisToken.clauseWord) { return lo }
            lo -= 1
            steps += 1
        }
        return Swift.max(lo, 0)
    }

    /// Where the clause holding token `p` ends (exclusive).
    func clauseEnd(_ p: Int) -> Int {
        var hi = p + 1
        var steps = 0
        while hi < tokens.count && steps < 40 {
            if tokens[hi].boundaryBefore || tokens[hi].has(CrisisToken.clauseWord) { return hi }
            hi += 1
            steps += 1
        }
        return hi
    }
}
