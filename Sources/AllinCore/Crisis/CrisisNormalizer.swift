/// The normalised views of a text that layers A and B match against (design notes §3.2).
///
/// The main view always exists. A de-leet view is added only when some word mixes letters with
/// digits or symbols, and a despaced view only when a long key was found across spaced letters or
/// glued words, so ordinary text pays for one pass.
struct CrisisNormalizer: Sendable {
    let tokenizer: CrisisTokenizer
    var vocabulary: CrisisVocabulary { tokenizer.vocabulary }
    var table: CrisisWordTable { tokenizer.table }

    init(vocabulary: CrisisVocabulary, table: CrisisWordTable, data: CrisisNormalizationData) {
        tokenizer = CrisisTokenizer(vocabulary: vocabulary, table: table, data: data)
    }

    /// Every view of `text`, main first; `despaced: false` skips the despaced view (layer B never reads it).
    func views(_ text: String, despaced: Bool = true) -> [CrisisView] {
        var buffers = CrisisBuffers()
        return views(text, despaced: despaced, reusing: &buffers)
    }

    /// `views(text)` built in `buffers`' arrays (the main view's arena and tokens, and the list);
    /// `buffers.keep(_:)` takes them back when the views are done with.
    func views(_ text: String, despaced: Bool = true, reusing buffers: inout CrisisBuffers) -> [CrisisView] {
        withCleanBytes(text) { bytes in
            let tokenizer = self.tokenizer
            let (main, wantsDeleet) = tokenizer.tokenize(bytes, kind: .main, deleet: false, text: &buffers.text, tokens: &buffers.tokens,
                                                               scratch: &buffers.scratchWord)
            var leet: CrisisView?
            if wantsDeleet {
                let view = tokenizer.tokenize(bytes, kind: .deleet, deleet: true).view
                if !sameIDs(view.tokens, main.tokens) { leet = view }
            }
            // The order is main, de-leet, then each one's despaced view.
            let mainDespaced = despaced ? despacedView(main) : nil
            let leetDespaced = despaced ? leet.flatMap { despacedView($0) } : nil
            var views: [CrisisView] = []
            swap(&views, &buffers.views)
            views.removeAll(keepingCapacity: true)
            views.append(main)
            if let leet { views.append(leet) }
            if let mainDespaced { views.append(mainDespaced) }
            if let leetDespaced { views.append(leetDespaced) }
            return views
        }
    }

    private func sameIDs(_ a: [CrisisToken], _ b: [CrisisToken]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.id == $1.id }
    }

    /// The main view only (what layer B and the help check read).
    func mainView(_ text: String) -> CrisisView {
        withCleanBytes(text) { tokenizer.tokenize($0, kind: .main, deleet: false).view }
    }

    private func withCleanBytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let original = text
        var text = text
        return text.withUTF8 { bytes in
            if CrisisUnicode.isASCII(bytes) { return body(bytes) }
            let cleaned = CrisisUnicode.clean(original, data: tokenizer.data)
            return cleaned.withUnsafeBufferPointer(body)
        }
    }

    // MARK: - Despaced view

    /// Finds long keys in the letters of consecutive words ("e n d m y l i f e", "killmyself",
    /// "iwanttodie"). A key must start and end on word edges, or lie inside one unknown glued word,
    /// so "weekend my life" or "skill myself" never match.
    func despacedView(_ view: CrisisView) -> CrisisView? {
        let trie = tokenizer.data.despaced
        guard !trie.phrases.isEmpty else { return nil }
        let tokens = view.tokens
        var replacements: [(first: Int, last: Int, phrase: Int, prefix: [UInt8], suffix: [UInt8])] = []
        var k = 0
        while k < tokens.count {
            let t = tokens[k]
            var found = false
            // Aligned keys across one or more words (never from a known word no key begins with).
            var node = 0
            var m = k
            let oneWordSentences = k + 1 < tokens.count && tokens[k + 1].has(CrisisToken.hardBefore)
            walk: while m < tokens.count && tokenizer.mayBeginDespaced(t.id) {
                // A sentence break ends the walk, unless every word so far is a sentence of its
                // own ("kill. my. self."): a key spelled out one word per sentence still counts.
                if m > k && tokens[m].has(CrisisToken.hardBefore) {
                    let ownSentence = m + 1 == tokens.count || tokens[m + 1].has(CrisisToken.hardBefore)
                    if !(oneWordSentences && ownSentence) { break }
                }
                let tm = tokens[m]
                for p in Int(tm.start)..<Int(tm.end) {
                    node = trie.child(node, view.text[p])
                    if node < 0 { break walk }
                }
                let phrase = trie.terminal[node]
                // The key's own words count too when sentence breaks split them ("Kill. Myself.").
                if phrase >= 0 && (m > k || t.id < 0)
                    && (!sameWords(view, k...m, trie.phrases[Int(phrase)]) || (k..<m).contains { tokens[$0 + 1].has(CrisisToken.hardBefore) }) {
                    replacements.append((k, m, Int(phrase), [], []))
                    found = true
                    k = m + 1
                    break walk
                }
                m += 1
            }
            if found { continue }
            // A key inside one unknown glued word, with a leftover prefix or suffix.
            if t.id < 0 && t.end - t.start >= 8 {
                let bytes = Array(view.text[Int(t.start)..<Int(t.end)])
                inner: for offset in 0..<bytes.count {
                    var node = 0
                    var p = offset
                    while p < bytes.count {
                        node = trie.child(node, bytes[p])
                        if node < 0 { break }
                        p += 1
                        let phrase = trie.terminal[node]
                        if phrase >= 0 {
                            replacements.append((k, k, Int(phrase), Array(bytes[0..<offset]), Array(bytes[p...])))
                            found = true
                            break inner
                        }
                    }
                }
            }
            k += 1
        }
        guard !replacements.isEmpty else { return nil }
        var out = CrisisView(kind: .despaced)
        out.text = view.text
        let tokenizer = self.tokenizer
        var next = 0
        for r in replacements {
            out.tokens.append(contentsOf: tokens[next..<r.first])
            let boundary = tokens[r.first].flags & (CrisisToken.hardBefore | CrisisToken.softBefore)
            var words: [Int32] = []
            if !r.prefix.isEmpty, let id = r.prefix.withUnsafeBufferPointer({ vocabulary.lookup($0) }) {
                words.append(contentsOf: expanded(id))
            }
            // The phrase's words as the tokenizer would have read them typed apart ("wanna" is
            // "want to"), so a glued "iwannadie" reads like "i wanna die".
            for id in trie.phrases[r.phrase] { words.append(contentsOf: expanded(id)) }
            if !r.suffix.isEmpty, let id = r.suffix.withUnsafeBufferPointer({ vocabulary.lookup($0) }) {
                words.append(contentsOf: expanded(id))
            }
            for (i, id) in words.enumerated() {
                out.tokens.append(tokenizer.makeToken(id, in: &out, flags: i == 0 ? boundary : 0))
            }
            next = r.last + 1
        }
        out.tokens.append(contentsOf: tokens[next...])
        return out
    }

    private func expanded(_ id: Int32) -> [Int32] {
        let e = table.attrs[Int(id)].expansion
        return e >= 0 ? table.expansions[Int(e)] : [id]
    }

    private func sameWords(_ view: CrisisView, _ range: ClosedRange<Int>, _ phrase: [Int32]) -> Bool {
        guard range.count == phrase.count else { return false }
        for (i, p) in zip(range, phrase) where view.tokens[i].id != p { return false }
        return true
    }
}
