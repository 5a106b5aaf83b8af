/// One normalised view of a text: tokens with ids, over a byte arena holding their spellings.
struct CrisisView: Sendable {
    /// Which normalisation produced the view.
    enum Kind: String, Sendable {
        case main, deleet, despaced
    }

    var kind: Kind
    var text: [UInt8] = []
    var tokens: [CrisisToken] = []

    init(kind: Kind) { self.kind = kind }

    /// The normalised spelling of token `i`.
    func word(_ i: Int) -> String {
        let t = tokens[i]
        return String(decoding: text[Int(t.start)..<Int(t.end)], as: UTF8.self)
    }

    /// All token spellings, fillers included.
    var words: [String] { tokens.indices.map(word) }

    /// Token spellings with fillers dropped: the filler-removal view.
    var wordsWithoutFillers: [String] {
        tokens.indices.filter { !tokens[$0].has(CrisisToken.filler) }.map(word)
    }

    /// The words of `range`, joined by spaces and cut to at most `limit` characters.
    func span(_ range: Range<Int>, limit: Int = 80) -> String {
        var out = ""
        let lower = Swift.max(0, range.lowerBound), upper = Swift.min(tokens.count, range.upperBound)
        guard lower < upper else { return "" }
        for i in lower..<upper {
            let w = word(i)
            if !out.isEmpty { out += " " }
            out += w
            if out.count >= limit { break }
        }
        return CrisisText.clean(out, limit: limit)
    }
}

/// Output hygiene for anything that may echo user text.
enum CrisisText {
    /// Drops control, format and separator characters and cuts to `limit` characters.
    static func clean(_ s: String, limit: Int = 80) -> String {
        // Almost always printable ASCII: nothing to strip.
        if s.utf8.count <= limit && s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return s }
        var out = String.UnicodeScalarView()
        var count = 0
        for scalar in s.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                continue
            case .nonspacingMark, .enclosingMark, .spacingMark:
                // A mark with nothing before it would render on the previous field.
                if out.isEmpty { continue }
                out.append(scalar)
            default:
                if count >= limit { return String(out) }
                out.append(scalar)
                count += 1
            }
        }
        return String(out)
    }
}
