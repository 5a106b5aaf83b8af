/// What the lexicon knows about each vocabulary word, indexed by word id.
struct CrisisWordTable: Sendable {
    struct Attr: Sendable {
        var lemma: Int32
        var flags: UInt32 = 0
        /// Index into `expansions` when the word is a contraction or slang to expand, else -1.
        var expansion: Int32 = -1
        /// The `CrisisToken` flags this word always carries (filler, negator, clause word).
        var tokenFlags: UInt16 = 0
    }

    // Word classes used by the normaliser and by clause analysis.
    static let filler: UInt32 = 1 << 0
    static let negator: UInt32 = 1 << 1
    static let clauseWord: UInt32 = 1 << 2
    static let firstPerson: UInt32 = 1 << 3
    static let thirdPerson: UInt32 = 1 << 4
    static let generic: UInt32 = 1 << 5
    static let relation: UInt32 = 1 << 6
    static let otherReflexive: UInt32 = 1 << 7
    static let thirdSingularVerb: UInt32 = 1 << 8
    static let transparent: UInt32 = 1 << 9
    static let common: UInt32 = 1 << 10
    static let pastForm: UInt32 = 1 << 11
    static let apostropheOnly: UInt32 = 1 << 12
    static let pairStart: UInt32 = 1 << 13
    static let secondPerson: UInt32 = 1 << 14
    static let contrast: UInt32 = 1 << 15
    static let mediaSubject: UInt32 = 1 << 16
    static let nounNegator: UInt32 = 1 << 17
    static let preposition: UInt32 = 1 << 18

    var attrs: [Attr] = []
    /// Replacement word ids of each contraction (may be empty: the word is dropped).
    var expansions: [[Int32]] = []
    /// Two-word rewrites keyed by the first word: (second word, replacement ids; empty marks a filler pair).
    var pairs: [Int32: [(second: Int32, replacement: [Int32], fillerPair: Bool)]] = [:]

    func has(_ id: Int32, _ flag: UInt32) -> Bool {
        id >= 0 && Int(id) < attrs.count && attrs[Int(id)].flags & flag != 0
    }

    func lemma(_ id: Int32) -> Int32 {
        id >= 0 && Int(id) < attrs.count ? attrs[Int(id)].lemma : id
    }

    mutating func grow(to count: Int) {
        while attrs.count < count { attrs.append(Attr(lemma: Int32(attrs.count))) }
    }

    mutating func add(_ flag: UInt32, to id: Int32) {
        grow(to: Int(id) + 1)
        attrs[Int(id)].flags |= flag
        var t: UInt16 = 0
        let a = attrs[Int(id)].flags
        if a & Self.filler != 0 { t |= CrisisToken.filler }
        if a & Self.negator != 0 { t |= CrisisToken.negator }
        if a & Self.clauseWord != 0 { t |= CrisisToken.clauseWord }
        attrs[Int(id)].tokenFlags = t
    }
}
