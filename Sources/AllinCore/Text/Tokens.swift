/// Word splitting and light stemming shared by the router's text checks and the picker.
public enum Tokens {
    /// Lower-cased runs of letters and digits (apostrophes dropped, so "can't" → "cant").
    public static func words(_ text: String) -> [String] {
        if let ascii = asciiWords(text) { return ascii }
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

    /// `words` for pure-ASCII text (the usual case), read byte by byte; nil when the text has other characters.
    static func asciiWords(_ text: String) -> [String]? {
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            var out: [String] = []
            var word: [UInt8] = []
            word.reserveCapacity(24)
            for b in bytes {
                if b >= 0x80 { return nil }
                if (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) {
                    word.append(b)
                } else if b >= 0x41 && b <= 0x5A {
                    word.append(b + 0x20)
                } else if b == 0x27 {
                    continue
                } else if !word.isEmpty {
                    out.append(String(decoding: word, as: UTF8.self))
                    word.removeAll(keepingCapacity: true)
                }
            }
            if !word.isEmpty { out.append(String(decoding: word, as: UTF8.self)) }
            return out
        }
    }

    /// A light suffix stripper so "deadlines"/"deadline" and "worrying"/"worried" meet; applied the
    /// same way to sessions and queries, so its crudeness never matters for matching.
    public static func stem(_ word: String) -> String {
        let bytes = Array(word.utf8)
        guard bytes.count > 4, bytes.allSatisfy({ $0 < 0x80 }) else { return word }
        func ends(_ suffix: StaticString) -> Bool {
            let n = suffix.utf8CodeUnitCount
            guard bytes.count >= n else { return false }
            let tail = bytes.count - n
            for i in 0..<n where bytes[tail + i] != suffix.utf8Start[i] { return false }
            return true
        }
        for suffix: StaticString in ["ingly", "ings", "ing", "edly", "ied", "ies", "ed", "ly", "s"] {
            let n = suffix.utf8CodeUnitCount
            if ends(suffix), bytes.count - n >= 3 {
                if n == 1, ends("ss") || ends("us") || ends("is") { return word }
                let stem = String(decoding: bytes[..<(bytes.count - n)], as: UTF8.self)
                return n == 3 && bytes[bytes.count - 3] == 0x69 && bytes[bytes.count - 2] == 0x65 ? stem + "y" : stem
            }
        }
        return word
    }
}
