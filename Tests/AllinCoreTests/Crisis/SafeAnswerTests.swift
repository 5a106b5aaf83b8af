import AllinCore
import Testing

@Suite("The typed answer to 'are you safe right now?'")
struct SafeAnswerTests {
    @Test("the ordinary ways of saying yes", arguments: [
        "yes", "y", "Y", "I am safe", "yes i'm safe", "Yes, I'm safe", "yes.", "Yes!", "yeah", "yep", "yup",
        "i'm fine", "I’m fine", "i'm ok", "im okay", "I am OK", "safe", "yes I am", "i'm safe right now",
        "yes, thank you", "ok", "sure", "all good", "I'm alright", "  yeah, safe  ",
    ])
    func yes(text: String) {
        #expect(SafeAnswer(text) == .safe)
    }

    @Test("no", arguments: ["no", "n", "No.", "nope", "nah", "not really", "not safe", "I'm not safe", "no i'm not",
                            "no, I'm fine"])
    func no(text: String) {
        #expect(SafeAnswer(text) == .notSafe)
    }

    /// Not sure, and every answer that is not a clear yes: support shows.
    @Test("not sure, or not a clear yes", arguments: [
        "not sure", "Not sure.", "idk", "I don't know", "maybe", "", "   ", "yes but i want to die", "yes, but",
        "i think so", "i'm not fine", "fine, whatever", "yes for now", "kind of", "s",
    ])
    func notSure(text: String) {
        #expect(SafeAnswer(text) == .notSure)
    }
}
