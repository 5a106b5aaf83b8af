/// Turns cleaned UTF-8 bytes into a token view: punctuation, apostrophes, contractions,
/// repeated letters, digit splits, de-leet (in the de-leet view), fuzzy anchors, pairs, fillers.
///
/// Works on bytes; everything non-ASCII has already been folded by `CrisisUnicode`, and what is
/// left (letters of other scripts) simply never matches a lexicon word.
final class CrisisTokenizer: Sendable {
    let vocabulary: CrisisVocabulary
    let table: CrisisWordTable
    let data: CrisisNormalizationData

    /// Byte classes for the scanning loop: bit 0 word byte, bit 1 letter, bit 2 leet symbol.
    let byteClass: [UInt8]
    static let wordClass: UInt8 = 1, letterClass: UInt8 = 2, symbolClass: UInt8 = 4

    /// One bit per vocabulary word whose spelling a despaced key begins with (or is): a known word
    /// without it starts no key, so the despaced view skips it without walking the key trie.
    private let despacedStarts: [UInt64]

    init(vocabulary: CrisisVocabulary, table: CrisisWordTable, data: CrisisNormalizationData) {
        self.vocabulary = vocabulary
        self.table = table
        self.data = data
        var starts = [UInt64](repeating: 0, count: vocabulary.count / 64 + 1)
        for id in 0..<vocabulary.count {
            var node = 0
            for b in vocabulary.bytes(of: Int32(id)) where node >= 0 { node = data.despaced.child(node, b) }
            if node >= 0 { starts[id >> 6] |= 1 << UInt64(id & 63) }
        }
        despacedStarts = starts
        byteClass = (0..<256).map { i in
            let c = UInt8(i)
            var k: UInt8 = 0
            if Self.isWordByte(c) { k |= Self.wordClass }
            if Self.isLetter(c) { k |= Self.letterClass }
            if Self.isLeetSymbol(c) { k |= Self.symbolClass }
            return k
        }
    }

    /// Whether a despaced key can begin at a token with id `id`. Every token of a known word carries
    /// the word's own spelling (the tokenizer writes what it looked up, or the lexicon's spelling),
    /// so the answer worked out from the spelling at load holds for the token; unknown words
    /// (and ids past the table) are always walked.
    @inline(__always) func mayBeginDespaced(_ id: Int32) -> Bool {
        guard id >= 0, Int(id >> 6) < despacedStarts.count else { return true }
        return despacedStarts[Int(id >> 6)] & (1 << UInt64(id & 63)) != 0
    }

    /// Tokenises `input`; `deleet` selects the de-leet view. Reports whether a de-leet view could differ.
    func tokenize(_ input: UnsafeBufferPointer<UInt8>, kind: CrisisView.Kind, deleet: Bool) -> (view: CrisisView, wantsDeleet: Bool) {
        var text: [UInt8] = [], tokens: [CrisisToken] = [], scratch: [UInt8] = []
        return tokenize(input, kind: kind, deleet: deleet, text: &text, tokens: &tokens, scratch: &scratch)
    }

    /// The same, built in `text` and `tokens` (buffers to reuse, taken; their contents are dropped);
    /// `scratch` lends the words that need rewriting a buffer, and gets it back.
    func tokenize(_ input: UnsafeBufferPointer<UInt8>, kind: CrisisView.Kind, deleet: Bool,
                  text: inout [UInt8], tokens: inout [CrisisToken], scratch: inout [UInt8]) -> (view: CrisisView, wantsDeleet: Bool) {
        var run = CrisisTokenizerRun(tokenizer: self, leet: deleet, kind: kind)
        swap(&run.view.text, &text)
        swap(&run.view.tokens, &tokens)
        swap(&run.scratch, &scratch)
        defer { swap(&run.scratch, &scratch) }
        // The arena is written by index (no per-append checks); expansions may outgrow it, see `reserve`.
        run.view.text.removeAll(keepingCapacity: true)
        run.view.text.append(contentsOf: repeatElement(0, count: input.count + 64))
        // Room for a word every other byte, and a few expansions: ordinary lines never regrow it.
        run.view.tokens.removeAll(keepingCapacity: true)
        run.view.tokens.reserveCapacity(input.count / 2 + 8)
        run.scan(input)
        run.view.text.removeLast(run.view.text.count - run.length)
        // Moved out of the run, not copied (a copy would retain both arrays, and the run's end release them).
        var view = CrisisView(kind: kind)
        swap(&view, &run.view)
        postProcess(&view)
        return (view, run.wantsDeleet)
    }

    // MARK: - Byte classes

    @inline(__always) static func isWordByte(_ c: UInt8) -> Bool {
        (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c >= 0x80
    }

    @inline(__always) static func isLetter(_ c: UInt8) -> Bool {
        (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c >= 0x80
    }

    @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }

    @inline(__always) static func isLeetSymbol(_ c: UInt8) -> Bool {
        c == 64 || c == 36 || c == 33 || c == 42 // @ $ ! *
    }

    /// Token flags implied by the word itself.
    func tokenFlags(_ id: Int32) -> UInt16 {
        guard id >= 0, Int(id) < table.attrs.count else { return 0 }
        return table.attrs[Int(id)].tokenFlags
    }

    // MARK: - Pairs and filler pairs

    /// Two-word rewrites and filler pairs. Most lines have none: their tokens are never copied.
    func postProcess(_ view: inout CrisisView) {
        let tokens = view.tokens
        var out: [CrisisToken]?
        var k = 0
        while k < tokens.count {
            let t = tokens[k]
            guard table.has(t.id, CrisisWordTable.pairStart), k + 1 < tokens.count, !tokens[k + 1].boundaryBefore,
                  let rule = table.pairs[t.id]?.first(where: { $0.second == tokens[k + 1].id }) else {
                out?.append(t)
                k += 1
                continue
            }
            if out == nil { out = Array(tokens[..<k]) }
            if rule.fillerPair {
                var a = t, b = tokens[k + 1]
                a.flags |= CrisisToken.filler
                b.flags |= CrisisToken.filler
                out?.append(a)
                out?.append(b)
            } else {
                for (r, word) in rule.replacement.enumerated() {
                    out?.append(makeToken(word, in: &view, flags: r == 0 ? t.flags & (CrisisToken.hardBefore | CrisisToken.softBefore) : 0))
                }
            }
            k += 2
        }
        if let out { view.tokens = out }
    }

    /// A token for a lexicon word, its spelling appended to the view's arena.
    func makeToken(_ id: Int32, in view: inout CrisisView, flags: UInt16) -> CrisisToken {
        let start = Int32(view.text.count)
        vocabulary.appendBytes(of: id, to: &view.text)
        return CrisisToken(id: id, lemma: table.lemma(id), start: start, end: Int32(view.text.count),
                           flags: flags | tokenFlags(id), number: -1)
    }
}
