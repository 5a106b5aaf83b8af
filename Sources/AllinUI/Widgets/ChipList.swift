/// One row of a chip list.
public struct ListItem: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case chip, ownWords }
    public var id: String
    public var label: String
    /// Secondary text shown dimmed (e.g. the emotion's family).
    public var detail: String
    public var kind: Kind
    /// Label, detail and id folded to lower case once, for filtering.
    public let searchKey: String

    public init(id: String, label: String, detail: String = "", kind: Kind = .chip) {
        self.id = id
        self.label = label
        self.detail = detail
        self.kind = kind
        self.searchKey = "\(label) \(detail) \(id.replacingOccurrences(of: "_", with: " "))".lowercased()
    }
}

/// The model of a chip list: a cursor over the items that match the filter.
public struct ChipList: Equatable, Sendable {
    public var cursor: Int = 0
    public var filter: String = ""
    /// True once the person starts filtering (letters then type instead of moving).
    public var filtering: Bool = false

    public init(cursor: Int = 0) { self.cursor = cursor }

    /// The items that match the filter (case-insensitive, label or detail); the own-words row always stays.
    public func visible(_ items: [ListItem]) -> [ListItem] {
        let key = filter.lowercased()
        guard !key.isEmpty else { return items }
        return items.filter { $0.kind == .ownWords || $0.searchKey.contains(key) }
    }

    /// The item under the cursor, if any.
    public func current(_ items: [ListItem]) -> ListItem? {
        let shown = visible(items)
        guard !shown.isEmpty else { return nil }
        return shown[min(max(0, cursor), shown.count - 1)]
    }

    public mutating func move(by delta: Int, in items: [ListItem]) {
        let n = visible(items).count
        guard n > 0 else { cursor = 0; return }
        cursor = min(max(0, min(cursor, n - 1) + delta), n - 1)
    }

    public mutating func moveTo(id: String, in items: [ListItem]) {
        if let i = visible(items).firstIndex(where: { $0.id == id }) { cursor = i }
    }

    public mutating func typeFilter(_ c: Character) {
        filter.append(c)
        filtering = true
        cursor = 0
    }

    public mutating func deleteFilterCharacter() {
        if !filter.isEmpty { filter.removeLast() }
        if filter.isEmpty { filtering = false }
        cursor = 0
    }

    public mutating func clearFilter() {
        filter = ""
        filtering = false
        cursor = 0
    }

    /// The first visible row when `rows` rows are shown, keeping the cursor in view.
    public func top(rows: Int, count: Int) -> Int {
        guard rows > 0, count > rows else { return 0 }
        let c = min(max(0, cursor), count - 1)
        return min(max(0, c - rows / 2), count - rows)
    }
}
