import Foundation

/// Reads a JSON tree (from the one reader, `JSONValue.parse`) and records every problem instead of stopping at the first.
///
/// A typed decode throws on the first mismatch; the catalog contract is to list every problem,
/// each naming its file and entry, so the crisis files are walked by hand.
struct CrisisJSONReader {
    let file: String
    var issues: [CatalogIssue] = []

    init(file: String) { self.file = file }

    mutating func issue(_ entry: String?, _ message: String) {
        issues.append(CatalogIssue(file: file, entry: entry, message))
    }

    /// Parses the top-level object, or records why it cannot.
    mutating func root(_ data: Data?) -> [String: JSONValue]? {
        guard let data else {
            issue(nil, "file is missing")
            return nil
        }
        guard let value = try? JSONValue.parse(data) else {
            issue(nil, "not valid JSON")
            return nil
        }
        return object(value, nil, "the top level", wording: "top level must be an object")
    }

    /// `value` when it is given (not missing, not null); a required one that is not is reported.
    private mutating func given(_ value: JSONValue?, _ entry: String?, _ field: String, required: Bool) -> JSONValue? {
        guard let value, value != .null else {
            if required { issue(entry, "\(field) is missing") }
            return nil
        }
        return value
    }

    /// An object's fields by name; a key given twice keeps its first value.
    mutating func object(_ value: JSONValue?, _ entry: String?, _ field: String, required: Bool = true,
                         wording: String? = nil) -> [String: JSONValue]? {
        guard let value = given(value, entry, field, required: required) else { return nil }
        guard case let .object(pairs) = value else {
            issue(entry, wording ?? "\(field) must be an object")
            return nil
        }
        var fields: [String: JSONValue] = Dictionary(minimumCapacity: pairs.count)
        for (key, item) in pairs where fields[key] == nil { fields[key] = item }
        return fields
    }

    mutating func array(_ value: JSONValue?, _ entry: String?, _ field: String, required: Bool = true) -> [JSONValue]? {
        guard let value = given(value, entry, field, required: required) else { return nil }
        guard case let .array(list) = value else {
            issue(entry, "\(field) must be a list")
            return nil
        }
        return list
    }

    mutating func string(_ value: JSONValue?, _ entry: String?, _ field: String, required: Bool = true, allowEmpty: Bool = false) -> String? {
        guard let value = given(value, entry, field, required: required) else { return nil }
        guard case let .string(s) = value else {
            issue(entry, "\(field) must be text")
            return nil
        }
        if !allowEmpty && s.allSatisfy(\.isWhitespace) {
            issue(entry, "\(field) is empty")
            return nil
        }
        if Self.hasControl(s) {
            issue(entry, "\(field) contains a control character")
            return nil
        }
        return s
    }

    /// Whether the text holds a control character (Unicode's Cc: U+0000–U+001F, U+007F–U+009F), found
    /// from its UTF-8 bytes: asking each scalar for its general category cost about 3 ms a load (perf).
    static func hasControl(_ s: String) -> Bool {
        var previous: UInt8 = 0
        for b in s.utf8 {
            if b < 0x20 || b == 0x7F || (previous == 0xC2 && b >= 0x80 && b <= 0x9F) { return true }
            previous = b
        }
        return false
    }

    mutating func number(_ value: JSONValue?, _ entry: String?, _ field: String, required: Bool = true) -> Double? {
        guard let value = given(value, entry, field, required: required) else { return nil }
        guard case let .number(d) = value else {
            issue(entry, "\(field) must be a number")
            return nil
        }
        guard d.isFinite else {
            issue(entry, "\(field) must be a finite number")
            return nil
        }
        return d
    }

    mutating func bool(_ value: JSONValue?, _ entry: String?, _ field: String, default fallback: Bool) -> Bool {
        guard let value, value != .null else { return fallback }
        guard case let .bool(b) = value else {
            issue(entry, "\(field) must be true or false")
            return fallback
        }
        return b
    }

    /// A list of non-empty strings; each bad item is reported with its index.
    mutating func strings(_ value: JSONValue?, _ entry: String?, _ field: String, required: Bool = true) -> [String] {
        guard let list = array(value, entry, field, required: required) else { return [] }
        var out: [String] = []
        for (i, item) in list.enumerated() {
            if let s = string(item, entry, "\(field) #\(i)") { out.append(s) }
        }
        if required && list.isEmpty { issue(entry, "\(field) is empty") }
        return out
    }

    /// Reports unexpected keys, which are usually typos of a real field.
    mutating func checkKeys(_ dict: [String: JSONValue], _ allowed: Set<String>, _ entry: String?) {
        for key in dict.keys.sorted() where !allowed.contains(key) {
            issue(entry, "unknown field '\(key)'")
        }
    }
}
