import Foundation

/// A family of emotion words that share a valence (e.g. "anxious").
public struct EmotionFamily: Sendable, Equatable {
    public var id: String
    public var label: String
    public var valence: EmotionValence
}

/// One word of the emotion vocabulary.
public struct Emotion: Sendable, Equatable {
    public var id: String
    public var label: String
    public var family: String
    public var valence: EmotionValence
    public var energy: Energy
}

/// A selectable chip with an id and a label (situations, body, beliefs, …).
public struct Chip: Sendable, Equatable {
    public var id: String
    public var label: String
}

/// One of the four intents, with the lane it leads to.
public struct Intent: Sendable, Equatable {
    public var id: String
    public var label: String
    public var lane: Lane
}

/// Something a session can serve (e.g. "sleep", "decide"), owned by one lane.
public struct Need: Sendable, Equatable {
    public var id: String
    public var label: String
    public var lane: Lane
}

/// A clarity or confidence sub-tap chip and the need it maps to.
public struct SubTap: Sendable, Equatable {
    public var id: String
    public var label: String
    public var need: String
}

/// A cluster of sessions belonging to one life area (used by the beliefs plan).
public struct Cluster: Sendable, Equatable {
    public var id: String
    public var label: String
    public var area: String
}

/// Every chip list the check-in offers.
public struct Vocabulary: Sendable, Equatable {
    public var families: [EmotionFamily]
    public var emotions: [Emotion]
    public var situations: [Chip]
    public var body: [Chip]
    public var intents: [Intent]
    public var needs: [Need]
    public var claritySubTaps: [SubTap]
    public var confidenceSubTaps: [SubTap]
    public var beliefs: [Chip]
    public var patternChips: [Chip]
    public var originChips: [Chip]
    public var kinderChips: [Chip]
    public var clusters: [Cluster]
    public var areas: [Chip]

    public func emotion(_ id: String) -> Emotion? { emotions.first { $0.id == id } }
    public func family(_ id: String) -> EmotionFamily? { families.first { $0.id == id } }
    public func intent(_ id: String) -> Intent? { intents.first { $0.id == id } }
    public func need(_ id: String) -> Need? { needs.first { $0.id == id } }

    /// The vocabulary emotion whose label or id equals a typed word (case-insensitive), if any.
    public func emotion(matchingWord word: String) -> Emotion? {
        let key = word.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !key.isEmpty else { return nil }
        return emotions.first { $0.label.lowercased() == key || $0.id == key }
    }
}

/// One guided-audio session of the catalog.
public struct Session: Sendable, Equatable {
    public var slug: String
    public var title: String
    public var lane: Lane
    public var description: String
    public var tags: [String]
    public var families: [String]
    public var needs: [String]
    public var cluster: String?
    public var durationSeconds: Int
    public var situational: Bool

    public init(slug: String, title: String, lane: Lane, description: String, tags: [String],
                families: [String], needs: [String], cluster: String?, durationSeconds: Int, situational: Bool) {
        self.slug = slug
        self.title = title
        self.lane = lane
        self.description = description
        self.tags = tags
        self.families = families
        self.needs = needs
        self.cluster = cluster
        self.durationSeconds = durationSeconds
        self.situational = situational
    }
}

extension Vocabulary {
    /// What a lane's sessions help with, in the words of the check-in's own choice for it.
    public func helpsWith(_ lane: Lane) -> String {
        intents.first { $0.lane == lane }?.label ?? lane.rawValue
    }
}
