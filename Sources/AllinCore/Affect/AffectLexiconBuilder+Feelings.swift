import Foundation

/// Reads `feelings.json` (families, slang, short-text words) and `vader.json` (word norms), and adds
/// their words after the curated lexicon: a word affect.json lists keeps its valence there.
extension AffectLexiconBuilder {
    mutating func readFeelings(_ root: [String: JSONValue]) {
        let file = AffectLexicon.feelingsFile
        unknownKeys(root, allowed: ["about", "families", "situationWords", "spellings", "vaderLeaveOut", "plainWords",
                                     "shortTextOnly", "ask"],
                    file: file, entry: nil)
        if let map = root["families"]?.objectValue {
            for id in map.keys.sorted() {
                let entry = "families '\(id)'"
                let family = map[id]?.objectValue ?? [:]
                if map[id]?.objectValue == nil { issues.append(CatalogIssue(file: file, entry: entry, "must be an object")) }
                unknownKeys(family, allowed: ["valence", "arousal", "opposite", "words"], file: file, entry: entry)
                let v = number(family, "valence", in: -4...4, file: file, entry: entry)
                let a = number(family, "arousal", in: 0...1, file: file, entry: entry)
                let words = strings(family["words"], name: "\(entry) words", file: file)
                guard let v, let a else { continue }
                families.append(AffectFamilyPrototype(id: id, valence: v, arousal: a, opposite: family["opposite"]?.stringValue ?? ""))
                familyWords.append(words)
            }
        } else {
            issues.append(CatalogIssue(file: file, entry: "families", "must be an object of family id: {valence, arousal, words}"))
        }
        readSpellings(root["spellings"], file: file)
        if let map = root["situationWords"]?.objectValue {
            for key in map.keys.sorted() {
                if let v = valence(map[key], file: file, entry: "situationWords '\(key)'") { situationWords.append((key, v)) }
            }
        } else if root["situationWords"] != nil {
            issues.append(CatalogIssue(file: file, entry: "situationWords", "must be an object of phrase: valence"))
        }
        vaderLeaveOut = Set(strings(root["vaderLeaveOut"], name: "vaderLeaveOut", file: file))
        plainWords = strings(root["plainWords"], name: "plainWords", file: file)
        shortTextOnly = strings(root["shortTextOnly"], name: "shortTextOnly", file: file)
        let ask = section(root, "ask", file: file)
        askBelow = number(ask, "below", in: 0...1, file: file, entry: "ask") ?? askBelow
        unknownKeys(ask, allowed: ["below"], file: file, entry: "ask")
    }

    mutating func readVader(_ root: [String: JSONValue]) {
        let file = AffectLexicon.vaderFile
        unknownKeys(root, allowed: ["about", "source", "words"], file: file, entry: nil)
        guard let source = root["source"]?.objectValue, source["licence"]?.stringValue != nil,
              source["version"]?.stringValue != nil else {
            issues.append(CatalogIssue(file: file, entry: "source", "must name the lexicon's version and licence"))
            return
        }
        guard let list = root["words"]?.arrayValue else {
            issues.append(CatalogIssue(file: file, entry: "words", "must be a list of [word, valence, spread]"))
            return
        }
        var seen: Set<String> = []
        for (n, value) in list.enumerated() {
            let row = value.arrayValue ?? []
            guard row.count == 3, let word = row[0].stringValue, !word.isEmpty else {
                issues.append(CatalogIssue(file: file, entry: "words #\(n + 1)", "must be [word, valence, spread]"))
                continue
            }
            let entry = "words '\(word)'"
            guard let v = valence(row[1], file: file, entry: entry) else { continue }
            guard let spread = row[2].numberValue, spread >= 0, spread <= 8 else {
                issues.append(CatalogIssue(file: file, entry: entry, "spread must be a number from 0 to 8"))
                continue
            }
            guard seen.insert(word).inserted else {
                issues.append(CatalogIssue(file: file, entry: entry, "is listed twice"))
                continue
            }
            vaderRows.append((word, v))
        }
    }

    /// Family words: a word already scored by affect.json joins the family with all its forms;
    /// a new word takes VADER's valence, or its family's.
    mutating func buildFeelingEntries() {
        let file = AffectLexicon.feelingsFile
        var vader: [String: Double] = [:]
        for row in vaderRows where vader[row.word] == nil { vader[row.word] = row.valence }
        let known = Set(families.map(\.id))
        for family in families where !known.contains(family.opposite) {
            issues.append(CatalogIssue(file: file, entry: "families '\(family.id)'", "opposite '\(family.opposite)' is not a family here"))
        }
        let shortOnly = Set(shortTextOnly)
        var familyWordSet: Set<String> = []
        for (f, family) in families.enumerated() {
            for word in familyWords[f] {
                let entry = "families '\(family.id)': '\(word)'"
                guard let ids = tokenIDs(word, file: file, entry: entry) else { continue }
                familyWordSet.insert(joined(ids))
                if let existing = entryBySequence[ids] {
                    let e = entries[existing.index]
                    guard e.role == .word, e.valence != nil, e.lemma >= 0 else {
                        issues.append(CatalogIssue(file: file, entry: entry, "'\(word)' is a rule word (\(existing.owner)), not a feeling"))
                        continue
                    }
                    let row = Int(e.lemma)
                    if rows[row].family >= 0 && rows[row].family != f {
                        let other = families[rows[row].family].id
                        issues.append(CatalogIssue(file: file, entry: entry, "'\(word)' is already in family '\(other)'"))
                    } else {
                        rows[row].family = f // forms of one row may be listed more than once
                    }
                    continue
                }
                let v = Self.familyWordValence(vader: vader[joined(ids)], family: family.valence)
                rows.append(WordRow(name: word, valence: v, forms: [], family: f))
                var new = AffectEntry(text: joined(ids), tokens: ids, role: .word, valence: v, modifier: nil, lemma: Int32(rows.count - 1))
                new.shortTextOnly = shortOnly.contains(new.text)
                if add(new, owner: entry, file: file) { wordCount += 1 }
            }
        }
        // Everyday events that carry feeling in a situation ("told off", "pay rise"); no family.
        for (phrase, v) in situationWords {
            let entry = "situationWords '\(phrase)'"
            guard let ids = tokenIDs(phrase, file: file, entry: entry) else { continue }
            if let existing = entryBySequence[ids] {
                issues.append(CatalogIssue(file: file, entry: entry, "'\(phrase)' is already listed under \(existing.owner)"))
                continue
            }
            rows.append(WordRow(name: phrase, valence: v, forms: []))
            if add(AffectEntry(text: joined(ids), tokens: ids, role: .word, valence: v, modifier: nil, lemma: Int32(rows.count - 1)),
                   owner: entry, file: file) {
                wordCount += 1
            }
        }
        // Ordinary words are put in the vocabulary with no entry, so they are never read as a form of
        // a feeling word ("career" is not "care" + "-er") nor mended.
        for word in plainWords {
            let entry = "plainWords '\(word)'"
            guard let ids = tokenIDs(word, file: file, entry: entry) else { continue }
            if ids.count != 1 {
                issues.append(CatalogIssue(file: file, entry: entry, "must be a single word"))
            } else if let existing = entryBySequence[ids] {
                issues.append(CatalogIssue(file: file, entry: entry, "'\(word)' is already listed under \(existing.owner)"))
            }
        }
        for word in shortTextOnly where !familyWordSet.contains(word) {
            issues.append(CatalogIssue(file: file, entry: "shortTextOnly '\(word)'", "is in no family's words"))
        }
    }

    /// VADER's valence when it agrees with the family and is clear (at least 0.8); otherwise the family's,
    /// since raters scored the word out of context ("shaken" -0.3, "yearning" +0.5).
    static func familyWordValence(vader: Double?, family: Double) -> Double {
        guard let vader, (vader > 0) == (family > 0), abs(vader) >= 0.8 else { return family }
        return vader
    }

    /// VADER words the curated files do not list, minus `vaderLeaveOut` (ordinary words in a check-in).
    mutating func buildVaderEntries() {
        let file = AffectLexicon.vaderFile
        for (word, v) in vaderRows where !vaderLeaveOut.contains(word) {
            let entry = "words '\(word)'"
            guard let ids = tokenIDs(word, file: file, entry: entry) else { continue }
            if entryBySequence[ids] != nil { continue }
            rows.append(WordRow(name: word, valence: v, forms: []))
            if add(AffectEntry(text: joined(ids), tokens: ids, role: .word, valence: v, modifier: nil, lemma: Int32(rows.count - 1)),
                   owner: entry, file: file) {
                wordCount += 1
            }
        }
    }
}
