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
    /// Its letters are typed, then Enter (where letters are words, `StrayWords`): the help says "q⏎".
    public var typed = false
    /// Words that answer as this key does when typed whole ("no", "nope" for a question's no).
    public var names: [String] = []

    /// How one of its keys is written in the help.
    public func label(of key: Key) -> String {
        typed && key.character?.isLetter == true ? key.label + "⏎" : key.label
    }

    public init(_ keys: [Key], _ label: String? = nil, _ short: String, help: String? = nil,
                action: Action, footer: Bool = true, essential: Bool = false, names: [String] = []) {
        self.names = names
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

extension Bindings {
    /// The key that words typed on a screen of keys name, once read clear (`StrayWords`): a single
    /// letter one of its keys answers to ("q", "J": capitals differ), or the name of a key that answers
    /// to a letter ("quit", "full trace", or "yes" for "yes, go back"). Keys reached only by Enter,
    /// arrows or digits are never named, so no word starts a session or moves a scale.
    static func named(_ words: String, in table: [KeyBinding]) -> (binding: KeyBinding, key: Key)? {
        // Digits pressed as keys just before begin the words (`AppModel.digitsBefore`): "6s" is s.
        let typed = String(words.trimmed.drop { $0.isNumber || $0 == " " })
        if typed.count == 1, let ch = typed.first, ch.isLetter {
            guard let binding = table.binding(for: .char(ch)) else { return nil }
            return (binding, .char(ch))
        }
        // Case, curly apostrophes and a closing full stop or "!" don't change an answer ("Nope.").
        var lower = String(typed.lowercased().map { $0 == "\u{2019}" ? "'" : $0 })
        while let last = lower.last, ".!".contains(last) { lower.removeLast() }
        guard lower.count > 1 else { return nil }
        for binding in table where !binding.isNote {
            guard let letter = binding.keys.first(where: { $0.character?.isLetter == true }) else { continue }
            let name = binding.short.lowercased()
            let before = name.split(separator: ",").first.map(String.init)
            if lower == name || lower == before || binding.names.contains(lower) { return (binding, letter) }
        }
        return nil
    }
}
