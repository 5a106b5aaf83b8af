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
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(into: &out, pretty: pretty, indent: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the compact serialisation's UTF-8 bytes to `out` (`classify --jsonl` builds a whole
    /// block of answers this way before writing it).
    public func appendSerialized(to out: inout [UInt8]) {
        write(into: &out, pretty: false, indent: 0)
    }

    // Written as UTF-8 bytes: building a String scalar by scalar was 43% of `classify --jsonl`'s CPU
    // time (perf, 179,200 lines); as bytes it is 13% of a run that takes 40% less CPU.
    private func write(into out: inout [UInt8], pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null".utf8
        case let .bool(b): out += (b ? "true" : "false").utf8
        case let .number(n): out += JSONValue.format(n).utf8
        case let .string(s): JSONValue.writeString(s, into: &out)
        case let .array(items):
            if items.isEmpty { out += "[]".utf8; return }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { JSONValue.newline(indent + 1, into: &out) }
                item.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSONValue.newline(indent, into: &out) }
            out.append(UInt8(ascii: "]"))
        case let .object(pairs):
            if pairs.isEmpty { out += "{}".utf8; return }
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { JSONValue.newline(indent + 1, into: &out) }
                JSONValue.writeString(key, into: &out)
                out += (pretty ? ": " : ":").utf8
                value.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSONValue.newline(indent, into: &out) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ indent: Int, into out: inout [UInt8]) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    private static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return String(n)
    }

    /// A JSON string: quotes, backslashes and control characters (C0, DEL, C1) escaped, and U+2028
    /// and U+2029, which some readers take for line ends. Runs of bytes that need nothing are copied
    /// whole. A String's UTF-8 is always well formed, so C1 controls are exactly C2 80...C2 9F and
    /// the two separators E2 80 A8 and E2 80 A9.
    private static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            var run = 0, i = 0
            func escape(_ upTo: Int, _ replacement: some Sequence<UInt8>, skip: Int) {
                out.append(contentsOf: bytes[run..<upTo])
                out.append(contentsOf: replacement)
                i = upTo + skip
                run = i
            }
            while i < bytes.count {
                let b = bytes[i]
                switch b {
                case UInt8(ascii: "\""): escape(i, #"\""#.utf8, skip: 1)
                case UInt8(ascii: "\\"): escape(i, #"\\"#.utf8, skip: 1)
                case 0x0A: escape(i, #"\n"#.utf8, skip: 1)
                case 0x0D: escape(i, #"\r"#.utf8, skip: 1)
                case 0x09: escape(i, #"\t"#.utf8, skip: 1)
                case 0..<0x20, 0x7F: escape(i, unicodeEscape(UInt32(b)), skip: 1)
                case 0xC2 where i + 1 < bytes.count && (0x80...0x9F).contains(bytes[i + 1]):
                    escape(i, unicodeEscape(UInt32(bytes[i + 1])), skip: 2)
                case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (0xA8...0xA9).contains(bytes[i + 2]):
                    escape(i, unicodeEscape(0x2000 | UInt32(bytes[i + 2] - 0x80)), skip: 3)
                default: i += 1
                }
            }
            out.append(contentsOf: bytes[run..<bytes.count])
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `\u` and four lower-case hex digits.
    private static func unicodeEscape(_ v: UInt32) -> [UInt8] {
        let hex = Array("0123456789abcdef".utf8)
        return [UInt8(ascii: "\\"), UInt8(ascii: "u")] + [12, 8, 4, 0].map { hex[Int((v >> UInt32($0)) & 0xF)] }
    }
}
