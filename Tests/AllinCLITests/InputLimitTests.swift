@testable import AllinCLI
import Foundation
import Testing

/// Standard input that never ends: every read is filled with `byte`; counts what was handed out.
final class EndlessIO: CommandIO, @unchecked Sendable {
    private let lock = NSLock()
    private let byte: UInt8
    private(set) var served = 0
    private(set) var stdout = ""
    private(set) var stderr = ""
    init(byte: UInt8 = UInt8(ascii: "a")) { self.byte = byte }
    func out(_ text: String) { lock.withLock { stdout += text } }
    func err(_ text: String) { lock.withLock { stderr += text } }
    func readInput(upTo count: Int) -> Data {
        lock.withLock { served += count }
        return Data(repeating: byte, count: count)
    }
    var inputIsTerminal: Bool { false }
    func readInputLine() -> String? { nil }
}

@Suite("Inputs are read up to 1 MiB each (stdin, --file, one JSON line), never more")
struct InputLimitTests {
    static let limit = InputLimit.bytes
    static let env = ["ALLIN_CATALOG": BinaryRunner.root.appendingPathComponent("catalog").path, "HOME": "/nonexistent"]
    static let checkIn = #"{"emotion":"stressed","intensity":5}"#

    /// Valid JSON of exactly `size` bytes: the check-in padded with spaces.
    static func padded(_ json: String, to size: Int) -> Data {
        Data(json.utf8) + Data(repeating: 0x20, count: size - json.utf8.count)
    }

    @Test func allOfAnInputUpToTheLimit() throws {
        let exact = BufferIO(input: Data(count: Self.limit))
        #expect(try InputSource.standardInput(exact).readAll(command: "route").count == Self.limit)
        let over = BufferIO(input: Data(count: Self.limit + 1))
        #expect(throws: CLIError.tooLarge(command: "route", input: "standard input", unit: "input")) {
            try InputSource.standardInput(over).readAll(command: "route")
        }
    }

    @Test func anEndlessInputIsReadOnlyToOneByteOverTheLimit() {
        let io = EndlessIO()
        #expect(throws: CLIError.self) { try InputSource.standardInput(io).readAll(command: "route") }
        #expect(io.served == Self.limit + 1)
    }

    @Test func linesAreCutAtTheLimitEach() throws {
        var text = Data("{}\n".utf8) + Data(repeating: 0x61, count: Self.limit) + Data("\n\n".utf8)
        text += Data(repeating: 0x62, count: Self.limit + 1) + Data("\nlast".utf8)
        var lines = InputSource.standardInput(BufferIO(input: text)).lines(command: "classify")
        #expect(try lines.next() == Data("{}".utf8))
        #expect(try lines.next()?.count == Self.limit)
        #expect(try lines.next() == Data())
        #expect(lines.number == 3)
        #expect(throws: CLIError.tooLarge(command: "classify", input: "line 4 of standard input", unit: "line")) {
            try lines.next()
        }
    }

    @Test func anEndlessLineIsNotHeldWhole() {
        let io = EndlessIO()
        var lines = InputSource.standardInput(io).lines(command: "route")
        #expect(throws: CLIError.self) { try lines.next() }
        #expect(io.served <= Self.limit + 2 * InputLimit.chunk)
    }

    @Test func routeNamesStandardInputAndTheLimit() async {
        let io = BufferIO(input: Self.padded(Self.checkIn, to: Self.limit + 1))
        #expect(await CLI(environment: Self.env, io: io).run(["route"]) == 2)
        #expect(io.stderr == "allin route: standard input is over the 1 MiB limit (1,048,576 bytes per input)\n")
        #expect(io.stdout.isEmpty)
        // At the limit it is read and routed.
        let atLimit = BufferIO(input: Self.padded(Self.checkIn, to: Self.limit))
        #expect(await CLI(environment: Self.env, io: atLimit).run(["route", "--json"]) == 0)
    }

    @Test func aFileIsReadOnlyToTheLimit() async {
        // /dev/zero never ends: loading it whole first would never finish.
        for args in [["route", "--file", "/dev/zero"], ["journal", "record", "--file", "/dev/zero", "--data-dir", "/nonexistent/x"]] {
            let io = BufferIO()
            #expect(await CLI(environment: Self.env, io: io).run(args) == 2)
            #expect(io.stderr.contains("--file '/dev/zero' is over the 1 MiB limit"), "\(io.stderr)")
        }
        let io = BufferIO()
        let catalog = Self.env["ALLIN_CATALOG"]!
        #expect(await CLI(environment: Self.env, io: io).run(["route", "diff", "--before", catalog, "--after", catalog, "/dev/zero"]) == 2)
        #expect(io.stderr.contains("line 1 of '/dev/zero' is over the 1 MiB limit"), "\(io.stderr)")
    }

    @Test func standardInputOfEveryReaderIsCapped() async {
        for args in [["plan", "new", "--data-dir", "/nonexistent/x"], ["journal", "record", "--data-dir", "/nonexistent/x"]] {
            let io = EndlessIO(byte: 0x20)
            #expect(await CLI(environment: Self.env, io: io).run(args) == 2)
            #expect(io.stderr.contains("standard input is over the 1 MiB limit"), "\(args): \(io.stderr)")
            #expect(io.served == Self.limit + 1)
        }
    }

    @Test func aLongJSONLineStopsTheRunNamingItsNumber() async {
        let line = Data((Self.checkIn + "\n").utf8)
        let input = line + Self.padded(Self.checkIn, to: Self.limit + 1) + Data("\n".utf8) + line
        let io = BufferIO(input: input)
        #expect(await CLI(environment: Self.env, io: io).run(["route", "--jsonl"]) == 2)
        #expect(io.stderr == "allin route: line 2 of standard input is over the 1 MiB limit (1,048,576 bytes per line)\n")
        #expect(io.stdout.split(separator: "\n").count == 1)   // line 1 was answered before
        let text = Data(#"{"text":"a calm day"}"#.utf8) + Data("\n".utf8)
        let classify = BufferIO(input: text + Data(repeating: 0x20, count: Self.limit + 1) + Data("\n".utf8) + text)
        #expect(await CLI(environment: Self.env, io: classify).run(["classify", "--jsonl"]) == 2)
        #expect(classify.stderr.contains("allin classify: line 2 of standard input is over the 1 MiB limit"))
        #expect(classify.stdout.split(separator: "\n").count == 1)
    }

    /// A field over its limit is an error naming it, and the crisis rule's verdict on the whole line
    /// rides with it on stdout (found from outside: a too-long crisis line left a script reading
    /// stdout with nothing but the error).
    @Test func aTooLongFieldCarriesTheCrisisVerdict() async throws {
        let own = String(repeating: "so tired ", count: 30) + "i am going to kill myself tonight"
        let io = BufferIO(input: Data((#"{"customEmotion":"\#(own)"}"# + "\n" + #"{"customEmotion":"\#(String(repeating: "calm ", count: 60))"}"# + "\n").utf8))
        #expect(await CLI(environment: Self.env, io: io).run(["route", "--jsonl"]) == 2)
        let lines = io.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""field":"customEmotion""#) == true && lines.first?.contains(#""check":"handoff""#) == true,
                "\(io.stdout)")
        #expect(lines.last?.contains(#""check":"clear""#) == true, "\(io.stdout)")
    }
}
