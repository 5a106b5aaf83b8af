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

    @Test func jsonEscapesControlsAndKeepsOrder() throws {
        let value = JSONValue.object([("z", .string("a\u{1B}b\n")), ("a", .array([.int(1), .number(1.5), .null, .bool(true)]))])
        let text = value.serialized()
        #expect(text == #"{"z":"a\u001bb\n","a":[1,1.5,null,true]}"#)
        let back = try JSONValue.parse(Data(text.utf8))
        #expect(back["z"] == .string("a\u{1B}b\n"))
    }

    @Test func wordsAndStems() {
        #expect(Tokens.words("Can't SLEEP—deadlines! café") == ["cant", "sleep", "deadlines", "café"])
        #expect(Tokens.stem("deadlines") == Tokens.stem("deadline"))
        #expect(Tokens.stem("worried") == "worry")
        #expect(Tokens.stem("stress") == "stress")
    }
}
