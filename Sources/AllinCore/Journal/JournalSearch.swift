import Foundation

/// How journal search reads what the person typed: words of letters and digits, case and accents
/// folded; every word must match the start of a word in the note or the kinder reframe.
public enum JournalSearch {
    public static func terms(_ text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var terms: [String] = []
        var current = ""
        for ch in folded {
            if ch.isLetter || ch.isNumber { current.append(ch) } else if !current.isEmpty { terms.append(current); current = "" }
        }
        if !current.isEmpty { terms.append(current) }
        return terms
    }

    /// Whether `texts` match every term of `query` (an empty query matches everything).
    public static func matches(_ query: String, in texts: [String?]) -> Bool {
        let words = texts.compactMap { $0 }.flatMap(terms)
        return terms(query).allSatisfy { term in words.contains { $0.hasPrefix(term) } }
    }
}
