/// The affect of a check-in as the router sees it.
public enum Valence: String, Sendable, Codable, CaseIterable {
    case pleasant, unpleasant, neutral
}

/// The valence a catalog emotion word carries.
public enum EmotionValence: String, Sendable, Codable, CaseIterable {
    case pleasant, unpleasant, mixed
}
