import AllinCore
import Foundation

/// The check-ins `allin route diff` replays, each with what the input said about it.
struct RouteDiffInput {
    /// One check-in and where it came from.
    struct Item {
        var checkIn: CheckIn
        /// The person's local hour, when the line gives one ("localHour", as `allin route` reads it).
        var localHour: Int? = nil
        /// For `--json`: the line's `id`, line number or journal entry.
        var about: [(String, JSONValue)]
        /// For the text report, e.g. `line 4, id "a7"`.
        var label: String
    }

    /// A line that could not be read as a check-in.
    struct BadLine: Equatable {
        var line: Int
        var field: String
        var message: String
    }

    /// Every bad line of an input.
    struct BadLines: Error, Equatable {
        var lines: [BadLine]
    }

    var items: [Item] = []
    /// Where the check-ins came from, for the report's first line.
    var source: String
    /// Journal entries left out: crisis handoffs keep no answers.
    var skippedHandoffs = 0
    /// Journal entries left out: audio entries stored without answers.
    var skippedWithoutAnswers = 0

    /// Reads JSON lines of check-ins (the `allin route --jsonl` format, plus an optional `id` string
    /// or number). A line must be a valid check-in for at least one of the two catalogs' vocabularies,
    /// so a chip added or removed by the change can still be replayed (the router matches nothing for
    /// an id its catalog lacks). Returns every bad line instead when there are any; a line over the
    /// input limit is thrown.
    static func lines(_ lines: InputLines, vocabularies: [Vocabulary]) throws -> Result<RouteDiffInput, BadLines> {
        var lines = lines
        var input = RouteDiffInput(source: lines.source.name)
        var bad: [BadLine] = []
        while let line = try lines.next() {
            let lineNumber = lines.number
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            do {
                input.items.append(try item(line, lineNumber: lineNumber, vocabularies: vocabularies))
            } catch let CLIError.input(field, message) {
                bad.append(BadLine(line: lineNumber, field: field, message: message))
            } catch {
                bad.append(BadLine(line: lineNumber, field: "(input)", message: "\(error)"))
            }
        }
        return bad.isEmpty ? .success(input) : .failure(BadLines(lines: bad))
    }

    static func item(_ line: Data, lineNumber: Int, vocabularies: [Vocabulary]) throws -> Item {
        let value = try CheckInParser.json(line)
        guard case let .object(pairs) = value else {
            throw CLIError.input(field: "(input)", message: "expected a JSON object, found \(value.typeName)")
        }
        let id = pairs.first { $0.0 == "id" }?.1
        var about: [(String, JSONValue)] = [("line", .int(lineNumber))]
        var label = "line \(lineNumber)"
        switch id {
        case nil, .null?: break
        case let .string(s)?:
            about.append(("id", .string(s)))
            label += ", id \"\(Visible.text(s, limit: 60))\""
        case let .number(n)?:
            about.append(("id", .number(n)))
            label += ", id \(JSONValue.number(n).serialized())"
        case let other?:
            throw CLIError.input(field: "id", message: "must be a string or a number, found \(other.typeName)")
        }
        let answers = JSONValue.object(pairs.filter { $0.0 != "id" })
        var firstProblem: (any Error)?
        for vocabulary in vocabularies {
            do {
                let (checkIn, hour) = try CheckInParser.parseRouted(value: answers, vocabulary: vocabulary)
                return Item(checkIn: checkIn, localHour: hour, about: about, label: label)
            } catch {
                if firstProblem == nil { firstProblem = error }
            }
        }
        throw firstProblem ?? CLIError.input(field: "(input)", message: "no catalog to read it with")
    }

    /// The journal's audio check-ins, oldest first; handoffs are counted and left out.
    static func journal(_ entries: [JournalEntry], source: String) -> RouteDiffInput {
        var input = RouteDiffInput(source: source)
        for entry in entries {
            if entry.kind == .safetyHandoff { input.skippedHandoffs += 1; continue }
            guard let checkIn = entry.checkIn else { input.skippedWithoutAnswers += 1; continue }
            input.items.append(Item(checkIn: checkIn,
                                    about: [("id", .number(Double(entry.id))), ("day", .string(entry.day.iso))],
                                    label: "journal entry \(entry.id), \(entry.day.iso)"))
        }
        return input
    }
}
