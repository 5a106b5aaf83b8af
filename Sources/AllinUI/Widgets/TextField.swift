import AllinCore
import Foundation

/// An editing action on a text field.
public enum EditAction: Equatable, Hashable, Sendable {
    case backspace, delete, left, right, home, end, wordLeft, wordRight
    case deleteWordBack, deleteToStart, deleteToEnd
}

/// The model of a one-paragraph text editor: characters, a cursor and a length limit. Input is
/// cleaned as it arrives: line breaks and tabs become spaces and control characters become visible
/// placeholders, so stored text never carries terminal controls. Everything else is kept as typed
/// (emoji joiners, direction marks): the canvas escapes what must not reach the terminal when it
/// draws, and stored words stay the person's own. What the limit refuses is kept
/// apart (`refused`): never in the field, but read by the crisis check when the field is left.
public struct TextField: Equatable, Sendable {
    public private(set) var characters: [Character]
    public private(set) var cursor: Int
    public let limit: Int
    /// Every character the limit refused, in the order it came (keys typed at the limit, the end of a
    /// paste, text given beyond the limit); kept until the field is made anew.
    public private(set) var refused: [Character] = []

    public init(_ text: String = "", limit: Int) {
        self.limit = max(1, limit)
        let cleaned = Array(TextField.clean(text))
        self.characters = Array(cleaned.prefix(self.limit))
        self.refused = Array(cleaned.dropFirst(self.limit))
        self.cursor = characters.count
    }

    public var text: String { String(characters) }
    public var count: Int { characters.count }
    public var isFull: Bool { characters.count >= limit }

    /// What the crisis check reads when the field is left, by any way out: the text, then what the
    /// limit refused (typed at the end, this is the words as they were typed). The text alone when
    /// nothing was refused.
    public var checkedText: String { refused.isEmpty ? text : String(characters + refused) }

    /// Inserts typed or pasted text at the cursor, up to the limit; what does not fit is kept in
    /// `refused`. Returns false when nothing fit.
    @discardableResult
    public mutating func insert(_ text: String) -> Bool {
        let cleaned = Array(TextField.clean(text))
        let room = max(0, limit - characters.count)
        refused += cleaned.dropFirst(room)
        let incoming = cleaned.prefix(room)
        guard !incoming.isEmpty else { return false }
        characters.insert(contentsOf: incoming, at: cursor)
        cursor += incoming.count
        return true
    }

    /// Inserts what fits and returns how many characters did not (0 when everything fit).
    @discardableResult
    public mutating func insertReporting(_ text: String) -> Int {
        let incoming = TextField.clean(text).count
        let room = max(0, limit - characters.count)
        insert(text)
        return max(0, incoming - room)
    }

    /// The one line said when text did not fit: a typed key at the limit, or the part of a paste left out.
    public func refusal(dropped: Int) -> String {
        let most = limit.formatted(.number)
        if dropped <= 1 {
            return "This answer is full (\(most) characters). Delete some words to add more."
        }
        // Short enough for one status row at 80 columns; narrower, the row ends in "…".
        return "Only part fits (\(most) characters at most): the last \(dropped.formatted(.number)) were not added."
    }

    /// Applies an editing action. Returns true when the text changed.
    @discardableResult
    public mutating func apply(_ action: EditAction) -> Bool {
        switch action {
        case .backspace:
            guard cursor > 0 else { return false }
            characters.remove(at: cursor - 1)
            cursor -= 1
            return true
        case .delete:
            guard cursor < characters.count else { return false }
            characters.remove(at: cursor)
            return true
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = characters.count
        case .wordLeft: cursor = wordStart(before: cursor)
        case .wordRight: cursor = wordEnd(after: cursor)
        case .deleteWordBack:
            let start = wordStart(before: cursor)
            guard start < cursor else { return false }
            characters.removeSubrange(start..<cursor)
            cursor = start
            return true
        case .deleteToStart:
            guard cursor > 0 else { return false }
            characters.removeSubrange(0..<cursor)
            cursor = 0
            return true
        case .deleteToEnd:
            guard cursor < characters.count else { return false }
            characters.removeSubrange(cursor...)
            return true
        }
        return false
    }

    private func wordStart(before index: Int) -> Int {
        var i = index
        while i > 0, characters[i - 1].isWhitespace { i -= 1 }
        while i > 0, !characters[i - 1].isWhitespace { i -= 1 }
        return i
    }

    private func wordEnd(after index: Int) -> Int {
        var i = index
        while i < characters.count, characters[i].isWhitespace { i += 1 }
        while i < characters.count, !characters[i].isWhitespace { i += 1 }
        return i
    }

    /// Line breaks and tabs to spaces; other controls to visible placeholders; the rest as typed.
    static func clean(_ text: String) -> String {
        let unified = text.replacingOccurrences(of: "\r\n", with: " ")
        var out = String.UnicodeScalarView()
        for s in unified.unicodeScalars {
            switch s.value {
            case 0x0A, 0x0D, 0x09: out.append(" ")
            default: out.append(s)
            }
        }
        return Visible.printable(String(out))
    }
}
