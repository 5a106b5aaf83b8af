/// The four kinds of guided session a check-in can lead to.
public enum Lane: String, Sendable, Codable, CaseIterable, Comparable {
    case soothe, clarity, embody, unblock

    public static func < (a: Lane, b: Lane) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// Whether an emotion is felt with high or low energy.
public enum Energy: String, Sendable, Codable, CaseIterable {
    case high, low
}
