/// Reading a hit's context: its subject, negation, the distant past, and the reason sentence (§3.4).
extension CrisisDetector {
    /// The first token of the hit that is not the first-person subject itself.
    func coreStart(_ m: CrisisMatch, _ scan: borrowing CrisisScan) -> Int {
        var p = m.start
        while p < m.end - 1 && lexicon.table.has(scan.tokens[p].id, CrisisWordTable.firstPerson) { p += 1 }
        return p
    }

    /// The nearest subject before the hit, within its clause.
    func resolveSubject(_ m: CrisisMatch, _ core: Int, _ scan: borrowing CrisisScan) -> Subject {
        let table = lexicon.table
        for p in m.start..<m.end {
            let id = scan.tokens[p].id
            if table.has(id, CrisisWordTable.otherReflexive) {
                return table.has(id, CrisisWordTable.secondPerson) ? .secondPerson : .thirdParty(named: false)
            }
        }
        if core > m.start { return .firstPerson }
        var p = core - 1
        var steps = 0
        while p >= 0 && steps < 12 {
            let t = scan.tokens[p]
            if t.has(CrisisToken.clauseWord) { break }
            let id = t.id
            if table.has(id, CrisisWordTable.firstPerson) { return .firstPerson }
            if table.has(id, CrisisWordTable.mediaSubject) { return .media }
            if table.has(id, CrisisWordTable.relation) {
                // "my friend" is a real person; "a girl" in a sentence about a book may be a character.
                let possessed = p > 0 && (table.has(scan.tokens[p - 1].id, CrisisWordTable.firstPerson)
                    || table.has(scan.tokens[p - 1].id, CrisisWordTable.thirdPerson) || table.has(scan.tokens[p - 1].id, CrisisWordTable.generic))
                return .thirdParty(named: possessed)
            }
            if table.has(id, CrisisWordTable.thirdPerson) { return .thirdParty(named: false) }
            if table.has(id, CrisisWordTable.secondPerson) { return .secondPerson }
            if table.has(id, CrisisWordTable.generic) { return .generic }
            if id < 0 && t.has(CrisisToken.capitalized) && !t.has(CrisisToken.hardBefore) { return .thirdParty(named: false) }
            if t.boundaryBefore { break }
            p -= 1
            steps += 1
        }
        if core < scan.count && table.has(scan.tokens[core].id, CrisisWordTable.thirdSingularVerb) { return .thirdParty(named: false) }
        return .none
    }

    /// A hit with no subject written that names the speaker's own life, body or things ("want to
    /// end my life", "counting out my pills") is theirs; only a media word in its own clause ("killing
    /// myself over this essay") makes it a topic. A film watched later that day, in another clause,
    /// does not.
    func mediaOnlyElsewhere(_ m: CrisisMatch, _ core: Int, _ scan: inout CrisisScan) -> Bool {
        let vocabulary = lexicon.vocabulary
        let own = ["my", "myself", "mine"].compactMap { vocabulary.id(of: $0) }
        guard (core..<m.end).contains(where: { own.contains(scan.tokens[$0].id) }) else { return false }
        let clause = scan.clauseStart(m.start)..<scan.clauseEnd(Swift.max(m.end - 1, m.start))
        return scan.first(lexicon.frames.media, in: clause) == nil
    }

    /// "an essay on suicide", "reading about self harm": a preposition right before the topic word.
    func isTopic(_ core: Int, _ scan: borrowing CrisisScan) -> Bool {
        var p = core - 1
        while p >= 0 && scan.tokens[p].has(CrisisToken.filler) { p -= 1 }
        return p >= 0 && lexicon.table.has(scan.tokens[p].id, CrisisWordTable.preposition)
    }

    /// NegEx-style: a negator governs the hit only through words that carry intent ("would never",
    /// "do not want to", "have no desire to"); a pseudo-negation ("cannot stop", "no one") never does.
    func isNegated(_ m: CrisisMatch, _ core: Int, _ scan: inout CrisisScan) -> Bool {
        if m.negatedInside { return true }
        let table = lexicon.table
        var p = core - 1
        var steps = 0
        while p >= 0 && steps < 8 {
            let t = scan.tokens[p]
            // A clause word ends the search, except one that reads through right after a negator
            // ("never once wanted to": there "once" is not "once I finish").
            if t.has(CrisisToken.clauseWord)
                && !(p > 0 && scan.tokens[p - 1].has(CrisisToken.negator) && table.has(t.id, CrisisWordTable.transparent)) {
                return false
            }
            // "no suicidal thoughts": a determiner negator straight before the hit.
            if p == core - 1 && table.has(t.id, CrisisWordTable.nounNegator) { return true }
            if t.has(CrisisToken.negator) || scan.covers(lexicon.frames.negatorPhrases, p) {
                return !scan.covers(lexicon.frames.pseudoNegations, p)
            }
            if !(t.has(CrisisToken.filler) || table.has(t.id, CrisisWordTable.transparent) || table.has(t.id, CrisisWordTable.firstPerson)) {
                return false
            }
            if t.boundaryBefore { return false }
            p -= 1
            steps += 1
        }
        return false
    }

    /// "used to", "years ago", "when i was 12" before the hit, with no "but now" in between, or after
    /// it in its own clause ("I wanted to die years ago"). A time of now in the hit's clause ("going
    /// to hang myself tonight, last year was hell") or a marker in a later clause is not the past.
    func isRemotePast(_ m: CrisisMatch, _ core: Int, _ scan: inout CrisisScan) -> Bool {
        let sentence = scan.sentence(around: m.start)
        guard let marker = scan.first(lexicon.frames.remotePast, in: sentence) else { return false }
        let clause = scan.clauseStart(m.start)..<Swift.max(scan.clauseEnd(Swift.max(m.end - 1, m.start)), m.end)
        if scan.first(lexicon.frames.recentTime, in: clause) != nil { return false }
        if marker.start >= m.end { return marker.start <= clause.upperBound }   // its own clause, or one it opens ("when i was 16")
        // A marker inside the hit itself ("hit me when i was 17", the rule's own "when") dates it.
        if marker.end > core { return true }
        for p in marker.end..<core where lexicon.table.has(scan.tokens[p].id, CrisisWordTable.contrast) { return false }
        return true
    }

    static func reason(_ what: String, _ note: Note, _ tier: CrisisTier) -> String {
        switch note {
        case .plain: return "Matched \(what)."
        case .escalated: return "Matched \(what) together with a method, means or time marker."
        case .negated: return "Matched \(what), but it is negated, so it is only a concern."
        case .lowered: return "Matched \(what), but the wording around it reads as hyperbole or an accident, so it is only a concern."
        case .thirdPresent: return "Matched \(what) about another person who may be in danger now."
        case .thirdPast: return "Matched \(what) about another person in the past, a concern rather than a disclosure."
        case .thirdCared: return "Matched \(what) about another person who is in care or has help now, so it is only a concern."
        case .generic: return "Matched \(what) said of people in general, so it is only a concern."
        case .secondPerson: return "Matched \(what) addressed to someone else, so it is only a concern."
        case .remotePast: return "Matched \(what) about the distant past, so it is only a concern."
        case .topic: return "Matched \(what) as a topic being read or talked about, so it is only a concern."
        case .question: return "Matched \(what) inside a reported question, so it is only a concern."
        }
    }
}
