import AllinCore

/// Words that ask for help directly. Typed alone in any free-text field they open crisis support at
/// once, whatever step the person is on.
public enum HelpWords {
    public static let phrases: Set<String> = [
        "help", "help me", "sos", "not safe", "im not safe", "i am not safe", "i'm not safe",
        "i need help", "please help", "unsafe", "i feel unsafe",
    ]

    /// True when the whole answer is a request for help (case, punctuation and spacing ignored), or
    /// when the crisis detector says so.
    public static func matches(_ text: String, detector: CrisisDetector) -> Bool {
        let folded = text.lowercased().unicodeScalars.map { scalar -> Character in
            let c = Character(scalar)
            return c.isLetter || c == "'" ? c : " "
        }
        let normalized = String(folded).split(separator: " ").joined(separator: " ")
        if phrases.contains(normalized) || phrases.contains(normalized.replacingOccurrences(of: "'", with: "")) {
            return true
        }
        return detector.isHelpRequest(text)
    }
}
