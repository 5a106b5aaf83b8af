import Foundation

/// The sentence reading's compiled form (see `CompiledForm`): its settings, its weight table's
/// arrays and what it was trained on. Decoding `lexicon/sentences.tsv` reads and keys about 38,000
/// lines, about 8 ms on every start (fourteenth session); loading this form copies three arrays.
extension AffectSentenceModel {
    /// "ALLINSM1" as a little-endian word.
    static let compiledKind: UInt64 = 0x314D_534E_494C_4C41
    static let compiledVersion: UInt64 = 1

    /// What this code makes of a few fixed feature names: a form made by code that keys features
    /// differently is stale, even if the text is the same.
    static let keyProbe: UInt64 = ["cancelled", "~happy", "got job", "hello"]
        .map { key(Array($0.utf8)) }.reduce(compiledVersion, CompiledForm.mix)

    /// The compiled form of this model, made from the text whose digest is `source`.
    public func compiled(source: UInt64) -> Data {
        var w = CompiledForm.Writer()
        for setting in [bias, lexiconWeight, chargeBias, chargeLexiconWeight, chargedFrom, lexiconFrom] { w.double(setting) }
        let (slots, keys, values) = weights.parts
        w.array(slots)
        w.uint64s(keys)
        w.array(values)
        w.strings(PackedStrings(about))
        return w.bytes(kind: Self.compiledKind, version: Self.compiledVersion, source: source, probe: Self.keyProbe)
    }

    /// The model in a compiled form made from the text whose digest is `source`. Throws, and so is
    /// never used, unless the form is whole, of this kind and version, made from that text by code
    /// that keys features as this code does, and consistent in itself.
    public static func load(compiled data: Data, source: UInt64) throws(CompiledForm.Problem) -> AffectSentenceModel {
        var r = try CompiledForm.Reader(data, kind: compiledKind, version: compiledVersion, source: source, probe: keyProbe)
        var settings: [Double] = []
        for _ in 0..<6 { settings.append(try r.double()) }
        let slots = try r.array(of: Int32.self), keys = try r.uint64s(), values = try r.array(of: Weights.self)
        let about = try r.strings()
        try r.finish()
        // The same ranges the text's settings are held to.
        for (value, setting) in zip(settings, Self.settings) where !setting.range.contains(value) {
            throw .damaged("its setting \(setting.name) is out of range")
        }
        guard let table = WeightTable(slots: slots, keys: keys, values: values) else { throw .damaged("its weight table") }
        guard values.allSatisfy({ $0.polarity.isFinite && $0.charge.isFinite }) else { throw .damaged("a weight is not a number") }
        return AffectSentenceModel(bias: settings[0], lexiconWeight: settings[1], chargeBias: settings[2],
                                   chargeLexiconWeight: settings[3], chargedFrom: settings[4], lexiconFrom: settings[5],
                                   weights: table, about: Array(about))
    }
}
