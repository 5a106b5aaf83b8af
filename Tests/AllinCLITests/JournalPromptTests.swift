import AllinCLI
import AllinStore
import Foundation
import Testing

/// A terminal that types the given answers, one per question.
final class ScriptedTerminal: CommandIO, @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [String]
    private(set) var out = ""
    private(set) var err = ""
    init(answers: [String]) { self.answers = answers }
    func out(_ text: String) { lock.withLock { out += text } }
    func err(_ text: String) { lock.withLock { err += text } }
    func readInput(upTo count: Int) -> Data { Data() }
    var inputIsTerminal: Bool { true }
    func readInputLine() -> String? { lock.withLock { answers.isEmpty ? nil : answers.removeFirst() } }
    var remaining: Int { lock.withLock { answers.count } }
}

@Suite("Questions asked on a terminal: erase and move-aside")
struct JournalPromptTests {
    func cli(_ box: JournalSandbox, _ io: ScriptedTerminal) -> CLI {
        CLI(environment: box.env.merging(["ALLIN_CATALOG": BinaryRunner.root.appendingPathComponent("catalog").path]) { $1 }, io: io)
    }

    @Test func eraseOnlyWhenErasIsTyped() async throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        try box.record(box.today)
        for answer in ["y", "yes", "", "ERASE please"] {
            let io = ScriptedTerminal(answers: [answer])
            #expect(await cli(box, io).run(["erase"]) == 1)
            #expect(io.err.contains("Type 'erase' to confirm") && io.err.contains("Nothing was erased"))
            #expect(io.err.contains("1 check-in"))
        }
        #expect(try JournalStore.open(path: box.journal).count() == 1)
        let closed = ScriptedTerminal(answers: [])   // Ctrl-D at the question
        #expect(await cli(box, closed).run(["erase"]) == 1)
        let io = ScriptedTerminal(answers: [" Erase "])
        #expect(await cli(box, io).run(["erase"]) == 0)
        #expect(io.out.contains("Erased 1 check-in"))
        #expect(!FileManager.default.fileExists(atPath: box.journal))
    }

    @Test func anUnreadableJournalIsMovedAsideOnlyOnYes() async throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        try FileManager.default.createDirectory(atPath: box.data, withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x42, count: 8192)
        try garbage.write(to: URL(fileURLWithPath: box.journal))
        let no = ScriptedTerminal(answers: ["n"])
        #expect(await cli(box, no).run(["journal"]) == 1)
        #expect(no.err.contains("Move it aside") && no.err.contains("--move-aside"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: box.journal)) == garbage)
        #expect(JournalFiles.movedAside(box.journal).isEmpty)
        let yes = ScriptedTerminal(answers: ["y"])
        #expect(await cli(box, yes).run(["journal"]) == 0)
        #expect(yes.err.contains("Moved aside:") && yes.out.contains("No check-ins yet."))
        let aside = try #require(JournalFiles.movedAside(box.journal).first)
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == garbage)
    }
}
