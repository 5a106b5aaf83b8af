import Foundation

/// Turns what `AffectLexiconBuilder` read into token tables, reporting conflicts.
extension AffectLexiconBuilder {
    mutating func buildSymbols() {
        let file = AffectLexicon.wordsFile
        var seen: [UInt32: String] = [:]
        for (key, v) in emoji {
            let scalars = key.unicodeScalars.filter { $0.value != 0xFE0F && $0.value != 0xFE0E }
            guard scalars.count == 1, let scalar = scalars.first,
                  scalar.properties.isEmojiPresentation || (scalar.properties.isEmoji && scalar.value >= 0x203C) else {
                issues.append(CatalogIssue(file: file, entry: "emoji '\(key)'", "must be a single emoji"))
                continue
            }
            if let other = seen[scalar.value] {
                issues.append(CatalogIssue(file: file, entry: "emoji '\(key)'", "is listed twice (also as '\(other)')"))
                continue
            }
            seen[scalar.value] = key
            symbolTable.emoji[scalar.value] = Int32(symbols.count)
            symbols.append(AffectSymbol(text: String(scalar), valence: v))
        }
        var seenFaces: Set<[UInt8]> = []
        for (key, v) in emoticons {
            let bytes = Array(key.lowercased().utf8)
            let printable = bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F }
            let first = bytes.first ?? 0
            let startsWithWordChar = (first >= 0x61 && first <= 0x7A) || (first >= 0x30 && first <= 0x39) || first == 0x27 || first == 0x60
            guard (2...4).contains(bytes.count), printable, !startsWithWordChar else {
                issues.append(CatalogIssue(file: file, entry: "emoticons '\(key)'",
                                           "must be 2 to 4 printable ASCII characters that start with punctuation"))
                continue
            }
            guard seenFaces.insert(bytes).inserted else {
                issues.append(CatalogIssue(file: file, entry: "emoticons '\(key)'", "is listed twice"))
                continue
            }
            symbolTable.addEmoticon(bytes, index: Int32(symbols.count))
            symbols.append(AffectSymbol(text: String(decoding: bytes, as: UTF8.self), valence: v))
        }
    }

    var tokenizer: AffectTokenizer { AffectTokenizer(symbols: symbolTable) }

    /// Splits a listed word or phrase into token ids, adding new tokens to the vocabulary.
    mutating func tokenIDs(_ text: String, file: String, entry: String) -> [Int32]? {
        let scan = tokenizer.scan(text)
        guard !scan.tokens.isEmpty, scan.tokens.allSatisfy({ $0.kind == .word }) else {
            issues.append(CatalogIssue(file: file, entry: entry, "'\(text)' must be plain words (letters, apostrophes, spaces)"))
            return nil
        }
        guard scan.tokens.count <= Self.maxPhraseWords else {
            issues.append(CatalogIssue(file: file, entry: entry, "'\(text)' has \(scan.tokens.count) words; at most \(Self.maxPhraseWords)"))
            return nil
        }
        return scan.tokens.map { token in
            let bytes = Array(scan.norm[Int(token.start)..<Int(token.end)])
            let id = vocabulary.insert(bytes, value: Int32(vocabulary.count))
            if Int(id) == canonical.count {
                canonical.append(id)
                tokenText.append(String(decoding: bytes, as: UTF8.self))
            }
            return canonical[Int(id)]
        }
    }

    mutating func buildSpellings() {
        var pending: [(Int32, Int32, String, String)] = []
        var listed: [Int32: String] = [:]
        for (key, target, file) in spellings {
            let entry = "spellings '\(key)'"
            guard let from = tokenIDs(key, file: file, entry: entry), let to = tokenIDs(target, file: file, entry: entry) else { continue }
            guard from.count == 1, to.count == 1 else {
                issues.append(CatalogIssue(file: file, entry: entry, "both sides must be single words"))
                continue
            }
            guard from[0] != to[0] else {
                issues.append(CatalogIssue(file: file, entry: entry, "maps a word to itself"))
                continue
            }
            if let other = listed[from[0]] {
                issues.append(CatalogIssue(file: file, entry: entry, "is already listed in \(other)"))
                continue
            }
            listed[from[0]] = file
            pending.append((from[0], to[0], entry, file))
        }
        let keys = Set(pending.map(\.0))
        for (from, to, entry, file) in pending {
            if keys.contains(to) {
                issues.append(CatalogIssue(file: file, entry: entry, "maps to another variant; point it at the final word"))
            } else {
                canonical[Int(from)] = to
            }
        }
    }

    mutating func buildEntries() {
        // Room for every entry at once: growing the table of several thousand token sequences step
        // by step rehashed them all each time (a tenth of building this lexicon, in a profile).
        entryBySequence.reserveCapacity(rows.reduce(0) { $0 + 1 + $1.forms.count } + vaderRows.count + modifiers.count + 256)
        let wordsFile = AffectLexicon.wordsFile
        for (row, word) in rows.enumerated() {
            let entry = "words '\(word.name)'"
            for form in [word.name] + word.forms {
                guard let ids = tokenIDs(form, file: wordsFile, entry: entry) else { continue }
                if add(AffectEntry(text: joined(ids), tokens: ids, role: .word, valence: word.valence, modifier: nil, lemma: Int32(row)),
                       owner: entry, file: wordsFile) {
                    wordCount += 1
                }
            }
        }
        let rulesFile = AffectLexicon.rulesFile
        for (text, m) in modifiers {
            let entry = "modifiers '\(text)'"
            guard let ids = tokenIDs(text, file: rulesFile, entry: entry) else { continue }
            if let existing = entryBySequence[ids], entries[existing.index].role == .word, entries[existing.index].modifier == nil {
                entries[existing.index].modifier = m // a feeling word that also intensifies ("pretty", "dead")
                continue
            }
            add(AffectEntry(text: joined(ids), tokens: ids, role: .word, valence: nil, modifier: m, lemma: -1), owner: entry, file: rulesFile)
        }
        for (role, name, list) in roleLists {
            for text in list {
                let entry = "\(name) '\(text)'"
                guard let ids = tokenIDs(text, file: rulesFile, entry: entry) else { continue }
                if role == .skip && ids.count != 1 {
                    issues.append(CatalogIssue(file: rulesFile, entry: entry, "must be a single word"))
                    continue
                }
                add(AffectEntry(text: joined(ids), tokens: ids, role: role, valence: nil, modifier: nil, lemma: -1), owner: entry, file: rulesFile)
            }
        }
        buildFeelingEntries()
        buildVaderEntries()
    }

    @discardableResult
    mutating func add(_ entry: AffectEntry, owner: String, file: String) -> Bool {
        if let existing = entryBySequence[entry.tokens] {
            let what = existing.owner == owner ? "is listed twice" : "is already listed under \(existing.owner)"
            issues.append(CatalogIssue(file: file, entry: owner, "'\(entry.text)' \(what)"))
            return false
        }
        entryBySequence[entry.tokens] = (entries.count, owner)
        entries.append(entry)
        return true
    }

    func joined(_ ids: [Int32]) -> String {
        ids.map { tokenText[Int($0)] }.joined(separator: " ")
    }

    func compile() -> AffectLexicon {
        var single = [Int32](repeating: -1, count: vocabulary.count)
        var phrases = [[Int32]](repeating: [], count: vocabulary.count)
        for (index, entry) in entries.enumerated() {
            let first = Int(entry.tokens[0])
            if entry.tokens.count == 1 { single[first] = Int32(index) } else { phrases[first].append(Int32(index)) }
        }
        for i in phrases.indices where phrases[i].count > 1 {
            phrases[i].sort { entries[Int($0)].tokens.count > entries[Int($1)].tokens.count }
        }
        return AffectLexicon(wordCount: wordCount, tokenizer: tokenizer, vocabulary: vocabulary, canonical: canonical,
                             single: single, phrases: phrases, entries: entries, symbols: symbols, rules: rules,
                             families: families, rowFamily: rows.map { Int16($0.family) }, askBelow: askBelow,
                             sentenceModel: sentenceModel)
    }
}
