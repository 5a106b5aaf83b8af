import AllinCLI
import AllinCore
import Foundation

/// The labelled files the developer tools read (`allin-dev model`, `allin-dev valence`): one line
/// per text, its label first, a tab, any other columns, the text last. A first line whose label is
/// a header word and lines starting with '#' are skipped.
enum LabelledLines {
    /// Each line's label (one of `labels`) and text; a line with any other label is an error naming
    /// the file and the line, `expected` saying what a line must look like.
    static func read(_ path: String, command: String, labels: Set<String>, header: Set<String>,
                     expected: String) throws -> [(label: String, text: String)] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError.usage(command: command, message: "cannot read '\(Visible.text(path))'")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CLIError.usage(command: command, message: "'\(Visible.text(path))' is not UTF-8 text")
        }
        var out: [(label: String, text: String)] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
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
}
