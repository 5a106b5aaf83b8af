/// One problem found while loading the catalog, naming the file and the entry.
public struct CatalogIssue: Error, Sendable, Equatable, CustomStringConvertible {
    /// Path of the file relative to the catalog directory, e.g. `emotions.json`.
    public var file: String
    /// The entry inside the file (an id, a slug, or `#12` for the 13th row), if any.
    public var entry: String?
    /// What is wrong, in plain words.
    public var message: String

    public init(file: String, entry: String? = nil, _ message: String) {
        self.file = file
        self.entry = entry
        self.message = message
    }

    public var description: String {
        if let entry { return "\(file): \(entry): \(message)" }
        return "\(file): \(message)"
    }
}

/// Every problem found in one load; thrown when the list is not empty.
public struct CatalogProblems: Error, Sendable, Equatable, CustomStringConvertible {
    public var issues: [CatalogIssue]
    public init(_ issues: [CatalogIssue]) { self.issues = issues }
    public var description: String { issues.map(\.description).joined(separator: "\n") }
}
