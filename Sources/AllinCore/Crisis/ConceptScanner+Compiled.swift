import Foundation

/// The concept rules' compiled form (see `CompiledForm`): what `decode` reads out of
/// `crisis/concepts.json` (the words, each word's classes, the negators, the rules with their slots,
/// the class names), the folding table, and the matcher's tables `derive` makes of them, so a load
/// skips the JSON, its checks, the Unicode folding and the tables' making (about 15 ms of the 30 a
/// load took with the tables made on every load; thirteenth session, release build, this machine).
extension ConceptScanner {
    /// "ALLINCS1" as a little-endian word.
    static let compiledKind: UInt64 = 0x3153_434E_494C_4C41
    static let compiledVersion: UInt64 = 2

    /// What this code makes of a few fixed inputs (the run and class keys its tables are built on).
    static let keyProbe: UInt64 = [pairKey(1, 2), UInt64(pairSlot(0x1234_5678_9ABC, 1023)), CrisisModel.hash("DEATH"),
                                   CrisisModel.pairKey(3, 4)].reduce(compiledVersion, CompiledForm.mix)

    /// The compiled form of these rules, made from the text whose digest is `source`.
    public func compiled(source: UInt64) -> Data {
        var w = CompiledForm.Writer()
        w.word(bigNumberBit)
        w.word(yearBit)
        w.strings(PackedStrings(classNames))
        w.strings(PackedStrings(table.words))
        w.uint64s(classOf)
        w.uint32s(isNegator.indices.filter { isNegator[$0] }.map(UInt32.init))
        let folded = fold.map.keys.sorted()
        w.uint32s(folded)
        var foldBytes = PackedStrings()
        for scalar in folded { foldBytes.append(utf8: fold.map[scalar] ?? []) }
        w.strings(foldBytes)
        w.word(UInt64(rules.count))
        for rule in rules {
            w.strings([rule.id, rule.reason])
            w.word(UInt64(rule.tier.rawValue))
            w.word(UInt64(rule.maxGap))
            w.word(rule.negatable ? 1 : 0)
            for slots in [rule.slots, rule.with, rule.without] {
                w.word(UInt64(slots.count))
                for slot in slots {
                    w.word(slot.classes)
                    w.array(slot.runWords)
                    w.array(slot.keys)
                    w.array(slot.keyStarts)
                }
            }
        }
        let d = tables
        w.uint64s(d.startMasks)
        w.word(UInt64(d.ruleWords))
        w.uint64s(d.rulesByFirstClass.map(\.classes))
        w.array(d.rulesByFirstClass.map { Int32($0.rule) })
        w.word(UInt64(d.needWords))
        w.uint64s(d.ruleNeeds)
        w.array(d.ruleNeedWords.flatMap { [$0.first, $0.end] })
        w.uint64s(d.classMeets)
        w.array(d.runWords)
        w.array(CompiledForm.flat(d.runRange))
        w.array(d.runMeets)
        w.array(CompiledForm.flat(d.runMeetRange))
        w.array(CompiledForm.flat(d.wordMeetRange))
        w.array(d.wordMeetWords)
        w.uint64s(d.wordMeetMasks)
        w.uint64s(d.pairKeys)
        w.array(CompiledForm.flat(d.pairRanges))
        w.array(d.pairRuns)
        w.array(d.pairOffsets)
        w.uint64s(d.keyNeeds)
        w.array(d.ruleOfNeed)
        return w.bytes(kind: Self.compiledKind, version: Self.compiledVersion, source: source, probe: Self.keyProbe)
    }

    /// The rules in a compiled form made from the text whose digest is `source`. Throws, and so is
    /// never used, unless the form is whole, of this kind and version, made from that text by code
    /// that keys its tables as this code does, and consistent in itself.
    public static func load(compiled data: Data, source: UInt64) throws(CompiledForm.Problem) -> ConceptScanner {
        var r = try CompiledForm.Reader(data, kind: compiledKind, version: compiledVersion, source: source, probe: keyProbe)
        let bigNumberBit = try r.word(), yearBit = try r.word()
        let classNames = Array(try r.strings())
        var words = CrisisVocabulary()
        for word in try r.strings() {
            guard words.intern(word) == Int32(words.count - 1) else { throw .damaged("a word is listed twice") }
        }
        let count = words.count
        let dense = try r.uint64s()
        guard dense.count == count, classNames.count <= 64 else { throw .damaged("its word classes") }
        let negatorIDs = try r.uint32s()
        guard negatorIDs.allSatisfy({ Int($0) < count }) else { throw .damaged("a negator") }
        let folded = try r.uint32s(), foldBytes = try r.strings()
        guard folded.count == foldBytes.count else { throw .damaged("its folding table") }
        let ruleCount = try r.word()
        guard ruleCount <= UInt64(data.count) else { throw .damaged("its rule count") }
        var rules: [Rule] = []
        for _ in 0..<ruleCount {
            let texts = try r.strings()
            guard texts.count == 2, let tier = CrisisTier(rawValue: Int(truncatingIfNeeded: try r.word())), tier > .none
            else { throw .damaged("a rule's tier") }
            let gap = try r.word(), negatable = try r.word()
            guard gap <= 12, negatable <= 1 else { throw .damaged("a rule's settings") }
            var lists: [[Slot]] = []
            for _ in 0..<3 {
                let slotCount = try r.word()
                guard slotCount <= UInt64(data.count) else { throw .damaged("a rule's slot count") }
                var slots: [Slot] = []
                for _ in 0..<slotCount {
                    let classes = try r.word()
                    let runWords = try r.array(of: Int32.self), keys = try r.array(of: Int32.self)
                    let keyStarts = try r.array(of: Int32.self)
                    try checkRuns(runWords, keys: keys, keyStarts: keyStarts, words: count)
                    slots.append(Slot(runWords: runWords, keys: keys, keyStarts: keyStarts, classes: classes))
                }
                lists.append(slots)
            }
            guard !lists[0].isEmpty else { throw .damaged("a rule with no slots") }
            rules.append(Rule(id: texts[0], tier: tier, slots: lists[0], maxGap: Int(gap), with: lists[1],
                              without: lists[2], negatable: negatable == 1, reason: texts[1]))
        }
        let derived = try readDerived(&r, words: count, rules: rules.count)
        try r.finish()
        var map: [UInt32: [UInt8]] = [:]
        for (i, scalar) in folded.enumerated() { map[scalar] = Array(foldBytes.utf8(i)) }
        return ConceptScanner(words: words, classOf: dense, rules: rules, negators: Set(negatorIDs.map { Int32($0) }),
                              fold: ConceptFold(map: map), bigNumberBit: bigNumberBit, yearBit: yearBit,
                              classNames: classNames, derived: derived)
    }

    /// A slot's runs as `Slot` holds them: keys rising, each key's runs starting with it, every run
    /// whole and of known words.
    private static func checkRuns(_ runWords: [Int32], keys: [Int32], keyStarts: [Int32], words: Int) throws(CompiledForm.Problem) {
        guard keyStarts.count == keys.count + 1, keyStarts.first == 0, keyStarts.last == Int32(runWords.count) else {
            throw .damaged("a slot's runs")
        }
        for (k, key) in keys.enumerated() {
            guard key >= 0, Int(key) < words, k == 0 || keys[k - 1] < key, keyStarts[k] < keyStarts[k + 1] else {
                throw .damaged("a slot's runs")
            }
            var p = Int(keyStarts[k])
            while p < Int(keyStarts[k + 1]) {
                let n = Int(runWords[p])
                guard n >= 1, p + 1 + n <= Int(keyStarts[k + 1]), runWords[p + 1] == key,
                      runWords[(p + 1)..<(p + 1 + n)].allSatisfy({ $0 >= 0 && Int($0) < words }) else {
                    throw .damaged("a slot's runs")
                }
                p += 1 + n
            }
        }
    }

    /// The matcher's tables as `compiled` wrote them, each checked against the sizes it must have
    /// and every index or range within the list it points into.
    private static func readDerived(_ r: inout CompiledForm.Reader, words: Int, rules: Int) throws(CompiledForm.Problem) -> Derived {
        func check(_ ok: Bool, _ what: String) throws(CompiledForm.Problem) { if !ok { throw .damaged(what) } }
        let startMasks = try r.uint64s(), ruleWords = Int(truncatingIfNeeded: try r.word())
        try check(ruleWords == max(1, (rules + 63) / 64) && startMasks.count == words * ruleWords, "its start masks")
        let byClassBits = try r.uint64s(), byClassRules = try r.indices(below: rules, "its rules by class")
        try check(byClassBits.count == byClassRules.count, "its rules by class")
        let needWords = Int(truncatingIfNeeded: try r.word())
        let ruleNeeds = try r.uint64s(), needSpans = try r.array(of: Int32.self), classMeets = try r.uint64s()
        try check(needWords >= 1 && needWords <= 1 << 20 && ruleNeeds.count == rules * needWords && needSpans.count == rules * 2
                  && classMeets.count == 64 * needWords, "its requirements")
        let ruleNeedWords = try CompiledForm.ranges(needSpans, within: needWords).map { (first: $0.lowerBound, end: $0.upperBound) }
        let runWords = try r.indices(below: words, "a run's word")
        let runRange = try r.ranges(within: runWords.count)
        let runMeets = try r.indices(below: needWords * 64, "a run's requirement")
        let runMeetRange = try r.ranges(within: runMeets.count)
        try check(runMeetRange.count == runRange.count, "its runs")
        let wordMeetFlat = try r.array(of: Int32.self)
        let wordMeetWords = try r.indices(below: needWords, "a word's requirements"), wordMeetMasks = try r.uint64s()
        try check(wordMeetWords.count == wordMeetMasks.count, "a word's requirements")
        let wordMeetRange = try CompiledForm.ranges(wordMeetFlat, within: wordMeetWords.count)
        try check(wordMeetRange.count == words, "its words' requirements")
        let pairKeys = try r.uint64s()
        try check(pairKeys.count >= 16 && pairKeys.count & (pairKeys.count - 1) == 0, "its pair table's size")
        let pairFlat = try r.array(of: Int32.self), pairRuns = try r.indices(below: runRange.count, "a pair's run")
        let pairOffsets = try r.array(of: Int32.self)
        try check(pairRuns.count == pairOffsets.count
                  && zip(pairRuns, pairOffsets).allSatisfy { $1 >= 0 && Int($1) + 1 < runRange[Int($0)].count }, "a pair's run")
        let pairRanges = try CompiledForm.ranges(pairFlat, within: pairRuns.count)
        try check(pairRanges.count == pairKeys.count, "its pair table")
        let keyNeeds = try r.uint64s(), ruleOfNeed = try r.array(of: Int32.self)
        try check(keyNeeds.count == needWords && ruleOfNeed.count <= needWords * 64
                  && ruleOfNeed.allSatisfy { $0 >= -1 && Int($0) < rules }, "its rule keys")
        for (w, bits) in keyNeeds.enumerated() {
            var b = bits
            while b != 0 {
                let q = w * 64 + b.trailingZeroBitCount
                try check(q < ruleOfNeed.count && ruleOfNeed[q] >= 0, "a rule's key")
                b &= b - 1
            }
        }
        return Derived(startMasks: startMasks, ruleWords: ruleWords, rulesByFirstClass: zip(byClassBits, byClassRules).map { ($0, Int($1)) },
                       needWords: needWords, ruleNeeds: ruleNeeds, ruleNeedWords: ruleNeedWords, classMeets: classMeets,
                       runWords: runWords, runRange: runRange, runMeets: runMeets, runMeetRange: runMeetRange,
                       wordMeetRange: wordMeetRange, wordMeetWords: wordMeetWords, wordMeetMasks: wordMeetMasks,
                       pairKeys: pairKeys, pairRanges: pairRanges, pairMask: pairKeys.count - 1, pairRuns: pairRuns,
                       pairOffsets: pairOffsets, keyNeeds: keyNeeds, ruleOfNeed: ruleOfNeed)
    }
}
