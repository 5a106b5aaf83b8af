/// The single left-to-right pass that applies negation, modifiers and contrast.
struct AffectPass {
    let lexicon: AffectLexicon
    let items: [AffectItem]
    let sourceWeight: Double
    let sourceNote: String?
    let writesNotes: Bool
    let shortText: Bool
    var probeHits: [Bool] = []
    var result = AffectTextScore()

    private struct Raw {
        var word: String
        var base: Double
        var weight: Double
        var modifierStart: Int
        var item: Int
        var negator: Int
        var booster: Int = -1
        var contrastItem: Int = -1
        var contrastFactor = 1.0
        var side = AffectContrastSide.none
        var isSymbol = false
    }
    private var entryOfRaw: [Int32] = []
    private var raws: [Raw] = []

    // Clause state.
    private var negator = -1
    private var negationLeft = 0
    private var preNegation = 1.0
    private var modifier = 1.0
    private var modifierStart = -1
    private var clauseStart = 0
    private var booster = -1
    // Sentence state.
    private var sentenceStart = 0
    private var sentenceHasContent = false
    private var previousSentence = 0..<0
    private var contrast: (item: Int, at: Int, initial: Bool, concessive: Bool)?
    private var concessiveEnd: Int?

    init(lexicon: AffectLexicon, items: [AffectItem], sourceWeight: Double, sourceNote: String?, notes: Bool, shortText: Bool) {
        self.lexicon = lexicon
        self.shortText = shortText
        result.shortText = shortText
        self.writesNotes = notes
        self.items = items
        self.sourceWeight = sourceWeight
        self.sourceNote = sourceNote
    }

    mutating func run() {
        for k in items.indices { step(k) }
        endClause()
        endSentence()
        finish()
    }

    private var rules: AffectRules { lexicon.rules }

    private mutating func step(_ k: Int) {
        let item = items[k]
        if !probeHits.isEmpty && probeHits[k] && negator >= 0 { result.probeNegated = true }
        switch item.kind {
        case .clause: endClause(); return
        case .sentence: endClause(); endSentence(); return
        case .symbol:
            let symbol = lexicon.symbols[Int(item.index)]
            raws.append(Raw(word: symbol.text, base: symbol.valence, weight: symbol.valence * sourceWeight,
                            modifierStart: -1, item: k, negator: -1, isSymbol: true))
            entryOfRaw.append(-1)
            result.hasContent = true
            sentenceHasContent = true
            endClause() // an emoji closes its clause, so it is never negated
            return
        case .unknown:
            result.hasContent = true
            sentenceHasContent = true
            if item.negates { startNegation(k) } else { clearModifiers(); useScope() }
            return
        case .entry: break
        }
        let e = Int(item.index)
        switch lexicon.entries[e].role {
        case .skip: return
        case .negator:
            sentenceHasContent = true
            startNegation(k)
        case .booster:
            // Strengthens negated words on either side of it in the clause ("not at all happy", "not happy at all").
            booster = k
            for r in clauseStart..<raws.count where raws[r].negator >= 0 && raws[r].booster < 0 {
                raws[r].weight *= rules.boost
                raws[r].booster = k
            }
        case .boundary:
            endClause()
        case .contrast, .concessive:
            endClause()
            contrast = (k, raws.count, !sentenceHasContent, lexicon.entries[e].role == .concessive)
            concessiveEnd = nil
            sentenceHasContent = true
        case .word:
            sentenceHasContent = true
            if let m = lexicon.entries[e].modifier, lexicon.entries[e].valence == nil || nextIsFeeling(after: k) {
                if modifierStart < 0 { modifierStart = k }
                modifier *= m
                return
            }
            // A short-text-only word counts in a sentence right after a modifier ("a bit down", "so blue").
            let counts = shortText || !lexicon.entries[e].shortTextOnly || modifierStart >= 0
            guard let v = lexicon.entries[e].valence, v != 0, counts else {
                clearModifiers()
                useScope()
                if lexicon.entries[e].valence != nil { result.hasContent = true }
                return
            }
            result.hasContent = true
            addWord(lexicon.entries[e].text, valence: v * Double(item.scale), item: k)
            clearModifiers()
            useScope()
        }
    }

    private func nextIsFeeling(after k: Int) -> Bool {
        guard k + 1 < items.count, items[k + 1].kind == .entry else { return false }
        let next = Int(items[k + 1].index)
        guard lexicon.entries[next].role == .word else { return false }
        return (lexicon.entries[next].valence ?? 0) != 0 || lexicon.entries[next].modifier != nil
    }

    private mutating func addWord(_ text: String, valence v: Double, item k: Int) {
        var weight = v * sourceWeight
        if negator >= 0 {
            // Modifiers after the negator soften it ("not very happy" is milder than "not happy").
            weight *= preNegation / modifier
            weight *= v > 0 ? rules.negatePositive : rules.negateNegative
        } else {
            weight *= modifier
        }
        var raw = Raw(word: text, base: v, weight: weight, modifierStart: modifierStart, item: k, negator: negator)
        if negator >= 0 && booster >= 0 {
            raw.weight *= rules.boost
            raw.booster = booster
        }
        raws.append(raw)
        entryOfRaw.append(items[k].kind == .entry ? items[k].index : -1)
    }

    private mutating func startNegation(_ k: Int) {
        result.hasNegator = true
        if negator >= 0 {
            negator = -1 // a second negation undoes the first ("never not worried")
            negationLeft = 0
            return
        }
        negator = k
        negationLeft = rules.negationScope
        preNegation = modifier
        modifier = 1
    }

    private mutating func useScope() {
        guard negator >= 0 else { return }
        negationLeft -= 1
        if negationLeft <= 0 {
            negator = -1
            preNegation = 1
        }
    }

    private mutating func clearModifiers() {
        modifier = 1
        modifierStart = -1
    }

    private mutating func endClause() {
        negator = -1
        negationLeft = 0
        preNegation = 1
        booster = -1
        clearModifiers()
        clauseStart = raws.count
        if let c = contrast, c.concessive, concessiveEnd == nil {
            concessiveEnd = raws.count
        }
    }

    private mutating func endSentence() {
        defer {
            previousSentence = sentenceStart..<raws.count
            sentenceStart = raws.count
            sentenceHasContent = false
            contrast = nil
            concessiveEnd = nil
        }
        guard let c = contrast else { return }
        if c.concessive {
            let governed = c.at..<(concessiveEnd ?? raws.count)
            let others = Array(sentenceStart..<c.at) + Array(governed.upperBound..<raws.count)
            guard !governed.isEmpty, !others.isEmpty else { return }
            for r in governed { weigh(r, rules.contrastBefore, c.item, .inClause) }
            for r in others { weigh(r, rules.contrastAfter, c.item, .outsideClause) }
        } else {
            let before = c.initial ? previousSentence : sentenceStart..<c.at
            let after = c.at..<raws.count
            guard !before.isEmpty, !after.isEmpty else { return }
            for r in before { weigh(r, rules.contrastBefore, c.item, .before) }
            for r in after { weigh(r, rules.contrastAfter, c.item, .after) }
        }
        result.contrastApplied = true
    }

    private mutating func weigh(_ r: Int, _ factor: Double, _ item: Int, _ side: AffectContrastSide) {
        raws[r].side = side
        raws[r].weight *= factor
        raws[r].contrastFactor *= factor
        raws[r].contrastItem = item
    }

    private mutating func finish() {
        result.words.reserveCapacity(raws.count)
        for (n, raw) in raws.enumerated() {
            result.total += raw.weight
            let negatorText = raw.negator >= 0 ? itemText(raw.negator) : nil
            if negatorText != nil { result.negatedTotal += raw.weight }
            let contrastWord = raw.contrastItem >= 0 ? itemText(raw.contrastItem) : nil
            let note = writesNotes && n < AffectClassifier.maxContributions ? note(for: raw, negator: negatorText, contrast: contrastWord) : ""
            let item = items[raw.item]
            result.words.append(AffectScoredWord(word: raw.word, weight: raw.weight, note: note, negator: negatorText,
                                                 contrastWord: contrastWord, side: raw.side, entry: entryOfRaw[n],
                                                 derivation: item.derivation, turned: item.scale < 0))
        }
    }

    /// "x1.5 'very', negated by 'not' x-0.75, after 'but' x1.5".
    private func note(for raw: Raw, negator: String?, contrast: String?) -> String {
        var out = AffectText()
        func separate() { if !out.isEmpty { out += ", " } }
        if raw.isSymbol { out += "emoji" }
        let item = items[raw.item]
        if let surface = item.surface {
            out.quoted(surface)
            switch item.derivation {
            case .spelling: out += " read as a typing slip for "; out.quoted(raw.word)
            case .morphology where item.scale < 0: out += " read as the opposite of "; out.quoted(raw.word)
            default: out += " read as a form of "; out.quoted(raw.word)
            }
            if item.scale != 1 { out += " x"; out.number(Double(item.scale)) }
        }
        if let sourceNote {
            separate()
            out += sourceNote
            out += " x"
            out.number(sourceWeight)
        }
        if raw.modifierStart >= 0 {
            var product = 1.0
            var names = AffectText()
            for k in raw.modifierStart..<raw.item where items[k].kind == .entry {
                let e = lexicon.entries[Int(items[k].index)]
                if e.role == .word, let m = e.modifier {
                    if !names.isEmpty { names += " " }
                    names.quoted(e.text)
                    // Modifiers after the negator soften it; those before it strengthen it.
                    product *= raw.negator >= 0 && k > raw.negator ? 1 / m : m
                }
            }
            if !names.isEmpty {
                separate()
                out += "x"
                out.number(product)
                out += " "
                out += names.string
            }
        }
        if let negator {
            separate()
            out += "negated by "
            out.quoted(negator)
            out += " x"
            out.number(raw.base > 0 ? rules.negatePositive : rules.negateNegative)
        }
        if raw.booster >= 0 {
            separate()
            out.quoted(itemText(raw.booster))
            out += " x"
            out.number(rules.boost)
        }
        if let contrast {
            separate()
            raw.side.describe(contrast, into: &out)
            out += " x"
            out.number(raw.contrastFactor)
        }
        return out.string
    }

    /// The lexicon text of an entry item, or "n't" for an unknown contraction.
    private func itemText(_ k: Int) -> String {
        let item = items[k]
        return item.kind == .entry ? lexicon.entries[Int(item.index)].text : "n't"
    }
}
