import Foundation

/// A parsed JSON value that keeps booleans apart from numbers, so the lexicon
/// decoder can report every wrong type instead of stopping at the first one.
enum AffectJSONValue: Decodable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([AffectJSONValue])
    case object([String: AffectJSONValue])

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null; return }
        if let b = try? c.decode(Bool.self) { self = .bool(b); return }
        if let d = try? c.decode(Double.self) { self = .number(d); return }
        if let s = try? c.decode(String.self) { self = .string(s); return }
        if let a = try? c.decode([AffectJSONValue].self) { self = .array(a); return }
        self = .object(try c.decode([String: AffectJSONValue].self))
    }

    /// Short name of the type, for messages like "valence must be a number, not a string".
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }

    var number: Double? { if case .number(let d) = self { d } else { nil } }
    var string: String? { if case .string(let s) = self { s } else { nil } }
    var array: [AffectJSONValue]? { if case .array(let a) = self { a } else { nil } }
    var object: [String: AffectJSONValue]? { if case .object(let o) = self { o } else { nil } }
}
