import AllinCLI
import AllinCore
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

    /// The safety plan, the 10-step plans and favourites live in the journal too: the question names
    /// each with its count before anything goes, and the result names what went.
    @Test func eraseNamesTheSafetyPlanThePlansAndTheFavourites() async throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        try box.record(box.today)
        let store = try JournalStore.open(path: box.journal)
        var plan = SafetyPlan()
        plan[.reasons] = "my kids"
        plan[.helpers] = "Sam"
        try store.saveSafetyPlan(plan, at: Date())
        try store.setFavourite("box_breath_reset", true, at: Date())
        let intake = try PlanIntake.parse(JSONValue.parse(Data(#"{"areas":[{"area":"work","rating":3,"answers":["a","b","c","d"]},{"area":"money","rating":5,"answers":["a","b","c","d"]},{"area":"health","rating":8,"answers":["a","b","c","d"]}]}"#.utf8)),
                                          plan: PlanCatalog(lifeAreas: ["work", "money", "health"].map { LifeArea(id: $0, label: $0, clusters: []) },
                                                            questions: [], finalFallback: ""))
        let steps = ["work", "money", "health"].enumerated().map { i, area in
            PlanStep(index: i + 1, area: area, type: .reset, slug: "box_breath_reset", fallback: nil)
        }
        _ = try store.savePlan(intake, steps: steps, at: Date())
        let refused = ScriptedTerminal(answers: ["no"])
        #expect(await cli(box, refused).run(["erase"]) == 1)
        #expect(refused.err.contains("1 check-in (with every note and reframe), your safety plan (2 of 7 parts written), "
                                     + "your 10-step plan, 1 favourite session and 1 consent record"), "\(refused.err)")
        let io = ScriptedTerminal(answers: ["erase"])
        #expect(await cli(box, io).run(["erase"]) == 0)
        #expect(io.out.hasPrefix("Erased 1 check-in, your safety plan, your 10-step plan, 1 favourite session and 1 consent record."), "\(io.out)")
        let help = try BinaryRunner.run(["erase", "--help"]).stdout
        #expect(help.contains("your safety\nplan, your 10-step plans"))
    }

    /// `--plain` support shows the person's own plan after the numbers, as the full screen does
    /// (found from outside: it came before the emergency number).
    @Test func plainSupportShowsThePlanAfterTheNumbers() async throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        let store = try JournalStore.open(path: box.journal)
        var plan = SafetyPlan()
        plan[.reasons] = "my kids"
        try store.saveSafetyPlan(plan, at: Date())
        let io = ScriptedTerminal(answers: ["i want to kill myself"])
        _ = await cli(box, io).run(["--plain", "--region", "GB"])
        let number = try #require(io.out.range(of: "999"), "\(io.out)")
        let mine = try #require(io.out.range(of: "my kids"), "\(io.out)")
        #expect(number.lowerBound < mine.lowerBound, "\(io.out)")
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
