import AllinCore
import Foundation
import Testing

@Suite("JSONReader.parseInput: a person's JSON, strict")
struct JSONReaderInputTests {
    @Test("a key written twice is refused, naming the key", arguments: [
        (#"{"intensity":5,"intensity":11}"#, "intensity"),
        (#"{"a":1,"b":{"x":1,"y":2,"x":3}}"#, "x"),
        (#"[{"ok":1},{"text":"a","text":"b"}]"#, "text"),
        (#"{"a":1,"\u0061":2}"#, "a"),   // the same key, one written as an escape
    ])
    func duplicateKey(text: String, key: String) {
        #expect(throws: JSONReader.Failure.self) { try JSONReader.parseInput(Data(text.utf8)) }
        do {
            _ = try JSONReader.parseInput(Data(text.utf8))
        } catch let failure as JSONReader.Failure {
            #expect(failure.duplicateKey == key)
            #expect(failure.description == "'\(key)' appears twice")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func keysInTheirWrittenOrderAndTheSameKeyInTwoObjectsIsFine() throws {
        let value = try JSONReader.parseInput(Data(#"{"z":1,"a":{"z":2},"m":[{"a":3}]}"#.utf8))
        #expect(value == .object([("z", .int(1)), ("a", .object([("z", .int(2))])), ("m", .array([.object([("a", .int(3))])]))]))
    }

    @Test func storedJSONStillTakesARepeatedKey() throws {
        // The journal's own JSON is read leniently, as before: the first value stays in the list.
        #expect(try JSONReader.parse(#"{"a":1,"a":2}"#) == .object([("a", .int(1)), ("a", .int(2))]))
    }

    @Test func notUTF8IsRefusedAndAByteOrderMarkIsSkipped() throws {
        #expect(throws: JSONReader.Failure(offset: 0, reason: "not valid UTF-8 text")) {
            try JSONReader.parseInput(Data([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]))
        }
        #expect(try JSONReader.parseInput(Data([0xEF, 0xBB, 0xBF]) + Data("[1]".utf8)) == .array([.int(1)]))
        let failure = #expect(throws: JSONReader.Failure.self) { try JSONReader.parseInput(Data("{\"a\" 1}".utf8)) }
        #expect(failure?.description == "not valid JSON (expected ':' at byte 5)")
    }
}
