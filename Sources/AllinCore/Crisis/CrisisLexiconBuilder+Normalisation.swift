import Foundation

extension CrisisLexiconBuilder {
    /// Reads `crisis/normalisation.json`: the tables of §3.2.
    mutating func readNormalisation(_ data: Data?) {
        var r = CrisisJSONReader(file: CrisisLexicon.normalisationFile)
        defer { issues += r.issues }
        guard let root = r.root(data) else { return }
        r.checkKeys(root, ["about", "apostrophes", "confusables", "emoji", "contractions", "joins", "fillers", "leet",
                           "lemmas", "fuzzyAnchors", "obfuscationTargets", "despaced", "commonWords"], nil)

        for (entry, value) in items(&r, root, "apostrophes") {
            guard let s = r.string(value, entry, "value"), let scalar = single(s) else {
                r.issue(entry, "must be exactly one character")
                continue
            }
            if !norm.apostrophes.insert(scalar).inserted { r.issue(entry, "duplicate apostrophe") }
        }

        for (entry, value) in items(&r, root, "confusables") {
            guard let obj = r.object(value, entry, "confusable") else { continue }
            r.checkKeys(obj, ["from", "to", "note"], entry)
            guard let from = r.string(obj["from"], entry, "from"), let to = r.string(obj["to"], entry, "to") else { continue }
            guard let scalar = single(from), scalar.value >= 0x80 else {
                r.issue(entry, "from must be one non-ASCII character")
                continue
            }
            guard Self.isWord(to) else {
                r.issue(entry, "to must be lowercase ASCII letters")
                continue
            }
            if norm.confusables[scalar] != nil { r.issue(entry, "duplicate confusable '\(from)'") }
            norm.confusables[scalar] = to
        }

        for (entry, value) in items(&r, root, "emoji") {
            guard let obj = r.object(value, entry, "emoji") else { continue }
            r.checkKeys(obj, ["emoji", "word", "note"], entry)
            guard let e = r.string(obj["emoji"], entry, "emoji"), let word = r.string(obj["word"], entry, "word") else { continue }
            guard let scalar = single(e) else {
                r.issue(entry, "emoji must be exactly one character")
                continue
            }
            guard Self.isWord(word) else {
                r.issue(entry, "word must be lowercase letters")
                continue
            }
            if norm.emoji[scalar] != nil { r.issue(entry, "duplicate emoji '\(e)'") }
            norm.emoji[scalar] = word
            vocabulary.intern(word)
        }

        var seenRewrites: Set<String> = []
        for (entry, value) in items(&r, root, "contractions") {
            guard let obj = r.object(value, entry, "contraction") else { continue }
            r.checkKeys(obj, ["from", "to", "apostropheOnly", "note"], entry)
            guard let fromText = r.string(obj["from"], entry, "from"),
                  let toText = r.string(obj["to"], entry, "to", allowEmpty: true),
                  let from = phrase(&r, fromText, entry, "from"),
                  let to = phrase(&r, toText, entry, "to", allowEmpty: true) else { continue }
            let apostropheOnly = r.bool(obj["apostropheOnly"], entry, "apostropheOnly", default: false)
            guard from.count <= 2 else {
                r.issue(entry, "from must be one or two words")
                continue
            }
            if !seenRewrites.insert(fromText).inserted { r.issue(entry, "duplicate contraction '\(fromText)'") }
            addRewrite(from: from, to: to, apostropheOnly: apostropheOnly, fillerPair: false)
        }

        for (entry, value) in items(&r, root, "joins") {
            guard let obj = r.object(value, entry, "join") else { continue }
            r.checkKeys(obj, ["from", "to", "note"], entry)
            guard let fromText = r.string(obj["from"], entry, "from"), let toText = r.string(obj["to"], entry, "to"),
                  let from = phrase(&r, fromText, entry, "from"), let to = phrase(&r, toText, entry, "to") else { continue }
            guard from.count == 2 else {
                r.issue(entry, "from must be two words")
                continue
            }
            if !seenRewrites.insert(fromText).inserted { r.issue(entry, "duplicate rewrite '\(fromText)'") }
            addRewrite(from: from, to: to, apostropheOnly: false, fillerPair: false)
        }

        var seenFillers: Set<String> = []
        for (entry, value) in items(&r, root, "fillers") {
            guard let text = r.string(value, entry, "value"), let words = phrase(&r, text, entry, "value") else { continue }
            guard words.count <= 2 else {
                r.issue(entry, "a filler is one or two words")
                continue
            }
            if !seenFillers.insert(text).inserted { r.issue(entry, "duplicate filler '\(text)'") }
            if words.count == 1 {
                flagWords.append((words[0], CrisisWordTable.filler))
                vocabulary.intern(words[0])
            } else {
                addRewrite(from: words, to: [], apostropheOnly: false, fillerPair: true)
            }
        }

        for (entry, value) in items(&r, root, "leet") {
            guard let obj = r.object(value, entry, "leet") else { continue }
            r.checkKeys(obj, ["from", "to", "note"], entry)
            guard let from = r.string(obj["from"], entry, "from") else { continue }
            let to = r.strings(obj["to"], entry, "to")
            guard from.utf8.count == 1, let b = from.utf8.first, CrisisTokenizer.isDigit(b) || CrisisTokenizer.isLeetSymbol(b) else {
                r.issue(entry, "from must be one digit or one of @ $ ! *")
                continue
            }
            var letters: [UInt8] = []
            for t in to {
                guard t.utf8.count == 1, let l = t.utf8.first, l >= 97 && l <= 122 else {
                    r.issue(entry, "to must list single lowercase letters")
                    continue
                }
                letters.append(l)
            }
            if norm.leet[b] != nil { r.issue(entry, "duplicate leet character '\(from)'") }
            norm.leet[b] = letters
        }

        var formOwner: [String: String] = [:]
        for (entry, value) in items(&r, root, "lemmas") {
            guard let obj = r.object(value, entry, "lemma") else { continue }
            r.checkKeys(obj, ["lemma", "forms", "past", "note"], entry)
            guard let lemma = r.string(obj["lemma"], entry, "lemma") else { continue }
            let named = "\(entry) (\(lemma))"
            guard Self.isWord(lemma) else {
                r.issue(named, "lemma must be lowercase letters")
                continue
            }
            let forms = r.strings(obj["forms"], named, "forms")
            let past = r.strings(obj["past"], named, "past", required: false)
            let lemmaID = vocabulary.intern(lemma)
            for f in forms {
                guard Self.isWord(f) else {
                    r.issue(named, "form '\(f)' must be lowercase letters")
                    continue
                }
                if f == lemma { r.issue(named, "form '\(f)' repeats the lemma") }
                if let owner = formOwner[f] { r.issue(named, "form '\(f)' is already a form of '\(owner)'") }
                formOwner[f] = lemma
                let id = vocabulary.intern(f)
                table.grow(to: vocabulary.count)
                table.attrs[Int(id)].lemma = lemmaID
            }
            for p in past {
                guard forms.contains(p) || p == lemma else {
                    r.issue(named, "past form '\(p)' is not listed in forms")
                    continue
                }
                flagWords.append((p, CrisisWordTable.pastForm))
            }
        }

        for (entry, value) in items(&r, root, "fuzzyAnchors") {
            guard let obj = r.object(value, entry, "anchor") else { continue }
            r.checkKeys(obj, ["word", "exclude", "note"], entry)
            guard let word = r.string(obj["word"], entry, "word") else { continue }
            guard Self.isWord(word), word.utf8.count >= 5 else {
                r.issue(entry, "anchor must be lowercase letters, 5 or more")
                continue
            }
            if !norm.fuzzyAnchors.append(.init(word: word, id: vocabulary.intern(word))) {
                r.issue(entry, "duplicate anchor '\(word)'")
            }
            // Real words near an anchor become known words, and known words are never fuzzed.
            for ex in r.strings(obj["exclude"], entry, "exclude", required: false) {
                guard Self.isWord(ex) else {
                    r.issue(entry, "exclude word '\(ex)' must be lowercase letters")
                    continue
                }
                vocabulary.intern(ex)
            }
        }

        var seenTargets: Set<String> = []
        for (entry, value) in items(&r, root, "obfuscationTargets") {
            guard let w = r.string(value, entry, "value") else { continue }
            guard Self.isWord(w) else {
                r.issue(entry, "must be lowercase letters")
                continue
            }
            if !seenTargets.insert(w).inserted { r.issue(entry, "duplicate target '\(w)'") }
            norm.obfuscationTargets.append((Array(w.utf8), vocabulary.intern(w)))
        }

        var seenKeys: Set<String> = []
        for (entry, value) in items(&r, root, "despaced") {
            guard let obj = r.object(value, entry, "despaced key") else { continue }
            r.checkKeys(obj, ["key", "phrase", "note"], entry)
            guard let key = r.string(obj["key"], entry, "key"), let text = r.string(obj["phrase"], entry, "phrase"),
                  let words = phrase(&r, text, entry, "phrase") else { continue }
            guard key.utf8.allSatisfy({ $0 >= 97 && $0 <= 122 }), key.utf8.count >= 8 else {
                r.issue(entry, "key must be 8 or more letters a-z (short keys collide with ordinary words)")
                continue
            }
            guard words.joined() == key else {
                r.issue(entry, "phrase '\(text)' does not spell the key '\(key)'")
                continue
            }
            if !seenKeys.insert(key).inserted { r.issue(entry, "duplicate key '\(key)'") }
            norm.despaced.insert(Array(key.utf8), phrase: words.map { vocabulary.intern($0) })
        }

        var seenCommon: Set<String> = []
        for (entry, value) in items(&r, root, "commonWords") {
            guard let w = r.string(value, entry, "value") else { continue }
            guard Self.isWord(w) else {
                r.issue(entry, "must be lowercase letters or digits")
                continue
            }
            if !seenCommon.insert(w).inserted { r.issue(entry, "duplicate common word '\(w)'") }
            commonWords.insert(vocabulary.intern(w))
            flagWords.append((w, CrisisWordTable.common))
        }
        table.grow(to: vocabulary.count)
        norm.buildFoldTables()
    }

    private func single(_ s: String) -> Unicode.Scalar? {
        let scalars = Array(s.unicodeScalars)
        return scalars.count == 1 ? scalars[0] : nil
    }

    /// Registers a one-word contraction or a two-word rewrite.
    mutating func addRewrite(from: [String], to: [String], apostropheOnly: Bool, fillerPair: Bool) {
        let ids = to.map { vocabulary.intern($0) }
        let first = vocabulary.intern(from[0])
        table.grow(to: vocabulary.count)
        if from.count == 1 {
            table.attrs[Int(first)].expansion = Int32(table.expansions.count)
            table.expansions.append(ids)
            if apostropheOnly {
                table.attrs[Int(first)].flags |= CrisisWordTable.apostropheOnly
            } else {
                rewrittenWords[from[0]] = to.isEmpty ? "(nothing)" : to.joined(separator: " ")
            }
            return
        }
        let second = vocabulary.intern(from[1])
        table.grow(to: vocabulary.count)
        table.attrs[Int(first)].flags |= CrisisWordTable.pairStart
        table.pairs[first, default: []].append((second, ids, fillerPair))
        if !fillerPair { rewrittenPairs[from.joined(separator: " ")] = to.joined(separator: " ") }
    }
}
