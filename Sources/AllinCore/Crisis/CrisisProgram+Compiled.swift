import Foundation

/// Layers A and B's phrase programs in a compiled form (see `CompiledForm`): what
/// `CrisisProgramBuilder` made of `normalisation.json`, `layer-a.json` and `layer-b.json`, so a
/// start with a sound form skips compiling about 300 patterns with their classes inlined (about
/// 13 ms of every start, the largest part of building the lexicon; fourteenth session).
///
/// The matcher reads a program's code through unsafe buffers, so a loaded form is checked in full
/// before use: every operation known, every jump and entry point inside the code, every set and
/// dispatch index inside its list, every anchor a word of the vocabulary.
public struct CompiledPrograms: Sendable {
    let a: CrisisProgram
    let b: CrisisProgram

    /// "ALLINPG1" as a little-endian word.
    static let compiledKind: UInt64 = 0x3147_504E_494C_4C41
    static let compiledVersion: UInt64 = 2
    /// Nothing here is hashed; the probe changes with the set of operations.
    static let probe = CompiledForm.mix(compiledVersion, UInt64(CrisisProgram.Op.match.rawValue))

    /// The texts the programs are compiled from, in the order their digest is taken.
    public static let sourceFiles = [CrisisLexicon.normalisationFile, CrisisLexicon.layerAFile, CrisisLexicon.layerBFile]

    /// The compiled form of both programs, made from the texts whose digest is `source`.
    public func compiled(source: UInt64) -> Data {
        var w = CompiledForm.Writer()
        a.draft.write(to: &w)
        b.draft.write(to: &w)
        return w.bytes(kind: Self.compiledKind, version: Self.compiledVersion, source: source, probe: Self.probe)
    }

    /// Both programs from a compiled form made from the texts whose digest is `source`; throws, and
    /// so is never used, unless the form is whole, of this kind and version, and sound in itself.
    public static func load(compiled data: Data, source: UInt64) throws(CompiledForm.Problem) -> CompiledPrograms {
        var r = try CompiledForm.Reader(data, kind: compiledKind, version: compiledVersion, source: source, probe: probe)
        let a = try CrisisProgram.Draft.read(from: &r), b = try CrisisProgram.Draft.read(from: &r)
        try r.finish()
        guard a.vocabularyCount == b.vocabularyCount else { throw .damaged("its programs disagree on the vocabulary") }
        return CompiledPrograms(a: CrisisProgram(draft: a), b: CrisisProgram(draft: b))
    }

    /// Whether these programs fit a lexicon being built: the same vocabulary, and one entry for
    /// each pattern it compiles in each layer.
    func fit(vocabularyCount: Int, entriesA: Int, entriesB: Int) -> Bool {
        a.draft.vocabularyCount == vocabularyCount && a.entries.count == entriesA && b.entries.count == entriesB
    }
}

extension CrisisProgram.Draft {
    func write(to w: inout CompiledForm.Writer) {
        w.word(UInt64(vocabularyCount))
        w.bytes(code.map(\.op.rawValue))
        w.array(code.map(\.a))
        w.array(code.map(\.b))
        w.array(setData)
        w.array(CompiledForm.flat(setRanges))
        w.word(UInt64(dispatches.count))
        for d in dispatches {
            w.word(UInt64(d.mask))
            w.array(d.keys)
            w.array(CompiledForm.flat(d.ranges))
            w.array(d.targets)
            w.array(d.always)
        }
        w.array(entries.map(\.pc))
        w.array(entries.map { Int32($0.maxLength) })
        w.bytes(entries.map { ($0.usesNumber ? 1 : 0) | ($0.anchorIsFirst ? 2 : 0) | ($0.firstWords == nil ? 0 : 4) })
        w.array(Self.ends(entries.map(\.anchors)))
        w.array(entries.flatMap(\.anchors))
        w.array(Self.ends(entries.map { $0.firstWords ?? [] }))
        w.array(entries.flatMap { $0.firstWords ?? [] })
        w.array(Self.ends(required.map(\.count)))
        w.array(Self.ends(required.flatMap { $0 }))
        w.array(required.flatMap { $0.flatMap { $0 } })
    }

    private static func ends(_ lists: [[Int32]]) -> [Int32] { ends(lists.map(\.count)) }

    private static func ends(_ counts: [Int]) -> [Int32] {
        var total: Int32 = 0
        return counts.map { total += Int32($0); return total }
    }

    /// The lists `ends` cuts `flat` into, or nil unless the ends rise and stay within it.
    private static func lists(_ flat: [Int32], _ ends: [Int32]) -> [[Int32]]? {
        var out: [[Int32]] = [], start: Int32 = 0
        out.reserveCapacity(ends.count)
        for end in ends {
            guard end >= start, Int(end) <= flat.count else { return nil }
            out.append(Array(flat[Int(start)..<Int(end)]))
            start = end
        }
        return start == Int32(flat.count) ? out : nil
    }

    static func read(from r: inout CompiledForm.Reader) throws(CompiledForm.Problem) -> CrisisProgram.Draft {
        var d = CrisisProgram.Draft()
        let vocabularyCount = try r.word()
        guard vocabularyCount < 1 << 24 else { throw .damaged("its vocabulary size") }
        d.vocabularyCount = Int(vocabularyCount)
        let ops = try r.bytes(), opA = try r.array(of: Int32.self), opB = try r.array(of: Int32.self)
        d.setData = try r.array(of: Int32.self)
        d.setRanges = try r.ranges(within: d.setData.count, "a word set")
        guard ops.count == opA.count, ops.count == opB.count, !ops.isEmpty else { throw .damaged("its code") }
        let dispatchCount = try r.word()
        guard dispatchCount <= UInt64(ops.count) else { throw .damaged("its dispatch count") }
        let code = 0..<Int32(ops.count)
        for _ in 0..<Int(dispatchCount) {
            let mask = try r.word()
            let keys = try r.array(of: Int32.self), flatRanges = try r.array(of: Int32.self)
            let targets = try r.indices(below: ops.count, "a dispatch table"), always = try r.indices(below: ops.count, "a dispatch table")
            let ranges = try CompiledForm.ranges(flatRanges, within: targets.count, "a dispatch table")
            guard mask < 1 << 24, keys.count == Int(mask) + 1, keys.count & Int(mask) == 0, ranges.count == keys.count,
                  keys.contains(-1) else {
                throw .damaged("a dispatch table")
            }
            d.dispatches.append(CrisisProgram.Dispatch(keys: keys, ranges: ranges, targets: targets, mask: Int(mask), always: always))
        }
        for i in ops.indices {
            guard let op = CrisisProgram.Op(rawValue: ops[i]) else { throw .damaged("an unknown operation") }
            let fits: Bool
            switch op {
            case .split: fits = code.contains(opA[i]) && code.contains(opB[i])
            case .jump: fits = code.contains(opA[i])
            case .word, .notWord: fits = opA[i] >= 0 && Int(opA[i]) < d.setRanges.count
            case .dispatch: fits = opA[i] >= 0 && Int(opA[i]) < d.dispatches.count
            case .word1, .any, .number, .clauseEnd, .clauseStart, .gapToken, .match: fits = true
            }
            guard fits else { throw .damaged("operation \(i) points outside its program") }
            d.code.append(CrisisProgram.Instr(op: op, a: opA[i], b: opB[i]))
        }
        guard d.code.last?.op == .match else { throw .damaged("its code does not end in a match") }
        let pcs = try r.array(of: Int32.self), lengths = try r.array(of: Int32.self), flags = try r.bytes()
        let anchorEnds = try r.array(of: Int32.self), anchorWords = try r.array(of: Int32.self)
        let firstEnds = try r.array(of: Int32.self), firstWords = try r.array(of: Int32.self)
        guard let anchors = lists(anchorWords, anchorEnds), let firsts = lists(firstWords, firstEnds) else {
            throw .damaged("an entry's words")
        }
        let entryEnds = try r.array(of: Int32.self), setEnds = try r.array(of: Int32.self), words = try r.array(of: Int32.self)
        guard let sets = lists(words, setEnds) else { throw .damaged("a required word set") }
        let n = pcs.count
        guard lengths.count == n, flags.count == n, anchors.count == n, firsts.count == n, entryEnds.count <= n,
              let grouped = lists(Array(0..<Int32(sets.count)), entryEnds) else {
            throw .damaged("its entries disagree")
        }
        let vocabulary = Int32(d.vocabularyCount)
        for i in 0..<n {
            guard code.contains(pcs[i]), lengths[i] >= 0, flags[i] < 8,
                  anchors[i].allSatisfy({ $0 == CrisisProgram.numberAnchor || (0..<vocabulary).contains($0) }) else {
                throw .damaged("entry \(i)")
            }
            d.entries.append(CrisisProgram.Entry(pc: pcs[i], anchors: anchors[i], maxLength: Int(lengths[i]),
                                                 usesNumber: flags[i] & 1 != 0, firstWords: flags[i] & 4 != 0 ? firsts[i] : nil,
                                                 anchorIsFirst: flags[i] & 2 != 0))
        }
        d.required = grouped.map { $0.map { sets[Int($0)] } }
        return d
    }
}
