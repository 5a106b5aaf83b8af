import Foundation

/// One feature of a sentence for `AffectSentenceModel`.
struct AffectSentenceFeature {
    var key: UInt64
    /// 1, or the contrast rule's weight ("but": the part before x0.5, the part after x1.5).
    var value: Double
    /// Token index of the word, or of a pair's first word.
    var first: Int32
    /// Token index of a pair's second word, or -1.
    var second: Int32 = -1
    var negated = false
}

/// What the sentence model made of a text.
struct AffectSentenceReading: Sendable {
    /// The polarity's log-odds: above 0 pleasant, below unpleasant.
    var logit: Double
    var probability: Double
    /// The charge's probability that the sentence carries a feeling at all.
    var charge: Double
    /// The charge is at least the model's `chargedFrom`: the sentence has a sign.
    var charged: Bool
    /// The features that weighed most in the polarity's direction, strongest first, as
    /// (words, weight), named only when the reading is charged; at most `AffectSentenceReading.named`, none made of little words only
    /// ("the", "i went" names "went"), each named once.
    var strongest: [(words: String, weight: Double)]
    /// The lexicon's own score of the text (one of the reading's features): not 0 when the text had
    /// feeling words, too weak to decide alone.
    var lexiconScore: Double = 0

    static let named = 3
}

/// A sentence as the trainer sees it (`allin-dev valence`).
public struct AffectSentenceSample: Sendable {
    /// Feature names ("cancelled", "~happy", "got job") with their values, in text order.
    public var features: [(name: String, value: Double)]
    /// The lexicon's score of the text alone, clamped to -4...4 (the polarity's `@lexicon` input; its
    /// size is the charge's `@chargeLexicon` input).
    public var lexiconScore: Double
    /// The lexicon's verdict on the text alone, before any reading.
    public var lexiconValence: Valence
    /// The lexicon read its feeling words through a rule (mixed signs, a negation, a contrast); it then
    /// decides however weak its score (`AffectTextScore.ruled`).
    public var lexiconRuled: Bool
}

extension AffectLexicon {
    /// The lexicon score's range as a model input: beyond it a sentence is already clear.
    static let sentenceLexiconClamp = 4.0

    /// The model's features for an analysed text. Words are folded for the model: apostrophes
    /// dropped ("didn't" → "didnt"), runs of three or more letters cut to two ("sooo" → "soo"),
    /// numbers read as "0" (any run of digits). A word within the negation scope of a negator in its clause is read
    /// negated ("~happy"); pairs join neighbouring words in a clause; after a contrast word ("but")
    /// the sentence's earlier features weigh less and later ones more, as in the lexicon's rule.
    /// `little` marks the tokens of little words (the lexicon's skip and boundary words, contrast
    /// words, single letters, numbers), which weigh in the reading but are never named as its reason.
    ///
    /// Keys are hashed straight from the text's bytes, folding as they go (no word becomes an array
    /// or a string): the reading runs on every undecided situation, and building the words first
    /// made the affect classifier half again as slow.
    func sentenceFeatures(tokens: [AffectToken], items: [AffectItem], norm: [UInt8])
        -> (features: [AffectSentenceFeature], little: [Bool]) {
        var formHash = [UInt64](repeating: 0, count: tokens.count)
        var little = [Bool](repeating: false, count: tokens.count)
        for (i, t) in tokens.enumerated() where t.kind == .word {
            let (hash, length, number) = Self.foldedHash(FNV1a.seed, norm, Int(t.start), Int(t.end))
            formHash[i] = hash
            little[i] = length < 2 || number
        }
        for item in items where item.kind == .entry {
            switch entries[Int(item.index)].role {
            case .skip, .boundary, .contrast:
                for i in item.tokenStart..<(item.tokenStart + item.tokenCount) { little[Int(i)] = true }
            default: break
            }
        }
        var features: [AffectSentenceFeature] = []
        features.reserveCapacity(tokens.count * 2)
        var previous: Int32 = -1
        var negationLeft = 0
        var contrastAt: Int?

        func word(_ i: Int32, counts: Bool) {
            let t = tokens[Int(i)]
            let negated = negationLeft > 0
            let key = negated ? Self.foldedHash(FNV1a.step(FNV1a.seed, 0x7E), norm, Int(t.start), Int(t.end)).hash : formHash[Int(i)]
            features.append(AffectSentenceFeature(key: key, value: 1, first: i, negated: negated))
            if previous >= 0 {
                // FNV runs byte by byte, so "first second" goes on from the first word's own key.
                let pair = Self.foldedHash(FNV1a.step(formHash[Int(previous)], 0x20), norm, Int(t.start), Int(t.end)).hash
                features.append(AffectSentenceFeature(key: pair, value: 1, first: previous, second: i))
            }
            previous = i
            if counts && negationLeft > 0 { negationLeft -= 1 }
        }
        func words(of item: AffectItem, counts: Bool) {
            for i in item.tokenStart..<(item.tokenStart + item.tokenCount) where tokens[Int(i)].kind == .word {
                word(i, counts: counts)
            }
        }

        for item in items {
            switch item.kind {
            case .clause, .sentence:
                previous = -1
                negationLeft = 0
            case .symbol:
                previous = -1
            case .unknown:
                words(of: item, counts: true)
                if item.negates { negationLeft = rules.negationScope }
            case .entry:
                switch entries[Int(item.index)].role {
                case .negator:
                    negationLeft = 0
                    words(of: item, counts: false)
                    negationLeft = rules.negationScope
                case .boundary:
                    words(of: item, counts: false)
                    previous = -1
                    negationLeft = 0
                case .contrast:
                    negationLeft = 0
                    previous = -1
                    contrastAt = features.count
                    words(of: item, counts: false)
                case .skip:
                    words(of: item, counts: false)
                case .word, .booster, .concessive:
                    words(of: item, counts: true)
                }
            }
        }
        if let at = contrastAt {
            for k in features.indices { features[k].value = k < at ? rules.contrastBefore : rules.contrastAfter }
        }
        return (features, little)
    }

    /// The model's reading of an analysed text, given the lexicon's score of it; nil when the model
    /// is empty or the text has no words.
    func sentenceReading(tokens: [AffectToken], items: [AffectItem], norm: [UInt8], lexiconScore: Double) -> AffectSentenceReading? {
        let model = sentenceModel
        guard !model.isEmpty, tokens.contains(where: { $0.kind == .word }) else { return nil }
        let (features, little) = sentenceFeatures(tokens: tokens, items: items, norm: norm)
        let lexicon = min(max(lexiconScore, -Self.sentenceLexiconClamp), Self.sentenceLexiconClamp)
        var logit = model.bias + model.lexiconWeight * lexicon
        var chargeLogit = model.chargeBias + model.chargeLexiconWeight * abs(lexicon)
        var weighed: [(feature: Int, weight: Double)] = []
        for (k, f) in features.enumerated() {
            guard let w = model.weights[f.key] else { continue }
            let weight = Double(w.polarity) * f.value
            logit += weight
            chargeLogit += Double(w.charge) * f.value
            weighed.append((k, weight))
        }
        let probability = 1 / (1 + exp(-logit))
        let charge = 1 / (1 + exp(-chargeLogit))
        let charged = charge >= model.chargedFrom
        let direction = logit >= 0 ? 1.0 : -1.0
        var strongest: [(words: String, weight: Double)] = []
        // Only a charged reading is ever shown, so only it names its words.
        let named = charged ? weighed.filter { $0.weight * direction > 0 }.sorted { abs($0.weight) > abs($1.weight) } : []
        for (k, weight) in named {
            let f = features[k]
            guard !little[Int(f.first)] || (f.second >= 0 && !little[Int(f.second)]) else { continue }
            let words = Self.sentenceFeatureWords(f, tokens: tokens, norm: norm)
            guard !strongest.contains(where: { $0.words == words }) else { continue }
            strongest.append((words, weight))
            if strongest.count == AffectSentenceReading.named { break }
        }
        return AffectSentenceReading(logit: logit, probability: probability, charge: charge, charged: charged, strongest: strongest,
                                     lexiconScore: lexiconScore)
    }

    /// A text as the trainer sees it.
    public func sentenceSample(_ text: String) -> AffectSentenceSample {
        let (scan, tokens, items) = analyse(text)
        let short = tokens.count(where: { $0.kind == .word }) <= Self.shortTextWords
        var pass = AffectPass(lexicon: self, items: items, sourceWeight: 1, sourceNote: nil, notes: false, shortText: short)
        pass.run()
        let total = pass.result.total
        let valence = verdict(total, hasEvidence: !pass.result.words.isEmpty)
        let (features, _) = sentenceFeatures(tokens: tokens, items: items, norm: scan.norm)
        let clamp = Self.sentenceLexiconClamp
        return AffectSentenceSample(features: features.map { (Self.sentenceFeatureName($0, tokens: tokens, norm: scan.norm), $0.value) },
                                    lexiconScore: min(max(total, -clamp), clamp), lexiconValence: valence,
                                    lexiconRuled: pass.result.ruled)
    }

    /// The name a feature has in the model file: "word", "~word" or "first second".
    static func sentenceFeatureName(_ f: AffectSentenceFeature, tokens: [AffectToken], norm: [UInt8]) -> String {
        func form(_ i: Int32) -> [UInt8] { sentenceForm(norm[Int(tokens[Int(i)].start)..<Int(tokens[Int(i)].end)]) }
        var bytes: [UInt8] = f.negated ? [0x7E] : []
        bytes += form(f.first)
        if f.second >= 0 { bytes.append(0x20); bytes += form(f.second) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A feature as words a person reads: "not happy", "got job".
    static func sentenceFeatureWords(_ f: AffectSentenceFeature, tokens: [AffectToken], norm: [UInt8]) -> String {
        let name = sentenceFeatureName(f, tokens: tokens, norm: norm)
        return f.negated ? "not " + name.dropFirst() : name
    }

    /// FNV-1a from `h` over the folded form of `norm[start..<end]` (what `sentenceForm` makes), with
    /// the form's length and whether it was a number.
    static func foldedHash(_ h: UInt64, _ norm: [UInt8], _ start: Int, _ end: Int) -> (hash: UInt64, length: Int, number: Bool) {
        var digits = true
        for i in start..<end where norm[i] < 0x30 || norm[i] > 0x39 { digits = false; break }
        if digits { return (FNV1a.step(h, 0x30), 1, true) }
        var h = h, length = 0
        var last: UInt8 = 0, beforeLast: UInt8 = 0
        for i in start..<end {
            let b = norm[i]
            if b == 0x27 || (length >= 2 && b == last && b == beforeLast) { continue }
            h = FNV1a.step(h, b)
            beforeLast = last
            last = b
            length += 1
        }
        return (h, length, false)
    }

    /// A word as the model names it (`foldedHash` keys the same bytes).
    static func sentenceForm(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        if bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return [0x30] }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for b in bytes where b != 0x27 {
            if out.count >= 2 && out[out.count - 1] == b && out[out.count - 2] == b { continue }
            out.append(b)
        }
        return out
    }

}
