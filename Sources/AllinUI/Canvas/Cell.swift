/// One terminal cell: the text drawn there (a base character plus any zero-width marks; empty for the
/// right half of a wide character) and its role.
public struct Cell: Equatable, Hashable, Sendable {
    public var text: String
    public var role: Role

    public init(_ text: String = " ", role: Role = .normal) {
        self.text = text
        self.role = role
    }

    /// True for the right half of a wide character.
    public var isContinuation: Bool { text.isEmpty }

    public static let blank = Cell()
}

/// A span of cells that is a link (an OSC 8 hyperlink where the terminal supports it).
public struct LinkSpan: Equatable, Hashable, Sendable {
    public var row: Int
    public var col: Int
    public var text: String
    public var url: String

    public init(row: Int, col: Int, text: String, url: String) {
        self.row = row
        self.col = col
        self.text = text
        self.url = url
    }
}
