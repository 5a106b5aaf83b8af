/// One of the eight basic terminal colours.
public enum TermColor: Int, Sendable, CaseIterable {
    case black = 0, red, green, yellow, blue, magenta, cyan, white
}

/// How a role looks: optional colours (nil means the terminal's default) and attributes.
public struct Style: Equatable, Hashable, Sendable {
    public var fg: TermColor?
    public var bg: TermColor?
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool

    public init(fg: TermColor? = nil, bg: TermColor? = nil, bold: Bool = false, dim: Bool = false,
                reverse: Bool = false, underline: Bool = false) {
        self.fg = fg
        self.bg = bg
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    public static let plain = Style()
}

/// Roles to styles. `color` for terminals with colours; `monochrome` (attributes only) when `NO_COLOR`
/// is set or the terminal has no colours.
public struct Theme: Sendable {
    public let name: String
    private let styles: [Style]

    public init(name: String, _ table: [Role: Style]) {
        self.name = name
        self.styles = Role.allCases.map { table[$0] ?? .plain }
    }

    public subscript(role: Role) -> Style { styles[Int(role.rawValue)] }

    public var usesColor: Bool { styles.contains { $0.fg != nil || $0.bg != nil } }

    public static let color = Theme(name: "color", [
        .dim: Style(dim: true),
        .title: Style(bold: true),
        .header: Style(fg: .black, bg: .cyan),
        .headerDim: Style(fg: .blue, bg: .cyan),
        .footer: Style(dim: true),
        .footerKey: Style(fg: .cyan, bold: true),
        .accent: Style(fg: .cyan, bold: true),
        .selected: Style(fg: .black, bg: .cyan),
        .chosen: Style(fg: .green, bold: true),
        .input: Style(underline: true),
        .placeholder: Style(dim: true, underline: true),
        .error: Style(fg: .yellow, bold: true),
        .notice: Style(fg: .green),
        .support: Style(fg: .magenta, bold: true),
        .emergency: Style(fg: .red, bold: true),
        .link: Style(fg: .blue, bold: true, underline: true),
        .border: Style(fg: .cyan),
        .overlay: Style(),
        .overlayTitle: Style(fg: .cyan, bold: true),
        .sliderFill: Style(fg: .black, bg: .magenta),
        .sliderEmpty: Style(dim: true),
        .good: Style(fg: .green, bold: true),
    ])

    public static let monochrome = Theme(name: "monochrome", [
        .dim: Style(dim: true),
        .title: Style(bold: true),
        .header: Style(reverse: true),
        .headerDim: Style(reverse: true),
        .footer: Style(),
        .footerKey: Style(bold: true),
        .accent: Style(bold: true),
        .selected: Style(reverse: true),
        .chosen: Style(bold: true),
        .input: Style(underline: true),
        .placeholder: Style(dim: true, underline: true),
        .error: Style(bold: true),
        .notice: Style(bold: true),
        .support: Style(bold: true),
        .emergency: Style(bold: true, underline: true),
        .link: Style(underline: true),
        .border: Style(),
        .overlay: Style(),
        .overlayTitle: Style(bold: true),
        .sliderFill: Style(reverse: true),
        .sliderEmpty: Style(dim: true),
        .good: Style(bold: true),
    ])
}
