/// One item of a session script: a spoken caption line or a stretch of silence.
public enum ScriptItem: Sendable, Equatable {
    /// A caption line to be spoken; `sourceLine` is its 1-based line number in the file.
    case line(text: String, sourceLine: Int)
    /// Silence of `seconds` (1–30, may be fractional) from a `[pause N]` line.
    case pause(seconds: Double, sourceLine: Int)
}

/// A parsed session script: what is said, in order, and the silences between.
public struct SessionScript: Sendable, Equatable {
    public var items: [ScriptItem]

    public init(items: [ScriptItem]) {
        self.items = items
    }

    /// The spoken lines, in order (the caption lines).
    public var lines: [String] {
        items.compactMap { if case let .line(text, _) = $0 { return text } else { return nil } }
    }

    /// Words spoken in the whole script.
    public var wordCount: Int { lines.reduce(0) { $0 + SessionScript.words(in: $1) } }

    /// Seconds of scripted silence.
    public var pauseSeconds: Double {
        items.reduce(0) { if case let .pause(s, _) = $1 { return $0 + s } else { return $0 } }
    }

    /// A canonical text of what the script says and when it is silent; comments and blank lines
    /// do not appear, so editing them never changes the rendered audio's cache key.
    public var canonicalText: String {
        items.map { item -> String in
            switch item {
            case let .line(text, _): return "L " + text
            case let .pause(seconds, _): return "P " + SessionScript.seconds(seconds)
            }
        }.joined(separator: "\n")
    }

    /// Counts whitespace-separated words that hold at least one letter or digit.
    public static func words(in text: String) -> Int {
        text.split(whereSeparator: { $0 == " " }).filter { word in
            word.unicodeScalars.contains { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        }.count
    }

    /// Seconds with up to three decimals and no trailing zeros: 4 → "4", 1.5 → "1.5".
    public static func seconds(_ value: Double) -> String {
        let millis = Int((value * 1000).rounded())
        if millis % 1000 == 0 { return String(millis / 1000) }
        var fraction = String(millis % 1000)
        while fraction.count < 3 { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(millis / 1000).\(fraction)"
    }
}

/// One problem in a script file, naming the file and the line.
public struct ScriptProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the user knows it, e.g. `scripts/box_breath_reset.txt`.
    public var file: String
    /// The 1-based line number, or nil for a problem with the whole file.
    public var line: Int?
    public var message: String

    public init(file: String, line: Int?, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}

/// Every problem found in one script file; thrown when the list is not empty.
public struct ScriptProblems: Error, Sendable, Equatable, CustomStringConvertible {
    public var problems: [ScriptProblem]
    public init(_ problems: [ScriptProblem]) { self.problems = problems }
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
