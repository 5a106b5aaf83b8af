/// An answer written to oneself in the second person, read as said of oneself. The check-in's "what
/// would a kinder voice say?" is answered to the person ("you've earned a rest"), so there "you" is
/// the writer: "you've earned the right to stop living", "nobody would even miss you" found nothing
/// (found from outside), where "I've earned the right to stop living" is a statement. Used only to
/// read the words (`CrisisCheck.speaksToSelf`); what was typed is kept and shown as typed.
public enum SecondPerson {
    /// `text` with the second person turned first ("you're" → "i'm", "your" → "my", "miss you" →
    /// "miss me"), and after "I'd tell her" a friend spoken of too; nil when nothing was turned.
    public static func asFirstPerson(_ text: String) -> String? {
        // Words and what lies between them, in order.
        var pieces: [(text: String, isWord: Bool)] = []
        for ch in text {
            let letter = ch.isLetter || ch == "'" || ch == "’"
            if let last = pieces.last, last.isWord == letter {
                pieces[pieces.count - 1].text.append(ch)
            } else {
                pieces.append((String(ch), letter))
            }
        }
        func lower(_ i: Int) -> String { pieces[i].text.lowercased().replacingOccurrences(of: "’", with: "'") }
        // "I'd tell her she can let go now": the kinder voice speaks of the person as of a friend, so
        // after such an opening "she", "he" or "they" is the writer too.
        let words = pieces.indices.filter { pieces[$0].isWord }
        let opening = words.prefix(4).map(lower)
        var thirdFrom = Int.max
        for (n, w) in opening.enumerated() where w == "tell" && n + 1 < opening.count && ["him", "her", "them"].contains(opening[n + 1]) {
            thirdFrom = words[n + 1] + 1
        }
        var out = ""
        var previous: String?   // the last word before this one in its clause (nil at a clause's start)
        var changed = false
        var subjectI = false    // the word before was "you" turned "i": "are" after it is "am"
        for (i, piece) in pieces.enumerated() {
            guard piece.isWord else {
                out += piece.text
                if piece.text.contains(where: { ".,;:!?\n()-–—".contains($0) }) { previous = nil }
                continue
            }
            let word = lower(i)
            let next = pieces.indices[(i + 1)...].first { pieces[$0].isWord }.map(lower)
            if subjectI, let verb = ["are": "am", "were": "was", "aren't": "am not", "arent": "am not", "r": "am"][word] {
                out += verb
                subjectI = false
            } else if let first = turned(word, after: previous, before: next) ?? (i >= thirdFrom ? third(word, before: next) : nil) {
                out += first
                changed = true
                subjectI = first == "i"
            } else {
                out += piece.text
                subjectI = false
            }
            previous = word
        }
        return changed ? out : nil
    }

    /// Words that follow "you" as its verb ("you can", "you deserve"): then it is the one doing something.
    static let verbAfter: Set<String> = [
        "can", "could", "will", "would", "should", "shall", "may", "might", "must", "are", "were", "have", "had",
        "do", "did", "don't", "dont", "didn't", "didnt", "can't", "cant", "won't", "wont", "deserve", "deserved",
        "need", "want", "know", "feel", "felt", "tried", "try", "always", "never", "just", "really", "still",
        "went", "get", "got", "earned", "owe", "matter", "worked", "work", "made", "gave", "give", "keep",
        "kept", "r", "aren't", "arent", "wanted", "needed", "am", "is", "was",
    ]

    /// A friend spoken of, turned first person: "she" → "i", "her" → "my" before a word that is not a
    /// verb, else "me".
    static func third(_ lower: String, before next: String?) -> String? {
        switch lower {
        case "he", "she", "they": return "i"
        case "he's", "she's", "they're": return "i'm"
        case "he'd", "she'd", "they'd": return "i'd"
        case "he'll", "she'll", "they'll": return "i'll"
        case "they've": return "i've"
        case "him", "them": return "me"
        case "his", "their": return "my"
        case "her": return next.map { !verbAfter.contains($0) } == true ? "my" : "me"
        case "himself", "herself", "themselves", "themself": return "myself"
        default: return nil
        }
    }

    /// Words after which "you" is the one doing something ("once you're", "and you can"): at a
    /// clause's start, or after these. Elsewhere it is the one something is done to ("miss you").
    static let beforeSubject: Set<String> = [
        "and", "but", "so", "then", "once", "when", "if", "because", "cause", "cos", "coz", "cuz", "now",
        "that", "as", "while", "until", "til", "till", "before", "after", "maybe", "just", "even", "or",
        "where", "since", "though", "although", "unless", "whether", "hey", "look", "listen", "honestly",
        "what", "who", "how", "why", "which", "whatever", "wherever", "whenever",
    ]

    static func turned(_ lower: String, after previous: String?, before next: String? = nil) -> String? {
        switch lower {
        case "you're", "youre": return "i'm"
        case "you've", "youve": return "i've"
        case "you'll", "youll": return "i'll"
        case "you'd", "youd": return "i'd"
        case "yourself": return "myself"
        case "your": return "my"
        case "yours": return "mine"
        case "you", "u", "ya":
            // "u" and "ya" only where they stand for you as a subject; elsewhere they are left.
            let subject = next.map(verbAfter.contains) == true || (previous.map(beforeSubject.contains) ?? true)
            if lower != "you" && !subject { return nil }
            return subject ? "i" : "me"
        default: return nil
        }
    }
}
