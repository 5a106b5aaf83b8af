import Foundation
// TEMPORARY: replaced by the detector and classifier deliveries.
public struct CrisisLexicon: Sendable {
    public static let fileNames: [String] = []
    public static func decode(files: [String: Data]) throws -> CrisisLexicon { CrisisLexicon() }
}
public struct CrisisDetector: Sendable {
    public init(lexicon: CrisisLexicon) {}
    public func layerA(_ text: String) -> CrisisFinding {
        text.lowercased().contains("kill myself") ? CrisisFinding(layer: .a, tier: .crisis, rule: "A.stub", matched: "kill myself", reason: "stub") : .clear(.a)
    }
    public func layerB(_ text: String) -> CrisisFinding {
        text.lowercased().contains("better off without me") ? CrisisFinding(layer: .b, tier: .crisis, rule: "B.stub", matched: "better off", reason: "stub", score: 0.8) : .clear(.b, score: 0)
    }
    public func isHelpRequest(_ text: String) -> Bool { text.lowercased() == "help" }
}
