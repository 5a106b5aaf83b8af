import AllinCLI
import Foundation
import Testing

@Suite("allin journal: the sessions that raised mood")
struct JournalOverviewCLITests {
    @Test func onlySessionsAfterWhichMoodRoseAreSaidToHaveRaisedIt() async throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        let env = InputLimitTests.env.merging(["TZ": "Europe/London", "ALLIN_DATA_DIR": box.data]) { $1 }
        func record(_ json: String, _ before: Int, _ after: Int) async {
            let io = BufferIO(input: Data(json.utf8))
            let args = ["journal", "record", "--mood-before", "\(before)", "--mood-after", "\(after)"]
            #expect(await CLI(environment: env, io: io).run(args) == 0, "\(io.stderr)")
        }
        func overview() async -> String {
            let io = BufferIO()
            _ = await CLI(environment: env, io: io).run(["journal"])
            return io.stdout
        }
        await record(ExportWordsTests.checkIns[2], 6, 2)
        #expect(await overview().contains("None of the rated sessions has raised mood yet."))
        await record(ExportWordsTests.checkIns[1], 5, 7)
        let text = await overview()
        #expect(text.contains("Sessions that raised mood most: Calm Focus for Performance (up 2.0, once).\n"), "\(text)")
        #expect(!text.contains("Sort the Pile (") && !text.contains("-4.0") && !text.contains("×"), "\(text)")
    }
}
