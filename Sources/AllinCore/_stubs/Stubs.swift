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
public struct AffectLexicon: Sendable {
    public static let fileNames: [String] = []
    public static func decode(files: [String: Data]) throws -> AffectLexicon { AffectLexicon() }
    public var count: Int { 0 }
}
public struct AffectInput: Sendable, Equatable {
    public var emotionLabel: String?
    public var emotionValence: EmotionValence?
    public var customEmotion: String?
    public var situationText: String?
    public init(emotionLabel: String? = nil, emotionValence: EmotionValence? = nil, customEmotion: String? = nil, situationText: String? = nil) {
        self.emotionLabel = emotionLabel; self.emotionValence = emotionValence; self.customEmotion = customEmotion; self.situationText = situationText
    }
}
public struct AffectContribution: Sendable, Equatable { public var word: String; public var weight: Double; public var note: String }
public struct AffectResult: Sendable, Equatable {
    public var valence: Valence
    public var score: Double
    public var rule: String
    public var contributions: [AffectContribution]
    public var explanation: String
}
public struct AffectClassifier: Sendable {
    public init(lexicon: AffectLexicon) {}
    public func classify(_ input: AffectInput) -> AffectResult {
        let v: Valence = input.emotionValence == .unpleasant ? .unpleasant : input.emotionValence == .pleasant ? .pleasant : .neutral
        return AffectResult(valence: v, score: 0, rule: "chip", contributions: [], explanation: "stub")
    }
    public func classifyText(_ text: String) -> AffectResult { AffectResult(valence: .neutral, score: 0, rule: "noEvidence", contributions: [], explanation: "stub") }
}
