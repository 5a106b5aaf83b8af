/// What a cell means, not how it looks; a `Theme` turns roles into colours and attributes.
public enum Role: UInt8, CaseIterable, Sendable, Hashable {
    case normal
    case dim
    case title
    case header
    case headerDim
    case footer
    case footerKey
    case accent
    case selected
    case chosen
    case input
    case placeholder
    case error
    case notice
    case support
    case emergency
    case link
    case border
    case overlay
    case overlayTitle
    case sliderFill
    case sliderEmpty
    case good
}
