import Foundation

/// A JSON value with objects kept in insertion order, so output reads in the order it was built.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// Integer convenience; numbers are stored as `Double`.
    public static func int(_ value: Int) -> JSONValue { .number(Double(value)) }

    /// A string, or `null` when the optional is nil.
    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// The value under `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(pairs) = self else { return nil }
        return pairs.first(where: { $0.0 == key })?.1
    }

    public var numberValue: Double? { if case let .number(n) = self { return n } else { return nil } }
    public var stringValue: String? { if case let .string(s) = self { return s } else { return nil } }
    public var arrayValue: [JSONValue]? { if case let .array(a) = self { return a } else { return nil } }
    /// The fields of an object as a dictionary (the last value wins for a repeated key).
    public var objectValue: [String: JSONValue]? {
        guard case let .object(pairs) = self else { return nil }
        return Dictionary(pairs, uniquingKeysWith: { _, last in last })
    }

    /// A short name of the value's type, for error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}

extension JSONValue {
    /// Parses JSON bytes with the one reader (`JSONReader`); throws `JSONValue.ParseError` with a
    /// plain message.
    public static func parse(_ data: Data) throws -> JSONValue {
        do {
            return try JSONReader.parse(data)
        } catch let failure as JSONReader.Failure {
            throw ParseError(message: failure.description)
        }
    }

    /// The value as Foundation objects (dictionaries, arrays, NSNumber, NSNull), for code that walks
    /// a loosely typed tree.
    public var foundation: Any {
        switch self {
        case .null: return NSNull()
        case let .bool(b): return NSNumber(value: b)
        case let .number(n): return NSNumber(value: n)
        case let .string(s): return s
        case let .array(items): return items.map(\.foundation)
        case let .object(pairs):
            var dict: [String: Any] = [:]
            for (k, v) in pairs where dict[k] == nil { dict[k] = v.foundation }
            return dict
        }
    }

    /// A parse failure in plain words.
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}

extension JSONValue {
    /// Serialises compactly (`pretty: false`) or with two-space indentation. Control characters and
    /// non-characters are escaped, so the output never carries raw control bytes.
    public func serialized(pretty: Bool = false) -> String {
        var out = ""
        write(into: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(into out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(n): out += JSONValue.format(n)
        case let .string(s): JSONValue.writeString(s, into: &out)
        case let .array(items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                item.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "]"
        case let .object(pairs):
            if pairs.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                JSONValue.writeString(key, into: &out)
                out += pretty ? ": " : ":"
                value.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    private static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return String(n)
    }

    private static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let v = scalar.value
                if v < 0x20 || (v >= 0x7F && v <= 0x9F) || (v >= 0x2028 && v <= 0x2029) {
                    out += String(format: "\\u%04x", v)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
