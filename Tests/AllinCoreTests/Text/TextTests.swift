import Foundation
import Testing
@testable import AllinCore

@Suite("Text helpers")
struct TextTests {
    @Test func visibleReplacesEveryControlCharacter() {
        let shown = Visible.text("a\u{1B}[31mb\u{07}c\u{9B}d\u{7F}e\u{202E}f\tg")
        #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
        #expect(shown.contains("\u{241B}[31m"))
        #expect(Visible.text("abcdef", limit: 3) == "abc…")
    }

    /// Shown text keeps emoji sequences and the joiners of many scripts; direction controls, which
    /// can reorder a line on a terminal, become placeholders. Stored text (`printable`) keeps every
    /// one of them and only makes control characters visible.
    @Test func joinersAreShownAndDirectionControlsAreNot() {
        let typed = "work 👩\u{200D}💻 ❤\u{FE0F}\u{200D}🔥 می\u{200C}خواهم \u{200F}שלום\u{200E} x\u{202E}y\u{202C} \u{2067}z\u{2069}"
        let shown = Visible.text(typed)
        #expect(shown.contains("👩\u{200D}💻") && shown.contains("❤\u{FE0F}\u{200D}🔥") && shown.contains("می\u{200C}خواهم"))
        #expect(!shown.unicodeScalars.contains { [0x200E, 0x200F, 0x202E, 0x202C, 0x2067, 0x2069].contains($0.value) })
        #expect(shown.contains("x\u{FFFD}y\u{FFFD}"))
        #expect(Visible.printable(typed) == typed)
        #expect(Visible.printable("a\u{1B}[2J\u{9B}b\tc") == "a␛[2J\u{FFFD}b c")
    }

    @Test func jsonEscapesControlsAndKeepsOrder() throws {
        let value = JSONValue.object([("z", .string("a\u{1B}b\n")), ("a", .array([.int(1), .number(1.5), .null, .bool(true)]))])
        let text = value.serialized()
        #expect(text == #"{"z":"a\u001bb\n","a":[1,1.5,null,true]}"#)
        let back = try JSONValue.parse(Data(text.utf8))
        #expect(back["z"] == .string("a\u{1B}b\n"))
    }

    /// The byte writer escapes exactly what the scalar-by-scalar writer did: C0, DEL and C1 controls,
    /// the two line separators, quotes and backslashes; everything else (accents, emoji, the
    /// characters beside the escaped ranges) is copied as it is, and the reader gets the text back.
    @Test func jsonEscapesEveryControlAndSeparatorAndNothingElse() throws {
        let text = "q\"b\\s\n\r\t\u{0}\u{1F} \u{7E}\u{7F}\u{80}\u{9F}\u{A0}é\u{2027}\u{2028}\u{2029}\u{202A}😀 end"
        let json = JSONValue.string(text).serialized()
        #expect(json == #""q\"b\\s\n\r\t\u0000\u001f ~\u007f\u0080\u009f"# + "\u{A0}é\u{2027}" + #"\u2028\u2029"# + "\u{202A}😀 end\"")
        #expect(try JSONValue.parse(Data(json.utf8)) == .string(text))
        var bytes: [UInt8] = []
        JSONValue.array([.string(text), .number(-0.25)]).appendSerialized(to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "[\(json),-0.25]")
        #expect(JSONValue.object([("a", .array([.int(1)]))]).serialized(pretty: true) == "{\n  \"a\": [\n    1\n  ]\n}")
    }

    /// The byte-level ASCII path must split exactly as the general path does: a trailing non-ASCII
    /// word forces the general path, so both can be compared on the same text.
    @Test("ASCII words agree with the general path", arguments: [
        "Can't SLEEP -- deadlines!! 3 reports, due 9am", "  leading and trailing  ", "", "''", "don't-stop_me now",
        "tab\tnew\nline\r\ncrlf", "MiXeD cAsE 42x", "a.b,c;d:e?f!g(h)i[j]k{l}m/n\\o|p", "`backtick` and \"quotes\"",
    ])
    func asciiWordsAgree(text: String) {
        let general = Tokens.words(text + " \u{E9}")
        #expect(Tokens.asciiWords(text) == Array(general.dropLast()))
        #expect(general.last == "\u{E9}")
    }

    /// The previous, String-based stemmer, kept as the reference the byte-level one must match.
    static func referenceStem(_ word: String) -> String {
        guard word.count > 4, word.unicodeScalars.allSatisfy(\.isASCII) else { return word }
        for suffix in ["ingly", "ings", "ing", "edly", "ied", "ies", "ed", "ly", "s"] {
            if word.hasSuffix(suffix), word.count - suffix.count >= 3 {
                if suffix == "s", word.hasSuffix("ss") || word.hasSuffix("us") || word.hasSuffix("is") { return word }
                let stem = String(word.dropLast(suffix.count))
                return suffix == "ied" || suffix == "ies" ? stem + "y" : stem
            }
        }
        return word
    }

    @Test func stemsMatchTheReference() {
        let words = ["amazingly", "feelings", "worrying", "hurriedly", "carried", "cities", "walked", "slowly", "plans",
                     "glass", "status", "crisis", "thing", "things", "spied", "tied", "cats", "bus", "ied", "xing", "bring",
                     "café", "cafés", "deadlines", "deadline", "worried", "stress", "sleeping", "ss", "", "naïvely"]
        for word in words { #expect(Tokens.stem(word) == Self.referenceStem(word), "\(word)") }
        // Every word of the session texts, too.
        for session in realCatalog.sessions {
            for word in Tokens.words(session.title + " " + session.description + " " + session.tags.joined(separator: " ")) {
                #expect(Tokens.stem(word) == Self.referenceStem(word), "\(word)")
            }
        }
    }

    @Test func wordsAndStems() {
        #expect(Tokens.words("Can't SLEEP—deadlines! café") == ["cant", "sleep", "deadlines", "café"])
        #expect(Tokens.stem("deadlines") == Tokens.stem("deadline"))
        #expect(Tokens.stem("worried") == "worry")
        #expect(Tokens.stem("stress") == "stress")
    }
}
