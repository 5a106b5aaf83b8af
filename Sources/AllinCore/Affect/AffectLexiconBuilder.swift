import Foundation

/// Reads the two lexicon files, collects every problem, and compiles the lookup tables.
struct AffectLexiconBuilder {
    var issues: [CatalogIssue] = []

    struct WordRow {
        var name: String
        var valence: Double
        var forms: [String]
        /// Index into `families`, or -1 when the word is in no family list.
        var family: Int = -1
    }

    var rows: [WordRow] = []
    var emoji: [(String, Double)] = []
    var emoticons: [(String, Double)] = []
    var rules = AffectRules()
    var modifiers: [(String, Double)] = []
    var roleLists: [(AffectEntry.Role, String, [String])] = []
    /// Variant, word, and the file that lists it.
    var spellings: [(String, String, String)] = []
    var families: [AffectFamilyPrototype] = []
    var familyWords: [[String]] = []
    var shortTextOnly: [String] = []
    var vaderRows: [(word: String, valence: Double)] = []
    var vaderLeaveOut: Set<String> = []
    var situationWords: [(String, Double)] = []
    var plainWords: [String] = []
    var askBelow = 0.6
    var sentenceModel = AffectSentenceModel.empty
    var readsSentences = true
    /// The sentence reading from its compiled form, if it was at hand.
    var loadedSentences: AffectSentenceModel?

    // Compiled state.
    var symbols: [AffectSymbol] = []
    var symbolTable = AffectSymbolTable()
    var vocabulary = AffectByteTable(capacity: 4096)
    var canonical: [Int32] = []
    var tokenText: [String] = []
    var entries: [AffectEntry] = []
    var entryBySequence: [[Int32]: (index: Int, owner: String)] = [:]
    var wordCount = 0

    static let valenceRange = -4.0...4.0
    static let maxPhraseWords = 6

    // MARK: Reading

    mutating func read(files: [String: Data]) {
        if let root = object(AffectLexicon.wordsFile, files) { readWords(root) }
        if let root = object(AffectLexicon.rulesFile, files) { readRules(root) }
        if let root = object(AffectLexicon.feelingsFile, files) { readFeelings(root) }
        if let root = object(AffectLexicon.vaderFile, files) { readVader(root) }
        if !readsSentences {
            sentenceModel = .empty
        } else if let loadedSentences {
            sentenceModel = loadedSentences
        } else if let data = files[AffectSentenceModel.fileName] {
            sentenceModel = AffectSentenceModel.decode(data, issues: &issues)
        } else {
            issues.append(CatalogIssue(file: AffectSentenceModel.fileName, "file is missing"))
        }
        // Compile whatever was readable too, so one run reports conflicts alongside type errors.
        buildSymbols()
        buildSpellings()
        buildEntries()
    }

    mutating func object(_ file: String, _ files: [String: Data]) -> [String: JSONValue]? {
        guard let data = files[file] else {
            issues.append(CatalogIssue(file: file, "file is missing"))
            return nil
        }
        guard let value = try? JSONValue.parse(data) else {
            issues.append(CatalogIssue(file: file, "is not valid JSON"))
            return nil
        }
        guard let root = value.objectValue else {
            issues.append(CatalogIssue(file: file, "must be a JSON object, not \(value.typeName)"))
            return nil
        }
        return root
    }

    private mutating func readWords(_ root: [String: JSONValue]) {
        let file = AffectLexicon.wordsFile
        unknownKeys(root, allowed: ["about", "words", "emoji", "emoticons"], file: file, entry: nil)
        guard let list = root["words"]?.arrayValue else {
            issues.append(CatalogIssue(file: file, entry: "words", "must be a list of {word, valence, forms}"))
            return
        }
        for (n, value) in list.enumerated() {
            guard let item = value.objectValue else {
                issues.append(CatalogIssue(file: file, entry: "words #\(n + 1)", "must be an object, not \(value.typeName)"))
                continue
            }
            guard let word = item["word"]?.stringValue, !word.allSatisfy(\.isWhitespace) else {
                issues.append(CatalogIssue(file: file, entry: "words #\(n + 1)", "needs a non-empty 'word'"))
                continue
            }
            let entry = "words '\(word)'"
            unknownKeys(item, allowed: ["word", "valence", "forms"], file: file, entry: entry)
            guard let valence = valence(item["valence"], file: file, entry: entry) else { continue }
            var forms: [String] = []
            if let raw = item["forms"] {
                guard let array = raw.arrayValue else {
                    issues.append(CatalogIssue(file: file, entry: entry, "forms must be a list of strings"))
                    continue
                }
                for form in array {
                    if let s = form.stringValue { forms.append(s) } else {
                        issues.append(CatalogIssue(file: file, entry: entry, "forms must hold strings, not \(form.typeName)"))
                    }
                }
            }
            rows.append(WordRow(name: word, valence: valence, forms: forms))
        }
        emoji = valenceMap(root["emoji"], name: "emoji", file: file)
        emoticons = valenceMap(root["emoticons"], name: "emoticons", file: file)
    }

    private mutating func readRules(_ root: [String: JSONValue]) {
        let file = AffectLexicon.rulesFile
        unknownKeys(root, allowed: ["about", "thresholds", "customWordWeight", "negation", "modifiers", "contrast", "boundaries", "spellings"],
                    file: file, entry: nil)
        let thresholds = section(root, "thresholds", file: file)
        rules.pleasantThreshold = number(thresholds, "pleasant", in: 0.01...4, file: file, entry: "thresholds") ?? rules.pleasantThreshold
        rules.unpleasantThreshold = number(thresholds, "unpleasant", in: -4...(-0.01), file: file, entry: "thresholds") ?? rules.unpleasantThreshold
        rules.customWordWeight = number(root, "customWordWeight", in: 0.5...3, file: file, entry: "customWordWeight") ?? rules.customWordWeight

        let negation = section(root, "negation", file: file)
        if let scope = number(negation, "scope", in: 1...3, file: file, entry: "negation") {
            if scope == scope.rounded() { rules.negationScope = Int(scope) } else {
                issues.append(CatalogIssue(file: file, entry: "negation", "scope must be a whole number of words"))
            }
        }
        rules.negatePositive = number(negation, "positiveFactor", in: -1...0, file: file, entry: "negation") ?? rules.negatePositive
        rules.negateNegative = number(negation, "negativeFactor", in: -1...0, file: file, entry: "negation") ?? rules.negateNegative
        rules.boost = number(negation, "boost", in: 1...3, file: file, entry: "negation") ?? rules.boost
        roleLists.append((.negator, "negation.words", strings(negation["words"], name: "negation.words", file: file)))
        roleLists.append((.skip, "negation.skip", strings(negation["skip"], name: "negation.skip", file: file)))
        roleLists.append((.booster, "negation.boosters", strings(negation["boosters"], name: "negation.boosters", file: file)))
        unknownKeys(negation, allowed: ["scope", "positiveFactor", "negativeFactor", "boost", "words", "skip", "boosters"], file: file, entry: "negation")

        if let map = root["modifiers"]?.objectValue {
            for key in map.keys.sorted() {
                if let m = map[key]?.numberValue, m > 0, m <= 3 { modifiers.append((key, m)) } else {
                    issues.append(CatalogIssue(file: file, entry: "modifiers '\(key)'", "multiplier must be a number above 0 and at most 3"))
                }
            }
        } else {
            issues.append(CatalogIssue(file: file, entry: "modifiers", "must be an object of word: multiplier"))
        }

        let contrast = section(root, "contrast", file: file)
        rules.contrastBefore = number(contrast, "before", in: 0...1, file: file, entry: "contrast") ?? rules.contrastBefore
        rules.contrastAfter = number(contrast, "after", in: 1...3, file: file, entry: "contrast") ?? rules.contrastAfter
        roleLists.append((.contrast, "contrast.words", strings(contrast["words"], name: "contrast.words", file: file)))
        roleLists.append((.concessive, "contrast.concessive", strings(contrast["concessive"], name: "contrast.concessive", file: file)))
        unknownKeys(contrast, allowed: ["before", "after", "words", "concessive"], file: file, entry: "contrast")
        roleLists.append((.boundary, "boundaries", strings(root["boundaries"], name: "boundaries", file: file)))

        readSpellings(root["spellings"], file: file)
    }

    // MARK: Reading helpers

    /// A file's optional `spellings` object (variant → word), read the same in every lexicon file.
    mutating func readSpellings(_ value: JSONValue?, file: String) {
        if let map = value?.objectValue {
            for key in map.keys.sorted() {
                if let target = map[key]?.stringValue { spellings.append((key, target, file)) } else {
                    issues.append(CatalogIssue(file: file, entry: "spellings '\(key)'", "must map to a string"))
                }
            }
        } else if value != nil {
            issues.append(CatalogIssue(file: file, entry: "spellings", "must be an object of variant: word"))
        }
    }

    mutating func section(_ root: [String: JSONValue], _ key: String, file: String) -> [String: JSONValue] {
        if let object = root[key]?.objectValue { return object }
        issues.append(CatalogIssue(file: file, entry: key, "must be an object"))
        return [:]
    }

    mutating func number(_ object: [String: JSONValue], _ key: String, in range: ClosedRange<Double>,
                                 file: String, entry: String) -> Double? {
        guard let value = object[key] else {
            issues.append(CatalogIssue(file: file, entry: entry, "\(key) is missing"))
            return nil
        }
        guard let d = value.numberValue else {
            issues.append(CatalogIssue(file: file, entry: entry, "\(key) must be a number, not \(value.typeName)"))
            return nil
        }
        guard range.contains(d) else {
            issues.append(CatalogIssue(file: file, entry: entry, "\(key) \(Self.format(d)) is outside \(Self.format(range.lowerBound))...\(Self.format(range.upperBound))"))
            return nil
        }
        return d
    }

    mutating func valence(_ value: JSONValue?, file: String, entry: String) -> Double? {
        guard let value else {
            issues.append(CatalogIssue(file: file, entry: entry, "valence is missing"))
            return nil
        }
        guard let d = value.numberValue else {
            issues.append(CatalogIssue(file: file, entry: entry, "valence must be a number, not \(value.typeName)"))
            return nil
        }
        guard Self.valenceRange.contains(d) else {
            issues.append(CatalogIssue(file: file, entry: entry, "valence \(Self.format(d)) is outside -4...4"))
            return nil
        }
        return d
    }

    private mutating func valenceMap(_ value: JSONValue?, name: String, file: String) -> [(String, Double)] {
        guard let value else { return [] }
        guard let map = value.objectValue else {
            issues.append(CatalogIssue(file: file, entry: name, "must be an object of symbol: valence"))
            return []
        }
        return map.keys.sorted().compactMap { key in
            valence(map[key], file: file, entry: "\(name) '\(key)'").map { (key, $0) }
        }
    }

    mutating func strings(_ value: JSONValue?, name: String, file: String) -> [String] {
        guard let array = value?.arrayValue else {
            issues.append(CatalogIssue(file: file, entry: name, "must be a list of strings"))
            return []
        }
        var out: [String] = []
        for (n, item) in array.enumerated() {
            if let s = item.stringValue { out.append(s) } else {
                issues.append(CatalogIssue(file: file, entry: "\(name) #\(n + 1)", "must be a string, not \(item.typeName)"))
            }
        }
        return out
    }

    mutating func unknownKeys(_ object: [String: JSONValue], allowed: Set<String>, file: String, entry: String?) {
        for key in object.keys.sorted() where !allowed.contains(key) {
            issues.append(CatalogIssue(file: file, entry: entry, "unknown field '\(key)'"))
        }
    }

    static func format(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e9 ? String(Int(d)) : String(d)
    }
}
