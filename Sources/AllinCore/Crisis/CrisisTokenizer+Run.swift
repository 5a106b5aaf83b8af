/// One tokenising pass over one input: raw words, their rewrites, and the token arena.
///
/// Split from `CrisisTokenizer` so the per-word rewriting (contractions, repeats, de-leet, digit splits,
/// fuzzy anchors, spaced letters) reads on its own.
struct CrisisTokenizerRun {
    let tokenizer: CrisisTokenizer
    let leet: Bool
    var view: CrisisView
    var scratch: [UInt8] = []
    var pending: UInt16 = CrisisToken.hardBefore
    var wantsDeleet = false
    /// Bytes of the arena in use.
    var length = 0

    mutating func reserve(_ extra: Int) {
        if length + extra > view.text.count {
            view.text.append(contentsOf: repeatElement(0, count: Swift.max(extra, view.text.count)))
        }
    }

    mutating func write(_ b: UInt8) {
        reserve(1)
        view.text[length] = b
        length += 1
    }

    mutating func write(_ bytes: some Collection<UInt8>) {
        reserve(bytes.count)
        for b in bytes {
            view.text[length] = b
            length += 1
        }
    }

    init(tokenizer: CrisisTokenizer, leet: Bool, kind: CrisisView.Kind) {
        self.tokenizer = tokenizer
        self.leet = leet
        self.view = CrisisView(kind: kind)
    }

    mutating func scan(_ input: UnsafeBufferPointer<UInt8>) {
        tokenizer.byteClass.withUnsafeBufferPointer { classes in scan(input, classes) }
    }

    mutating func scan(_ input: UnsafeBufferPointer<UInt8>, _ classes: UnsafeBufferPointer<UInt8>) {
        let n = input.count
        let word = CrisisTokenizer.wordClass, letter = CrisisTokenizer.letterClass, symbol = CrisisTokenizer.symbolClass
        var i = 0
        while i < n {
            let c = input[i]
            let k = classes[Int(c)]
            let symbolStart = k & symbol != 0 && i + 1 < n && classes[Int(input[i + 1])] & letter != 0
            if k & word != 0 || (leet && symbolStart) {
                var j = i + 1
                var apostrophe = false
                while j < n {
                    let d = input[j]
                    let dk = classes[Int(d)]
                    if dk & word != 0 {
                        j &+= 1
                        continue
                    }
                    if (d == 39 || d == 96) && j + 1 < n && classes[Int(input[j + 1])] & letter != 0 {
                        apostrophe = true
                        j &+= 1
                        continue
                    }
                    if dk & symbol != 0 && j + 1 < n && classes[Int(input[j + 1])] & (word | symbol) != 0 {
                        if leet {
                            j &+= 1
                            continue
                        }
                        wantsDeleet = true
                    }
                    break
                }
                let capital = c >= 65 && c <= 90
                if j == i + 1 && k & letter != 0, let end = letterRun(input, from: i) {
                    i = end
                    continue
                }
                raw(UnsafeBufferPointer(rebasing: input[i..<j]), capital: capital, apostrophe: apostrophe)
                i = j
                continue
            }
            if !leet && symbolStart { wantsDeleet = true }
            let prevWord = i > 0 && CrisisTokenizer.isWordByte(input[i - 1])
            let nextWord = i + 1 < n && CrisisTokenizer.isWordByte(input[i + 1])
            switch c {
            case 10, 13, 33, 63, 59: // \n \r ! ? ;
                pending |= CrisisToken.hardBefore
            case 46: // .
                if i + 1 < n && input[i + 1] == 46 {
                    // An ellipsis trails a thought; it does not end the sentence.
                    pending |= CrisisToken.softBefore
                    while i + 1 < n && input[i + 1] == 46 { i += 1 }
                } else if !(prevWord && nextWord) {
                    pending |= CrisisToken.hardBefore
                }
            case 44, 58, 40, 41, 91, 93, 123, 125, 34: // , : ( ) [ ] { } "
                if !(c == 44 && prevWord && nextWord) { pending |= CrisisToken.softBefore }
            case 45: // -
                if !(prevWord && nextWord) { pending |= CrisisToken.softBefore }
            default:
                break
            }
            i += 1
        }
    }

    /// Spaced-out letters ("s u i c i d e", "k.i.l.l"): three or more single letters, one separator
    /// apart. A run that spells a known word becomes that word; otherwise the letters stay single and
    /// unexpanded ("u" is not "you" here) so the despaced view can still read them.
    mutating func letterRun(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let n = input.count
        // Most single letters ("I", "a") start no run: look at the next two before allocating.
        func single(_ q: Int) -> Bool {
            q < n && CrisisTokenizer.isLetter(input[q]) && input[q] < 0x80 && (q + 1 == n || !CrisisTokenizer.isWordByte(input[q + 1]))
        }
        guard single(start + 2), single(start + 4) else { return nil }
        var letters: [UInt8] = []
        var p = start
        while single(p) {
            var b = input[p]
            if b >= 65 && b <= 90 { b += 32 }
            letters.append(b)
            let sep = p + 1
            guard sep + 1 < n else {
                p = sep
                break
            }
            let s = input[sep]
            let hard = s == 10 || s == 13 || s == 33 || s == 63 || s == 59
            if hard || CrisisTokenizer.isWordByte(s) || !CrisisTokenizer.isLetter(input[sep + 1]) || input[sep + 1] >= 0x80 {
                p = sep
                break
            }
            p = sep + 1
        }
        guard letters.count >= 3 else { return nil }
        let end = Swift.min(p, n)
        scratch = letters
        if let id = lookupScratch() {
            emit(id, flags: 0, apostrophe: false)
            return end
        }
        for letter in letters {
            scratch = [letter]
            let start = Int32(length)
            write(letter)
            append(id: lookupScratch() ?? -1, start: start, end: Int32(length), flags: 0)
        }
        return end
    }

    // MARK: Raw tokens

    mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>, capital: Bool, apostrophe: Bool) {
        if !apostrophe && fastRaw(bytes, capital: capital) { return }
        slowRaw(bytes, capital: capital, apostrophe: apostrophe)
    }

    /// The common case, a plain word: lowercase it straight into the arena and look it up there.
    /// Returns false (leaving the arena as it was) when the word needs any rewriting.
    mutating func fastRaw(_ bytes: UnsafeBufferPointer<UInt8>, capital: Bool) -> Bool {
        let start = length
        var hasLetter = false, hasDigit = false, hasSymbol = false
        var hash = CrisisVocabulary.hashSeed
        var head: UInt64 = 0
        var longestRun = 1
        // A capital I after the first letter may stand for l ("kiII", "myseIf"): the slow path tries it.
        var innerCapitalI = false
        reserve(bytes.count)
        // One uniqueness check for the whole word, not one per byte.
        view.text.withUnsafeMutableBufferPointer { out in
            var run = 1
            var previous: UInt8 = 0
            var k = start
            for b in bytes {
                var c = b
                if c >= 65 && c <= 90 {
                    if c == 73 && k > start { innerCapitalI = true }
                    c &+= 32
                }
                if c >= 48 && c <= 57 { hasDigit = true } else if c == 64 || c == 36 || c == 33 || c == 42 { hasSymbol = true } else { hasLetter = true }
                if c == previous {
                    run &+= 1
                    if run > longestRun { longestRun = run }
                } else {
                    run = 1
                }
                previous = c
                hash = CrisisVocabulary.step(hash, c)
                head = CrisisVocabulary.addHead(head, c, at: k &- start)
                out[k] = c
                k &+= 1
            }
        }
        length += bytes.count
        let end = length
        if hasLetter && (hasDigit || hasSymbol) {
            length = start
            return false
        }
        let id = view.text.withUnsafeBufferPointer {
            tokenizer.vocabulary.lookup(UnsafeBufferPointer(rebasing: $0[start..<end]), hash: hash, head: head)
        }
        let flags: UInt16 = capital ? CrisisToken.capitalized : 0
        if let id {
            let attr = tokenizer.table.attrs[Int(id)]
            if attr.expansion >= 0 && attr.flags & CrisisWordTable.apostropheOnly == 0 {
                length = start
                for word in tokenizer.table.expansions[Int(attr.expansion)] { append(word: word, flags: 0) }
                return true
            }
            append(id: id, start: Int32(start), end: Int32(end), flags: flags)
            return true
        }
        // Unknown: repeated letters and inner capital I need the slow path's rewrites.
        if longestRun >= 3 || innerCapitalI {
            length = start
            return false
        }
        // A plain unknown word of four letters or more may still be a dropped g or a misspelt anchor:
        // it goes straight to the slow path's last steps (none of the earlier ones applies to it).
        if hasLetter && !hasDigit && end - start >= 4 {
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: view.text[start..<end])
            length = start
            unknownLetters(flags: flags, apostrophe: false)
            return true
        }
        append(id: -1, start: Int32(start), end: Int32(end), flags: flags)
        return true
    }

    /// The last steps for an unknown word of letters only, in `scratch`: the -ing word without its
    /// g, then a misspelt anchor (four letters or more), else the word as it is, unknown.
    private mutating func unknownLetters(flags: UInt16, apostrophe: Bool) {
        if let id = droppedG() { return emit(id, flags: flags, apostrophe: apostrophe) }
        if scratch.count >= 4, let anchor = misspeltAnchor() {
            return emit(anchor, flags: flags | CrisisToken.fuzzy, apostrophe: apostrophe, spelling: true)
        }
        emit(nil, flags: flags, apostrophe: apostrophe)
    }

    /// The anchor the word in `scratch` is a misspelling of, if any (`CrisisFuzzy`).
    func misspeltAnchor() -> Int32? {
        scratch.withUnsafeBufferPointer { CrisisFuzzy.anchor(for: $0, in: tokenizer.data.fuzzyAnchors) }
    }

    mutating func slowRaw(_ bytes: UnsafeBufferPointer<UInt8>, capital: Bool, apostrophe: Bool) {
        scratch.removeAll(keepingCapacity: true)
        if scratch.capacity < bytes.count { scratch.reserveCapacity(Swift.max(32, bytes.count)) }
        var hasLetter = false, hasDigit = false, hasSymbol = false
        var possessive = false
        for (k, b) in bytes.enumerated() {
            if b == 39 || b == 96 {
                if k == bytes.count - 2 && (bytes[k + 1] == 115 || bytes[k + 1] == 83) { possessive = true }
                continue
            }
            var c = b
            if c >= 65 && c <= 90 { c += 32 }
            if CrisisTokenizer.isDigit(c) { hasDigit = true } else if CrisisTokenizer.isLeetSymbol(c) { hasSymbol = true } else { hasLetter = true }
            scratch.append(c)
        }
        guard !scratch.isEmpty else { return }
        let flags: UInt16 = capital ? CrisisToken.capitalized : 0
        if hasLetter && (hasDigit || hasSymbol) && !leet { wantsDeleet = true }

        var id = lookupScratch()
        // "friend's" is a possessive even though "friends" is a word; "it's", "he's" are contractions.
        let isContraction = id.map { tokenizer.table.attrs[Int($0)].expansion >= 0 } ?? false
        if possessive && !isContraction && scratch.count > 1 {
            scratch.removeLast()
            let base = lookupScratch()
            if base != nil || id == nil { return emit(base, flags: flags, apostrophe: false) }
            scratch.append(115)
        }
        if id == nil && hasLetter { id = collapseRepeats() }
        if id == nil && hasLetter { id = capitalIAsL(bytes) }
        if id == nil && hasLetter && !hasDigit && !hasSymbol { return unknownLetters(flags: flags, apostrophe: apostrophe) }
        if id == nil && leet && hasLetter && (hasDigit || hasSymbol) {
            id = deleetScratch()
        }
        if id == nil && !leet && hasLetter && hasDigit {
            splitDigits(flags: flags)
            return
        }
        emit(id, flags: flags, apostrophe: apostrophe)
    }

    func lookupScratch() -> Int32? {
        scratch.withUnsafeBufferPointer { tokenizer.vocabulary.lookup($0) }
    }

    /// A word written without its final g ("cuttin", "hurtin'") read as the -ing word, kept only
    /// when that is a known word (so "cabin" or "margin" stay as they are).
    mutating func droppedG() -> Int32? {
        guard scratch.count >= 4, scratch[scratch.count - 2] == 105, scratch[scratch.count - 1] == 110 else { return nil }
        scratch.append(103)
        if let id = lookupScratch() { return id }
        scratch.removeLast()
        return nil
    }

    /// A capital I inside a word of small letters read as a small L, as fonts without serifs draw
    /// them alike ("kiII myseIf" → "kill myself"). Kept only when the result is a known word.
    mutating func capitalIAsL(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard bytes.count >= 2, bytes.dropFirst().contains(73), bytes.contains(where: { $0 >= 97 && $0 <= 122 }) else { return nil }
        let original = scratch
        scratch.removeAll(keepingCapacity: true)
        for (i, b) in bytes.enumerated() where b != 39 && b != 96 {
            scratch.append(i > 0 && b == 73 ? 108 : (b >= 65 && b <= 90 ? b + 32 : b))
        }
        if let id = lookupScratch() { return id }
        if let id = collapseRepeats() { return id }
        scratch = original
        return nil
    }

    /// Runs of three or more letters become two ("diee"); if that is unknown, one ("die").
    mutating func collapseRepeats() -> Int32? {
        var hasRun = false
        var k = 2
        while k < scratch.count {
            if scratch[k] == scratch[k - 1] && scratch[k] == scratch[k - 2] && !CrisisTokenizer.isDigit(scratch[k]) {
                hasRun = true
                break
            }
            k += 1
        }
        guard hasRun else { return nil }
        let original = scratch
        let two = Self.collapse(original, keep: 2)
        scratch = two
        if let id = lookupScratch() { return id }
        scratch = Self.collapse(original, keep: 1)
        if let id = lookupScratch() { return id }
        scratch = two
        return nil
    }

    static func collapse(_ s: [UInt8], keep: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(s.count)
        var i = 0
        while i < s.count {
            var j = i + 1
            while j < s.count && s[j] == s[i] { j += 1 }
            let runLength = j - i
            let copies = runLength >= 3 && !CrisisTokenizer.isDigit(s[i]) ? keep : runLength
            for _ in 0..<copies { out.append(s[i]) }
            i = j
        }
        return out
    }

    /// Maps leet characters inside a word; `1` tries i, then l; `*` is a wildcard against the lexicon.
    mutating func deleetScratch() -> Int32? {
        let original = scratch
        let table = tokenizer.data.leet
        if original.contains(42) {
            for target in tokenizer.data.obfuscationTargets where target.bytes.count == original.count {
                var ok = true
                for (a, b) in zip(original, target.bytes) where a != 42 && a != b {
                    if !(table[a]?.contains(b) ?? false) {
                        ok = false
                        break
                    }
                }
                if ok {
                    scratch = target.bytes
                    return target.id
                }
            }
        }
        for choice in 0..<2 {
            scratch = original.map { b in
                guard let options = table[b], !options.isEmpty else { return b }
                return options[Swift.min(choice, options.count - 1)]
            }
            if let id = lookupScratch() { return id }
            if let id = collapseRepeats() { return id }
        }
        scratch = original.map { table[$0]?.first ?? $0 }
        if scratch.count >= 4, let anchor = misspeltAnchor() {
            scratch = Array(tokenizer.vocabulary.words[Int(anchor)].utf8)
            return anchor
        }
        return nil
    }

    /// "800mg" → "800" "mg", "5kms" → "5" "kms".
    mutating func splitDigits(flags: UInt16) {
        let whole = scratch
        var start = 0
        var first = true
        while start < whole.count {
            let digit = CrisisTokenizer.isDigit(whole[start])
            var end = start + 1
            while end < whole.count && CrisisTokenizer.isDigit(whole[end]) == digit { end += 1 }
            scratch = Array(whole[start..<end])
            var id = lookupScratch()
            if id == nil && !digit { id = collapseRepeats() }
            emit(id, flags: first ? flags : 0, apostrophe: false)
            first = false
            start = end
        }
    }

    // MARK: Emission

    /// Emits the scratch word (or its expansion). `spelling` replaces the text with the lexicon spelling.
    mutating func emit(_ id: Int32?, flags: UInt16, apostrophe: Bool, spelling: Bool = false) {
        let table = tokenizer.table
        if let id, id >= 0, Int(id) < table.attrs.count {
            let attr = table.attrs[Int(id)]
            if attr.expansion >= 0 && (attr.flags & CrisisWordTable.apostropheOnly == 0 || apostrophe) {
                for word in table.expansions[Int(attr.expansion)] { append(word: word, flags: 0) }
                return
            }
        }
        if spelling, let id {
            append(word: id, flags: flags)
            return
        }
        let start = Int32(length)
        write(scratch)
        append(id: id ?? -1, start: start, end: Int32(length), flags: flags)
    }

    mutating func append(word: Int32, flags: UInt16) {
        let start = Int32(length)
        write(tokenizer.vocabulary.bytes(of: word))
        append(id: word, start: start, end: Int32(length), flags: flags)
    }

    mutating func append(id: Int32, start: Int32, end: Int32, flags: UInt16) {
        var f = flags | pending
        pending = 0
        var number: Int32 = -1
        if view.text[Int(start)] >= 48 && view.text[Int(start)] <= 57 {
            var value: Int32 = 0
            var all = true
            for k in Int(start)..<Int(end) {
                let b = view.text[k]
                guard b >= 48 && b <= 57 else { all = false; break }
                if value < 1_000_000 { value = value * 10 + Int32(b - 48) }
            }
            if all {
                number = value
                f |= CrisisToken.isNumber
            }
        }
        var lemma = id
        if id >= 0 {
            let attr = tokenizer.table.attrs[Int(id)]
            lemma = attr.lemma
            f |= attr.tokenFlags
        }
        view.tokens.append(CrisisToken(id: id, lemma: lemma, start: start, end: end, flags: f, number: number))
    }
}
