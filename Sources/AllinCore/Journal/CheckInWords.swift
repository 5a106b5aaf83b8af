/// A check-in's answers as a person would write them down: a label for each answer and its words
/// (chip labels, not ids). The journal's Markdown and CSV exports read this; the JSON export keeps
/// the ids.
public enum CheckInWords {
    /// Every answer's label, in the order the check-in asks (the CSV columns).
    public static let labels: [String] = [
        "Feeling", "Feeling, in my words", "About", "In my words", "Intensity", "Felt in", "What would help",
        "Most tangled", "Confidence for", "Picturing it going well", "Explore a belief", "Belief",
        "Belief, in my words", "What I tend to do", "Where it comes from", "A kinder voice",
    ]

    /// The answers with their labels, every label present (empty when unanswered). Ids the vocabulary
    /// doesn't know (an older catalog) are shown as they are, with underscores as spaces.
    public static func all(_ c: CheckIn, vocabulary v: Vocabulary?) -> [(label: String, value: String)] {
        func chip(_ id: String?, _ list: [(id: String, label: String)]) -> String {
            guard let id else { return "" }
            return list.first { $0.id == id }?.label ?? id.replacingOccurrences(of: "_", with: " ")
        }
        let emotions = v?.emotions.map { ($0.id, $0.label) } ?? []
        let situations = v?.situations.map { ($0.id, $0.label) } ?? []
        let body = v?.body.map { ($0.id, $0.label) } ?? []
        let intents = v?.intents.map { ($0.id, $0.label) } ?? []
        let clarity = v?.claritySubTaps.map { ($0.id, $0.label) } ?? []
        let confidence = v?.confidenceSubTaps.map { ($0.id, $0.label) } ?? []
        let beliefs = v?.beliefs.map { ($0.id, $0.label) } ?? []
        let values: [String] = [
            chip(c.emotion, emotions), c.customEmotion ?? "", chip(c.situation, situations), c.triggerText ?? "",
            c.intensity.map { "\($0) of 10" } ?? "", c.body.map { chip($0, body) }.joined(separator: ", "),
            chip(c.intent, intents), chip(c.claritySubTap, clarity), chip(c.confidenceSubTap, confidence),
            c.embodyNew ?? "", c.consent.map { $0 ? "yes" : "no" } ?? "", chip(c.belief, beliefs),
            c.customBelief ?? "", c.pattern ?? "", c.origin ?? "", c.kinder ?? "",
        ]
        return Array(zip(labels, values)).map { (label: $0.0, value: $0.1) }
    }

    /// Only the answers given.
    public static func given(_ c: CheckIn, vocabulary v: Vocabulary?) -> [(label: String, value: String)] {
        all(c, vocabulary: v).filter { !$0.value.allSatisfy(\.isWhitespace) }
    }

    /// How the session went, in a few words for lists and exports: nil when it played to its end and
    /// was listened to (`PlaybackRecord.listened`), else "not played", "stopped early" (whatever share
    /// was heard), or "part heard" ("part read" when it was only read along; it reached its end with too little heard or read to count: skipped
    /// through, or resumed from earlier; found from outside: a session resumed and heard to its end
    /// was listed "skipped through", and one stopped at two thirds had no mark).
    public static func playedShort(_ r: PlaybackRecord?) -> String? {
        guard let r else { return nil }
        guard r.began else { return "not played" }
        if r.outcome != .finished { return "stopped early" }
        // Read along with no sound is not "heard" (found from outside: "part heard" for text only).
        guard !r.listened else { return nil }
        return r.audioSeconds < 1 && r.readAlongSeconds >= 1 ? "part read" : "part heard"
    }

    /// How the session went, in a sentence: how long it was heard or read along, and how it ended.
    public static func playback(_ r: PlaybackRecord) -> String {
        guard r.began else { return "not played (skipped, or stopped before it began)" }
        // Under a second is nothing to tell (sound that failed at once and went on as text): never "heard 0:00".
        var parts: [String] = []
        if r.audioSeconds >= 1 { parts.append("heard \(TimeText.clock(r.audioSeconds))") }
        if r.readAlongSeconds >= 1 { parts.append("read along \(TimeText.clock(r.readAlongSeconds))") }
        var text = parts.isEmpty ? "nothing heard or read" : parts.joined(separator: ", then ")
        if let length = r.length { text += " of \(TimeText.clock(length))" }
        text += r.outcome != .finished ? "; stopped early" : r.reachedEndInPart ? "; reached the end" : "; played to the end"
        if !r.listened { text += " (too little to count among the sessions that raised mood most)" }
        return text
    }

    /// What a handoff entry says happened, in words (the journal keeps only this and the time).
    /// An entry that went on after support opened during it (see `JournalEntry.supportTier`).
    public static func supportDuring(_ tier: CrisisTier) -> String {
        tier == .none ? "Support was opened during this check-in, when asked for." : "Crisis support was shown during this check-in."
    }

    public static func support(_ tier: CrisisTier?) -> String {
        switch tier {
        case .none?: return "Support opened when asked for."
        case .immediate?: return "Crisis support was shown, with the emergency number first."
        default: return "Crisis support was shown."
        }
    }
}

/// A length of time as a clock shows it: m:ss, or h:mm:ss from an hour.
public enum TimeText {
    public static func clock(_ seconds: Double) -> String {
        let s = max(0, Int(seconds.isFinite ? seconds.rounded(.down) : 0))
        let pad: (Int) -> String = { $0 < 10 ? "0\($0)" : "\($0)" }
        if s >= 3600 { return "\(s / 3600):\(pad(s / 60 % 60)):\(pad(s % 60))" }
        return "\(s / 60):\(pad(s % 60))"
    }

    /// "4 min 20 s": whole seconds, as the player's clock counts them (4:20).
    public static func minutes(_ seconds: Double) -> String {
        let s = max(0, Int(seconds.isFinite ? seconds.rounded(.down) : 0))
        return s % 60 == 0 ? "\(s / 60) min" : "\(s / 60) min \(s % 60) s"
    }
}
