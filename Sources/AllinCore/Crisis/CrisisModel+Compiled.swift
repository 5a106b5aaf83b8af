import Foundation

/// The model's compiled form (see `CompiledForm`): its settings, its open-addressing table, each
/// feature's key and weight, and the names packed. Loading it copies arrays; decoding the text parses
/// 150,000 lines, checks and hashes every feature and builds the table.
extension CrisisModel {
    /// "ALLINMB1" as a little-endian word.
    static let compiledKind: UInt64 = 0x3142_4D4E_494C_4C41
    static let compiledVersion: UInt64 = 3

    /// What this code makes of a few fixed feature names: a form made by code that keys features
    /// differently (a changed hash) is stale, even if the text is the same.
    static let keyProbe: UInt64 = ["want to", "WISH DEATH", "~overd", "!die", "hello"]
        .map(key(ofFeature:)).reduce(compiledVersion, CompiledForm.mix)

    /// The compiled form of this model, made from the text whose digest is `source`.
    public func compiled(source: UInt64) -> Data {
        var w = CompiledForm.Writer()
        w.double(bias)
        w.double(crisisAt)
        w.double(askAt)
        w.uint64s(table)
        w.uint64s(entries.map(\.key))
        w.floats(entries.map(\.weight))
        w.strings(names)
        w.strings(PackedStrings(about))
        return w.bytes(kind: Self.compiledKind, version: Self.compiledVersion, source: source, probe: Self.keyProbe)
    }

    /// The model in a compiled form made from the text whose digest is `source`. Throws, and so is
    /// never used, unless the form is whole, of this kind and version, made from that text by code
    /// that keys features as this code does, and consistent in itself.
    public static func load(compiled data: Data, source: UInt64) throws(CompiledForm.Problem) -> CrisisModel {
        var r = try CompiledForm.Reader(data, kind: compiledKind, version: compiledVersion, source: source, probe: keyProbe)
        let bias = try r.double(), crisisAt = try r.double(), askAt = try r.double()
        let table = try r.uint64s(), keys = try r.uint64s(), weights = try r.floats()
        let names = try r.strings(), about = try r.strings()
        try r.finish()
        guard bias.isFinite, crisisAt >= 0.5, crisisAt < 1, askAt >= 0.5, askAt <= crisisAt else { throw .damaged("its settings are out of range") }
        guard table.count >= 16, table.count & (table.count - 1) == 0, table.count >= keys.count * 2 else {
            throw .damaged("its table's size")
        }
        guard keys.count == weights.count, keys.count == names.count else { throw .damaged("its arrays disagree") }
        // Every feature in exactly one slot, under its own key's tag.
        var seen = [Bool](repeating: false, count: keys.count)
        for slot in table where slot != 0 {
            let i = Int(slot & 0xFFFF_FFFF) - 1
            guard i < keys.count, !seen[i], tag(keys[i]) == tag(slot) else { throw .damaged("a slot of its table") }
            seen[i] = true
        }
        guard !seen.contains(false) else { throw .damaged("its table misses a feature") }
        return CrisisModel(bias: bias, crisisAt: crisisAt, askAt: askAt, table: table,
                           entries: zip(keys, weights).map { Entry(key: $0, weight: $1) },
                           names: names, about: Array(about))
    }
}

extension CrisisModel: Equatable {
    /// Two models are equal when they weigh the same features the same way, in the same table.
    public static func == (a: CrisisModel, b: CrisisModel) -> Bool {
        a.bias == b.bias && a.crisisAt == b.crisisAt && a.askAt == b.askAt && a.table == b.table && a.names == b.names
            && a.about == b.about && a.entries.elementsEqual(b.entries) { $0.key == $1.key && $0.weight == $1.weight }
    }
}
