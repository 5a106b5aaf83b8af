import Foundation

/// The default picker: BM25 over each session's title, description and tags (title and tags counted
/// twice), with an inverted index built once per catalog. Local and deterministic: ties go to the
/// session listed first.
public struct LexicalPicker: SessionPicker {
    public var name: String { "bm25" }

    private let termIDs: [String: Int]
    private let postings: [[Posting]]
    private let sessionCount: Int
    private let stopWords: Set<String>
    private static let k1 = 1.2
    private static let b = 0.75

    private struct Posting: Sendable {
        var doc: Int32
        /// The term's BM25 contribution to this session's score (idf × saturated, length-normalised tf),
        /// computed once when the index is built.
        var weight: Double
    }

    public init(catalog: Catalog) {
        stopWords = catalog.routing.stopWords
        var ids: [String: Int] = [:]
        var lists: [[(doc: Int32, tf: Float)]] = []
        var lengths: [Double] = []
        lengths.reserveCapacity(catalog.sessions.count)
        for (doc, session) in catalog.sessions.enumerated() {
            var counts: [Int: Float] = [:]
            var length = 0
            // The description counts half: its everyday words ("next", "hold", "ready") matched the
            // person's filler more often than their subject (routing sets, docs/routing.md).
            let fields: [(String, Float)] = [(session.title, 2), (session.description, 0.5),
                                             (session.tags.joined(separator: " "), 2)]
            for (text, weight) in fields {
                for term in LexicalPicker.terms(text, stopWords: catalog.routing.stopWords) {
                    let id: Int
                    if let known = ids[term] { id = known } else {
                        id = lists.count
                        ids[term] = id
                        lists.append([])
                    }
                    counts[id, default: 0] += weight
                    length += Int(weight)
                }
            }
            for (id, tf) in counts.sorted(by: { $0.key < $1.key }) { lists[id].append((Int32(doc), tf)) }
            lengths.append(Double(length))
        }
        let n = Double(max(1, catalog.sessions.count))
        let average = max(1, lengths.reduce(0, +) / n)
        let k1 = LexicalPicker.k1, b = LexicalPicker.b
        termIDs = ids
        postings = lists.map { list in
            let df = Double(list.count)
            let idf = max(0.0001, log(1 + (n - df + 0.5) / (df + 0.5)))
            return list.map { doc, count in
                let tf = Double(count)
                let norm = k1 * (1 - b + b * lengths[Int(doc)] / average)
                return Posting(doc: doc, weight: idf * tf * (k1 + 1) / (tf + norm))
            }
        }
        sessionCount = catalog.sessions.count
    }

    public func pick(candidates: [Int], text: String, catalog: Catalog) async -> PickerAnswer? {
        rank(candidates: candidates, text: text, catalog: catalog)
    }

    /// The synchronous ranking behind `pick`.
    public func rank(candidates: [Int], text: String, catalog: Catalog) -> PickerAnswer? {
        guard !candidates.isEmpty else { return nil }
        var queryTerms: [Int] = []
        var queryWords: [Int: String] = [:]
        for term in LexicalPicker.terms(text, stopWords: stopWords) {
            if let id = termIDs[term], queryWords[id] == nil {
                queryWords[id] = term
                queryTerms.append(id)
            }
        }
        guard !queryTerms.isEmpty else { return nil }
        // Dense arrays, not dictionaries: at 100,000 sessions a common word has thousands of postings.
        var isCandidate = [Bool](repeating: false, count: sessionCount)
        for c in candidates where c >= 0 && c < isCandidate.count { isCandidate[c] = true }
        var scores = [Double](repeating: 0, count: sessionCount)
        for id in queryTerms {
            for p in postings[id] where isCandidate[Int(p.doc)] { scores[Int(p.doc)] += p.weight }
        }
        var best = -1
        var bestScore = 0.0
        for c in candidates where c >= 0 && c < scores.count {
            if scores[c] > bestScore || (scores[c] == bestScore && bestScore > 0 && c < best) {
                best = c
                bestScore = scores[c]
            }
        }
        guard best >= 0, bestScore > 0 else { return nil }
        // Which query words the winner shares (postings are sorted by session, so a binary search).
        let words = queryTerms.filter { id in
            let list = postings[id]
            var lo = 0, hi = list.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if Int(list[mid].doc) < best { lo = mid + 1 } else { hi = mid }
            }
            return lo < list.count && Int(list[lo].doc) == best
        }.compactMap { queryWords[$0] }
        return PickerAnswer(slug: catalog.sessions[best].slug, score: (bestScore * 1000).rounded() / 1000,
                            matchedTerms: words)
    }

    /// Lower-cased word stems of `text` without stop-words.
    static func terms(_ text: String, stopWords: Set<String>) -> [String] {
        Tokens.words(text).compactMap { word in
            stopWords.contains(word) ? nil : Tokens.stem(word)
        }
    }
}
