/// What someone's own words say about how they feel: valence, intensity, the closest emotion family
/// of `vocabulary.json`, how sure that is, and the three families to offer when it is not sure.
public struct AffectFeeling: Sendable, Equatable {
    /// How the family was found.
    public enum Basis: String, Sendable, CaseIterable {
        /// The deciding word is in the family's list in `feelings.json`.
        case familyWord
        /// The deciding word is negated or turned over ("not happy", "joyless"): its family's opposite.
        case opposite
        /// The deciding word is in no family list: the family nearest its valence and intensity.
        case nearest
        /// No word carried feeling.
        case noFeeling
    }

    /// Sum of the words' weights, kept within -4...4 (the lexicon's scale).
    public var valence: Double
    /// 0...1, from |valence| / 4. VADER gives no arousal, so this is strength, not energy.
    public var intensity: Double
    /// 0...1, the family's arousal from `feelings.json`; nil when the family is a guess.
    public var arousal: Double?
    /// The closest family's id, or nil when no word carried feeling.
    public var family: String?
    /// 0...1: how far the family can be trusted (see docs/own-words.md).
    public var confidence: Double
    public var basis: Basis
    /// The lexicon word that decided, as the lexicon spells it.
    public var word: String?
    /// The three families to offer, closest first; the first is `family` when there is one.
    public var closest: [String]
    /// True when the check-in should ask "Which is closest?" instead of using `family`.
    public var asks: Bool
}

extension AffectLexicon {
    /// Reads own words (a word, a few, or a sentence) the way the classifier scores them.
    public func feeling(of text: String) -> AffectFeeling {
        let score = score(text, notes: false)
        let valence = min(4, max(-4, score.total))
        let intensity = min(1, abs(valence) / 4)
        let decided = score.words.filter { $0.entry >= 0 && ($0.weight > 0) == (score.total > 0) && $0.weight != 0 }
        guard score.total != 0, !families.isEmpty, let top = decided.max(by: { abs($0.weight) < abs($1.weight) }) else {
            return AffectFeeling(valence: valence, intensity: intensity, arousal: nil, family: nil, confidence: 0, basis: .noFeeling,
                                 word: nil, closest: Array(nearestFamilies(valence: 0, arousal: Self.unknownArousal).prefix(3)), asks: true)
        }
        let entry = entries[Int(top.entry)]
        var listed = entry.lemma >= 0 ? Int(rowFamily[Int(entry.lemma)]) : -1
        var turned = top.turned
        var derived = 1.0
        // A VADER word in no family list may still be a form of one that is ("joyless" → "joy").
        if listed < 0, entry.tokens.count == 1, let (stem, scale) = derive(Array(entry.text.utf8)) {
            let row = entries[Int(single[Int(stem)])].lemma
            if row >= 0 && rowFamily[Int(row)] >= 0 {
                listed = Int(rowFamily[Int(row)])
                turned = turned != (scale < 0)
                derived = 0.8
            }
        }
        let share = abs(top.weight) / score.words.reduce(0) { $0 + abs($1.weight) }
        let mended = top.derivation == .spelling ? 0.8 : 1
        // Other family words in the text come next among the chips ("sad and tired": Sad, Tired, ...).
        let others = score.words.sorted { abs($0.weight) > abs($1.weight) }.compactMap { word -> String? in
            guard word.entry >= 0, word.negator == nil, !word.turned else { return nil }
            let e = entries[Int(word.entry)]
            guard e.lemma >= 0, rowFamily[Int(e.lemma)] >= 0 else { return nil }
            return families[Int(rowFamily[Int(e.lemma)])].id
        }
        let family: AffectFamilyPrototype
        let basis: AffectFeeling.Basis
        let confidence: Double
        if listed >= 0 && top.negator == nil && !turned {
            family = families[listed]
            basis = .familyWord
            confidence = 0.9 * share * mended * derived
        } else if listed >= 0, let opposite = families.first(where: { $0.id == families[listed].opposite }) {
            family = opposite
            basis = .opposite
            confidence = 0.55 * share * mended * derived
        } else {
            let id = nearestFamilies(valence: valence, arousal: Self.unknownArousal).first
            family = families.first { $0.id == id } ?? families[0]
            basis = .nearest
            confidence = 0.45 * share * mended
        }
        var closest: [String] = [family.id]
        for id in others + nearestFamilies(valence: valence, arousal: basis == .nearest ? Self.unknownArousal : family.arousal)
        where !closest.contains(id) && closest.count < 3 {
            closest.append(id)
        }
        let rounded = (confidence * 100).rounded() / 100
        return AffectFeeling(valence: valence, intensity: intensity, arousal: basis == .nearest ? nil : family.arousal,
                             family: family.id, confidence: rounded, basis: basis, word: entry.text, closest: closest,
                             asks: rounded < askBelow)
    }

    /// The arousal assumed for a word in no family list. VADER has no arousal, and a strong word is not
    /// always an energetic one ("hopeless"), so the middle is used rather than the word's intensity.
    static let unknownArousal = 0.4

    /// Every family ordered by distance from a point: valence over its range, arousal at half weight.
    func nearestFamilies(valence: Double, arousal: Double) -> [String] {
        func distance(_ f: AffectFamilyPrototype) -> Double {
            let dv = (valence - f.valence) / 4, da = (arousal - f.arousal) / 2
            return dv * dv + da * da
        }
        return families.enumerated().sorted { a, b in
            let da = distance(a.element), db = distance(b.element)
            return da != db ? da < db : a.offset < b.offset
        }.map(\.element.id)
    }

    /// Family ids `feelings.json` names that `vocabulary.json` lacks, and vocabulary families it leaves out.
    public static func crossCheck(familyIDs: [String], vocabulary: Vocabulary) -> [CatalogIssue] {
        var issues: [CatalogIssue] = []
        for id in familyIDs where vocabulary.family(id) == nil {
            issues.append(CatalogIssue(file: feelingsFile, entry: "families '\(id)'", "is not a family in \(Catalog.vocabularyFile)"))
        }
        for family in vocabulary.families where !familyIDs.contains(family.id) {
            issues.append(CatalogIssue(file: feelingsFile, entry: "families", "has no entry for '\(family.id)' from \(Catalog.vocabularyFile)"))
        }
        return issues
    }
}

extension Catalog {
    /// How own feeling words are placed, one rule for the router and the step machine.
    public enum OwnFeeling: Sendable, Equatable {
        /// The words are a chip's own ("Nervous", "lonely").
        case chip(Emotion)
        /// What the feeling lexicon reads in them; its `asks` is true when it is not sure.
        case read(AffectFeeling)
    }

    /// Own feeling words: a chip's own word is that chip; otherwise the feeling lexicon's reading.
    public func ownFeeling(_ words: String) -> OwnFeeling {
        if let chip = vocabulary.emotion(matchingWord: words) { return .chip(chip) }
        return .read(affectLexicon.feeling(of: words))
    }
}
