import Foundation

/// Reads the session script format: UTF-8 text, one spoken caption line per non-empty line,
/// `[pause N]` alone on a line for N seconds of silence (1–30, may be decimal), `#` comment lines.
public enum ScriptParser {
    /// The allowed length of one pause, in seconds.
    public static let pauseRange: ClosedRange<Double> = 1...30
    /// The longest caption line accepted, in characters; longer lines belong on two lines.
    public static let maxLineLength = 400

    /// Parses raw file bytes; invalid UTF-8 is a problem naming the file.
    public static func parse(_ data: Data, file: String) throws(ScriptProblems) -> SessionScript {
        guard let text = String(validatingUTF8Data: data) else {
            throw ScriptProblems([ScriptProblem(file: file, line: nil, "is not valid UTF-8 text")])
        }
        return try parse(text, file: file)
    }

    /// Parses script text, collecting every problem (each naming the file and line) before throwing.
    public static func parse(_ text: String, file: String) throws(ScriptProblems) -> SessionScript {
        var items: [ScriptItem] = []
        var problems: [ScriptProblem] = []
        var body = Substring(text)
        if body.hasPrefix("\u{FEFF}") { body = body.dropFirst() }
        var number = 0
        // "\r\n" is one Character in Swift, so it is a separator of its own.
        for line in body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            number += 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if let control = trimmed.unicodeScalars.first(where: isForbiddenControl) {
                let code = String(control.value, radix: 16, uppercase: true)
                problems.append(ScriptProblem(file: file, line: number,
                                              "contains a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code))"))
                continue
            }
            let spoken = trimmed.replacingOccurrences(of: "\t", with: " ")
            if spoken.hasPrefix("[") {
                switch marker(spoken) {
                case let .success(seconds): items.append(.pause(seconds: seconds, sourceLine: number))
                case let .failure(message): problems.append(ScriptProblem(file: file, line: number, message))
                }
                continue
            }
            if spoken.lowercased().contains("[pause") {
                problems.append(ScriptProblem(file: file, line: number,
                                              "a [pause N] marker must be on a line of its own"))
                continue
            }
            if spoken.count > maxLineLength {
                problems.append(ScriptProblem(file: file, line: number,
                                              "line is \(spoken.count) characters long; split it (at most \(maxLineLength))"))
                continue
            }
            if !spoken.unicodeScalars.contains(where: { $0.properties.isAlphabetic || ("0"..."9").contains($0) }) {
                problems.append(ScriptProblem(file: file, line: number, "line has nothing to say (no letters or digits)"))
                continue
            }
            items.append(.line(text: spoken, sourceLine: number))
        }
        if problems.isEmpty, !items.contains(where: { if case .line = $0 { return true } else { return false } }) {
            problems.append(ScriptProblem(file: file, line: nil, "has no spoken lines"))
        }
        if !problems.isEmpty { throw ScriptProblems(problems) }
        return SessionScript(items: items)
    }

    private enum MarkerResult {
        case success(Double)
        case failure(String)
    }

    /// Reads `[pause N]` (case and inner spacing are forgiven; the number is not).
    private static func marker(_ text: String) -> MarkerResult {
        guard text.hasSuffix("]") else {
            return .failure("a line starting with '[' must be a [pause N] marker, found '\(Visible.text(text, limit: 40))'")
        }
        let inner = text.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
        let parts = inner.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.first?.lowercased() == "pause" else {
            return .failure("unknown marker '\(Visible.text(text, limit: 40))'; the only marker is [pause N]")
        }
        guard parts.count == 2, let seconds = decimal(String(parts[1])) else {
            return .failure("[pause N] needs N, a number of seconds from 1 to 30, as in [pause 4] or [pause 2.5]")
        }
        guard pauseRange.contains(seconds) else {
            return .failure("pause must be 1 to 30 seconds, found \(parts[1])")
        }
        return .success(seconds)
    }

    /// Plain decimal numbers only: digits, optionally a dot and more digits.
    private static func decimal(_ s: String) -> Double? {
        let pieces = s.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count),
              pieces.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }) else {
            return nil
        }
        return Double(s)
    }

    private static func isForbiddenControl(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2069: return true
        default: return false
        }
    }
}

extension String {
    /// Decodes UTF-8 strictly: nil when any byte sequence is invalid.
    init?(validatingUTF8Data data: Data) {
        var result = ""
        var decoder = UTF8()
        var iterator = data.makeIterator()
        loop: while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(s): result.unicodeScalars.append(s)
            case .emptyInput: break loop
            case .error: return nil
            }
        }
        self = result
    }
}
