import Foundation

/// The user's config file format: `key = value` lines, blank lines ignored, `#` starts a comment (at
/// the start of a line, or after a space or tab). Keys are lower-case words (dots and underscores
/// allowed); values run to the comment or the end of the line, trimmed.
public struct KeyValueConfig: Sendable, Equatable {
    /// One setting and the line it came from.
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: String
        public var line: Int
    }

    public var entries: [Entry]

    /// The last value given for `key` (later lines override earlier ones).
    public func value(_ key: String) -> Entry? { entries.last { $0.key == key } }

    /// Parses the text; a line that is not `key = value` is a problem naming the file and line.
    public static func parse(_ text: String, file: String) throws(ScriptProblems) -> KeyValueConfig {
        var entries: [Entry] = []
        var problems: [ScriptProblem] = []
        var number = 0
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            number += 1
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) {
                problems.append(ScriptProblem(file: file, line: number, "contains a control character"))
                continue
            }
            guard let eq = line.firstIndex(of: "=") else {
                problems.append(ScriptProblem(file: file, line: number, "expected 'key = value'"))
                continue
            }
            let key = line[..<eq].trimmingCharacters(in: .whitespaces).lowercased()
            var rest = Substring(line[line.index(after: eq)...])
            if let hash = rest.indices.first(where: { rest[$0] == "#" && $0 > rest.startIndex
                                                       && (rest[rest.index(before: $0)] == " " || rest[rest.index(before: $0)] == "\t") }) {
                rest = rest[..<hash]
            }
            let value = rest.trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, key.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "." }) else {
                problems.append(ScriptProblem(file: file, line: number, "the key must be a lower-case word, found '\(Visible.text(key, limit: 30))'"))
                continue
            }
            entries.append(Entry(key: key, value: value, line: number))
        }
        if !problems.isEmpty { throw ScriptProblems(problems) }
        return KeyValueConfig(entries: entries)
    }
}
