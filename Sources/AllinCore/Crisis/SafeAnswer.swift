/// A typed answer to the gentle question "are you safe right now?", read the ordinary ways people
/// say yes ("yes", "y", "Yes, I'm safe", "yeah", "yep", "i'm fine", "i'm ok"), no and not sure.
/// Only a clear yes is `.safe`: anything else is read as not sure, so support shows. The words
/// alone are read here; the crisis rule reads the same line first, and a yes with anything more
/// than yes-words in it ("yes but i want to die") is not a yes here either.
public enum SafeAnswer: Equatable, Sendable {
    case safe
    /// "no", "n", "nope", "nah", "not really", "not safe".
    case notSafe
    /// "not sure", "idk", "maybe", and every answer that is not a clear yes or no.
    case notSure

    /// Reads one typed line (case, punctuation and apostrophes don't matter).
    public init(_ text: String) {
        let words = Tokens.words(text)
        if words.isEmpty {
            self = .notSure
        } else if words.allSatisfy(Self.safeWords.contains), words.contains(where: Self.yesWords.contains) {
            self = .safe
        } else if Self.noWords.contains(words[0]) || words == ["not", "really"] || words == ["not", "safe"]
                    || words == ["im", "not", "safe"] || words == ["i", "am", "not", "safe"] {
            self = .notSafe
        } else {
            self = .notSure
        }
    }

    /// Words that say yes, or that one is safe, on their own.
    static let yesWords: Set<String> = [
        "y", "yes", "yeah", "yea", "yeh", "yep", "yup", "ya", "yah", "aye", "sure", "absolutely", "definitely",
        "course", "safe", "fine", "ok", "okay", "alright", "good",
    ]

    /// Every word a clear yes may be made of ("Yes, I'm safe right now, thank you"); a single other
    /// word ("but", "not", "think", "maybe") and it is not a clear yes.
    static let safeWords: Set<String> = yesWords.union([
        "i", "am", "im", "of", "all", "right", "now", "thanks", "thank", "you",
    ])

    /// First words that say no.
    static let noWords: Set<String> = ["n", "no", "nope", "nah", "nay", "unsafe"]
}
