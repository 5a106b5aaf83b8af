import Foundation

/// Layer B's trained scorer: logistic regression over the words and word pairs of a line.
///
/// The hand-written parts of layer B (the weighted features and the concept rules) catch the wording
/// someone thought of. This part is trained on the labelled sets (see `CrisisModelTrainer` and
/// `allin-dev model train`), so it also weighs wording no rule names: "the tall one", "rehomed",
/// "last meal". Its words are the concept scanner's (folded to ASCII, lower case, apostrophes
/// dropped, runs of three letters cut to two), so one tokenisation serves both.
///
/// It explains itself: a finding names the word pairs that pushed the score up most.
public struct CrisisModel: Sendable {
    /// A line's score and the features that raised it most.
    public struct Score: Sendable, Equatable {
        public var probability: Double
        /// Indices (into the model's features) of the three largest positive contributions,
        /// largest first; -1 where there are fewer. Named only when a finding is made, so scoring
        /// from a line's words ranks them only at or above the crisis band (all -1 below it).
        var top: (Int32, Int32, Int32) = (-1, -1, -1)

        public static func == (a: Score, b: Score) -> Bool {
            a.probability == b.probability && a.top == b.top
        }
    }

    public static let fileName = "crisis/model.tsv"

    let bias: Double
    /// Probability at or above which a line is a crisis (T2).
    let crisisAt: Double
    /// Probability at or above which, below `crisisAt`, the model's finding is a concern (T1), so the
    /// crisis rule asks the gentle question. Below it the model says nothing: on a short line a few
    /// words decide the score. Equal to `crisisAt` (no concern band) when the file sets no `@askAt`.
    let askAt: Double
    /// Open-addressing table over feature keys (see `key(ofFeature:)`). Each slot packs the key's
    /// high 32 bits over index + 1 (0 = empty), 8 bytes, so the table stays small enough to sit in
    /// cache; a slot whose tag agrees is confirmed against the full key in `entries`.
    let table: [UInt64]
    private let mask: Int
    /// Each feature's full key and weight side by side (one cache line confirms and weighs a hit).
    let entries: [Entry]

    struct Entry {
        var key: UInt64
        var weight: Float
    }
    /// The weights in the file's order (parallel to `names`).
    var weights: [Float] { entries.map(\.weight) }
    /// The features' keys in the file's order (parallel to `names`).
    var keys: [UInt64] { entries.map(\.key) }
    let names: PackedStrings
    /// Provenance lines from the file header (what it was trained on, and how).
    let about: [String]

    /// A model that scores every line at 0 (a catalog without a model file, or tests).
    static let empty = CrisisModel(bias: 0, crisisAt: 0.9, askAt: nil, names: [], weights: [], about: [])

    /// `names` and `weights` are parallel, in the file's order (the trainer writes them sorted by
    /// name); the names are distinct, and so are their keys (`keys`, if given, holds them in the
    /// same order, as `decode` has already worked them out).
    init(bias: Double, crisisAt: Double, askAt: Double?, names: PackedStrings, weights: [Float], about: [String],
         keys: [UInt64]? = nil) {
        self.bias = bias
        self.crisisAt = crisisAt
        self.askAt = askAt ?? crisisAt
        self.about = about
        self.names = names
        var size = 16
        while size < names.count * 2 { size *= 2 }
        mask = size - 1
        var table = [UInt64](repeating: 0, count: size)
        let keys = keys ?? names.map(Self.key(ofFeature:))
        for (i, h) in keys.enumerated() {
            var s = Int(truncatingIfNeeded: h) & mask
            while table[s] != 0 { s = (s + 1) & mask }
            table[s] = Self.tag(h) | UInt64(i + 1)
        }
        self.table = table
        self.entries = zip(keys, weights).map { Entry(key: $0, weight: $1) }
    }

    /// A model from the parts of its compiled form (`CrisisModel+Compiled`), which has checked them.
    init(bias: Double, crisisAt: Double, askAt: Double, table: [UInt64], entries: [Entry], names: PackedStrings,
         about: [String]) {
        self.bias = bias
        self.crisisAt = crisisAt
        self.askAt = askAt
        self.table = table
        self.mask = table.count - 1
        self.entries = entries
        self.names = names
        self.about = about
    }

    var featureCount: Int { names.count }

    // MARK: - Features

    /// FNV-1a's starting value; `step` folds in one byte (`FNV1a`).
    static let hashSeed = FNV1a.seed

    /// FNV-1a over a word's bytes (or a class name's).
    static func hash(_ word: String) -> UInt64 {
        word.utf8.reduce(hashSeed, step)
    }

    @inline(__always) static func step(_ h: UInt64, _ b: UInt8) -> UInt64 { FNV1a.step(h, b) }

    /// A pair's key, mixed from its two parts' hashes (so a line never reads a word's bytes twice).
    @inline(__always) static func pairKey(_ first: UInt64, _ second: UInt64) -> UInt64 {
        var x = (first &* 0x9E37_79B9_7F4A_7C15) ^ (second &+ 0x632B_E59B_D9B4_E019)
        x ^= x >> 31
        x &*= 0xBF58_476D_1CE4_E5B9
        x ^= x >> 29
        return x
    }

    /// The key a feature name is stored under: its hash; for two parts joined by a space ("want
    /// to", "WISH DEATH") the pair key of their hashes; for a stem ("~overd") the stem key of the
    /// hash of the letters after '~'.
    static func key(ofFeature name: String) -> UInt64 {
        var name = name
        return name.withUTF8 { key(ofFeatureBytes: $0) }
    }

    /// `key(ofFeature:)` straight from the name's UTF-8 bytes (the model file is read as bytes).
    static func key(ofFeatureBytes name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        if name.first == 0x7E {   // '~': a stem
            return stemKey(name.dropFirst().reduce(hashSeed, step))
        }
        if name.first == 0x21 {   // '!': a word in a denial's reach
            return negatedKey(name.dropFirst().reduce(hashSeed, step))
        }
        var first = hashSeed, second = hashSeed, spaces = 0
        for b in name {
            if b == 0x20 { spaces += 1; continue }
            if spaces == 0 { first = step(first, b) } else { second = step(second, b) }
        }
        return spaces == 1 ? pairKey(first, second) : name.reduce(hashSeed, step)
    }

    /// A stem's key ("~overd"): the hash of the word's first `stemLength` bytes, mixed with a
    /// constant no word's hash is expected to meet.
    @inline(__always) static func stemKey(_ prefix: UInt64) -> UInt64 { pairKey(prefix, 0x7E7E_7E7E) }

    /// The key of a word within `negationReach` words after a denial word (class `NEG`) in the
    /// same clause ("!die" in "not going to die"): the word's hash mixed with another constant.
    @inline(__always) static func negatedKey(_ word: UInt64) -> UInt64 { pairKey(word, 0x2121_2121) }

    /// Which words are in a denial's reach, read one word at a time: `forEachFeature` and
    /// `featureNames` both step through a line with one, so the keys and the names agree.
    struct DenialReach {
        let denial: UInt64
        private var left = 0

        init(denial: UInt64) { self.denial = denial }

        /// Whether `token` is within `negationReach` words after a denial word in its clause.
        @inline(__always) mutating func next(_ token: ConceptScanner.Token) -> Bool {
            if token.breakBefore { left = 0 }
            let denied = left > 0
            if denied { left -= 1 }
            if denial != 0 && token.classes & denial != 0 { left = negationReach }
            return denied
        }
    }

    /// How many words after a denial word count as in its reach (a clause break ends it sooner).
    /// Chosen by leaving one file out (49 files): with the denied words, the detector caught 0.938
    /// of the unseen crisis lines at 0.048 false alarms, against 0.937 at 0.049 without them (at
    /// equal false alarms, 0.049: 0.942 against 0.938); at a reach of 3, 0.937 at 0.048. Marking
    /// the denied words' classes too ("!DEATH") changed nothing.
    public static let negationReach = 6

    /// A word longer than this many bytes (ASCII at the start) also counts by its first this many:
    /// "overdosed", "overdosing" and "overdoses" share "~overd", so a form no labelled line used
    /// still weighs what its relatives taught.
    public static let stemLength = 5

    /// How far apart two classed words may be for their class pair to count ("want to die": WISH
    /// and DEATH are two apart).
    public static let classWindow = 3

    /// Calls `body` with the key of each of a line's features: each word, each word again as denied
    /// when it is at most `negationReach` words after a denial word in the same clause ("!die" in
    /// "not going to die"), each stem, each pair of neighbouring words, each concept class of a word
    /// ("DEATH"), and each ordered pair of classes of words at most `classWindow` apart ("WISH
    /// DEATH"). A feature may come more than once. `tokens` are the concept scanner's words, which
    /// carry their own hashes (`ConceptScanner.token`); `classes` gives the class features' keys.
    @inline(__always)
    static func forEachFeature(_ tokens: [ConceptScanner.Token], classes: ConceptScanner, _ body: (UInt64) -> Void) {
        let named = classes.classNames.isEmpty ? 0 : UInt64.max >> UInt64(64 - min(classes.classNames.count, 64))
        var reach = DenialReach(denial: classes.denialBit)
        var previous: UInt64 = 0
        tokens.withUnsafeBufferPointer { tokens in
            for i in tokens.indices {
                let token = tokens[i]
                let denied = reach.next(token)
                // The word's hashes were made when it was read (`ConceptScanner.token`).
                let h = token.hash
                body(h)
                if denied { body(negatedKey(h)) }
                if token.hasStem { body(stemKey(token.stem)) }
                if i > 0 { body(pairKey(previous, h)) }
                previous = h
                var mine = token.classes & named
                while mine != 0 {
                    let b = mine.trailingZeroBitCount
                    body(classes.classHashes[b])
                    for j in max(0, i - classWindow)..<i {
                        var theirs = tokens[j].classes & named
                        while theirs != 0 {
                            body(classes.classPairHashes[theirs.trailingZeroBitCount * 64 + b])
                            theirs &= theirs - 1
                        }
                    }
                    mine &= mine - 1
                }
            }
        }
    }

    /// The keys of a line's features, each once, sorted (what `score` weighs; tests compare it with
    /// the names the trainer counts).
    static func featureHashes(_ tokens: [ConceptScanner.Token], classes: ConceptScanner) -> [UInt64] {
        var out: [UInt64] = []
        forEachFeature(tokens, classes: classes) { out.append($0) }
        return Array(Set(out)).sorted()
    }

    /// The features of `text` by name ("want", "want to", "DEATH", "WISH DEATH"), each once, as the
    /// trainer counts them; `key(ofFeature:)` of each name is what `featureHashes` gives for the same line.
    public static func featureNames(of text: String, scanner: ConceptScanner) -> [String] {
        let (tokens, bytes) = scanner.tokenize(text)
        var words: [String] = []
        words.reserveCapacity(tokens.count)
        for t in tokens { words.append(String(decoding: bytes[Int(t.start)..<Int(t.end)], as: UTF8.self)) }
        var names = Set(words)
        for i in words.indices.dropFirst() { names.insert(words[i - 1] + " " + words[i]) }
        for w in words where w.utf8.count > stemLength && w.utf8.prefix(stemLength).allSatisfy({ $0 < 0x80 }) {
            names.insert("~" + String(decoding: w.utf8.prefix(stemLength), as: UTF8.self))
        }
        func classList(_ bits: UInt64) -> [String] {
            scanner.classNames.indices.filter { bits & (1 << UInt64($0)) != 0 }.map { scanner.classNames[$0] }
        }
        var reach = DenialReach(denial: scanner.denialBit)
        for (i, token) in tokens.enumerated() where reach.next(token) { names.insert("!" + words[i]) }
        for (i, token) in tokens.enumerated() {
            for mine in classList(token.classes) {
                names.insert(mine)
                for j in max(0, i - classWindow)..<i {
                    for theirs in classList(tokens[j].classes) { names.insert(theirs + " " + mine) }
                }
            }
        }
        return names.sorted()
    }

    @inline(__always) static func tag(_ h: UInt64) -> UInt64 { h & 0xFFFF_FFFF_0000_0000 }

    /// The index of the feature whose key is `h`, if the model has one.
    @inline(__always)
    private func index(of h: UInt64) -> Int? {
        let tag = Self.tag(h)
        return table.withUnsafeBufferPointer { table in
            var s = Int(truncatingIfNeeded: h) & mask
            while true {
                let slot = table[s]
                if slot == 0 { return nil }
                if Self.tag(slot) == tag {
                    let i = Int(slot & 0xFFFF_FFFF) - 1
                    if entries[i].key == h { return i }
                }
                s = (s + 1) & mask
            }
        }
    }

    // MARK: - Scoring

    /// The sum of the weights of a line's features and the three largest positive ones.
    private struct Tally {
        var z: Double
        // The three largest positive weights, largest first (ties: the earlier feature).
        var w0: Float = 0, w1: Float = 0, w2: Float = 0
        var i0: Int32 = -1, i1: Int32 = -1, i2: Int32 = -1

        @inline(__always) func above(_ w: Float, _ i: Int32, _ wk: Float, _ ik: Int32) -> Bool {
            ik < 0 || w > wk || (w == wk && i < ik)
        }

        @inline(__always) mutating func add(_ w: Float, _ n: Int32) {
            z += Double(w)
            guard w > 0 else { return }
            if above(w, n, w0, i0) {
                (w2, i2, w1, i1, w0, i0) = (w1, i1, w0, i0, w, n)
            } else if above(w, n, w1, i1) {
                (w2, i2, w1, i1) = (w1, i1, w, n)
            } else if above(w, n, w2, i2) {
                (w2, i2) = (w, n)
            }
        }

        var score: Score { Score(probability: 1 / (1 + exp(-z)), top: (i0, i1, i2)) }
    }

    /// The probability that `hashes` (a line's features, each once) come from a crisis statement.
    func score(_ hashes: [UInt64]) -> Score {
        guard !names.isEmpty else { return Score(probability: 0) }
        var tally = Tally(z: bias)
        for h in hashes {
            if let i = index(of: h) { tally.add(entries[i].weight, Int32(i)) }
        }
        return tally.score
    }

    /// The same score straight from a line's words. The keys are made first and then looked up in
    /// one tight loop (the table lookups are independent, so their cache misses overlap); a small
    /// open-addressed set of the features already weighed skips repeats in the order they came, so
    /// the sum is the same as weighing each distinct feature once, first come first.
    func score(_ tokens: [ConceptScanner.Token], classes: ConceptScanner) -> Score {
        var keys: [UInt64] = []
        return score(tokens, classes: classes, keys: &keys)
    }

    /// The same, with the keys made in `keys` (a buffer to reuse; its contents are dropped).
    func score(_ tokens: [ConceptScanner.Token], classes: ConceptScanner, keys: inout [UInt64]) -> Score {
        guard !names.isEmpty else { return Score(probability: 0) }
        keys.removeAll(keepingCapacity: true)
        keys.reserveCapacity(tokens.count * 8 + 32)
        Self.forEachFeature(tokens, classes: classes) { keys.append($0) }
        // The sum first, with no ranking: most lines stay below the bands, where the top features
        // are never named. A line in one is weighed again, ranking as it goes.
        let z = weigh(keys, ranked: false).z
        let probability = 1 / (1 + exp(-z))
        guard probability >= askAt else { return Score(probability: probability) }
        return weigh(keys, ranked: true).score
    }

    /// The tally of `keys`, each distinct feature once, first come first; the top three are kept
    /// only when `ranked` (the sum is the same either way, added in the same order).
    @inline(__always)
    private func weigh(_ keys: [UInt64], ranked: Bool) -> Tally {
        var tally = Tally(z: bias)
        // Room for twice the keys, rounded up to a power of two: the set never fills.
        var size = 64
        while size < keys.count * 2 { size *= 2 }
        let setMask = size - 1
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: size) { seen in
            seen.initialize(repeating: -1)
            for h in keys {
                guard let found = index(of: h) else { continue }
                let n = Int32(found)
                var q = ((found &* 0x9E37_79B1) >> 7) & setMask
                while seen[q] >= 0 && seen[q] != n { q = (q + 1) & setMask }
                if seen[q] == n { continue }
                seen[q] = n
                if ranked { tally.add(entries[found].weight, n) } else { tally.z += Double(entries[found].weight) }
            }
        }
        return tally
    }

    /// The names of a score's top features.
    func topNames(_ score: Score) -> [String] {
        [score.top.0, score.top.1, score.top.2].filter { $0 >= 0 }.map { names[Int($0)] }
    }

    /// The tier a probability reaches: crisis, a concern (the question), or nothing.
    func tier(_ probability: Double) -> CrisisTier {
        probability >= crisisAt ? .crisis : probability >= askAt ? .concern : .none
    }

    /// Layer B's finding for a score, or nil when it stays below both bands.
    func finding(_ score: Score) -> CrisisFinding? {
        let tier = tier(score.probability)
        guard tier > .none else { return nil }
        let p = CrisisDetector.format(score.probability)
        let top = topNames(score)
        let words = top.map { "'\($0)'" }
        let from = words.isEmpty ? "" : " from " + CrisisDetector.list(words)
        let band = tier >= .crisis
            ? "at or above \(CrisisDetector.format(crisisAt)), the crisis band"
            : "at or above \(CrisisDetector.format(askAt)), where it asks if the person is safe"
        var finding = CrisisFinding(layer: .b, tier: tier, rule: "B.model",
                                    matched: CrisisText.clean(top.joined(separator: " + "), limit: 80),
                                    reason: CrisisText.clean("Layer B's trained model scored \(p)\(from), \(band).", limit: 240))
        finding.modelScore = (score.probability * 1000).rounded() / 1000
        return finding
    }
}
