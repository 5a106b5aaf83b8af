/// Word splitting and light stemming shared by the router's text checks and the picker.
public enum Tokens {
    /// Lower-cased runs of letters and digits (apostrophes dropped, so "can't" → "cant").
    public static func words(_ text: String) -> [String] {
        var out: [String] = []
        var current = String.UnicodeScalarView()
        func flush() {
            if !current.isEmpty { out.append(String(current)); current = String.UnicodeScalarView() }
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let v = scalar.value
                if (0x61...0x7A).contains(v) || (0x30...0x39).contains(v) {
                    current.append(scalar)
                } else if (0x41...0x5A).contains(v) {
                    current.append(Unicode.Scalar(v + 0x20)!)
                } else if scalar == "'" {
                    continue
                } else {
                    flush()
                }
            } else if scalar.properties.isAlphabetic {
                current.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            } else if scalar == "\u{2019}" {
                continue
            } else {
                flush()
            }
        }
        flush()
        return out
    }

    /// A light suffix stripper so "deadlines"/"deadline" and "worrying"/"worried" meet; applied the
    /// same way to sessions and queries, so its crudeness never matters for matching.
    public static func stem(_ word: String) -> String {
        guard word.count > 4, word.unicodeScalars.allSatisfy(\.isASCII) else { return word }
        for suffix in ["ingly", "ings", "ing", "edly", "ied", "ies", "ed", "ly", "s"] {
            if word.hasSuffix(suffix), word.count - suffix.count >= 3 {
                if suffix == "s", word.hasSuffix("ss") || word.hasSuffix("us") || word.hasSuffix("is") { return word }
                let stem = String(word.dropLast(suffix.count))
                return suffix == "ied" || suffix == "ies" ? stem + "y" : stem
            }
        }
        return word
    }
}
