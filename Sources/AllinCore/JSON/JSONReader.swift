import Foundation

/// The one JSON reader: the catalog's files, the journal's stored JSON (routes and traces), mpv's
/// replies and what people give the command line (check-ins, plan intakes, JSON lines) are all read
/// by it. It keeps object keys in their written order, can refuse a key written twice (which
/// `JSONDecoder` silently settles), and reads a stored trace an order of magnitude faster than
/// `JSONDecoder`.
public enum JSONReader {
    /// A parse failure with the byte offset where it happened.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        /// The key, when the failure is a key written twice in one object.
        public var duplicateKey: String?

        public init(offset: Int, reason: String, duplicateKey: String? = nil) {
            self.offset = offset
            self.reason = reason
            self.duplicateKey = duplicateKey
        }

        public var description: String {
            duplicateKey != nil ? reason : "not valid JSON (\(reason) at byte \(offset))"
        }
    }

    /// Parses one JSON text (RFC 8259); trailing non-space bytes are an error.
    public static func parse(_ text: String) throws -> JSONValue {
        try parse(Array(text.utf8), rejectingDuplicateKeys: false)
    }

    /// Parses a file's or a program's JSON bytes (UTF-8; a byte-order mark is skipped).
    public static func parse(_ data: Data) throws -> JSONValue {
        try parse(utf8(data), rejectingDuplicateKeys: false)
    }

    private static func utf8(_ data: Data) throws -> [UInt8] {
        var body = data[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard String(validating: body, as: UTF8.self) != nil else {
            throw Failure(offset: 0, reason: "not valid UTF-8 text")
        }
        return Array(body)
    }

    /// Parses JSON a person gave: it must be UTF-8 (a byte-order mark is skipped), and a key written
    /// twice in one object is refused (`{"intensity":5,"intensity":11}` has no one meaning).
    public static func parseInput(_ data: Data) throws -> JSONValue {
        try parse(utf8(data), rejectingDuplicateKeys: true)
    }

    private static func parse(_ bytes: [UInt8], rejectingDuplicateKeys: Bool) throws -> JSONValue {
        var bytes = bytes
        bytes.append(0)   // a sentinel so the reader never checks bounds before peeking
        var reader = Reader(bytes: bytes, count: bytes.count - 1, uniqueKeys: rejectingDuplicateKeys)
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.at == reader.count else { throw reader.fail("unexpected text after the value") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        let count: Int
        let uniqueKeys: Bool
        var at = 0

        static let maxDepth = 256

        func fail(_ reason: String) -> Failure { Failure(offset: at, reason: reason) }

        mutating func skipSpace() {
            while at < count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 { at += 1 }
        }

        mutating func value(depth: Int) throws -> JSONValue {
            guard depth < Self.maxDepth else { throw fail("nested too deeply") }
            skipSpace()
            guard at < count else { throw fail("unexpected end") }
            switch bytes[at] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default: return .number(try number())
            }
        }

        mutating func literal(_ word: String) throws {
            let expected = Array(word.utf8)
            guard at + expected.count <= count else { throw fail("unexpected end") }
            for (i, b) in expected.enumerated() where bytes[at + i] != b { throw fail("unknown word") }
            at += expected.count
        }

        mutating func object(depth: Int) throws -> JSONValue {
            at += 1
            var pairs: [(String, JSONValue)] = []
            var keys = Set<String>()
            skipSpace()
            if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(pairs) }
            while true {
                skipSpace()
                guard bytes[at] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                let keyStart = at
                let key = try string()
                if uniqueKeys, !keys.insert(key).inserted {
                    throw Failure(offset: keyStart, reason: "'\(Visible.text(key, limit: 60))' appears twice", duplicateKey: key)
                }
                skipSpace()
                guard bytes[at] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                at += 1
                pairs.append((key, try value(depth: depth + 1)))
                skipSpace()
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(pairs) }
                throw fail("expected ',' or '}'")
            }
        }

        mutating func array(depth: Int) throws -> JSONValue {
            at += 1
            var items: [JSONValue] = []
            skipSpace()
            if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
            while true {
                items.append(try value(depth: depth + 1))
                skipSpace()
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
                throw fail("expected ',' or ']'")
            }
        }

        mutating func string() throws -> String {
            at += 1
            let start = at
            // Fast path: no escapes.
            while at < count, bytes[at] != UInt8(ascii: "\""), bytes[at] != UInt8(ascii: "\\"), bytes[at] >= 0x20 { at += 1 }
            if at < count, bytes[at] == UInt8(ascii: "\"") {
                defer { at += 1 }
                return String(decoding: bytes[start..<at], as: UTF8.self)
            }
            var out = Array(bytes[start..<at])
            while true {
                guard at < count else { throw fail("unterminated string") }
                let b = bytes[at]
                if b == UInt8(ascii: "\"") { at += 1; return String(decoding: out, as: UTF8.self) }
                guard b >= 0x20 else { throw fail("control character in a string") }
                if b != UInt8(ascii: "\\") { out.append(b); at += 1; continue }
                at += 1
                guard at < count else { throw fail("unterminated escape") }
                let e = bytes[at]
                at += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar), at + 1 < count,
                       bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") {
                        let save = at
                        at += 2
                        let low = try hex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            at = save
                        }
                    }
                    let u = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                    out.append(contentsOf: Array(String(u).utf8))
                default: throw fail("unknown escape")
                }
            }
        }

        mutating func hex4() throws -> UInt32 {
            guard at + 4 <= count else { throw fail("short \\u escape") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let b = bytes[at]
                let d: UInt32
                switch b {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
                default: throw fail("bad \\u escape")
                }
                v = v * 16 + d
                at += 1
            }
            return v
        }

        mutating func number() throws -> Double {
            let start = at
            if bytes[at] == UInt8(ascii: "-") { at += 1 }
            func digits() -> Int {
                let s = at
                while at < count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") { at += 1 }
                return at - s
            }
            let intStart = at
            let intDigits = digits()
            guard intDigits > 0 else { throw fail("expected a value") }
            guard intDigits == 1 || bytes[intStart] != UInt8(ascii: "0") else { throw fail("leading zero") }
            if bytes[at] == UInt8(ascii: ".") {
                at += 1
                guard digits() > 0 else { throw fail("expected digits after '.'") }
            }
            if bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
                at += 1
                if bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
                guard digits() > 0 else { throw fail("expected an exponent") }
            }
            guard let n = Double(String(decoding: bytes[start..<at], as: UTF8.self)) else { throw fail("bad number") }
            return n
        }
    }
}
