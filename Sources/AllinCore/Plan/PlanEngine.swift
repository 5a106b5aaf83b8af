/// What a person told the plan: three different areas, each with a rating (1 = struggling, 10 = going
/// well) and four answers.
public struct PlanIntake: Sendable, Equatable {
    public struct Area: Sendable, Equatable {
        public var area: String
        public var rating: Int
        public var answers: [String]

        public init(area: String, rating: Int, answers: [String]) {
            self.area = area
            self.rating = rating
            self.answers = answers
        }
    }

    public var areas: [Area]

    public init(areas: [Area]) { self.areas = areas }

    /// Every answer as a (field, text) pair for the crisis check, named like the JSON input
    /// (`areas[1].answers[2]`, counting from 0).
    public var fields: [(field: String, text: String)] {
        areas.enumerated().flatMap { i, a in a.answers.enumerated().map { ("areas[\(i)].answers[\($0.offset)]", $0.element) } }
    }
}

/// Reset steps settle; rewire steps work on the belief. They alternate by position (1 reset, 2 rewire, …).
public enum PlanStepType: String, Sendable, Equatable, CaseIterable {
    case reset, rewire

    public static func at(_ index: Int) -> PlanStepType { index % 2 == 1 ? .reset : .rewire }
}

/// Why a step's session was not a search match from its own area's clusters.
public enum PlanFallback: String, Sendable, Equatable, CaseIterable {
    /// A session from the area's clusters that the search did not find.
    case clusterMapped
    /// A session for any situation (not tied to one event), best search matches first.
    case nonSituational
    /// The catalog's last fallback, `plan.json` `finalFallback`.
    case final
}

/// One step of a plan.
public struct PlanStep: Sendable, Equatable {
    /// 1 to 10.
    public var index: Int
    public var area: String
    public var type: PlanStepType
    public var slug: String
    public var fallback: PlanFallback?

    public init(index: Int, area: String, type: PlanStepType, slug: String, fallback: PlanFallback?) {
        self.index = index
        self.area = area
        self.type = type
        self.slug = slug
        self.fallback = fallback
    }
}

/// One full-text match: a session and its bm25 score (lower is closer, as SQLite reports it).
public struct SearchHit: Sendable, Equatable {
    public var slug: String
    public var score: Double

    public init(slug: String, score: Double) {
        self.slug = slug
        self.score = score
    }
}

/// What the search did for one area: the words, the query, what it found (in rank order) and which of
/// those belong to the area's clusters.
public struct AreaSearch: Sendable, Equatable {
    public var area: String
    public var words: [String]
    public var query: String
    public var hits: [SearchHit]
    public var kept: [String]
}

/// A plan before it is saved, with everything `allin plan explain` shows.
public struct PlanDraft: Sendable, Equatable {
    public var steps: [PlanStep]
    public var searches: [AreaSearch]
}

/// The beliefs plan engine (SPEC §7): pure and deterministic. The search is passed in (an SQLite FTS5
/// index in the app, a fixture in tests).
public enum PlanEngine {
    public static let totalSteps = 10
    public static let searchLimit = 20
    /// No area gets more than this many steps, so the areas can always be interleaved.
    public static let maxPerArea = 4

    /// Steps an area's rating asks for: ≤ 3 → 4, ≤ 6 → 3, else 2.
    public static func steps(forRating rating: Int) -> Int { rating <= 3 ? 4 : rating <= 6 ? 3 : 2 }

    /// Steps per area, adjusted to exactly 10. Too many (two or three areas rated ≤ 3): take one at a
    /// time from the area with the most steps, ties going to the higher rating, then the later area.
    /// Too few: give one at a time to the lowest-rated area still under four steps, ties going to the
    /// area with fewer steps, then the earlier area.
    public static func allocate(_ ratings: [Int]) -> [Int] {
        var counts = ratings.map(steps(forRating:))
        guard !counts.isEmpty else { return [] }
        while counts.reduce(0, +) > totalSteps {
            let i = counts.indices.max { a, b in
                (counts[a], ratings[a], a) < (counts[b], ratings[b], b)
            }!
            counts[i] -= 1
        }
        while counts.reduce(0, +) < totalSteps {
            let open = counts.indices.filter { counts[$0] < maxPerArea }
            guard let i = open.min(by: { (ratings[$0], counts[$0], $0) < (ratings[$1], counts[$1], $1) }) else { break }
            counts[i] += 1
        }
        return counts
    }

    /// The order of the areas over the steps: each step goes to the area with the most steps left that
    /// is not the previous step's area (ties to the earlier area), so no two neighbours share an area
    /// whenever that is possible.
    public static func interleave(_ counts: [Int]) -> [Int] {
        var left = counts
        var order: [Int] = []
        while left.contains(where: { $0 > 0 }) {
            let previous = order.last
            let choices = left.indices.filter { left[$0] > 0 && $0 != previous }
            let pool = choices.isEmpty ? left.indices.filter { left[$0] > 0 } : choices
            let i = pool.max { a, b in (left[a], -a) < (left[b], -b) }!
            order.append(i)
            left[i] -= 1
        }
        return order
    }

    /// The words of an area's answers that carry meaning: lower case, stop-words and filler dropped,
    /// one-letter words dropped, each word once, in the order written.
    public static func queryWords(_ answers: [String], stopWords: Set<String>) -> [String] {
        var out: [String] = []
        for word in answers.flatMap(Tokens.words) where word.count > 1 && !stopWords.contains(word) && !out.contains(word) {
            out.append(word)
        }
        return out
    }

    /// The words OR-ed into an FTS5 query, each quoted so no word is read as an operator.
    /// `prefixLast`: the last word also matches as the start of a longer one ("exa" finds "exam"), for
    /// the word still being typed; the words before it are whole, so "exam nerves" finds what
    /// `allin library --search` finds, not every "example" (found from outside: 20 found against 5).
    public static func ftsQuery(_ words: [String], prefixLast: Bool = false) -> String {
        words.enumerated().map { i, word in
            "\"\(word.replacingOccurrences(of: "\"", with: ""))\"" + (prefixLast && i == words.count - 1 ? "*" : "")
        }.joined(separator: " OR ")
    }

    /// Builds the ten steps. Per area: its query's matches (best first) kept where the session's
    /// cluster belongs to the area; then, when those run out, the area's other cluster sessions, then
    /// sessions for any situation (search matches first), then the final fallback. A session already
    /// in the plan is used again only when the area has nothing new left.
    public static func build(_ intake: PlanIntake, plan: PlanCatalog, sessions: [Session], stopWords: Set<String>,
                             search: (String, Int) -> [SearchHit]) -> PlanDraft {
        let counts = allocate(intake.areas.map(\.rating))
        let order = interleave(counts)
        let bySlug = Dictionary(sessions.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
        var searches: [AreaSearch] = []
        for a in intake.areas {
            let words = queryWords(a.answers, stopWords: stopWords)
            let query = ftsQuery(words)
            let hits = words.isEmpty ? [] : search(query, searchLimit)
            let clusters = Set(plan.area(a.area)?.clusters ?? [])
            let kept = hits.map(\.slug).filter { bySlug[$0]?.cluster.map(clusters.contains) == true }
            searches.append(AreaSearch(area: a.area, words: words, query: query, hits: hits, kept: kept))
        }
        var used = Set<String>()
        var steps: [PlanStep] = []
        for (position, areaIndex) in order.enumerated() {
            let s = searches[areaIndex]
            let clusters = Set(plan.area(s.area)?.clusters ?? [])
            let clusterMapped = sessions.filter { $0.cluster.map(clusters.contains) == true }.map(\.slug)
            let matched = s.hits.map(\.slug).filter { bySlug[$0]?.situational == false }
            let nonSituational = matched + sessions.filter { !$0.situational && !matched.contains($0.slug) }.map(\.slug)
            let tiers: [(PlanFallback?, [String])] = [(nil, s.kept), (.clusterMapped, clusterMapped), (.nonSituational, nonSituational)]
            var pick: (slug: String, fallback: PlanFallback?)?
            for (fallback, slugs) in tiers {
                if let slug = slugs.first(where: { !used.contains($0) }) { pick = (slug, fallback); break }
            }
            let chosen = pick ?? (plan.finalFallback, .final)
            used.insert(chosen.slug)
            let index = position + 1
            steps.append(PlanStep(index: index, area: s.area, type: .at(index), slug: chosen.slug, fallback: chosen.fallback))
        }
        return PlanDraft(steps: steps, searches: searches)
    }
}
