import AllinCore
import Foundation

/// Turns one check-in JSON object into a `CheckIn`, naming the key of every problem.
public enum CheckInParser {
    public static let keys: [String] = [
        "emotion", "customEmotion", "situation", "triggerText", "intensity", "body", "intent", "claritySubTap",
        "confidenceSubTap", "embodyNew", "consent", "belief", "customBelief", "pattern", "origin", "kinder",
    ]

    /// Parses bytes; the first problem is thrown as `CLIError.input` naming its key.
    public static func parse(_ data: Data, vocabulary: Vocabulary) throws -> CheckIn {
        try parse(json(data), vocabulary: vocabulary)
    }

    /// The bytes as JSON (`JSONReader.parseInput`, the one reader of a person's JSON); a parse error
    /// names the input, a key written twice names the key.
    static func json(_ data: Data) throws -> JSONValue {
        do { return try JSONReader.parseInput(data) } catch let failure as JSONReader.Failure {
            if let key = failure.duplicateKey {
                throw CLIError.input(field: Visible.text(key, limit: 60), message: "appears twice; give each key once")
            }
            throw CLIError.input(field: "(input)", message: failure.description)
        }
    }

    /// A check-in to route, with the person's local hour when given ("localHour", a whole number
    /// 0–23): the router offers sleep sessions late in the evening. Without it the hour is unknown and
    /// sleep sessions come only when sleep is mentioned.
    public static func parseRouted(_ data: Data, vocabulary: Vocabulary) throws -> (checkIn: CheckIn, localHour: Int?) {
        try parseRouted(value: try json(data), vocabulary: vocabulary)
    }

    /// The same from a JSON value already read (`allin route diff` reads its lines so).
    public static func parseRouted(value: JSONValue, vocabulary: Vocabulary) throws -> (checkIn: CheckIn, localHour: Int?) {
        // Not an object: `parse` names the problem.
        guard case let .object(pairs) = value else { return (try parse(value, vocabulary: vocabulary), nil) }
        var hour: Int?
        if let (_, v) = pairs.first(where: { $0.0 == "localHour" }), v != .null {
            guard case let .number(n) = v, n == n.rounded(), (0...23).contains(n) else {
                throw CLIError.input(field: "localHour", message: "must be a whole number from 0 to 23, found \(found(v))")
            }
            hour = Int(n)
        }
        do {
            return (try parse(.object(pairs.filter { $0.0 != "localHour" }), vocabulary: vocabulary), hour)
        } catch let CLIError.input(field, message) where message.hasPrefix("unknown key; expected one of ") {
            // Here the local hour is a key too.
            throw CLIError.input(field: field, message: message + ", localHour")
        }
    }

    /// A value as found, for a message: a number too large to hold (1e400 reads as infinity, which
    /// JSON writes as null) is said to be one.
    static func found(_ v: JSONValue) -> String {
        if case let .number(n) = v, !n.isFinite { return "a number too large to read" }
        return v.serialized()
    }

    public static func parse(_ value: JSONValue, vocabulary: Vocabulary) throws -> CheckIn {
        guard case let .object(pairs) = value else {
            throw CLIError.input(field: "(input)", message: "expected a JSON object, found \(value.typeName)")
        }
        var fields: [String: JSONValue] = [:]
        for (key, v) in pairs {
            guard keys.contains(key) else {
                throw CLIError.input(field: Visible.text(key, limit: 60),
                                     message: "unknown key; expected one of \(keys.joined(separator: ", "))")
            }
            if v != .null { fields[key] = v }
        }
        func text(_ key: String) throws -> String? {
            guard let v = fields[key] else { return nil }
            guard case let .string(s) = v else { throw CLIError.input(field: key, message: "must be a string, found \(v.typeName)") }
            // The same limits as the screens: nothing is cut without saying so.
            if let field = FreeTextField(rawValue: key), s.count > field.limit {
                throw CLIError.input(field: key, message: "is \(s.count) characters long; the most it takes is \(field.limit)")
            }
            return s
        }
        func chip(_ key: String, _ ids: [String]) throws -> String? {
            guard let id = try text(key) else { return nil }
            guard ids.contains(id) else {
                throw CLIError.input(field: key, message: "unknown id '\(Visible.text(id, limit: 60))'; see 'allin catalog'")
            }
            return id
        }
        var c = CheckIn()
        c.emotion = try chip("emotion", vocabulary.emotions.map(\.id))
        c.customEmotion = try text("customEmotion")
        c.situation = try chip("situation", vocabulary.situations.map(\.id))
        c.triggerText = try text("triggerText")
        guard let intensity = fields["intensity"] else {
            throw CLIError.input(field: "intensity", message: "is required (a whole number from 1 to 10)")
        }
        guard case let .number(n) = intensity, n == n.rounded(), (1...10).contains(n) else {
            var shown = intensity.typeName
            if case .number = intensity { shown = found(intensity) }
            throw CLIError.input(field: "intensity", message: "must be a whole number from 1 to 10, found \(shown)")
        }
        c.intensity = Int(n)
        if let body = fields["body"] {
            guard case let .array(items) = body else {
                throw CLIError.input(field: "body", message: "must be a list of body chip ids, found \(body.typeName)")
            }
            for item in items {
                guard case let .string(id) = item, vocabulary.body.contains(where: { $0.id == id }) else {
                    let shown = (item.serialized()).prefix(60)
                    throw CLIError.input(field: "body", message: "unknown body chip \(Visible.text(String(shown)))")
                }
                if !c.body.contains(id) { c.body.append(id) }
            }
        }
        c.intent = try chip("intent", vocabulary.intents.map(\.id))
        c.claritySubTap = try chip("claritySubTap", vocabulary.claritySubTaps.map(\.id))
        c.confidenceSubTap = try chip("confidenceSubTap", vocabulary.confidenceSubTaps.map(\.id))
        c.embodyNew = try text("embodyNew")
        if let consent = fields["consent"] {
            guard case let .bool(b) = consent else {
                throw CLIError.input(field: "consent", message: "must be true or false, found \(consent.typeName)")
            }
            c.consent = b
        }
        c.belief = try chip("belief", vocabulary.beliefs.map(\.id))
        c.customBelief = try text("customBelief")
        c.pattern = try text("pattern")
        c.origin = try text("origin")
        c.kinder = try text("kinder")
        return c
    }
}
