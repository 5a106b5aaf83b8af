import Foundation

/// The concept rules' compiled form (see `CompiledForm`): what `decode` reads out of
/// `crisis/concepts.json` (the words, each word's classes, the negators, the rules with their slots,
/// the class names) and the folding table, so a load skips the JSON, its checks and the Unicode
/// folding, and builds the scanner's tables from them as `decode` does.
extension ConceptScanner {
    /// "ALLINCS1" as a little-endian word.
    static let compiledKind: UInt64 = 0x3153_434E_494C_4C41
    static let compiledVersion: UInt64 = 1

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
                    // Each run as its first word, its length and its words, keys in order.
                    var flat: [UInt32] = []
                    for key in slot.runs.keys.sorted() {
                        for run in slot.runs[key] ?? [] {
                            flat.append(UInt32(bitPattern: key))
                            flat.append(UInt32(run.count))
                            flat += run.map { UInt32(bitPattern: $0) }
                        }
                    }
                    w.uint32s(flat)
                }
            }
        }
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
        var classOf: [Int32: UInt64] = [:]
        for (id, bits) in dense.enumerated() where bits != 0 { classOf[Int32(id)] = bits }
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
                    let flat = try r.uint32s()
                    var runs: [Int32: [[Int32]]] = [:]
                    var i = 0
                    while i < flat.count {
                        guard i + 1 < flat.count, flat[i + 1] > 0, i + 2 + Int(flat[i + 1]) <= flat.count else {
                            throw .damaged("a slot's runs")
                        }
                        let run = flat[(i + 2)..<(i + 2 + Int(flat[i + 1]))].map { Int32(bitPattern: $0) }
                        guard run[0] == Int32(bitPattern: flat[i]), run.allSatisfy({ $0 >= 0 && Int($0) < count }) else {
                            throw .damaged("a slot's runs")
                        }
                        runs[run[0], default: []].append(run)
                        i += 2 + run.count
                    }
                    slots.append(Slot(runs: runs, classes: classes))
                }
                lists.append(slots)
            }
            guard !lists[0].isEmpty else { throw .damaged("a rule with no slots") }
            rules.append(Rule(id: texts[0], tier: tier, slots: lists[0], maxGap: Int(gap), with: lists[1],
                              without: lists[2], negatable: negatable == 1, reason: texts[1]))
        }
        try r.finish()
        var map: [UInt32: [UInt8]] = [:]
        for (i, scalar) in folded.enumerated() { map[scalar] = Array(foldBytes.utf8(i)) }
        return ConceptScanner(words: words, classOf: classOf, rules: rules, negators: Set(negatorIDs.map { Int32($0) }),
                              fold: ConceptFold(map: map), bigNumberBit: bigNumberBit, yearBit: yearBit,
                              classNames: classNames)
    }
}
