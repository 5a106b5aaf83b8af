/// A key press, decoded by the terminal adapter.
public enum Key: Equatable, Hashable, Sendable {
    /// A printable character (one Unicode scalar per key press, as terminals send them).
    case char(Character)
    case enter, tab, backTab, escape, backspace, delete
    case up, down, left, right, home, end, pageUp, pageDown
    /// Ctrl plus a letter (a…z), for those without a name of their own above.
    case ctrl(Character)
    /// F1…F12.
    case function(Int)

    /// How the key is written in footers and help.
    public var label: String {
        switch self {
        case .char(" "): return "Space"
        case let .char(c): return String(c)
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case let .ctrl(c): return "Ctrl-\(String(c).uppercased())"
        case let .function(n): return "F\(n)"
        }
    }

    /// The character when this is a printable key.
    public var character: Character? {
        if case let .char(c) = self { return c }
        return nil
    }
}
