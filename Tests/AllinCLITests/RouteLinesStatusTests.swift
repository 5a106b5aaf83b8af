import AllinCLI
import Foundation
import Testing

@Suite("allin route --jsonl: exit status")
struct RouteLinesStatusTests {
    /// The help says 2 for bad input, as 'classify --jsonl' exits: a bad line among good ones is bad input.
    @Test func aBadLineAmongGoodOnesExits2() async {
        let io = BufferIO(input: Data("{\"emotion\":\"stressed\",\"intensity\":5}\n{\"emotion\":\"x\"}\n".utf8))
        #expect(await CLI(environment: InputLimitTests.env, io: io).run(["route", "--jsonl"]) == 2)
        #expect(io.stdout.split(separator: "\n").count == 2 && io.stderr.contains("line 2"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("allin-jsonl-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try? Data("{\"emotion\":\"stressed\",\"intensity\":5}\n{\"emotion\":\"x\"}".utf8).write(to: URL(fileURLWithPath: file))
        let r = try? BinaryRunner.run(["route", "--jsonl", "--file", file])
        #expect(r?.status == 2)
    }
}
