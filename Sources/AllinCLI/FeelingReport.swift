import AllinCore

/// The "feeling" part of `allin classify`: the emotion family read from own words, and whether the
/// check-in would ask "Which is closest?".
enum FeelingReport {
    static func json(_ f: AffectFeeling, vocabulary: Vocabulary) -> JSONValue {
        func label(_ id: String?) -> JSONValue { .optional(id.flatMap { vocabulary.family($0)?.label }) }
        func round(_ d: Double) -> JSONValue { .number((d * 100).rounded() / 100) }
        return .object([
            ("family", .optional(f.family)), ("familyLabel", label(f.family)), ("confidence", round(f.confidence)),
            ("basis", .string(f.basis.rawValue)), ("word", .optional(f.word)),
            ("valence", round(f.valence)), ("intensity", round(f.intensity)), ("arousal", f.arousal.map(round) ?? .null),
            ("asks", .bool(f.asks)),
            ("closest", .array(f.closest.map { id in .object([("family", .string(id)), ("label", label(id))]) })),
        ])
    }

    /// "Feeling: Sad (confidence 0.90, from 'forlorn')", or the question with its three chips.
    static func plain(_ v: JSONValue) -> String {
        func s(_ key: String) -> String { RouteReport.plain(v[key] ?? .null) }
        let chips = (v["closest"]?.arrayValue ?? []).map { RouteReport.plain($0["label"] ?? .null) }.joined(separator: " / ")
        let word = v["word"]?.stringValue.map { ", from '\(Visible.text($0, limit: 40))'" } ?? ""
        var out: String
        if v["family"]?.stringValue == nil {
            out = "Feeling: no feeling words found\n"
        } else {
            out = "Feeling: \(s("familyLabel")) (confidence \(s("confidence"))\(word))\n"
        }
        if v["asks"] == .bool(true) { out += "  Not sure enough: the check-in asks \"Which is closest?\" \(chips)\n" }
        return out
    }
}
