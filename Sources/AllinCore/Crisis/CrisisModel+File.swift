import Foundation

/// `crisis/model.tsv`: one line per fact, tab-separated, so a model of thousands of features loads in
/// milliseconds and diffs line by line.
///
///     # comment lines: what the model was trained on, and how (kept as its provenance)
///     @bias        -3.1207
///     @crisisAt    0.90
///     @askAt       0.65          (optional: from here to @crisisAt the model asks the question, T1)
///     want to      0.4127        (a feature: one word, or two words joined by one space)
///     WISH DEATH   0.8311        (concept classes of words close together, as crisis/concepts.json names them)
///     ~overd       0.2950        (a stem: the first letters of longer words, see `CrisisModel.stemLength`)
///
/// Features are written in the words the concept scanner produces (lower-case ASCII letters and
/// digits, or other letters it could not fold) and the names of its concept classes (upper case:
/// `DEATH`, `WISH DEATH`), so no feature can start with '@' or '#'.
extension CrisisModel {
    /// Decodes and validates; every problem names the file and the line.
    public static func decode(_ data: Data, file: String = CrisisModel.fileName) throws -> CrisisModel {
        var issues: [CatalogIssue] = []
        guard String(data: data, encoding: .utf8) != nil else {
            throw CatalogProblems([CatalogIssue(file: file, "is not UTF-8 text")])
        }
        // Lines and columns are cut on bytes: splitting the String by characters took most of the
        // catalog's load time for a model of 20,000 lines.
        let bytes = [UInt8](data)
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            lines.append(bytes[lineStart..<i])
            lineStart = i + 1
        }
        lines.append(bytes[lineStart...])
        var about: [String] = []
        var settings: [String: Double] = [:]
        // Parallel, in file order: the trainer writes features sorted, so no sort is needed at load.
        var names = PackedStrings()
        var weights: [Float] = []
        var keys: [UInt64] = []
        var indexOfKey: [UInt64: Int] = [:]
        for (n, raw) in lines.enumerated() {
            let line = raw.last == 0x0D ? raw.dropLast() : raw
            // Named only when there is a problem to report (made for every line, it cost a string per feature).
            var entry: String { "line \(n + 1)" }
            if line.isEmpty { continue }
            if line.first == 0x23 {   // '#'
                about.append(String(decoding: line.dropFirst(), as: UTF8.self).trimmed)
                continue
            }
            let cols = line.split(separator: 0x09, omittingEmptySubsequences: false)
            guard cols.count == 2, let value = DecimalBytes.number(cols[1]), value.isFinite else {
                issues.append(CatalogIssue(file: file, entry: entry, "must be a name, a tab and a finite number"))
                continue
            }
            let name = String(decoding: cols[0], as: UTF8.self)
            if name.hasPrefix("@") {
                let key = String(name.dropFirst())
                guard ["bias", "crisisAt", "askAt"].contains(key) else {
                    issues.append(CatalogIssue(file: file, entry: entry,
                                               "unknown setting '\(Visible.text(name))' (known: @bias, @crisisAt, @askAt)"))
                    continue
                }
                if settings[key] != nil { issues.append(CatalogIssue(file: file, entry: entry, "'\(name)' is set twice")) }
                settings[key] = value
                continue
            }
            if let problem = Self.problem(feature: name) {
                issues.append(CatalogIssue(file: file, entry: entry, "feature '\(Visible.text(name))' \(problem)"))
                continue
            }
            guard abs(value) <= 50 else {
                issues.append(CatalogIssue(file: file, entry: entry, "weight \(value) is outside -50...50"))
                continue
            }
            let key = cols[0].withUnsafeBufferPointer { Self.key(ofFeatureBytes: $0) }
            if let other = indexOfKey[key] {
                issues.append(CatalogIssue(file: file, entry: entry, names[other] == name
                    ? "feature '\(name)' is listed twice"
                    : "feature '\(name)' has the same key as '\(names[other])' (rename one)"))
                continue
            }
            indexOfKey[key] = names.count
            names.append(utf8: cols[0])
            weights.append(Float(value))
            keys.append(key)
        }
        for key in ["bias", "crisisAt"] where settings[key] == nil {
            issues.append(CatalogIssue(file: file, "missing '@\(key)'"))
        }
        let crisisAt = settings["crisisAt"] ?? 0.9
        if !(crisisAt >= 0.5 && crisisAt < 1) {
            issues.append(CatalogIssue(file: file, entry: "@crisisAt", "must be at least 0.5 and below 1 (got \(crisisAt))"))
        }
        if let askAt = settings["askAt"], !(askAt >= 0.5 && askAt <= crisisAt) {
            issues.append(CatalogIssue(file: file, entry: "@askAt", "must be at least 0.5 and at most @crisisAt (got \(askAt))"))
        }
        if names.isEmpty { issues.append(CatalogIssue(file: file, "has no features")) }
        guard issues.isEmpty else { throw CatalogProblems(issues) }
        return CrisisModel(bias: settings["bias"] ?? 0, crisisAt: crisisAt, askAt: settings["askAt"], names: names, weights: weights, about: about, keys: keys)
    }

    /// Why `feature` cannot be a feature name, or nil: a stem ('~' and lower-case ASCII letters or
    /// digits), or one or two parts joined by one space, each a word (lower-case letters, digits,
    /// letters of other scripts) or a concept class (upper-case A-Z).
    static func problem(feature: String) -> String? {
        let parts = feature.utf8.split(separator: 0x20, omittingEmptySubsequences: false)
        if parts.count == 1 && parts[0].first == 0x21 {   // '!' and a word in a denial's reach
            let word = parts[0].dropFirst()
            guard !word.isEmpty, word.allSatisfy(isWordByte) else {
                return "is a denied word: '!' then a lower-case word"
            }
            return nil
        }
        if parts.count == 1 && parts[0].first == 0x7E {   // a stem: '~' and the start of a word
            let stem = parts[0].dropFirst()
            guard !stem.isEmpty, stem.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }) else {
                return "is a stem: '~' then the start of a word in lower-case ASCII letters or digits"
            }
            return nil
        }
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty }) else {
            return "must be one word or class, or two joined by one space"
        }
        for part in parts {
            if part.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) { continue }
            if !part.allSatisfy(isWordByte) {
                return "may hold only lower-case words (letters, digits, letters of other scripts) or upper-case class names"
            }
        }
        return nil
    }

    /// A byte of a feature's word: a lower-case ASCII letter, a digit, or part of a letter of another script.
    private static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b >= 0x80
    }

    /// Why `name` cannot name a concept class, or nil: upper-case A-Z only.
    static func problem(className name: String) -> String? {
        !name.isEmpty && name.utf8.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) ? nil : "must be upper-case letters A-Z"
    }

    /// The class names `feature` uses ("WISH DEATH" → WISH, DEATH).
    static func classes(in feature: String) -> [Substring] {
        // Most features are lower-case words and name no class: one pass over the bytes spares them
        // the split (which was a tenth of loading the detector, run for every feature at load).
        guard feature.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return [] }
        return feature.split(separator: " ").filter { $0.utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A } }
    }

    /// The file text for a trained model; weights are rounded to 4 decimals and those that round to 0 are left out.
    /// `askAt` (written only when given) starts the band where the model asks the question.
    public static func encode(bias: Double, crisisAt: Double, askAt: Double? = nil, weights: [String: Double],
                              about: [String]) -> String {
        var out = about.map { "# \($0)\n" }.joined()
        out += "@bias\t\(Self.number(bias))\n@crisisAt\t\(Self.number(crisisAt))\n"
        if let askAt { out += "@askAt\t\(Self.number(askAt))\n" }
        for (name, w) in weights.sorted(by: { $0.key < $1.key }) {
            let rounded = (w * 10_000).rounded() / 10_000
            if rounded != 0 { out += "\(name)\t\(Self.number(rounded))\n" }
        }
        return out
    }

    static func number(_ x: Double) -> String {
        String(format: "%.4f", x)
    }
}
