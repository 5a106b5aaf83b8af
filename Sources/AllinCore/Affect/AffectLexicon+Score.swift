/// One unit after phrase matching: a lexicon entry, an unknown word, a symbol or a boundary.
struct AffectItem {
    enum Kind: UInt8 { case entry, unknown, symbol, clause, sentence }
    var kind: Kind
    var index: Int32
    var tokenStart: Int32
    var tokenCount: Int32
    var negates: Bool
    var derivation = AffectDerivation.none
    var scale: Float = 1
    /// The word as typed, when it was read as another word.
    var surface: String?
}

extension AffectLexicon {
    /// The valence a lexicon score gives: neutral without evidence or between the thresholds.
    func verdict(_ score: Double, hasEvidence: Bool) -> Valence {
        guard hasEvidence else { return .neutral }
        if score >= rules.pleasantThreshold { return .pleasant }
        if score <= rules.unpleasantThreshold { return .unpleasant }
        return .neutral
    }

    /// Scores one text. `sourceWeight` scales every word (the custom word counts more than the situation).
    /// `notes: false` skips writing contribution notes, for when only the verdict or the probe matters.
    /// `reads` also asks the sentence model for its reading (`AffectTextScore.reading`), for a
    /// situation the lexicon leaves undecided.
    func score(_ text: String, sourceWeight: Double = 1, sourceNote: String? = nil, probe: AffectProbe? = nil,
               notes: Bool = true, reads: Bool = false) -> AffectTextScore {
        let (scan, tokens, items) = analyse(text)
        let short = tokens.count(where: { $0.kind == .word }) <= Self.shortTextWords
        var pass = AffectPass(lexicon: self, items: items, sourceWeight: sourceWeight, sourceNote: sourceNote, notes: notes,
                              shortText: short)
        if let probe { pass.probeHits = probeHits(probe, items: items, tokens: tokens, norm: scan.norm) }
        pass.run()
        // Only a text the lexicon leaves undecided is read (`AffectClassifier.readingDecides`).
        if reads && abs(pass.result.total) < sentenceModel.lexiconFrom && !pass.result.ruled {
            pass.result.reading = sentenceReading(tokens: tokens, items: items, norm: scan.norm, lexiconScore: pass.result.total)
        }
        return pass.result
    }

    /// The probe for a chip label: its words, and the lexicon rows of its feeling words.
    func probe(for label: String) -> AffectProbe {
        let (scan, tokens, items) = analyse(label)
        let words = tokens.filter { $0.kind == .word }.map { Array(scan.norm[Int($0.start)..<Int($0.end)]) }
        var lemmas: [Int32] = []
        for item in items {
            if item.negates { return AffectProbe(tokens: words, lemmas: []) }
            guard item.kind == .entry else { continue }
            let entry = entries[Int(item.index)]
            if entry.role == .negator { return AffectProbe(tokens: words, lemmas: []) }
            if entry.lemma >= 0 && (entry.valence ?? 0) != 0 { lemmas.append(entry.lemma) }
        }
        return AffectProbe(tokens: words, lemmas: lemmas)
    }

    /// A text of at most this many words is short: an own word or a few. Only short texts score
    /// `shortTextOnly` words, where a sentence would meet false friends.
    static let shortTextWords = 4
    /// Typing slips are mended only in texts of at most this many words (the shape of an own word):
    /// in longer text too many ordinary words sit one slip from a feeling ("called" → "calmed").
    static let mendSpellingWords = 2

    func analyse(_ text: String) -> (AffectScan, [AffectToken], [AffectItem]) {
        var scan = tokenizer.scan(text)
        var tokens = scan.tokens
        scan.tokens = [] // keeps `tokens` uniquely referenced, so resolving does not copy it
        let mend = tokens.count(where: { $0.kind == .word }) <= Self.mendSpellingWords
        scan.norm.withUnsafeBufferPointer { norm in
            for i in tokens.indices where tokens[i].kind == .word {
                resolve(&tokens[i], norm, mendSpelling: mend)
            }
        }
        return (scan, tokens, match(tokens, norm: scan.norm))
    }

    /// Looks a scanned word up, trying a possessive "'s" and collapsed letter runs ("soooo") when it is unknown,
    /// then inflections and derivations, then (in a one- or two-word text, and only for a word the
    /// sentence reading has never seen) one typing slip.
    private func resolve(_ token: inout AffectToken, _ norm: UnsafeBufferPointer<UInt8>, mendSpelling: Bool) {
        let start = Int(token.start), end = Int(token.end)
        let length = end - start
        guard length <= 40 else { return }
        let bytes = UnsafeBufferPointer(rebasing: norm[start..<end])
        var id = tokenID(bytes)
        if id < 0 && length > 2 && bytes[length - 2] == 0x27 && bytes[length - 1] == 0x73 {
            id = tokenID(UnsafeBufferPointer(rebasing: bytes[0..<(length - 2)]))
        }
        if id < 0, let collapsed = Self.collapsedRuns(bytes) {
            id = collapsed.withUnsafeBufferPointer { tokenID($0) }
            if id < 0, let single = Self.collapsedRuns(bytes, keep: 1) { id = single.withUnsafeBufferPointer { tokenID($0) } }
        }
        if id < 0 && length > 3 && bytes[length - 3] == 0x6E && bytes[length - 2] == 0x27 && bytes[length - 1] == 0x74 {
            token.negates = true
        }
        if id < 0 && !token.negates {
            let word = Array(bytes)
            if let (derived, scale) = derive(word) {
                id = derived
                token.derivation = .morphology
                token.scale = Float(scale)
            } else if mendSpelling, !sentenceModel.knows(word: word), let mended = self.mendSpelling(word) {
                id = mended
                token.derivation = .spelling
            }
        }
        token.id = id
    }

    /// Shortens runs of three or more equal letters to `keep`; nil when there is no such run.
    static func collapsedRuns(_ bytes: UnsafeBufferPointer<UInt8>, keep: Int = 2) -> [UInt8]? {
        guard bytes.count >= 3, (2..<bytes.count).contains(where: { bytes[$0] == bytes[$0 - 1] && bytes[$0] == bytes[$0 - 2] }) else {
            return nil
        }
        var out: [UInt8] = []
        var changed = false
        var i = 0
        while i < bytes.count {
            var j = i
            while j < bytes.count && bytes[j] == bytes[i] { j += 1 }
            let run = j - i
            if run >= 3 { changed = true }
            out.append(contentsOf: repeatElement(bytes[i], count: run >= 3 ? keep : run))
            i = j
        }
        return changed ? out : nil
    }

    /// Groups tokens into entries, longest phrase first.
    private func match(_ tokens: [AffectToken], norm: [UInt8]) -> [AffectItem] {
        var items: [AffectItem] = []
        items.reserveCapacity(tokens.count)
        var i = 0
        while i < tokens.count {
            let t = tokens[i]
            switch t.kind {
            case .clause: items.append(AffectItem(kind: .clause, index: -1, tokenStart: Int32(i), tokenCount: 1, negates: false))
            case .sentence: items.append(AffectItem(kind: .sentence, index: -1, tokenStart: Int32(i), tokenCount: 1, negates: false))
            case .symbol: items.append(AffectItem(kind: .symbol, index: t.id, tokenStart: Int32(i), tokenCount: 1, negates: false))
            case .word:
                guard t.id >= 0 else {
                    items.append(AffectItem(kind: .unknown, index: -1, tokenStart: Int32(i), tokenCount: 1, negates: t.negates))
                    break
                }
                var found: Int32 = -1
                var span = 1
                for candidate in phrases[Int(t.id)] {
                    let sequence = entries[Int(candidate)].tokens
                    guard i + sequence.count <= tokens.count else { continue }
                    var same = true
                    for k in 1..<sequence.count where tokens[i + k].kind != .word || tokens[i + k].id != sequence[k] {
                        same = false
                        break
                    }
                    if same { found = candidate; span = sequence.count; break }
                }
                if found < 0 { found = single[Int(t.id)] }
                if found >= 0 {
                    var item = AffectItem(kind: .entry, index: found, tokenStart: Int32(i), tokenCount: Int32(span), negates: false)
                    if span == 1 && t.derivation != .none {
                        item.derivation = t.derivation
                        item.scale = t.scale
                        item.surface = String(decoding: norm[Int(t.start)..<Int(t.end)], as: UTF8.self)
                    }
                    items.append(item)
                } else {
                    items.append(AffectItem(kind: .unknown, index: -1, tokenStart: Int32(i), tokenCount: 1, negates: false))
                }
                i += span
                continue
            }
            i += 1
        }
        return items
    }

    /// Marks the items where the probe's label (or another form of it) occurs.
    private func probeHits(_ probe: AffectProbe, items: [AffectItem], tokens: [AffectToken], norm: [UInt8]) -> [Bool] {
        var hits = [Bool](repeating: false, count: items.count)
        guard !probe.tokens.isEmpty else { return hits }
        for (k, item) in items.enumerated() where item.kind == .entry || item.kind == .unknown {
            if item.kind == .entry && probe.lemmas.contains(entries[Int(item.index)].lemma) {
                hits[k] = true
                continue
            }
            let start = Int(item.tokenStart)
            guard start + probe.tokens.count <= tokens.count else { continue }
            var same = true
            for (offset, wanted) in probe.tokens.enumerated() {
                let t = tokens[start + offset]
                if t.kind != .word || !norm[Int(t.start)..<Int(t.end)].elementsEqual(wanted) { same = false; break }
            }
            hits[k] = same
        }
        return hits
    }
}
