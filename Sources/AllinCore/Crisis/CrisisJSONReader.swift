import Foundation

/// Reads a loosely-typed JSON tree and records every problem instead of stopping at the first.
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
    mutating func root(_ data: Data?) -> [String: Any]? {
        guard let data else {
            issue(nil, "file is missing")
            return nil
        }
        guard let object = try? JSONValue.parse(data).foundation else {
            issue(nil, "not valid JSON")
            return nil
        }
        guard let dict = object as? [String: Any] else {
            issue(nil, "top level must be an object")
            return nil
        }
        return dict
    }

    mutating func object(_ value: Any?, _ entry: String?, _ field: String, required: Bool = true) -> [String: Any]? {
        guard let value, !(value is NSNull) else {
            if required { issue(entry, "\(field) is missing") }
            return nil
        }
        guard let dict = value as? [String: Any] else {
            issue(entry, "\(field) must be an object")
            return nil
        }
        return dict
    }

    mutating func array(_ value: Any?, _ entry: String?, _ field: String, required: Bool = true) -> [Any]? {
        guard let value, !(value is NSNull) else {
            if required { issue(entry, "\(field) is missing") }
            return nil
        }
        guard let list = value as? [Any] else {
            issue(entry, "\(field) must be a list")
            return nil
        }
        return list
    }

    mutating func string(_ value: Any?, _ entry: String?, _ field: String, required: Bool = true, allowEmpty: Bool = false) -> String? {
        guard let value, !(value is NSNull) else {
            if required { issue(entry, "\(field) is missing") }
            return nil
        }
        guard let s = value as? String else {
            issue(entry, "\(field) must be text")
            return nil
        }
        if !allowEmpty && s.allSatisfy(\.isWhitespace) {
            issue(entry, "\(field) is empty")
            return nil
        }
        if s.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            issue(entry, "\(field) contains a control character")
            return nil
        }
        return s
    }

    mutating func number(_ value: Any?, _ entry: String?, _ field: String, required: Bool = true) -> Double? {
        guard let value, !(value is NSNull) else {
            if required { issue(entry, "\(field) is missing") }
            return nil
        }
        guard let n = value as? NSNumber, !Self.isBoolean(n) else {
            issue(entry, "\(field) must be a number")
            return nil
        }
        let d = n.doubleValue
        guard d.isFinite else {
            issue(entry, "\(field) must be a finite number")
            return nil
        }
        return d
    }

    mutating func bool(_ value: Any?, _ entry: String?, _ field: String, default fallback: Bool) -> Bool {
        guard let value, !(value is NSNull) else { return fallback }
        guard let n = value as? NSNumber, Self.isBoolean(n) else {
            issue(entry, "\(field) must be true or false")
            return fallback
        }
        return n.boolValue
    }

    /// JSON booleans arrive as NSNumber; only their type code tells them from 0 and 1.
    static func isBoolean(_ n: NSNumber) -> Bool {
        String(cString: n.objCType) == "c"
    }

    /// A list of non-empty strings; each bad item is reported with its index.
    mutating func strings(_ value: Any?, _ entry: String?, _ field: String, required: Bool = true) -> [String] {
        guard let list = array(value, entry, field, required: required) else { return [] }
        var out: [String] = []
        for (i, item) in list.enumerated() {
            if let s = string(item, entry, "\(field) #\(i)") { out.append(s) }
        }
        if required && list.isEmpty { issue(entry, "\(field) is empty") }
        return out
    }

    /// Reports unexpected keys, which are usually typos of a real field.
    mutating func checkKeys(_ dict: [String: Any], _ allowed: Set<String>, _ entry: String?) {
        for key in dict.keys.sorted() where !allowed.contains(key) {
            issue(entry, "unknown field '\(key)'")
        }
    }
}
