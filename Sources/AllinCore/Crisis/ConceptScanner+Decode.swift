import Foundation

extension ConceptScanner {
    /// Decodes `crisis/concepts.json`; every problem names the file and the entry.
    public static func decode(_ data: Data, file: String = ConceptScanner.fileName) throws -> ConceptScanner {
        var issues: [CatalogIssue] = []
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch {
            throw CatalogProblems([CatalogIssue(file: file, "\(error)")])
        }
        guard var top = ObjectReader(root, file: file, entry: nil, issues: &issues) else { throw CatalogProblems(issues) }
        top.rejectUnknownKeys(["about", "classes", "negators", "emoji", "rules"])
        issues += top.issues

        var words = CrisisVocabulary()
        func id(_ w: String) -> Int32 { words.intern(w) }
        var classBits: [String: UInt64] = [:]
        var classOf: [Int32: UInt64] = [:]
        if case let .object(pairs)? = root["classes"] {
            for (name, value) in pairs {
                guard classBits.count < 64 else {
                    issues.append(CatalogIssue(file: file, entry: "classes '\(name)'", "more than 64 classes")); break
                }
                let bit = UInt64(1) << UInt64(classBits.count)
                classBits[name] = bit
                guard case let .array(items) = value, !items.isEmpty else {
                    issues.append(CatalogIssue(file: file, entry: "classes '\(name)'", "must be a non-empty list of words")); continue
                }
                for item in items {
                    guard case let .string(w) = item, !w.isEmpty, !w.contains(" "), w == w.lowercased() else {
                        issues.append(CatalogIssue(file: file, entry: "classes '\(name)'",
                                                   "\(item.serialized()) must be one lower-case word (use a rule slot for phrases)"))
                        continue
                    }
                    classOf[id(w), default: 0] |= bit
                }
            }
        } else {
            issues.append(CatalogIssue(file: file, "missing 'classes' (an object of word lists)"))
        }
        // Numbers of 10 or more carry a class of their own, for quantities ("40 tablets").
        let bigNumberBit = UInt64(1) << UInt64(min(classBits.count, 63))
        if classBits.count < 64 { classBits["BIGNUM"] = bigNumberBit }
        let yearBit = UInt64(1) << UInt64(min(classBits.count, 63))
        if classBits.count < 64 { classBits["YEAR"] = yearBit }
        func wordList(_ key: String) -> Set<Int32> {
            Set((root[key]?.arrayValue ?? []).compactMap { $0.stringValue.map(id) })
        }
        let negators = wordList("negators")
        var emoji: [Character: String] = [:]
        for (k, v) in root["emoji"]?.objectValue ?? [:] {
            if k.count == 1, let name = v.stringValue { emoji[Character(k)] = name } else {
                issues.append(CatalogIssue(file: file, entry: "emoji '\(k)'", "must map one emoji to a word"))
            }
        }
        func slot(_ text: String, entry: String, issues: inout [CatalogIssue]) -> Slot? {
            var alternatives: [[Int32]] = []
            var classes: UInt64 = 0
            for alt in text.split(separator: "|").map(\.trimmed) {
                if alt.hasPrefix("@") {
                    guard let bit = classBits[String(alt.dropFirst())] else {
                        issues.append(CatalogIssue(file: file, entry: entry, "unknown class '\(alt)'")); return nil
                    }
                    classes |= bit
                } else if alt.isEmpty {
                    issues.append(CatalogIssue(file: file, entry: entry, "empty alternative in slot '\(text)'")); return nil
                } else {
                    alternatives.append(alt.split(separator: " ").map { id(String($0)) })
                }
            }
            return Slot(runs: Dictionary(grouping: alternatives.filter { !$0.isEmpty }, by: { $0[0] }), classes: classes)
        }
        var rules: [Rule] = []
        var seen = Set<String>()
        readEntries(root, key: "rules", file: file, issues: &issues) { r in
            let ruleID = r.string("id") ?? ""
            let entry = "rules '\(ruleID)'"
            if !seen.insert(ruleID).inserted { r.rejectValue("duplicate rule id") }
            let tierText = r.string("tier") ?? ""
            let tier = CrisisTier.allCases.first { $0.label == tierText }
            if tier == nil || tier == CrisisTier.none { r.rejectValue("'tier' must be T1, T2 or T3, found '\(tierText)'") }
            let gap = r.int("maxGap", in: 0...12) ?? 0
            let reason = r.string("reason") ?? ""
            let negatable = r.bool("negatable", default: false)
            var nested: [CatalogIssue] = []
            let slots = r.stringArray("slots", required: true).compactMap { slot($0, entry: entry, issues: &nested) }
            let with = r.stringArray("with").compactMap { slot($0, entry: entry, issues: &nested) }
            let without = r.stringArray("without").compactMap { slot($0, entry: entry, issues: &nested) }
            r.rejectUnknownKeys(["id", "tier", "slots", "maxGap", "with", "without", "negatable", "reason", "examples"])
            if slots.isEmpty { r.rejectValue("'slots' is empty") }
            r.absorb(nested)
            if let tier, !slots.isEmpty {
                rules.append(Rule(id: ruleID, tier: tier, slots: slots, maxGap: gap, with: with, without: without,
                                  negatable: negatable, reason: reason))
            }
        }
        var classNames = [String](repeating: "", count: classBits.count)
        for (name, bit) in classBits { classNames[bit.trailingZeroBitCount] = name }
        for name in classNames where CrisisModel.problem(className: name) != nil {
            issues.append(CatalogIssue(file: file, entry: "classes '\(name)'", "a class name must be upper-case letters A-Z"))
        }
        if !issues.isEmpty { throw CatalogProblems(issues) }
        return ConceptScanner(words: words, classOf: classOf, rules: rules, negators: negators,
                              fold: ConceptFold(emoji: emoji), bigNumberBit: bigNumberBit, yearBit: yearBit,
                              classNames: classNames)
    }
}
