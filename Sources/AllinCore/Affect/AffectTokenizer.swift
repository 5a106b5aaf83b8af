/// One token of a check-in text, as the affect classifier sees it.
struct AffectToken: Sendable {
    enum Kind: UInt8, Sendable { case word, symbol, clause, sentence }
    var kind: Kind
    /// Word: vocabulary id (after spelling fixes) or -1 when unknown. Symbol: index into the symbol table.
    var id: Int32
    /// Word: byte range in the normalized buffer.
    var start: Int32
    var end: Int32
    /// An unknown word that ends in "n't" still negates ("mightn't", "shan't").
    var negates: Bool = false
    /// Set when the word was read as another lexicon word; `scale` multiplies that word's valence.
    var derivation = AffectDerivation.none
    var scale: Float = 1
}

/// Emoji and emoticons the tokenizer turns into symbol tokens.
struct AffectSymbolTable: Sendable {
    /// Scalar value → symbol index.
    var emoji: [UInt32: Int32] = [:]
    /// First byte → (bytes, symbol index), longest first.
    var emoticons: [[(bytes: [UInt8], index: Int32)]] = Array(repeating: [], count: 128)
    /// Bit per ASCII byte that starts some emoticon, so most bytes skip the lookup.
    var emoticonStarts: (low: UInt64, high: UInt64) = (0, 0)

    func mayStartEmoticon(_ b: UInt8) -> Bool {
        b < 64 ? emoticonStarts.low & (1 << UInt64(b)) != 0 : emoticonStarts.high & (1 << UInt64(b - 64)) != 0
    }

    mutating func addEmoticon(_ bytes: [UInt8], index: Int32) {
        let first = Int(bytes[0])
        if first < 64 { emoticonStarts.low |= 1 << UInt64(first) } else { emoticonStarts.high |= 1 << UInt64(first - 64) }
        emoticons[first].append((bytes, index))
        emoticons[first].sort { $0.bytes.count > $1.bytes.count }
    }
}

/// The tokens of one text and the lowercased bytes their word ranges point into.
struct AffectScan: Sendable {
    var tokens: [AffectToken] = []
    var norm: [UInt8] = []
    fileprivate var wordStart = -1

    fileprivate mutating func endWord() {
        if wordStart >= 0 {
            tokens.append(AffectToken(kind: .word, id: -1, start: Int32(wordStart), end: Int32(norm.count)))
            wordStart = -1
        }
    }

    /// Consecutive boundaries collapse into the strongest one.
    fileprivate mutating func boundary(_ kind: AffectToken.Kind) {
        endWord()
        guard let last = tokens.last else { return }
        if last.kind == .sentence { return }
        if last.kind == .clause {
            if kind == .sentence { tokens[tokens.count - 1].kind = .sentence }
            return
        }
        tokens.append(AffectToken(kind: kind, id: -1, start: 0, end: 0))
    }

    fileprivate mutating func appendWordByte(_ b: UInt8) {
        if wordStart < 0 { wordStart = norm.count }
        norm.append(b)
    }

    fileprivate var inWord: Bool { wordStart >= 0 }
}

/// Splits text into lowercase word tokens, symbols and clause / sentence boundaries.
///
/// Works on UTF-8 bytes with an ASCII fast path; anything outside ASCII goes
/// through Unicode scalar properties. It never traps: every byte either
/// extends a word, ends one, or is skipped.
struct AffectTokenizer: Sendable {
    var symbols: AffectSymbolTable

    func scan(_ text: String) -> AffectScan {
        var text = text
        return text.withUTF8 { scan(bytes: $0) }
    }

    func scan(bytes: UnsafeBufferPointer<UInt8>) -> AffectScan {
        var s = AffectScan()
        let n = bytes.count
        s.norm.reserveCapacity(n)
        s.tokens.reserveCapacity(n / 4 + 4)
        func isAlnum(_ b: UInt8) -> Bool {
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39)
        }
        func isLetterAt(_ j: Int) -> Bool {
            guard j < n else { return false }
            let b = bytes[j]
            return (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b >= 0x80
        }
        var i = 0
        while i < n {
            let b = bytes[i]
            if b >= 0x80 {
                let (scalar, length) = Self.decode(bytes, at: i)
                i += length
                handle(scalar, &s, nextIsLetter: isLetterAt(i))
                continue
            }
            if b >= 0x61 && b <= 0x7A || b >= 0x30 && b <= 0x39 {
                s.appendWordByte(b); i += 1; continue
            }
            if b >= 0x41 && b <= 0x5A { s.appendWordByte(b | 0x20); i += 1; continue }
            if b == 0x20 { s.endWord(); i += 1; continue }
            if symbols.mayStartEmoticon(b), let (length, index) = emoticon(at: i, bytes) {
                s.endWord()
                s.tokens.append(AffectToken(kind: .symbol, id: index, start: 0, end: 0))
                i += length
                continue
            }
            switch b {
            case 0x27, 0x60: // ' `
                if s.inWord && isLetterAt(i + 1) { s.norm.append(0x27) } else { s.endWord() }
            case 0x2D: // -
                let joins = i > 0 && isAlnum(bytes[i - 1]) && i + 1 < n && isAlnum(bytes[i + 1])
                if joins { s.endWord() } else { s.boundary(.clause) }
            case 0x2E: // .
                let decimal = i > 0 && i + 1 < n && bytes[i - 1] >= 0x30 && bytes[i - 1] <= 0x39
                    && bytes[i + 1] >= 0x30 && bytes[i + 1] <= 0x39
                if decimal { s.endWord() } else { s.boundary(.sentence) }
            case 0x21, 0x3F, 0x3B, 0x0A, 0x0D: // ! ? ; newline
                s.boundary(.sentence)
            case 0x2C, 0x3A, 0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D, 0x26: // , : ( ) [ ] { } &
                s.boundary(.clause)
            default: // space, control bytes, other symbols
                s.endWord()
            }
            i += 1
        }
        s.endWord()
        return s
    }

    private func handle(_ scalar: Unicode.Scalar, _ s: inout AffectScan, nextIsLetter: Bool) {
        let v = scalar.value
        switch v {
        case 0x2019, 0x2018, 0x02BC: // typographic apostrophes
            if s.inWord && nextIsLetter { s.norm.append(0x27) } else { s.endWord() }
            return
        case 0x2013, 0x2014: s.boundary(.clause); return
        case 0x2026, 0x2028, 0x2029, 0x3002, 0xFF01, 0xFF1F: s.boundary(.sentence); return
        case 0xFE0E, 0xFE0F, 0x1F3FB...0x1F3FF: return // presentation selectors and skin tones
        default: break
        }
        let props = scalar.properties
        switch props.generalCategory {
        case .format: return // zero-width joiners, bidi marks: invisible, so they never split a word
        case .nonspacingMark, .spacingMark, .enclosingMark:
            if s.inWord { s.norm.append(contentsOf: String(scalar).utf8) }
            return
        case .decimalNumber:
            if !s.inWord { s.wordStart = s.norm.count }
            s.norm.append(contentsOf: String(scalar).utf8)
            return
        default: break
        }
        if props.isAlphabetic {
            if !s.inWord { s.wordStart = s.norm.count }
            s.norm.append(contentsOf: props.lowercaseMapping.utf8)
            return
        }
        if props.isEmojiPresentation || (props.isEmoji && v >= 0x203C) {
            s.endWord()
            if let index = symbols.emoji[v] {
                s.tokens.append(AffectToken(kind: .symbol, id: index, start: 0, end: 0))
            } else {
                s.boundary(.clause)
            }
            return
        }
        switch props.generalCategory {
        case .openPunctuation, .closePunctuation, .dashPunctuation, .otherPunctuation:
            s.boundary(.clause)
        default: s.endWord()
        }
    }

    /// Matches an emoticon starting at `i`. It must not run into a letter, digit or slash
    /// ("10:30", "http://", "re:Design" are not faces).
    private func emoticon(at i: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int32)? {
        let first = bytes[i]
        let candidates = symbols.emoticons[Int(first)]
        if candidates.isEmpty { return nil }
        if i > 0 {
            let p = bytes[i - 1]
            if p >= 0x30 && p <= 0x39 { return nil }
        }
        for (pattern, index) in candidates where i + pattern.count <= bytes.count {
            var same = true
            for (j, c) in pattern.enumerated() {
                var b = bytes[i + j]
                if b >= 0x41 && b <= 0x5A { b |= 0x20 }
                if b != c { same = false; break }
            }
            guard same else { continue }
            let after = i + pattern.count
            if after < bytes.count {
                let a = bytes[after]
                let letter = (a >= 0x61 && a <= 0x7A) || (a >= 0x41 && a <= 0x5A)
                let digit = a >= 0x30 && a <= 0x39
                if letter || digit || a == 0x2F { continue }
            }
            return (pattern.count, index)
        }
        return nil
    }

    /// Decodes one scalar from valid UTF-8 (Swift strings always are); clamps at the end.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int) {
        let b0 = UInt32(bytes[i])
        let length = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : b0 >= 0xC0 ? 2 : 1
        guard length > 1, i + length <= bytes.count else { return (Unicode.Scalar(0xFFFD)!, 1) }
        var value = b0 & (0xFF >> (length + 1))
        for j in 1..<length { value = (value << 6) | (UInt32(bytes[i + j]) & 0x3F) }
        return (Unicode.Scalar(value) ?? Unicode.Scalar(0xFFFD)!, length)
    }
}
