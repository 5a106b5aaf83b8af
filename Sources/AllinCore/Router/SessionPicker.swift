/// Ranks candidate sessions against the check-in's text. The router accepts its answer only when it is
/// one of the candidates, so a picker can be swapped (a remote ranker, a test double) without trust.
public protocol SessionPicker: Sendable {
    /// A short name for the trace, e.g. `bm25`.
    var name: String { get }
    /// The best candidate for `text`, or nil when nothing matches. `candidates` are indices into
    /// `catalog.sessions`.
    func pick(candidates: [Int], text: String, catalog: Catalog) async -> PickerAnswer?
}

/// A picker's choice and why.
public struct PickerAnswer: Sendable, Equatable {
    public var slug: String
    public var score: Double
    /// Query words that matched the chosen session.
    public var matchedTerms: [String]

    public init(slug: String, score: Double, matchedTerms: [String]) {
        self.slug = slug
        self.score = score
        self.matchedTerms = matchedTerms
    }
}
