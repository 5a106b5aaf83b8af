import Foundation

/// Reads typed fields out of one JSON object and records every problem, naming the file and entry.
public struct ObjectReader {
    public let file: String
    public let entry: String?
    private let fields: [String: JSONValue]
    private let keys: [String]
    public private(set) var issues: [CatalogIssue] = []

    /// Returns nil (and records a problem) when `value` is not an object.
    public init?(_ value: JSONValue, file: String, entry: String?, issues: inout [CatalogIssue]) {
        guard case let .object(pairs) = value else {
            issues.append(CatalogIssue(file: file, entry: entry, "expected an object, found \(value.typeName)"))
            return nil
        }
        self.file = file
        self.entry = entry
        self.keys = pairs.map(\.0)
        var map: [String: JSONValue] = [:]
        for (k, v) in pairs { map[k] = v }
        self.fields = map
    }

    public func has(_ key: String) -> Bool {
        if let v = fields[key], v != .null { return true }
        return false
    }

    public func raw(_ key: String) -> JSONValue? { fields[key] }

    private mutating func problem(_ message: String) {
        issues.append(CatalogIssue(file: file, entry: entry, message))
    }

    /// A required non-empty string.
    public mutating func string(_ key: String) -> String? {
        guard let value = fields[key], value != .null else {
            problem("missing '\(key)'")
            return nil
        }
        guard case let .string(s) = value else {
            problem("'\(key)' must be a string, found \(value.typeName)")
            return nil
        }
        // Native, not Foundation's trimmingCharacters: this runs for every string of every catalog
        // file, and the bridged trim was a quarter of `allin resources`' whole run.
        if s.allSatisfy(\.isWhitespace) {
            problem("'\(key)' is empty")
            return nil
        }
        return s
    }

    /// An optional string; null or absent gives nil.
    public mutating func optionalString(_ key: String) -> String? {
        guard let value = fields[key], value != .null else { return nil }
        guard case let .string(s) = value else {
            problem("'\(key)' must be a string or null, found \(value.typeName)")
            return nil
        }
        return s
    }

    /// A list of strings; absent or null gives `[]` unless `required`.
    public mutating func stringArray(_ key: String, required: Bool = false) -> [String] {
        guard let value = fields[key], value != .null else {
            if required { problem("missing '\(key)'") }
            return []
        }
        guard case let .array(items) = value else {
            problem("'\(key)' must be a list of strings, found \(value.typeName)")
            return []
        }
        var out: [String] = []
        for (i, item) in items.enumerated() {
            if case let .string(s) = item { out.append(s) } else {
                problem("'\(key)' item \(i + 1) must be a string, found \(item.typeName)")
            }
        }
        return out
    }

    /// A required whole number in `range`.
    public mutating func int(_ key: String, in range: ClosedRange<Int>) -> Int? {
        guard let value = fields[key], value != .null else {
            problem("missing '\(key)'")
            return nil
        }
        guard case let .number(n) = value, n == n.rounded(), abs(n) < 1e12 else {
            problem("'\(key)' must be a whole number, found \(value.typeName == "a number" ? "a fraction" : value.typeName)")
            return nil
        }
        let i = Int(n)
        guard range.contains(i) else {
            problem("'\(key)' is \(i), outside \(range.lowerBound)...\(range.upperBound)")
            return nil
        }
        return i
    }

    /// A boolean; absent or null gives `defaultValue`.
    public mutating func bool(_ key: String, default defaultValue: Bool) -> Bool {
        guard let value = fields[key], value != .null else { return defaultValue }
        guard case let .bool(b) = value else {
            problem("'\(key)' must be true or false, found \(value.typeName)")
            return defaultValue
        }
        return b
    }

    /// Records a problem for every key not in `allowed`.
    public mutating func rejectUnknownKeys(_ allowed: Set<String>) {
        for key in keys where !allowed.contains(key) {
            problem("unknown key '\(key)'")
        }
    }
}

/// Reads a top-level list of objects under `key`, naming each entry by its id field or its position.
public func readEntries(
    _ root: JSONValue, key: String, file: String, idField: String = "id",
    issues: inout [CatalogIssue], _ body: (inout ObjectReader) -> Void
) {
    guard let list = root[key] else {
        issues.append(CatalogIssue(file: file, "missing '\(key)'"))
        return
    }
    guard case let .array(items) = list else {
        issues.append(CatalogIssue(file: file, entry: key, "must be a list, found \(list.typeName)"))
        return
    }
    for (i, item) in items.enumerated() {
        var name = "\(key) #\(i + 1)"
        if case let .string(id)? = item[idField] { name = "\(key) '\(id)'" }
        guard var reader = ObjectReader(item, file: file, entry: name, issues: &issues) else { continue }
        body(&reader)
        issues += reader.issues
    }
}

extension ObjectReader {
    /// Records a problem about this entry that isn't tied to reading one field.
    public mutating func rejectValue(_ message: String) {
        issues.append(CatalogIssue(file: file, entry: entry, message))
    }

    /// Adds problems found in nested entries.
    public mutating func absorb(_ more: [CatalogIssue]) {
        issues += more
    }
}
