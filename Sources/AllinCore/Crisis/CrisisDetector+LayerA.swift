extension CrisisDetector {
    /// Who a hit is about, from the clause subject (§3.4).
    enum Subject: Equatable {
        case none, firstPerson, generic, secondPerson, media
        /// The hit is the object of "about", "on", "of": a topic being read, written or talked about.
        case topic
        /// `named`: a relation noun ("my friend"), a real person, so media words nearby do not matter.
        case thirdParty(named: Bool)
    }

    /// Why a hit's tier moved, for the reason sentence.
    enum Note {
        case plain, escalated, negated, lowered, thirdPresent, thirdPast, thirdCared, generic, secondPerson, remotePast, topic, question
    }

    /// Idioms first (each consumes its span), then every rule over what is left.
    func scanA(_ view: CrisisView, _ shared: inout CrisisScratch) -> CrisisCandidate? {
        var scan = CrisisScan(program: lexicon.programA, tokens: view.tokens, scratch: &shared, sharePresence: true)
        defer { scan.giveBack(to: &shared, sharePresence: true) }
        let idiomHits = scan.candidates(lexicon.idiomIndex)
        if !idiomHits.isEmpty {
            // The presence bitset of all the words still serves the words left after the idioms.
            scan.giveBack(to: &shared, sharePresence: true)
            scan = CrisisScan(program: lexicon.programA, tokens: removingIdioms(idiomHits, from: view.tokens),
                              scratch: &shared, sharePresence: true)
        }
        let hits = scan.candidates(lexicon.ruleIndex)
        var best: CrisisCandidate?
        for m in hits {
            let r = ruleOfEntry[m.entry]
            guard r >= 0 else { continue }
            guard let c = evaluate(Int(r), m, &scan, in: view) else { continue }
            if best == nil || c.tier > best!.tier {
                best = c
                if c.tier == .immediate { break }
            }
        }
        return best
    }

    /// Drops idiom spans (longest first at each start, no overlaps); the next word starts a new clause
    /// so nothing matches across the gap.
    func removingIdioms(_ hits: [CrisisMatch], from tokens: [CrisisToken]) -> [CrisisToken] {
        var removed = [Bool](repeating: false, count: tokens.count)
        let ordered = hits.sorted { $0.start != $1.start ? $0.start < $1.start : $0.end > $1.end }
        var reach = 0
        for h in ordered where h.start >= reach && h.end > h.start {
            for i in h.start..<h.end { removed[i] = true }
            reach = h.end
        }
        var out: [CrisisToken] = []
        out.reserveCapacity(tokens.count)
        // A removed span leaves a clause break, and keeps any sentence break it swallowed.
        var carried: UInt16 = 0
        var gap = false
        for (i, t) in tokens.enumerated() {
            if removed[i] {
                carried |= t.flags & CrisisToken.hardBefore
                gap = true
                continue
            }
            var t = t
            if gap { t.flags |= CrisisToken.softBefore | carried }
            gap = false
            carried = 0
            out.append(t)
        }
        return out
    }

    // MARK: - One hit

    /// A rule's line guard is read within `CrisisScan.contextReach` tokens of the hit, not over the
    /// whole answer: an everyday word far from the statement must not cancel it.
    static func guardReach(_ m: CrisisMatch, _ count: Int) -> Range<Int> {
        Swift.max(0, m.start - CrisisScan.contextReach)..<Swift.min(count, m.end + CrisisScan.contextReach)
    }

    func evaluate(_ ruleIndex: Int, _ m: CrisisMatch, _ scan: inout CrisisScan, in view: CrisisView) -> CrisisCandidate? {
        let rule = lexicon.rules[ruleIndex]
        var tier = rule.tier
        var note = Note.plain
        var isThirdParty = false
        var spanEnd = m.end
        var spanStart = m.start
        let line = 0..<scan.count

        var lowered = false
        for g in rule.guards {
            if scan.first(g.release, in: line) != nil { continue }
            var hit = false
            for e in g.after where !hit {
                if scan.match(e, at: m.end) != nil { hit = true }
            }
            if !hit && m.start > 0 {
                for e in g.previous where !hit {
                    if let p = scan.match(e, at: m.start - 1), p.end <= m.start { hit = true }
                }
            }
            for e in g.at where !hit {
                if scan.match(e, at: m.start) != nil { hit = true }
            }
            if !hit && !g.before.isEmpty {
                let lo = scan.clauseStart(m.start)
                if scan.first(g.before, in: lo..<m.start) != nil { hit = true }
            }
            if !hit && !g.line.isEmpty && scan.first(g.line, in: Self.guardReach(m, scan.count)) != nil { hit = true }
            guard hit else { continue }
            switch g.action {
            case .reject:
                return nil
            case .lower(let t):
                if t < tier {
                    tier = t
                    lowered = true
                    note = .lowered
                }
            }
        }

        for group in rule.requires {
            guard let found = scan.first(group, in: range(rule.requireScope, m, &scan)) else { return nil }
            spanStart = Swift.min(spanStart, found.start)
            spanEnd = Swift.max(spanEnd, found.end)
        }

        if !lowered {
            for esc in rule.escalations where esc.tier > tier {
                if let found = scan.first(esc.any, in: range(esc.scope, m, &scan)) {
                    tier = esc.tier
                    note = .escalated
                    if abs(found.start - m.start) < 8 {
                        spanStart = Swift.min(spanStart, found.start)
                        spanEnd = Swift.max(spanEnd, found.end)
                    }
                }
            }
        }

        let core = coreStart(m, scan)
        switch rule.frame {
        case .plain:
            break
        case .firstPerson:
            if isRemotePast(m, core, &scan) {
                tier = Swift.min(tier, .concern)
                note = .remotePast
            }
        case .thirdParty:
            (tier, note) = thirdParty(rule, m, tier, &scan)
            isThirdParty = true
        case .resolve:
            var subject = resolveSubject(m, core, scan)
            if rule.topic && isTopic(core, scan) && subject != .thirdParty(named: true) { subject = .topic }
            let media = scan.first(lexicon.frames.media, in: scan.sentence(around: m.start)) != nil
            if subject == .none && media && mediaOnlyElsewhere(m, core, &scan) { subject = .firstPerson }
            // A hit about a film, the news or a study is no finding, unless the writer or a named
            // person is its subject.
            if media && subject != .firstPerson && subject != .thirdParty(named: true) { return nil }
            switch subject {
            case .firstPerson, .none:
                if isRemotePast(m, core, &scan) {
                    tier = Swift.min(tier, .concern)
                    note = .remotePast
                }
            case .generic: (tier, note) = (Swift.min(tier, .concern), .generic)
            case .secondPerson: (tier, note) = (Swift.min(tier, .concern), .secondPerson)
            case .topic: (tier, note) = (Swift.min(tier, .concern), .topic)
            case .media:
                return nil
            case .thirdParty:
                (tier, note) = thirdParty(rule, m, tier, &scan)
                isThirdParty = true
            }
        }

        // "my therapist asked if i ever have urges to ...": a reported question, not a disclosure.
        if tier > .concern && rule.frame != .plain {
            let lo = Swift.max(scan.sentence(around: m.start).lowerBound, m.start - 10)
            if lo < m.start, scan.first(lexicon.frames.reportedQuestions, in: lo..<m.start) != nil {
                tier = .concern
                note = .question
            }
        }

        let negated = rule.negatable && tier > .concern && isNegated(m, core, &scan)
        if negated {
            tier = .concern
            note = .negated
        }
        guard tier > .none else { return nil }
        let spanView = scan.spannedView(of: view)
        let range = spanStart..<spanEnd
        return CrisisCandidate(tier: tier, rule: ruleIndex, thirdParty: isThirdParty, negated: negated, note: note, matched: { spanView.span(range) })
    }

    /// A rule written about someone else ("A.thirdParty.goodbyeMessage") keeps its id as it is.
    static func thirdPartyID(_ id: String) -> String { id.hasPrefix("A.thirdParty.") ? id : "A.thirdParty." + id.dropFirst(2) }

    private func range(_ scope: CrisisRule.Scope, _ m: CrisisMatch, _ scan: inout CrisisScan) -> Range<Int> {
        switch scope {
        case .line: return 0..<scan.count
        case .sentence: return scan.sentence(around: m.start)
        case .clause: return scan.clauseStart(m.start)..<Swift.max(scan.clauseEnd(Swift.max(m.end - 1, m.start)), m.end)
        }
    }

    /// Present danger (recent or ongoing) keeps the rule's third-party tier; a past event is a concern.
    private func thirdParty(_ rule: CrisisRule, _ m: CrisisMatch, _ tier: CrisisTier, _ scan: inout CrisisScan) -> (CrisisTier, Note) {
        let present = Swift.min(tier, rule.thirdPartyTier)
        // Someone else in care now ("she's safe in hospital now"), or with help for what is neither an
        // act under way nor a recent one ("he has a therapist"), with nothing saying the danger goes
        // on: the writer is asked how they are, not sent to crisis support for a danger answered.
        let line = 0..<scan.count
        if scan.first(lexicon.frames.theyAreCaredFor, in: line) != nil
            || (tier < .immediate && !rule.id.contains("recentAct") && scan.first(lexicon.frames.recentTime, in: line) == nil
                && scan.first(lexicon.frames.theyHaveHelp, in: line) != nil),
           scan.first(lexicon.frames.theyAreCaredForBut, in: line) == nil {
            return (Swift.min(tier, .concern), .thirdCared)
        }
        guard rule.tense != .ignore else { return (present, .thirdPresent) }
        let sentence = scan.sentence(around: m.start)
        // A death already told ("my uncle took his own life, today is the anniversary") is past even
        // on the day it is told (the frame's patterns leave out "nearly killed himself", "tried to").
        let near = Swift.max(sentence.lowerBound, m.start - 6)..<Swift.min(sentence.upperBound, m.end + 3)
        if let died = scan.first(lexicon.frames.theyDied, in: near), died.start < m.end && m.start < died.end {
            return (Swift.min(tier, .concern), .thirdPast)
        }
        if scan.first(lexicon.frames.recentTime, in: sentence) != nil { return (present, .thirdPresent) }
        var past = false
        if rule.tense == .check {
            for p in m.start..<m.end where lexicon.table.has(scan.tokens[p].id, CrisisWordTable.pastForm) { past = true }
        }
        // "she was suicidal": a past copula right before the hit; "said she was going to" is not adjacent.
        var before = m.start - 1
        while before >= 0 && scan.tokens[before].has(CrisisToken.filler) { before -= 1 }
        if rule.tense == .check && before >= 0 && lexicon.table.has(scan.tokens[before].id, CrisisWordTable.pastForm) { past = true }
        if !past {
            let clause = scan.clauseStart(m.start)..<scan.clauseEnd(Swift.max(m.end - 1, m.start))
            if scan.first(lexicon.frames.pastMarkers, in: clause) != nil || scan.first(lexicon.frames.remotePast, in: sentence) != nil {
                past = true
            }
        }
        return past ? (Swift.min(tier, .concern), .thirdPast) : (present, .thirdPresent)
    }
}
