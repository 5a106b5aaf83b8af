import Foundation

/// Layer B's trained scorer: logistic regression over the words and word pairs of a line.
///
/// The hand-written parts of layer B (the weighted features and the concept rules) catch the wording
/// someone thought of. This part is trained on the labelled sets (see `CrisisModelTrainer` and
/// `allin model train`), so it also weighs wording no rule names: "the tall one", "rehomed",
/// "last meal". Its words are the concept scanner's (folded to ASCII, lower case, apostrophes
/// dropped, runs of three letters cut to two), so one tokenisation serves both.
///
/// It explains itself: a finding names the word pairs that pushed the score up most.
public struct CrisisModel: Sendable {
    /// A line's score and the features that raised it most.
    public struct Score: Sendable, Equatable {
        public var probability: Double
        /// Indices (into the model's features) of the three largest positive contributions,
        /// largest first; -1 where there are fewer. Named only when a finding is made.
        var top: (Int32, Int32, Int32) = (-1, -1, -1)

        public static func == (a: Score, b: Score) -> Bool {
            a.probability == b.probability && a.top == b.top
        }
    }

    public static let fileName = "crisis/model.tsv"

    let bias: Double
    /// Probability at or above which a line is a crisis (T2). Below it the model says nothing: on
    /// a short line a few words decide the score, so it never asks the gentle T1 question.
    let crisisAt: Double
    /// Open-addressing table over feature hashes; `slots` holds index + 1 into `weights` and `names`, 0 = empty.
    private let keys: [UInt64]
    private let slots: [Int32]
    private let mask: Int
    let weights: [Float]
    let names: [String]
    /// Provenance lines from the file header (what it was trained on, and how).
    let about: [String]

    /// A model that scores every line at 0 (a catalog without a model file, or tests).
    static let empty = CrisisModel(bias: 0, crisisAt: 0.9, names: [], weights: [], about: [])

    /// `names` and `weights` are parallel, in the file's order (the trainer writes them sorted by
    /// name); the names are distinct.
    init(bias: Double, crisisAt: Double, names: [String], weights: [Float], about: [String]) {
        self.bias = bias
        self.crisisAt = crisisAt
        self.about = about
        self.names = names
        self.weights = weights
        var size = 16
        while size < names.count * 2 { size *= 2 }
        mask = size - 1
        var keys = [UInt64](repeating: 0, count: size)
        var slots = [Int32](repeating: 0, count: size)
        for (i, name) in names.enumerated() {
            let h = Self.hash(name)
            var s = Int(truncatingIfNeeded: h) & mask
            while slots[s] != 0 { s = (s + 1) & mask }
            keys[s] = h
            slots[s] = Int32(i + 1)
        }
        self.keys = keys
        self.slots = slots
    }

    var featureCount: Int { names.count }

    // MARK: - Features

    /// FNV-1a over the feature's bytes; a pair is its two words joined by one space.
    static func hash(_ feature: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in feature.utf8 { h = step(h, b) }
        return h
    }

    @inline(__always) static func step(_ h: UInt64, _ b: UInt8) -> UInt64 {
        (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3
    }

    /// How far apart two classed words may be for their class pair to count ("want to die": WISH
    /// and DEATH are two apart).
    static let classWindow = 3

    /// The hashes of a line's features: each word, each pair of neighbouring words, each concept
    /// class of a word ("DEATH"), and each ordered pair of classes of words at most `classWindow`
    /// apart ("WISH DEATH"). Repeats count once. `tokens` are the concept scanner's words, whose
    /// bytes are in `bytes`; `classes` gives the class features' hashes.
    static func featureHashes(_ tokens: [ConceptScanner.Token], _ bytes: UnsafeBufferPointer<UInt8>,
                              classes: ConceptScanner) -> [UInt64] {
        var out: [UInt64] = []
        out.reserveCapacity(tokens.count * 3)
        var previous: UInt64 = 0
        let named = UInt64.max >> UInt64(64 - min(max(classes.classNames.count, 1), 64))
        for (i, token) in tokens.enumerated() {
            let range = Int(token.start)..<Int(token.end)
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for p in range { h = step(h, bytes[p]) }
            out.append(h)
            if i > 0 {
                // The pair continues the first word's hash with a space and the second word.
                var pair = step(previous, 0x20)
                for p in range { pair = step(pair, bytes[p]) }
                out.append(pair)
            }
            previous = h
            var mine = token.classes & named
            guard mine != 0, !classes.classNames.isEmpty else { continue }
            while mine != 0 {
                let b = mine.trailingZeroBitCount
                out.append(classes.classHashes[b])
                for j in max(0, i - classWindow)..<i {
                    var theirs = tokens[j].classes & named
                    while theirs != 0 {
                        out.append(classes.classPairHashes[theirs.trailingZeroBitCount * 64 + b])
                        theirs &= theirs - 1
                    }
                }
                mine &= mine - 1
            }
        }
        out.sort()
        var unique = 0
        for k in out.indices where unique == 0 || out[unique - 1] != out[k] {
            out[unique] = out[k]
            unique += 1
        }
        out.removeLast(out.count - unique)
        return out
    }

    /// The features of `text` by name ("want", "want to", "DEATH", "WISH DEATH"), each once, as the
    /// trainer counts them; `hash` of each name is what `featureHashes` gives for the same line.
    static func featureNames(of text: String, scanner: ConceptScanner) -> [String] {
        let (tokens, bytes) = scanner.tokenize(text)
        var words: [String] = []
        words.reserveCapacity(tokens.count)
        for t in tokens { words.append(String(decoding: bytes[Int(t.start)..<Int(t.end)], as: UTF8.self)) }
        var names = Set(words)
        for i in words.indices.dropFirst() { names.insert(words[i - 1] + " " + words[i]) }
        func classList(_ bits: UInt64) -> [String] {
            scanner.classNames.indices.filter { bits & (1 << UInt64($0)) != 0 }.map { scanner.classNames[$0] }
        }
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

    @inline(__always)
    private func index(of h: UInt64) -> Int? {
        var s = Int(truncatingIfNeeded: h) & mask
        while true {
            let v = slots[s]
            if v == 0 { return nil }
            if keys[s] == h { return Int(v) - 1 }
            s = (s + 1) & mask
        }
    }

    // MARK: - Scoring

    /// The probability that `hashes` (a line's features) come from a crisis statement.
    func score(_ hashes: [UInt64]) -> Score {
        guard !names.isEmpty else { return Score(probability: 0) }
        var z = bias
        // The three largest positive weights, largest first (ties: the earlier feature).
        var w0: Float = 0, w1: Float = 0, w2: Float = 0
        var i0: Int32 = -1, i1: Int32 = -1, i2: Int32 = -1
        @inline(__always) func above(_ w: Float, _ i: Int32, _ wk: Float, _ ik: Int32) -> Bool {
            ik < 0 || w > wk || (w == wk && i < ik)
        }
        for h in hashes {
            guard let i = index(of: h) else { continue }
            let w = weights[i]
            z += Double(w)
            guard w > 0 else { continue }
            let n = Int32(i)
            if above(w, n, w0, i0) {
                (w2, i2, w1, i1, w0, i0) = (w1, i1, w0, i0, w, n)
            } else if above(w, n, w1, i1) {
                (w2, i2, w1, i1) = (w1, i1, w, n)
            } else if above(w, n, w2, i2) {
                (w2, i2) = (w, n)
            }
        }
        return Score(probability: 1 / (1 + exp(-z)), top: (i0, i1, i2))
    }

    /// The names of a score's top features.
    func topNames(_ score: Score) -> [String] {
        [score.top.0, score.top.1, score.top.2].filter { $0 >= 0 }.map { names[Int($0)] }
    }

    /// The tier a probability reaches: crisis, or nothing.
    func tier(_ probability: Double) -> CrisisTier {
        probability >= crisisAt ? .crisis : .none
    }

    /// Layer B's finding for a score, or nil when it stays below the crisis band.
    func finding(_ score: Score) -> CrisisFinding? {
        let tier = tier(score.probability)
        guard tier > .none else { return nil }
        let p = CrisisDetector.format(score.probability)
        let top = topNames(score)
        let words = top.map { "'\($0)'" }
        let from = words.isEmpty ? "" : " from " + CrisisDetector.list(words)
        let band = "at or above \(CrisisDetector.format(crisisAt)), the crisis band"
        return CrisisFinding(layer: .b, tier: tier, rule: "B.model", matched: CrisisText.clean(top.joined(separator: " + "), limit: 80),
                             reason: CrisisText.clean("Layer B's trained model scored \(p)\(from), \(band).", limit: 240))
    }
}
