/// Words in a script the crisis check cannot read (Cyrillic, Greek, Arabic, Hebrew, Devanagari, Chinese,
/// Japanese, Korean…): its rules and its model read Latin letters only, so "хочу умереть" or "死にたい"
/// found nothing and went on to a session (found from outside). Such an answer is not taken to be
/// clear: the check asks the gentle question instead (`CrisisCheck.unreadScriptRule`).
///
/// A few look-alike letters inside English words ("kіll" with a Cyrillic і) are not a script of their
/// own: the normaliser folds those, and an answer counts only when most of its letters are unread.
enum UnreadScript {
    /// True when at least `minimumLetters` letters, and more than half of all letters, are outside
    /// the Latin script.
    static func dominates(_ text: String, minimumLetters: Int = 2) -> Bool {
        var latin = 0, other = 0
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            if isLatin(scalar.value) { latin += 1 } else { other += 1 }
        }
        return other >= minimumLetters && other > latin
    }

    /// ASCII, Latin-1 Supplement, Latin Extended-A and -B, IPA, Latin Extended Additional, and the
    /// combining marks accented Latin letters are written with.
    static func isLatin(_ v: UInt32) -> Bool {
        v < 0x80 || (0xC0...0x24F).contains(v) || (0x250...0x2AF).contains(v) || (0x300...0x36F).contains(v)
            || (0x1E00...0x1EFF).contains(v) || (0xFF21...0xFF5A).contains(v)
    }
}
