import AllinCore
import AllinUI
import Foundation

/// Reads `catalog/demo.json`, the scripted check-ins of `allin demo`; every problem names the file and
/// the scenario.
public enum DemoScenarios {
    public static let fileName = "demo.json"

    public static func load(catalogDirectory: URL, vocabulary: Vocabulary) throws -> [DemoScenario] {
        let url = catalogDirectory.appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw CLIError.catalog(["\(catalogDirectory.lastPathComponent)/\(fileName): file is missing"])
        }
        return try decode(data, vocabulary: vocabulary, prefix: "\(catalogDirectory.lastPathComponent)/\(fileName)")
    }

    static func decode(_ data: Data, vocabulary: Vocabulary, prefix: String) throws -> [DemoScenario] {
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch { throw CLIError.catalog(["\(prefix): \(error)"]) }
        guard case let .array(items)? = root["scenarios"] else { throw CLIError.catalog(["\(prefix): missing 'scenarios' (a list)"]) }
        var problems: [String] = []
        var out: [DemoScenario] = []
        var seen = Set<String>()
        for (i, item) in items.enumerated() {
            var id = "#\(i + 1)"
            if case let .string(s)? = item["id"] { id = s }
            func text(_ key: String) -> String {
                if case let .string(s)? = item[key], !s.isEmpty { return s }
                problems.append("\(prefix): scenarios '\(id)': '\(key)' must be a non-empty string")
                return ""
            }
            let title = text("title"), shows = text("shows"), expect = text("expect")
            if !seen.insert(id).inserted { problems.append("\(prefix): scenarios '\(id)': duplicate id") }
            let lanes = Lane.allCases.map { "audio:\($0.rawValue)" }
            if !expect.isEmpty, !(["question", "handoff"] + lanes).contains(expect) {
                problems.append("\(prefix): scenarios '\(id)': 'expect' must be question, handoff or audio:LANE, found '\(expect)'")
            }
            do {
                let checkIn = try CheckInParser.parse(item["checkIn"] ?? .null, vocabulary: vocabulary)
                var filter: String?
                switch item["filter"] {
                case nil, .null?: break
                case let .string(s)? where !s.allSatisfy(\.isWhitespace): filter = s
                default: problems.append("\(prefix): scenarios '\(id)': 'filter' must be a non-empty string when given")
                }
                out.append(DemoScenario(id: id, title: title, shows: shows, expect: expect, checkIn: checkIn, filter: filter))
            } catch let error as CLIError {
                if case let .input(field, message) = error {
                    problems.append("\(prefix): scenarios '\(id)': checkIn '\(field)': \(message)")
                } else {
                    problems.append("\(prefix): scenarios '\(id)': \(error.message())")
                }
            }
        }
        if !problems.isEmpty { throw CLIError.catalog(problems) }
        return out
    }
}
