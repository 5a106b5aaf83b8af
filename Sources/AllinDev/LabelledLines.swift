import AllinCLI
import AllinCore
import Foundation

/// The labelled files the developer tools read (`allin-dev model`, `allin-dev valence`): one line
/// per text, its label first, a tab, any other columns, the text last. A first line whose label is
/// a header word and lines starting with '#' are skipped.
public enum LabelledLines {
    /// Each line's label (one of `labels`) and text; a line with any other label is an error naming
    /// the file and the line, `expected` saying what a line must look like.
    static func read(_ path: String, command: String, labels: Set<String>, header: Set<String>,
                     expected: String) throws -> [(label: String, text: String)] {
        try lines(contents(path, command: command), of: path, command: command, labels: labels, header: header,
                  expected: expected)
    }

    /// The UTF-8 text of the file at `path`, or an error naming it.
    static func contents(_ path: String, command: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError.usage(command: command, message: "cannot read '\(Visible.text(path))'")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CLIError.usage(command: command, message: "'\(Visible.text(path))' is not UTF-8 text")
        }
        return text
    }

    /// `read`'s lines from the text of the file at `path`.
    static func lines(_ text: String, of path: String, command: String, labels: Set<String>, header: Set<String>,
                      expected: String) throws -> [(label: String, text: String)] {
        var out: [(label: String, text: String)] = []
        // "\r\n" is one Character in Swift, so Windows line ends are split on explicitly.
        for (n, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            if line.isEmpty || line.hasPrefix("#") { continue }
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false)
            if n == 0 && header.contains(String(cols[0])) { continue }
            guard cols.count >= 2, labels.contains(String(cols[0])) else {
                throw CLIError.usage(command: command, message: "\(Visible.text(path)) line \(n + 1): \(expected)")
            }
            out.append((String(cols[0]), String(cols[cols.count - 1])))
        }
        return out
    }

    /// The lines layer B's model learns from in one file (`allin-dev model train` and the test that
    /// rebuilds the shipped model both read them here):
    /// - a labelled TSV (a `label` header or none: crisis, safe or ambiguous, the text last);
    /// - a TSV of everyday sentences written for the sentence reading (a `sign` header, each line
    ///   `+`, `-` or `0`): every sentence is a safe line;
    /// - JSON lines of everyday check-ins (`.jsonl`): every free-text answer is a safe line.
    public static func forModel(_ path: String) throws -> [(label: String, text: String)] {
        let command = "model"
        let text = try contents(path, command: command)
        if path.hasSuffix(".jsonl") {
            var out: [(label: String, text: String)] = []
            for (n, line) in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
            where !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) {
                let value: JSONValue
                do { value = try JSONValue.parse(Data(line)) } catch {
                    throw CLIError.usage(command: command, message: "\(Visible.text(path)) line \(n + 1): not a JSON check-in (\(error))")
                }
                for field in FreeTextField.allCases {
                    if case let .string(answer)? = value[field.rawValue], !answer.allSatisfy(\.isWhitespace) {
                        out.append(("safe", answer))
                    }
                }
            }
            return out
        }
        if text.hasPrefix("sign\t") {
            return try lines(text, of: path, command: command, labels: ["+", "-", "0"], header: ["sign"],
                             expected: "a sentence line is +, - or 0, a tab, then the sentence")
                .map { ("safe", $0.text) }
        }
        return try lines(text, of: path, command: command, labels: ["crisis", "safe", "ambiguous"], header: ["label"],
                         expected: "label must be crisis, safe or ambiguous, then a tab, then the text (the text last)")
    }
}
