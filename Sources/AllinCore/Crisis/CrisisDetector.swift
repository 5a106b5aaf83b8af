import Foundation

/// Layers A and B over free text. Pure, Sendable, thread-safe, built once per catalog.
public struct CrisisDetector: Sendable {
    let lexicon: CrisisLexicon
    let normalizer: CrisisNormalizer
    /// Rule index of each layer-A entry, or -1 (flat, so the hot loop does no hashing).
    let ruleOfEntry: [Int32]
    /// Layer B's reason for each clear score (0.00 … 1.00), built once so a clear line formats nothing.
    let clearReasons: [String]

    public init(lexicon: CrisisLexicon) {
        self.lexicon = lexicon
        self.normalizer = lexicon.normalizer
        var map = [Int32](repeating: -1, count: lexicon.programA.entries.count)
        for (entry, rule) in lexicon.ruleOfEntry where entry >= 0 && entry < map.count { map[entry] = Int32(rule) }
        self.ruleOfEntry = map
        self.clearReasons = (0...100).map { "Layer B scored \(Self.format(Double($0) / 100)), below the concern band." }
    }

    /// Layer A: the normalised phrase grammar. Returns the highest-tier finding (tier .none when clear).
    public func layerA(_ text: String) -> CrisisFinding {
        layerA(prepare(text))
    }

    /// Both layers over one normalisation of `text` (the router's usual call: half the work of
    /// calling `layerA` and `layerB` separately, same results).
    public func layers(_ text: String) -> (a: CrisisFinding, b: CrisisFinding) {
        var buffers = CrisisBuffers()
        return layers(text, reusing: &buffers)
    }

    /// `layers(text)` with the caller's scratch space, kept from line to line by a caller that checks
    /// many (see `CrisisBuffers`): an ordinary line then allocates almost nothing. Results never
    /// depend on what the buffers held.
    public func layers(_ text: String, reusing buffers: inout CrisisBuffers) -> (a: CrisisFinding, b: CrisisFinding) {
        let (a, b, _) = layers(text, reusing: &buffers, askingForHelp: false)
        return (a, b)
    }

    /// `layers` and `isHelpRequest` over one normalisation (`allin classify` reports both).
    public func layersAndHelp(_ text: String, reusing buffers: inout CrisisBuffers) -> (a: CrisisFinding, b: CrisisFinding, help: Bool) {
        layers(text, reusing: &buffers, askingForHelp: true)
    }

    /// An invisible character (a joiner, a zero-width space, a direction mark) is read both ways:
    /// gone, as inside a word ("ki<ZWSP>ll"), and as a space, as between two ("want<RLM>to"), and
    /// the stronger finding of each layer is kept. Text is stored as typed, so these reach the
    /// detector as they were written; a line without them is read once.
    private func layers(_ text: String, reusing buffers: inout CrisisBuffers, askingForHelp: Bool)
        -> (a: CrisisFinding, b: CrisisFinding, help: Bool) {
        let first = reading(text, reusing: &buffers, askingForHelp: askingForHelp)
        guard let spaced = Self.invisiblesAsSpaces(text) else { return first }
        let second = reading(spaced, reusing: &buffers, askingForHelp: askingForHelp)
        return (Self.stronger(first.a, second.a), Self.stronger(first.b, second.b), first.help || second.help)
    }

    /// `text` with its invisible format characters as spaces, or nil when it has none.
    static func invisiblesAsSpaces(_ text: String) -> String? {
        guard text.utf8.contains(where: { $0 >= 0x80 }), text.unicodeScalars.contains(where: { isInvisible($0.value) }) else {
            return nil
        }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(isInvisible(scalar.value) ? " " : scalar) }
        return String(out)
    }

    /// Zero-width and direction format characters: nothing on screen, so they may stand for a space.
    static func isInvisible(_ v: UInt32) -> Bool {
        switch v {
        case 0x061C, 0x180E, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    /// The finding the crisis rule weighs more: a handoff over the question over nothing, then the
    /// higher tier, then the model's higher score; the first on a tie.
    static func stronger(_ x: CrisisFinding, _ y: CrisisFinding) -> CrisisFinding {
        func rank(_ w: CrisisCheck.Weight) -> Int { w == .handoff ? 2 : w == .question ? 1 : 0 }
        let (wx, wy) = (rank(CrisisCheck.weigh(x)), rank(CrisisCheck.weigh(y)))
        if wx != wy { return wy > wx ? y : x }
        if y.tier != x.tier { return y.tier > x.tier ? y : x }
        return (y.modelScore ?? 0) > (x.modelScore ?? 0) ? y : x
    }

    private func reading(_ text: String, reusing buffers: inout CrisisBuffers, askingForHelp: Bool)
        -> (a: CrisisFinding, b: CrisisFinding, help: Bool) {
        // The bitset describes the last line's words: this line builds its own in the same buffer.
        buffers.scratch.presenceReady = false
        var views = normalizer.views(text, reusing: &buffers)
        var a = findingA(views, &buffers.scratch)
        let scored = scoreB(views, &buffers.scratch, found: &buffers.found)
        var b = withConcepts(scored, text, &buffers.concepts)
        // The line is read for `isSettled` once, for both layers.
        if a.tier >= .crisis || b.tier >= .crisis, isSettled(views) {
            a = Self.lowered(a)
            b = Self.lowered(b)
        }
        b = datedByLayerA(b, a, views)
        // The first view is the main one, the view `isHelpRequest` reads.
        let help = askingForHelp && isHelpRequest(views[0])
        buffers.keep(&views)
        return (a, b, help)
    }

    /// One text normalised once, for callers that run layer A and then maybe layer B on it. A text
    /// with invisible characters carries its second reading too (see `layers`).
    public struct Prepared: Sendable {
        let text: String
        let views: [CrisisView]
        /// The text with its invisible characters as spaces, and its views (nil when it has none).
        let spaced: (text: String, views: [CrisisView])?
    }

    /// `forLayerBOnly` skips the despaced view, which only layer A reads.
    public func prepare(_ text: String, forLayerBOnly: Bool = false) -> Prepared {
        Prepared(text: text, views: normalizer.views(text, despaced: !forLayerBOnly),
                 spaced: Self.invisiblesAsSpaces(text).map { ($0, normalizer.views($0, despaced: !forLayerBOnly)) })
    }

    /// Layer A over a prepared text (what `layerA(text)` runs).
    public func layerA(_ prepared: Prepared) -> CrisisFinding {
        func read(_ views: [CrisisView]) -> CrisisFinding {
            var shared = CrisisScratch()
            return settled(findingA(views, &shared), views)
        }
        let first = read(prepared.views)
        return prepared.spaced.map { Self.stronger(first, read($0.views)) } ?? first
    }

    /// Layer B over a prepared text (what `layerB(text)` runs).
    public func layerB(_ prepared: Prepared) -> CrisisFinding {
        func read(_ text: String, _ views: [CrisisView]) -> CrisisFinding {
            var buffers = CrisisBuffers()
            let scored = scoreB(views, &buffers.scratch, found: &buffers.found)
            return settled(withConcepts(scored, text, &buffers.concepts), views)
        }
        let first = read(prepared.text, prepared.views)
        return prepared.spaced.map { Self.stronger(first, read($0.text, $0.views)) } ?? first
    }

    func findingA(_ views: [CrisisView], _ shared: inout CrisisScratch) -> CrisisFinding {
        var best: CrisisCandidate?
        for view in views {
            let found: CrisisCandidate?
            if view.kind == .main {
                found = scanA(view, &shared)
            } else {
                // Other views share the stack only: their words differ from the main view's.
                var own = CrisisScratch()
                swap(&own.stack, &shared.stack)
                found = scanA(view, &own)
                swap(&own.stack, &shared.stack)
            }
            if let c = found, best == nil || c.tier > best!.tier {
                best = c
                if c.tier == .immediate { break }
            }
        }
        guard let best else { return .clear(.a) }
        let rule = lexicon.rules[best.rule]
        let id = (best.thirdParty ? Self.thirdPartyID(rule.id) : rule.id) + (best.negated ? ".negated" : "")
        var finding = CrisisFinding(layer: .a, tier: best.tier, rule: id, matched: CrisisText.clean(best.matched()),
                                    reason: CrisisText.clean(Self.reason(rule.what, best.note, best.tier), limit: 240))
        finding.distantPast = best.note == .remotePast
        finding.othersNotNow = best.note == .thirdCared
        return finding
    }

    /// A line that says it is over and well now ("my son self-harmed at 13, he's 19 now and happy",
    /// "I tried ten years ago, I'm so glad I'm still here"), tells it in the past, and has nothing in
    /// it that says otherwise (`stillNow`: "but", "again", "tonight", a means, a plan, a wish, a
    /// decision, a denial) is about the past: a finding that would hand off becomes a concern, so the
    /// person is asked whether they are safe instead ("I'm happy now, I've decided" stays a
    /// handoff). Read only when a finding reaches the crisis band, so a clear line costs nothing.
    func settled(_ finding: CrisisFinding, _ views: [CrisisView]) -> CrisisFinding {
        finding.tier >= .crisis && isSettled(views) ? Self.lowered(finding) : finding
    }

    /// Layer B's written rules read no tense. Where layer A dated the same words to the distant past and
    /// the line says all is well now ("i used to want to die but therapy really helped", "years ago i
    /// thought about ending it, i'm in a good place now"), a written rule of layer B over those words
    /// asks as layer A does instead of handing off (found from outside: such lines handed off). The
    /// trained model is left as it is; without a "well now" ("i used to want to die and i still do")
    /// nothing changes. The same where layer A read the words as about someone else in care now ("she's
    /// safe in hospital now"): layer B's rules read no subject. Layer A's reading of someone else in
    /// the past is not trusted so far ("wrote letters for everyone" reads as someone else's).
    func datedByLayerA(_ b: CrisisFinding, _ a: CrisisFinding, _ views: [CrisisView]) -> CrisisFinding {
        guard a.distantPast || a.othersNotNow, a.tier == .concern, b.tier >= .crisis, b.rule != "B.model",
              Self.sharesWords(a.matched, b.matched), let main = views.first else { return b }
        let why: String
        if a.othersNotNow {
            why = "The same words are about someone else who is not in danger now, so it is only a concern. "
        } else {
            var scan = CrisisScan(program: lexicon.programA, tokens: main.tokens)
            guard scan.first(lexicon.frames.settledNow, in: 0..<scan.count) != nil else { return b }
            why = "The same words are about the distant past and the line says all is well now, so it is only a concern. "
        }
        var dated = b
        dated.tier = .concern
        dated.reason = CrisisText.clean(why + b.reason, limit: 240)
        return dated
    }

    /// Whether two matched spans share a word of four letters or more ("want to die" and "want to die + i").
    static func sharesWords(_ x: String, _ y: String) -> Bool {
        func words(_ s: String) -> Set<Substring> { Set(s.split(whereSeparator: { !$0.isLetter }).filter { $0.count >= 4 }) }
        return !words(x).isDisjoint(with: words(y))
    }

    /// Whether the line (its main view) says its crisis is over and all is well now (see `settled`).
    func isSettled(_ views: [CrisisView]) -> Bool {
        guard let main = views.first else { return false }
        var scan = CrisisScan(program: lexicon.programA, tokens: main.tokens)
        let line = 0..<scan.count
        return scan.first(lexicon.frames.settledNow, in: line) != nil && scan.first(lexicon.frames.settledPast, in: line) != nil
            && scan.first(lexicon.frames.stillNow, in: line) == nil
    }

    /// A finding in the crisis band lowered to a concern for a settled line, saying why; any other
    /// finding as it is.
    static func lowered(_ finding: CrisisFinding) -> CrisisFinding {
        guard finding.tier >= .crisis else { return finding }
        var lowered = finding
        lowered.tier = .concern
        lowered.reason = CrisisText.clean("The line says this is over and all is well now, so it is only a concern. " + finding.reason,
                                          limit: 240)
        return lowered
    }

    /// Layer B: the weighted scorer, the concept rules and the trained model (see `withConcepts`).
    public func layerB(_ text: String) -> CrisisFinding {
        layerB(prepare(text, forLayerBOnly: true))
    }

    /// Layer B is the weighted score, the concept rules and the trained model together: the highest
    /// tier wins (on a tie, in that order), and the weighted score is kept either way so the
    /// explanation shows it.
    func withConcepts(_ scored: CrisisFinding, _ text: String, _ buffers: inout ConceptBuffers) -> CrisisFinding {
        let (rule, score) = lexicon.concepts.scan(text, model: lexicon.model, reusing: &buffers)
        var best = scored
        if let rule, rule.tier > best.tier { best = rule }
        if let learned = lexicon.model.finding(score), learned.tier > best.tier { best = learned }
        best.score = scored.score
        return best
    }

    /// True when a free-text field is a plea for help that should open crisis support directly:
    /// "help", "sos", "not safe", "emergency", "help me", "i need help" (whole field or clear phrase).
    public func isHelpRequest(_ text: String) -> Bool {
        isHelpRequest(normalizer.mainView(text))
    }

    private func isHelpRequest(_ view: CrisisView) -> Bool {
        let words = view.tokens.filter { !$0.has(CrisisToken.filler) && !lexicon.helpIgnore.contains($0.id) }.map(\.id)
        if !words.isEmpty && lexicon.helpWhole.contains(words) { return true }
        var scan = CrisisScan(program: lexicon.programA, tokens: view.tokens)
        return !scan.candidates(lexicon.helpIndex).isEmpty
    }
}

/// Buffers one call reuses across its scans: the main view's word-presence bitset and the backtrack stack.
struct CrisisScratch: Sendable {
    var presence: [UInt64] = []
    /// Whether `presence` has been built for the current line (the buffer may hold an earlier line's bits).
    var presenceReady = false
    var stack = CrisisStack()
}

/// A layer-A hit after its context checks.
struct CrisisCandidate {
    var tier: CrisisTier
    var rule: Int
    /// Read as about someone else (the rule id takes the `A.thirdParty.` prefix), and as denied
    /// (it takes `.negated`).
    var thirdParty: Bool
    var negated: Bool
    var note: CrisisDetector.Note
    /// The matched words, spelled out only for the winning candidate.
    var matched: () -> String
}
