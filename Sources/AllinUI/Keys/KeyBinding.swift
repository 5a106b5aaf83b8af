/// One row of a screen's key table: the keys, how they are shown, what they do and whether the footer
/// lists them. Dispatch, the footer and the `?` help all read the same table.
public struct KeyBinding: Equatable, Sendable {
    public var keys: [Key]
    /// How the keys are written (e.g. "↑/k"); defaults to the first key's label.
    public var label: String
    /// Short text for the footer (e.g. "move").
    public var short: String
    /// Longer text for the help overlay.
    public var help: String
    public var action: Action
    public var footer: Bool
    /// Stays in the footer when the row is too narrow for every binding (like help and support).
    public var essential: Bool

    public init(_ keys: [Key], _ label: String? = nil, _ short: String, help: String? = nil,
                action: Action, footer: Bool = true, essential: Bool = false) {
        self.keys = keys
        self.label = label ?? keys.first?.label ?? ""
        self.short = short
        self.help = help ?? short
        self.action = action
        self.footer = footer
        self.essential = essential
    }

    /// A help-only row for input that is not a single key (e.g. "letters: filter").
    public static func note(_ label: String, _ help: String) -> KeyBinding {
        KeyBinding([], label, help, help: help, action: .closeHelp, footer: false)
    }

    public var isNote: Bool { keys.isEmpty }
}

extension Array where Element == KeyBinding {
    /// The first binding for a key.
    public func binding(for key: Key) -> KeyBinding? { first { !$0.isNote && $0.keys.contains(key) } }
}
