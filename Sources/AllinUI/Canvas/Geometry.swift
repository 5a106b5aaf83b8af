/// A terminal size in cells.
public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var description: String { "\(width)x\(height)" }
}

/// A cell position (row, column), zero-based from the top left.
public struct Point: Equatable, Hashable, Sendable {
    public var row: Int
    public var col: Int

    public init(row: Int, col: Int) {
        self.row = row
        self.col = col
    }
}

/// A rectangle of cells.
public struct Rect: Equatable, Hashable, Sendable {
    public var row: Int
    public var col: Int
    public var width: Int
    public var height: Int

    public init(row: Int, col: Int, width: Int, height: Int) {
        self.row = row
        self.col = col
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var bottom: Int { row + height }
    public var right: Int { col + width }
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The rectangle shrunk by `by` cells on the left and right (and `vertical` top and bottom).
    public func inset(by horizontal: Int, vertical: Int = 0) -> Rect {
        Rect(row: row + vertical, col: col + horizontal, width: width - 2 * horizontal, height: height - 2 * vertical)
    }

    /// The rows from `offset` on, at most `count` of them.
    public func rows(from offset: Int, count: Int? = nil) -> Rect {
        let top = min(height, max(0, offset))
        let n = min(height - top, count ?? Int.max)
        return Rect(row: row + top, col: col, width: width, height: n)
    }
}
