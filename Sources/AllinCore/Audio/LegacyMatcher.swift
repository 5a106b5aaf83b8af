/// The legacy matcher's choice and why, in words a person can check.
public struct LegacyMatch: Sendable, Equatable {
    public var slug: String
    public var lane: Lane
    /// True when the choice is in the lane the router chose.
    public var sameLane: Bool
    /// Weighted keyword overlap (a tag counts 2, a title word, need or family 1).
    public var score: Int
    /// The check-in's words that matched the session's keywords, in the order they were typed.
    public var matched: [String]
    public var reason: String
}

/// The fallback matcher used when the routed session cannot be played: it picks another playable
/// session by keyword overlap with the check-in's text. Same lane first (even with no overlap: the
/// lane default, else catalog order); other lanes only on some overlap. Deterministic: ties go to
/// the session listed first.
public struct LegacyMatcher: Sendable {
    private let catalog: Catalog
    /// Per session: keyword stem → weight.
    private let keywords: [[String: Int]]

    public init(catalog: Catalog) {
        self.catalog = catalog
        let stop = catalog.routing.stopWords
        keywords = catalog.sessions.map { s in
            var k: [String: Int] = [:]
            func add(_ text: String, _ weight: Int) {
                for word in Tokens.words(text) where !stop.contains(word) {
                    let stem = Tokens.stem(word)
                    k[stem] = max(k[stem] ?? 0, weight)
                }
            }
            add(s.title, 1)
            for n in s.needs { add(n.replacingOccurrences(of: "_", with: " "), 1) }
            for f in s.families { add(f.replacingOccurrences(of: "_", with: " "), 1) }
            for t in s.tags { add(t, 2) }
            return k
        }
    }

    /// The words of a check-in the matcher reads: chip labels and every free-text answer.
    public static func text(of c: CheckIn, vocabulary v: Vocabulary) -> String {
        let labels: [String?] = [
            c.emotion.flatMap { v.emotion($0)?.label },
            c.situation.flatMap { id in v.situations.first { $0.id == id }?.label },
            c.claritySubTap.flatMap { id in v.claritySubTaps.first { $0.id == id }?.label },
            c.confidenceSubTap.flatMap { id in v.confidenceSubTaps.first { $0.id == id }?.label },
            c.belief.flatMap { id in v.beliefs.first { $0.id == id }?.label },
        ]
        return (labels.compactMap { $0 } + c.freeText.map(\.text)).joined(separator: " ")
    }

    /// The best playable session for `text` other than those in `excluding`, or nil.
    public func match(text: String, lane: Lane, excluding: Set<String>, sameLaneOnly: Bool = false,
                      isPlayable: (String) -> Bool) -> LegacyMatch? {
        var words: [(stem: String, word: String)] = []
        var seen = Set<String>()
        for word in Tokens.words(text) where !catalog.routing.stopWords.contains(word) {
            let stem = Tokens.stem(word)
            if seen.insert(stem).inserted { words.append((stem, word)) }
        }
        var best: (index: Int, score: Int, matched: [String], sameLane: Bool)?
        for (i, s) in catalog.sessions.enumerated() where !excluding.contains(s.slug) && isPlayable(s.slug) {
            let same = s.lane == lane
            if sameLaneOnly, !same { continue }
            var score = 0
            var matched: [String] = []
            for w in words {
                if let weight = keywords[i][w.stem] { score += weight; matched.append(w.word) }
            }
            if !same, score == 0 { continue }
            let isLaneDefault = same && catalog.laneDefaults[lane] == s.slug
            guard let current = best else { best = (i, score, matched, same); continue }
            // Same lane beats other lanes; then the higher score; with no overlap in the lane the
            // lane default beats catalog order; otherwise the earlier session keeps its place.
            if same != current.sameLane {
                if same { best = (i, score, matched, same) }
            } else if score > current.score {
                best = (i, score, matched, same)
            } else if score == 0, current.score == 0, isLaneDefault {
                best = (i, score, matched, same)
            }
        }
        guard let b = best else { return nil }
        let s = catalog.sessions[b.index]
        let quoted = b.matched.map { "'\($0)'" }.joined(separator: ", ")
        let reason: String
        if b.sameLane {
            if b.score > 0 {
                reason = "same lane (\(lane.rawValue)); shares the words \(quoted)"
            } else if catalog.laneDefaults[lane] == s.slug {
                reason = "same lane (\(lane.rawValue)); no shared words, so the lane default"
            } else {
                reason = "same lane (\(lane.rawValue)); no shared words, so the first playable session of the lane"
            }
        } else {
            reason = "no other playable session in lane \(lane.rawValue); lane \(s.lane.rawValue) shares the words \(quoted)"
        }
        return LegacyMatch(slug: s.slug, lane: s.lane, sameLane: b.sameLane, score: b.score, matched: b.matched,
                           reason: reason)
    }
}
