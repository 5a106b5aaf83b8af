import Foundation

/// Layer B's concept rules: word classes (death, wishing, self-harm, means, intent, finality…) and
/// ordered slot patterns over them, matched over the whole line with at most `maxGap` words between
/// two slots. They catch the indirect phrasings a phrase list misses ("wouldn't mind if a bus hit
/// me", "my thighs are covered in fresh cuts", "pills saved up to finally do it"). Words and
/// patterns are data (`crisis/concepts.json`).
public struct ConceptScanner: Sendable {
    /// One slot: any word of these classes, or one of these runs of words.
    struct Slot: Sendable {
        /// The runs, each as its length and then its words, grouped by first word in rising order;
        /// within a group in the order the file lists them (the first that matches is taken). Flat,
        /// so a compiled form loads a slot as three arrays, not one array per run.
        var runWords: [Int32]
        /// The distinct first words, rising, and where each one's runs start in `runWords` (with
        /// one more entry: the end).
        var keys: [Int32]
        var keyStarts: [Int32]
        var classes: UInt64
        /// One bit per word id that starts a run: a bit test turns away almost every word before any search.
        var firstBits: [UInt64]

        init(runs: [Int32: [[Int32]]], classes: UInt64) {
            var flat: [Int32] = [], keys: [Int32] = [], starts: [Int32] = []
            for key in runs.keys.sorted() {
                keys.append(key)
                starts.append(Int32(flat.count))
                for run in runs[key] ?? [] {
                    flat.append(Int32(run.count))
                    flat += run
                }
            }
            starts.append(Int32(flat.count))
            self.init(runWords: flat, keys: keys, keyStarts: starts, classes: classes)
        }

        init(runWords: [Int32], keys: [Int32], keyStarts: [Int32], classes: UInt64) {
            self.runWords = runWords
            self.keys = keys
            self.keyStarts = keyStarts
            self.classes = classes
            let top = Int(keys.last ?? -1)
            var bits = [UInt64](repeating: 0, count: top / 64 + 1)
            for id in keys where id >= 0 { bits[Int(id) >> 6] |= 1 << UInt64(Int(id) & 63) }
            self.firstBits = top < 0 ? [] : bits
        }

        @inline(__always) func mayStart(_ id: Int32) -> Bool {
            let i = Int(id)
            return i >= 0 && (i >> 6) < firstBits.count && firstBits[i >> 6] & (1 << UInt64(i & 63)) != 0
        }

        /// Where the runs that start with word `id` lie in `runWords`, or nil when none does.
        @inline(__always) func runSpan(_ id: Int32) -> Range<Int>? {
            guard mayStart(id) else { return nil }
            var lo = 0, hi = keys.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if keys[mid] < id { lo = mid + 1 } else { hi = mid }
            }
            guard lo < keys.count, keys[lo] == id else { return nil }
            return Int(keyStarts[lo])..<Int(keyStarts[lo + 1])
        }

        /// Every run, in order (for making the tables).
        var runs: [[Int32]] {
            var runs: [[Int32]] = [], p = 0
            while p < runWords.count {
                let n = Int(runWords[p])
                runs.append(Array(runWords[(p + 1)..<(p + 1 + n)]))
                p += 1 + n
            }
            return runs
        }
    }

    struct Rule: Sendable {
        var id: String
        var tier: CrisisTier
        var slots: [Slot]
        var maxGap: Int
        var with: [Slot]              // each must occur somewhere in the line
        var without: [Slot]           // none may occur in the line
        var negatable: Bool           // a negator shortly before the first slot lowers the tier to T1
        var reason: String
    }

    /// Class bits of each word id (ids are dense, 0..<table.count).
    let classOf: [UInt64]
    let rules: [Rule]
    let isNegator: [Bool]
    /// The matcher's tables (`Derived`): made by `derive` from the words' classes and the rules, or
    /// read from a compiled form.
    let tables: Derived
    /// The concept words by their bytes; its ids are the ids the rules use.
    let table: CrisisVocabulary
    /// Misspellings read as concept words (from layer A's spelling tables; none until a lexicon
    /// adds them with `withSpellings`).
    var spellings = ConceptSpellings.none
    let fold: ConceptFold
    /// The class bit given to numbers of 10 or more (the `@BIGNUM` class).
    let bigNumberBit: UInt64
    /// The class bit given to years 1950–2099 (the `@YEAR` class; a past event, not a quantity).
    let yearBit: UInt64
    /// Each class's name by its bit ("DEATH"), as the trained model names its class features.
    let classNames: [String]
    /// The first-person class (`FP`) and the classes that name someone else or a story (`THIRD`,
    /// `MEDIA`): a line with none of them is taken as the writer speaking of themself, so a short
    /// note with no pronoun ("cant wait to die", "cutting rn") meets a rule's `@FP` requirement.
    private let firstPersonBit: UInt64
    /// The denial class (`NEG`): the model marks the words just after one ("!die").
    let denialBit: UInt64
    private let otherPersonBits: UInt64
    /// The class of words naming someone else (`THIRD`: he, her, my brother): in a rule's `without`
    /// it stands for someone else being the one the words are about (see `blocks`).
    private let thirdPersonBit: UInt64
    /// The model's feature keys of each class ("DEATH", by bit) and of each ordered class pair
    /// ("WISH DEATH", at `first * 64 + second`), made once so a line hashes no class name.
    let classHashes: [UInt64]
    let classPairHashes: [UInt64]

    public static let fileName = "crisis/concepts.json"

    init(words: CrisisVocabulary, classOf: [Int32: UInt64], rules: [Rule], negators: Set<Int32>,
         fold: ConceptFold, bigNumberBit: UInt64, yearBit: UInt64, classNames: [String] = []) {
        var dense = [UInt64](repeating: 0, count: words.count)
        for (id, bits) in classOf where id >= 0 && Int(id) < words.count { dense[Int(id)] = bits }
        self.init(words: words, classOf: dense, rules: rules, negators: negators, fold: fold, bigNumberBit: bigNumberBit,
                  yearBit: yearBit, classNames: classNames,
                  derived: Self.derive(words: words, classOf: dense, rules: rules, bigNumberBit: bigNumberBit, yearBit: yearBit))
    }

    /// The scanner from its parts and the tables `derive` made of them (the compiled form stores both,
    /// so a load skips `derive`).
    init(words: CrisisVocabulary, classOf dense: [UInt64], rules: [Rule], negators: Set<Int32>, fold: ConceptFold,
         bigNumberBit: UInt64, yearBit: UInt64, classNames: [String], derived d: Derived) {
        self.bigNumberBit = bigNumberBit
        self.yearBit = yearBit
        let names = Array(classNames.prefix(64))
        self.classNames = names
        func bit(_ name: String) -> UInt64 { names.firstIndex(of: name).map { UInt64(1) << UInt64($0) } ?? 0 }
        self.firstPersonBit = bit("FP")
        self.denialBit = bit("NEG")
        self.otherPersonBits = bit("THIRD") | bit("MEDIA")
        self.thirdPersonBit = bit("THIRD")
        let hashes = names.map(CrisisModel.hash)
        self.classHashes = hashes
        // A pair's key is mixed from its parts' hashes, as `CrisisModel.key(ofFeature:)` does for "WISH DEATH".
        var pairs = [UInt64](repeating: 0, count: names.isEmpty ? 0 : 64 * 64)
        for a in hashes.indices {
            for b in hashes.indices { pairs[a * 64 + b] = CrisisModel.pairKey(hashes[a], hashes[b]) }
        }
        self.classPairHashes = pairs
        self.classOf = dense
        self.rules = rules
        var negatorFlags = [Bool](repeating: false, count: words.count)
        for id in negators where id >= 0 && Int(id) < words.count { negatorFlags[Int(id)] = true }
        self.isNegator = negatorFlags
        self.tables = d
        self.table = words
        self.fold = fold
    }

    /// The tables the matcher reads, made from the words' classes and the rules.
    struct Derived {
        /// The rules whose first slot can start at each word id (by its run keys or its classes), as a
        /// bitset over rules: word `w`'s bits are `startMasks[w * ruleWords ..< (w + 1) * ruleWords]`.
        var startMasks: [UInt64]
        var ruleWords: Int
        /// Rules whose first slot has classes (only consulted for numbers, whose classes depend on the value).
        var rulesByFirstClass: [(classes: UInt64, rule: Int)]
        /// What each rule needs the line to hold before it is worth walking: one requirement per slot
        /// (and per `with` slot), numbered over all rules. A requirement is met when the line has a word
        /// of the slot's classes, or one of the slot's runs of words stands in it, word for word. Both
        /// tables are bitsets over requirements, `needWords` words each: `ruleNeeds` row r is what rule r
        /// needs, `classMeets` row c what a word of class bit c meets; a run's requirements are listed
        /// with the run (see `runMeets`), so a line's met requirements are a few ORs and a rule's check
        /// a few ANDs.
        var needWords: Int
        var ruleNeeds: [UInt64]
        /// The words of each rule's row that can be non-zero: a rule's requirements are numbered one
        /// after another, so they span one or two words of the row, not all `needWords`.
        var ruleNeedWords: [(first: Int32, end: Int32)]
        var classMeets: [UInt64]
        /// Every distinct run of words the slots name: its words are `runWords[runRange[r]]` and the
        /// requirements it meets `runMeets[runMeetRange[r]]`. A run is looked for only where its key
        /// stands: a one-word run's word (what word w's one-word runs meet is merged in
        /// `wordMeetRange[w]`), a longer run's rarest pair of neighbouring words (`pairRuns` and `pairOffsets`, by
        /// pair in an open-addressed table), so a pair of common words checks only the runs that hold
        /// that very pair.
        var runWords: [Int32]
        var runRange: [Range<Int32>]
        var runMeets: [Int32]
        var runMeetRange: [Range<Int32>]
        /// What a word's one-word runs meet, merged: `wordMeetRange[w]` indexes (`wordMeetWords`,
        /// `wordMeetMasks`), one 64-bit word of the requirement bitset and its bits per entry, so a
        /// word meets its requirements with one OR per bitset word instead of one per requirement.
        var wordMeetRange: [Range<Int32>]
        var wordMeetWords: [Int32]
        var wordMeetMasks: [UInt64]
        var pairKeys: [UInt64]
        var pairRanges: [Range<Int32>]
        var pairMask: Int
        var pairRuns: [Int32]
        /// Where the key pair stands in each of `pairRuns`.
        var pairOffsets: [Int32]
        /// Each rule's key: the one requirement of its own that ordinary text is least likely to meet
        /// (one bit per rule, over requirements), and the rule each requirement belongs to. A rule is
        /// checked only when the line meets its key; the key is a matter of speed only, as a rule is
        /// walked only when every one of its requirements is met.
        var keyNeeds: [UInt64]
        var ruleOfNeed: [Int32]
    }

    static func derive(words: CrisisVocabulary, classOf dense: [UInt64], rules: [Rule], bigNumberBit: UInt64,
                       yearBit: UInt64) -> Derived {
        let count = words.count
        let ruleWords = max(1, (rules.count + 63) / 64)
        var masks = [UInt64](repeating: 0, count: count * ruleWords)
        var byClass: [(classes: UInt64, rule: Int)] = []
        for (i, rule) in rules.enumerated() {
            guard let first = rule.slots.first else { continue }
            let bit: UInt64 = 1 << UInt64(i % 64)
            for word in first.keys where word >= 0 && Int(word) < count { masks[Int(word) * ruleWords + i / 64] |= bit }
            if first.classes != 0 {
                byClass.append((first.classes, i))
                for id in 0..<count where dense[id] & first.classes != 0 { masks[id * ruleWords + i / 64] |= bit }
            }
        }
        let needCount = rules.reduce(0) { $0 + $1.slots.count + $1.with.count }
        let needWords = max(1, (needCount + 63) / 64)
        var ruleNeeds = [UInt64](repeating: 0, count: rules.count * needWords)
        var classMeets = [UInt64](repeating: 0, count: 64 * needWords)
        // How often ordinary text is likely to hold a word: 1,000 for the commonest words of
        // English, else 1. A run is as rare as its rarest word; a class as common as its words together.
        var commonness = [Int](repeating: 1, count: count)
        for id in 0..<count where Self.commonWords.contains(Array(words.bytes(of: Int32(id)))) { commonness[id] = 1_000 }
        var classCommonness = [Int](repeating: 0, count: 64)
        for id in 0..<count {
            var bits = dense[id]
            while bits != 0 {
                classCommonness[bits.trailingZeroBitCount] += commonness[id]
                bits &= bits - 1
            }
        }
        for bit in [bigNumberBit, yearBit] where bit != 0 { classCommonness[bit.trailingZeroBitCount] += 50 }
        // A run can only stand in the line where each of its words does, so it is looked for only
        // at its key: its rarest pair of neighbouring words, rarest by their commonness, then by
        // how many runs of all the rules hold them, so "this is" never keys a run that "is over" can.
        var runsWith: [Int32: Int] = [:]
        for rule in rules {
            for slot in rule.slots + rule.with {
                for run in slot.runs { for word in Set(run) { runsWith[word, default: 0] += 1 } }
            }
        }
        func rank(_ word: Int32) -> Int { (Int(word) < count ? commonness[Int(word)] : 1) * 100_000 + (runsWith[word] ?? 0) }
        var runIndex: [[Int32]: Int] = [:]
        var runList: [[Int32]] = []
        var meetsOfRun: [[Int32]] = []
        var keyNeeds = [UInt64](repeating: 0, count: needWords)
        var ruleOfNeed = [Int32](repeating: -1, count: needCount)
        var q = 0
        for (r, rule) in rules.enumerated() {
            var key = -1, keyCost = Int.max
            for slot in rule.slots + rule.with {
                let w = q / 64, bit: UInt64 = 1 << UInt64(q % 64)
                ruleNeeds[r * needWords + w] |= bit
                ruleOfNeed[q] = Int32(r)
                var cost = 0
                for c in 0..<64 where slot.classes & (1 << UInt64(c)) != 0 {
                    classMeets[c * needWords + w] |= bit
                    cost += classCommonness[c]
                }
                for run in slot.runs where !run.isEmpty && run.allSatisfy({ $0 >= 0 && Int($0) < count }) {
                    let index = runIndex[run] ?? {
                        runIndex[run] = runList.count
                        runList.append(run)
                        meetsOfRun.append([])
                        return runList.count - 1
                    }()
                    if meetsOfRun[index].last != Int32(q) { meetsOfRun[index].append(Int32(q)) }
                    cost += run.map { commonness[Int($0)] }.min() ?? 0
                }
                if cost < keyCost { (key, keyCost) = (q, cost) }
                q += 1
            }
            if key >= 0 { keyNeeds[key / 64] |= 1 << UInt64(key % 64) }
        }
        var runWords: [Int32] = [], runRange: [Range<Int32>] = [], runMeets: [Int32] = [], runMeetRange: [Range<Int32>] = []
        var singles = [[Int32]](repeating: [], count: count)
        var runPairs: [UInt64: [(run: Int32, offset: Int32)]] = [:]
        for (index, run) in runList.enumerated() {
            let start = Int32(runWords.count)
            runWords += run
            runRange.append(start..<Int32(runWords.count))
            let m0 = Int32(runMeets.count)
            runMeets += meetsOfRun[index]
            runMeetRange.append(m0..<Int32(runMeets.count))
            if run.count == 1 {
                singles[Int(run[0])].append(Int32(index))
            } else {
                let p = (0..<run.count - 1).min { a, b in
                    let ra = (max(rank(run[a]), rank(run[a + 1])), min(rank(run[a]), rank(run[a + 1])))
                    let rb = (max(rank(run[b]), rank(run[b + 1])), min(rank(run[b]), rank(run[b + 1])))
                    return ra.1 != rb.1 ? ra.1 < rb.1 : ra.0 < rb.0
                }!
                runPairs[Self.pairKey(run[p], run[p + 1]), default: []].append((Int32(index), Int32(p)))
            }
        }
        var wordMeetRange: [Range<Int32>] = [], wordMeetWords: [Int32] = [], wordMeetMasks: [UInt64] = []
        wordMeetRange.reserveCapacity(count)
        for list in singles {
            var masks: [Int32: UInt64] = [:]
            for run in list { for q in meetsOfRun[Int(run)] { masks[q >> 6, default: 0] |= 1 << UInt64(q & 63) } }
            let start = Int32(wordMeetWords.count)
            for (word, mask) in masks.sorted(by: { $0.key < $1.key }) {
                wordMeetWords.append(word)
                wordMeetMasks.append(mask)
            }
            wordMeetRange.append(start..<Int32(wordMeetWords.count))
        }
        var size = 16
        while size < runPairs.count * 2 { size *= 2 }
        var pairKeys = [UInt64](repeating: 0, count: size)
        var pairRanges = [Range<Int32>](repeating: 0..<0, count: size)
        var pairRuns: [Int32] = [], pairOffsets: [Int32] = []
        for (key, list) in runPairs.sorted(by: { $0.key < $1.key }) {
            var slot = Self.pairSlot(key, size - 1)
            while pairKeys[slot] != 0 { slot = (slot + 1) & (size - 1) }
            pairKeys[slot] = key
            let start = Int32(pairRuns.count)
            pairRuns += list.map(\.run)
            pairOffsets += list.map(\.offset)
            pairRanges[slot] = start..<Int32(pairRuns.count)
        }
        let ruleNeedWords: [(first: Int32, end: Int32)] = rules.indices.map { r in
            let row = ruleNeeds[r * needWords ..< (r + 1) * needWords]
            guard let first = row.firstIndex(where: { $0 != 0 }), let last = row.lastIndex(where: { $0 != 0 }) else { return (0, 0) }
            return (Int32(first - r * needWords), Int32(last - r * needWords + 1))
        }
        return Derived(startMasks: masks, ruleWords: ruleWords, rulesByFirstClass: byClass, needWords: needWords,
                       ruleNeeds: ruleNeeds, ruleNeedWords: ruleNeedWords, classMeets: classMeets, runWords: runWords,
                       runRange: runRange, runMeets: runMeets, runMeetRange: runMeetRange, wordMeetRange: wordMeetRange,
                       wordMeetWords: wordMeetWords, wordMeetMasks: wordMeetMasks, pairKeys: pairKeys,
                       pairRanges: pairRanges, pairMask: size - 1, pairRuns: pairRuns, pairOffsets: pairOffsets,
                       keyNeeds: keyNeeds, ruleOfNeed: ruleOfNeed)
    }

    /// A token: its word id (-1 when unknown), class bits, and the original word.
    struct Token {
        var id: Int32
        var classes: UInt64
        /// Where the word's bytes are in the folded text (its words are only turned into strings for a match).
        var start: Int32
        var end: Int32
        /// The word opens a clause: a full stop, comma, question or exclamation mark, semicolon,
        /// colon, dash or line break came before it (so a denial before it belongs to another clause).
        var breakBefore = false
        /// The model's hash of the word's bytes (`CrisisModel.hash`) and of its first
        /// `CrisisModel.stemLength` bytes (`hasStem`: the word is longer and those bytes are ASCII),
        /// made while the word is looked up, so the model never reads the bytes again.
        var hash: UInt64 = 0
        var stem: UInt64 = 0
        var hasStem = false
    }

    /// A scanner with no rules (used when a catalog has no concepts file, and as the lexicon's
    /// placeholder until its rules are loaded). With no rules it has nothing to fold text for: building
    /// the fold's table asks Foundation about 2,000 characters, about 2 ms that every start paid.
    static let empty = ConceptScanner(words: CrisisVocabulary(), classOf: [:], rules: [], negators: [],
                                      fold: ConceptFold(map: [:]), bigNumberBit: 0, yearBit: 0)

    /// The highest-tier rule that matches `text`, or nil. Work is linear in the text: very long
    /// lines are taken in windows of 400 words (overlapping by 40, so no phrase is cut in two).
    public func scan(_ text: String) -> CrisisFinding? {
        let (tokens, bytes) = tokenize(text)
        return rules(tokens, bytes)
    }

    /// The rules' finding and the trained model's score, from one tokenisation of `text`, with the
    /// words, bytes and feature keys built in `buffers` (and left there).
    func scan(_ text: String, model: CrisisModel, reusing buffers: inout ConceptBuffers) -> (rule: CrisisFinding?, model: CrisisModel.Score) {
        var (tokens, bytes) = tokenize(text, tokens: &buffers.tokens, bytes: &buffers.bytes)
        let score = model.score(tokens, classes: self, keys: &buffers.keys)
        let rule = rules(tokens, bytes)
        swap(&tokens, &buffers.tokens)
        swap(&bytes, &buffers.bytes)
        return (rule, score)
    }

    private func rules(_ tokens: [Token], _ bytes: [UInt8]) -> CrisisFinding? {
        if tokens.count <= 400 { return match(tokens[...], bytes) }
        var best: CrisisFinding?
        var start = 0
        while start < tokens.count {
            let window = tokens[start..<min(tokens.count, start + 400)]
            if let f = match(window, bytes), f.tier > (best?.tier ?? .none) { best = f }
            start += 360
        }
        return best
    }

    /// A word's id; an unknown word is tried with doubled letters single ("diee" → "die"), then
    /// with its dropped g put back ("cuttin"), then with digits read as letters ("d1e"), then as a
    /// misspelling layer A knows ("pils", "alyve"). Words are looked up by their bytes, never turned
    /// into strings.
    private func lookup(_ word: UnsafeBufferPointer<UInt8>, hash: UInt32, head: UInt64) -> Int32 {
        if let id = table.lookup(word, hash: hash, head: head) { return id }
        let id = undoubled(word)
        if id >= 0 { return id }
        let g = droppedG(word)
        if g >= 0 { return g }
        let digits = deleet(word)
        return digits >= 0 ? digits : spellings.lookup(word)
    }

    /// An unknown word written without its final g ("cuttin" → "cutting"), when the -ing word is known.
    private func droppedG(_ word: UnsafeBufferPointer<UInt8>) -> Int32 {
        guard word.count >= 4, word[word.count - 2] == 0x69, word[word.count - 1] == 0x6E else { return -1 }
        return (Array(word) + [0x67]).withUnsafeBufferPointer { table.lookup($0) } ?? -1
    }

    /// A word that mixes letters and digits read with the digits as the letters they stand for
    /// ("d1e" → "die", "k1ll" → "kill", "d3ath" → "death"); a 1 is tried as i, then as l.
    private func deleet(_ word: UnsafeBufferPointer<UInt8>) -> Int32 {
        var letters = false, digits = false
        for b in word { if b >= 0x30 && b <= 0x39 { digits = true } else if b >= 0x61 && b <= 0x7A { letters = true } }
        guard letters && digits else { return -1 }
        for one: UInt8 in [0x69, 0x6C] {   // i, l
            var mapped = [UInt8](word)
            for k in mapped.indices {
                switch mapped[k] {
                case 0x30: mapped[k] = 0x6F   // 0 → o
                case 0x31: mapped[k] = one
                case 0x33: mapped[k] = 0x65   // 3 → e
                case 0x34: mapped[k] = 0x61   // 4 → a
                case 0x35: mapped[k] = 0x73   // 5 → s
                case 0x37: mapped[k] = 0x74   // 7 → t
                default: break
                }
            }
            if let id = mapped.withUnsafeBufferPointer({ table.lookup($0) }) { return id }
            let id = mapped.withUnsafeBufferPointer { undoubled($0) }
            if id >= 0 { return id }
        }
        return -1
    }

    /// An unknown word with doubled letters tried once more with them single ("diee" → "die").
    private func undoubled(_ word: UnsafeBufferPointer<UInt8>) -> Int32 {
        var hasDouble = false
        var k = 1
        while k < word.count { if word[k] == word[k - 1] { hasDouble = true; break }; k += 1 }
        guard hasDouble else { return -1 }
        var single: [UInt8] = [word[0]]
        for byte in word.dropFirst() where byte != single[single.count - 1] { single.append(byte) }
        return single.withUnsafeBufferPointer { table.lookup($0) } ?? -1
    }

    private func match(_ clause: ArraySlice<Token>, _ bytes: [UInt8]) -> CrisisFinding? {
        // Which rule requirements the line meets, then which rules it meets every requirement of:
        // a rule with a slot (or a required `with` slot) that nothing in the line could fill cannot
        // match, so it is never walked.
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: tables.needWords + tables.ruleWords) { buffer in
            buffer.initialize(repeating: 0)
            let met = UnsafeMutableBufferPointer(rebasing: buffer[0..<tables.needWords])
            let possible = UnsafeMutableBufferPointer(rebasing: buffer[tables.needWords...])
            var lineClasses: UInt64 = 0
            @inline(__always) func meet(_ run: Int) {
                var m = tables.runMeetRange[run].lowerBound
                while m < tables.runMeetRange[run].upperBound {
                    let q = tables.runMeets[Int(m)]
                    met[Int(q) >> 6] |= 1 << UInt64(q & 63)
                    m += 1
                }
            }
            for i in clause.indices {
                let token = clause[i]
                lineClasses |= token.classes
                guard token.id >= 0 && Int(token.id) < tables.wordMeetRange.count else { continue }
                let single = tables.wordMeetRange[Int(token.id)]
                var m = Int(single.lowerBound)
                while m < Int(single.upperBound) {
                    met[Int(tables.wordMeetWords[m])] |= tables.wordMeetMasks[m]
                    m += 1
                }
                guard i + 1 < clause.endIndex, clause[i + 1].id >= 0 else { continue }
                let key = Self.pairKey(token.id, clause[i + 1].id)
                var slot = Self.pairSlot(key, tables.pairMask)
                while tables.pairKeys[slot] != 0 && tables.pairKeys[slot] != key { slot = (slot + 1) & tables.pairMask }
                guard tables.pairKeys[slot] == key else { continue }
                let found = tables.pairRanges[slot]
                var j = found.lowerBound
                while j < found.upperBound {
                    let run = Int(tables.pairRuns[Int(j)])
                    if stands(run, from: i - Int(tables.pairOffsets[Int(j)]), clause) { meet(run) }
                    j += 1
                }
            }
            let impliedFirstPerson = firstPersonBit != 0 && lineClasses & (firstPersonBit | otherPersonBits) == 0
            if impliedFirstPerson { lineClasses |= firstPersonBit }
            var classes = lineClasses
            while classes != 0 {
                let c = classes.trailingZeroBitCount
                for w in 0..<tables.needWords { met[w] |= tables.classMeets[c * tables.needWords + w] }
                classes &= classes - 1
            }
            var any = false
            for w in 0..<tables.needWords {
                var keys = met[w] & tables.keyNeeds[w]
                while keys != 0 {
                    let rule = Int(tables.ruleOfNeed[w * 64 + keys.trailingZeroBitCount])
                    keys &= keys - 1
                    if self.possible(rule, met: UnsafeBufferPointer(met)) {
                        possible[rule >> 6] |= 1 << UInt64(rule & 63)
                        any = true
                    }
                }
            }
            guard any else { return nil }
            return match(clause, bytes, possible: UnsafeBufferPointer(possible), impliedFirstPerson: impliedFirstPerson)
        }
    }

    /// Whether run `run` stands in the clause, word for word, from `start`.
    @inline(__always)
    private func stands(_ run: Int, from start: Int, _ clause: ArraySlice<Token>) -> Bool {
        let r = tables.runRange[run]
        let length = Int(r.upperBound - r.lowerBound)
        guard start >= clause.startIndex && start + length <= clause.endIndex else { return false }
        var k = 0
        while k < length && clause[start + k].id == tables.runWords[Int(r.lowerBound) + k] { k += 1 }
        return k == length
    }

    /// A pair of neighbouring words as one key (never 0, so 0 marks an empty slot), and its slot.
    @inline(__always) static func pairKey(_ a: Int32, _ b: Int32) -> UInt64 { UInt64(UInt32(a) + 1) << 32 | UInt64(UInt32(b) + 1) }
    @inline(__always) static func pairSlot(_ key: UInt64, _ mask: Int) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask }

    /// Whether the line meets every requirement of `rule`.
    @inline(__always)
    private func possible(_ rule: Int, met: UnsafeBufferPointer<UInt64>) -> Bool {
        let base = rule * tables.needWords
        let span = tables.ruleNeedWords[rule]
        for w in Int(span.first)..<Int(span.end) where tables.ruleNeeds[base + w] & ~met[w] != 0 { return false }
        return true
    }

    private func match(_ clause: ArraySlice<Token>, _ bytes: [UInt8], possible: UnsafeBufferPointer<UInt64>,
                       impliedFirstPerson: Bool) -> CrisisFinding? {
        @inline(__always) func isPossible(_ rule: Int) -> Bool { possible[rule >> 6] & (1 << UInt64(rule & 63)) != 0 }
        // Where each possible rule's first slot can start, found in one pass over the words. Each
        // start is packed as rule << 32 | position, so one integer sort orders them by rule, then place.
        var starts: [Int] = []
        for i in clause.indices {
            let token = clause[i]
            if token.id >= 0 {
                let id = Int(token.id)
                let dynamic = token.classes & ~classOf[id]
                for w in 0..<tables.ruleWords {
                    var mask = tables.startMasks[id * tables.ruleWords + w] & possible[w]
                    while mask != 0 {
                        starts.append((w * 64 + mask.trailingZeroBitCount) << 32 | i)
                        mask &= mask - 1
                    }
                }
                if dynamic != 0 {
                    for (classes, rule) in tables.rulesByFirstClass where classes & dynamic != 0 && isPossible(rule) {
                        starts.append(rule << 32 | i)
                    }
                }
            } else if token.classes != 0 {
                for (classes, rule) in tables.rulesByFirstClass where classes & token.classes != 0 && isPossible(rule) {
                    starts.append(rule << 32 | i)
                }
            }
        }
        guard !starts.isEmpty else { return nil }
        starts.sort()
        var best: CrisisFinding?
        var k = 0
        while k < starts.count {
            let index = starts[k] >> 32
            let from = k
            while k < starts.count && starts[k] >> 32 == index { k += 1 }
            let rule = rules[index]
            guard rule.tier > (best?.tier ?? .none), var (start, end) = find(rule, clause, at: starts[from..<k]) else { continue }
            guard rule.with.allSatisfy({ (impliedFirstPerson && $0.classes & firstPersonBit != 0) || occurs($0, clause) }), !rule.without.contains(where: { blocks($0, clause, before: start) }) else {
                continue
            }
            var tier = rule.tier
            if rule.negatable && isNegated(clause, start) {
                // A denial covers its own clause only: an occurrence in a later clause that no denial
                // reaches still counts ("didn't cut today, burned myself instead").
                tier = .concern
                for j in from..<k where starts[j] & 0xFFFF_FFFF > start {
                    let later = starts[j] & 0xFFFF_FFFF
                    guard clause[(start + 1)...later].contains(where: \.breakBefore) else { continue }
                    if let (s, e) = find(rule, clause, at: starts[j...j]), !isNegated(clause, s) {
                        (start, end, tier) = (s, e, rule.tier)
                        break
                    }
                }
            }
            let span = clause[start..<end].map { String(decoding: bytes[Int($0.start)..<Int($0.end)], as: UTF8.self) }
                .joined(separator: " ")
            let finding = CrisisFinding(layer: .b, tier: tier, rule: "B.\(rule.id)", matched: String(span.prefix(80)),
                                        reason: rule.reason + (tier < rule.tier ? " (negated: lowered to a concern)" : ""))
            if tier > (best?.tier ?? .none) { best = finding }
        }
        return best
    }

    /// Whether a negator stands within five words before `start`, in the same clause ("I'm not okay.
    /// I'm ending it" is not a denial of ending it).
    private func isNegated(_ clause: ArraySlice<Token>, _ start: Int) -> Bool {
        guard !clause[start].breakBefore else { return false }
        var j = start - 1
        while j >= max(clause.startIndex, start - 5) {
            let t = clause[j]
            if t.id >= 0 && isNegator[Int(t.id)] { return true }
            if t.breakBefore { return false }
            j -= 1
        }
        return false
    }

    /// Whether a `without` slot turns the rule away from a match starting at `start`. Its words and
    /// classes anywhere in the line do, except `@THIRD`: someone else named turns the rule away only
    /// when they are the nearest person before the words, with no "i", "me" or "my" between ("he
    /// said he'd take everything tonight"), so a person who names someone else and then speaks of
    /// themself is still read ("he left, and tonight i'll take everything"; "my kids will be fine,
    /// i'm taking all my pills tonight").
    private func blocks(_ slot: Slot, _ clause: ArraySlice<Token>, before start: Int) -> Bool {
        guard slot.classes & thirdPersonBit != 0 else { return occurs(slot, clause) }
        var rest = slot
        rest.classes &= ~thirdPersonBit
        if occurs(rest, clause) { return true }
        var j = start - 1
        while j >= clause.startIndex {
            let classes = clause[j].classes
            if classes & firstPersonBit != 0 { return false }
            if classes & thirdPersonBit != 0 { return true }
            j -= 1
        }
        return false
    }

    /// True when the slot matches somewhere in the line.
    private func occurs(_ slot: Slot, _ clause: ArraySlice<Token>) -> Bool {
        clause.indices.contains { at(slot, clause, $0) != nil }
    }

    /// The first place the rule's slots match in order with at most `maxGap` words between slots.
    private func find(_ rule: Rule, _ clause: ArraySlice<Token>,
                      at positions: ArraySlice<Int>) -> (Int, Int)? {
        for packed in positions {
            let start = packed & 0xFFFF_FFFF
            guard var end = at(rule.slots[0], clause, start) else { continue }
            var ok = true
            for slot in rule.slots.dropFirst() {
                var found: Int?
                var i = end
                while i < clause.endIndex && i <= end + rule.maxGap {
                    if let e = at(slot, clause, i) { found = e; break }
                    i += 1
                }
                guard let e = found else { ok = false; break }
                end = e
            }
            if ok { return (start, end) }
        }
        return nil
    }

    /// The commonest words of English and of check-in notes. A speed hint only: a run is never
    /// looked for at one of them while it has a rarer word, and a rule's key is never a requirement
    /// they meet while it has a rarer one; what matches never depends on it.
    static let commonWords: Set<[UInt8]> = Set(("i im ive id ill me my myself mine a an the and or but so if then than "
        + "to of in on at by for from with about as into over up down out off just not no dont cant wont didnt "
        + "doesnt isnt its it is was were be been being am are have has had do does did get got go going gonna "
        + "want wanna like know think feel feeling felt really very too much more all some any every one this "
        + "that these those there here what when where who how why he she they them him her his their we us our "
        + "you your today tonight day week time now still again back home work can could would should will make "
        + "made say said see need take").split(separator: " ").map { Array($0.utf8) })

    /// Where the slot ends when it matches at `i`, or nil.
    private func at(_ slot: Slot, _ clause: ArraySlice<Token>, _ i: Int) -> Int? {
        let token = clause[i]
        if slot.classes & token.classes != 0 { return i + 1 }
        guard let span = slot.runSpan(token.id) else { return nil }
        var p = span.lowerBound
        while p < span.upperBound {
            let n = Int(slot.runWords[p])
            if i + n <= clause.endIndex {
                var k = 1
                while k < n && clause[i + k].id == slot.runWords[p + 1 + k] { k += 1 }
                if k == n { return i + n }
            }
            p += 1 + n
        }
        return nil
    }

    /// The words of `text`: lower-cased, apostrophes dropped ("don't" → "dont"), other punctuation
    /// splitting words, runs of three or more equal letters cut to two, and the few meaningful emoji
    /// named. Pure-ASCII text (the common case) is read byte by byte; other text is first folded to
    /// ASCII letters where a fold is known (accents, fullwidth, look-alikes) without Foundation.
    func tokenize(_ text: String) -> ([Token], [UInt8]) {
        var tokens: [Token] = [], bytes: [UInt8] = []
        return tokenize(text, tokens: &tokens, bytes: &bytes)
    }

    /// The same, built in `tokens` and `bytes` (buffers to reuse, taken; their contents are dropped).
    func tokenize(_ text: String, tokens tokenBuffer: inout [Token], bytes byteBuffer: inout [UInt8]) -> ([Token], [UInt8]) {
        var bytes: [UInt8] = []
        swap(&bytes, &byteBuffer)
        bytes.removeAll(keepingCapacity: true)
        bytes.reserveCapacity(text.utf8.count + 1)
        bytes.append(contentsOf: text.utf8)
        if !bytes.withUnsafeBufferPointer(CrisisUnicode.isASCII) {
            bytes.removeAll(keepingCapacity: true)
            fold.ascii(text, into: &bytes)
        }
        bytes.append(0x20)
        var tokens: [Token] = []
        swap(&tokens, &tokenBuffer)
        tokens.removeAll(keepingCapacity: true)
        // A word takes at least one byte and a separator, so this many tokens never regrow the array.
        tokens.reserveCapacity(bytes.count / 2 + 1)
        bytes.withUnsafeMutableBufferPointer { buffer in
            var start = -1
            var pendingBreak = false
            var w = 0   // bytes are compacted in place as they are read (case, dropped apostrophes, runs)
            for i in 0..<buffer.count {
                var b = buffer[i]
                if b >= 0x41 && b <= 0x5A { b += 0x20 }
                if (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b >= 0x80 {
                    if start < 0 { start = w }
                    if b < 0x80, w - start >= 2, buffer[w - 1] == b, buffer[w - 2] == b { continue }
                    buffer[w] = b
                    w += 1
                } else if b == 0x27 || b == 0x60 {
                    continue   // apostrophes and backticks join: "don't" → "dont"
                } else {
                    if start >= 0 && w > start {
                        var t = token(UnsafeBufferPointer(rebasing: buffer[start..<w]), start: start)
                        t.breakBefore = pendingBreak
                        pendingBreak = false
                        tokens.append(t)
                    }
                    // . , ! ? ; : - and line breaks end a clause.
                    if b == 0x2E || b == 0x2C || b == 0x21 || b == 0x3F || b == 0x3B || b == 0x3A || b == 0x2D || b == 0x0A {
                        pendingBreak = true
                    }
                    start = -1
                    buffer[w] = 0x20
                    w += 1
                }
            }
        }
        return (tokens, bytes)
    }

    /// The token for one word of the folded text.
    @inline(__always)
    private func token(_ word: UnsafeBufferPointer<UInt8>, start: Int) -> Token {
        // One pass makes the vocabulary's hash and the model's (both FNV-1a, 32 and 64 bits).
        var h32 = CrisisVocabulary.hashSeed
        var h64 = CrisisModel.hashSeed, stem: UInt64 = 0, ascii = true, head: UInt64 = 0
        for p in 0..<word.count {
            let b = word[p]
            h32 = CrisisVocabulary.step(h32, b)
            head = CrisisVocabulary.addHead(head, b, at: p)
            h64 = CrisisModel.step(h64, b)
            if p < CrisisModel.stemLength { ascii = ascii && b < 0x80 }
            if p == CrisisModel.stemLength - 1 { stem = h64 }
        }
        let id = lookup(word, hash: h32, head: head)
        var classes = id >= 0 && Int(id) < classOf.count ? classOf[Int(id)] : 0
        if word[0] >= 0x30 && word[0] <= 0x39, word.count <= 6, word.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            let n = word.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            if n >= 10 { classes |= n >= 1950 && n <= 2099 ? yearBit : bigNumberBit }
        }
        return Token(id: id, classes: classes, start: Int32(start), end: Int32(start + word.count),
                     hash: h64, stem: stem, hasStem: ascii && word.count > CrisisModel.stemLength)
    }
}

/// Folds non-ASCII text to the ASCII the concept words are written in: accented Latin letters,
/// fullwidth forms, mathematical letters and common Cyrillic/Greek look-alikes become plain letters;
/// curly apostrophes become apostrophes; zero-width and format characters vanish; the few meaningful
/// emoji become words. Tables are built once, so a line never calls Foundation.
struct ConceptFold: Sendable {
    /// What each folded scalar becomes (its ASCII bytes; empty: it vanishes).
    let map: [UInt32: [UInt8]]

    /// A fold from its table (as a compiled form keeps it).
    init(map: [UInt32: [UInt8]]) {
        self.map = map
    }

    init(emoji: [Character: String]) {
        var map: [UInt32: [UInt8]] = [:]
        func fold(_ v: UInt32) {
            guard let scalar = Unicode.Scalar(v) else { return }
            let folded = String(Character(scalar)).precomposedStringWithCompatibilityMapping
                .folding(options: [.diacriticInsensitive, .widthInsensitive, .caseInsensitive], locale: nil)
            let bytes = Array(folded.utf8)
            if !bytes.isEmpty, bytes.allSatisfy({ $0 < 0x80 }) { map[v] = bytes }
        }
        for v in UInt32(0xC0)...0x24F { fold(v) }
        for v in UInt32(0xFF01)...0xFF5E { fold(v) }
        for v in UInt32(0x1D400)...0x1D7FF { fold(v) }
        for v in UInt32(0x1E00)...0x1EFF { fold(v) }
        let lookAlikes: [UInt32: String] = [
            0x430: "a", 0x435: "e", 0x456: "i", 0x43E: "o", 0x440: "p", 0x441: "c", 0x443: "y", 0x445: "x",
            0x455: "s", 0x458: "j", 0x410: "a", 0x415: "e", 0x406: "i", 0x41E: "o", 0x420: "p", 0x421: "c",
            0x423: "y", 0x425: "x", 0x3BF: "o", 0x3B9: "i", 0x3B5: "e", 0x3B1: "a", 0x131: "i", 0x3C1: "p",
        ]
        for (v, s) in lookAlikes { map[v] = Array(s.utf8) }
        for v: UInt32 in [0x2018, 0x2019, 0x02BC, 0x2032] { map[v] = [0x27] }
        for v: UInt32 in [0xAD, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0xFE0F, 0xFE0E] { map[v] = [] }
        // Direction marks, embeddings, overrides and isolates vanish too, as layer A's format rule has them.
        for v: UInt32 in [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2061, 0x2062, 0x2063, 0x2064,
                          0x2066, 0x2067, 0x2068, 0x2069] { map[v] = [] }
        for (symbol, name) in emoji {
            if let v = symbol.unicodeScalars.first?.value { map[v] = Array(" \(name) ".utf8) }
        }
        self.map = map
    }

    /// `text` folded, appended to `out` (a scalar with no folding keeps its own UTF-8 bytes).
    func ascii(_ text: String, into out: inout [UInt8]) {
        out.reserveCapacity(out.count + text.utf8.count)
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x80 { out.append(UInt8(v)) } else if let bytes = map[v] { out += bytes } else {
                UTF8.encode(scalar) { out.append($0) }
            }
        }
    }
}
