import AllinCore
import Foundation
import Testing
@testable import AllinCLI

@Suite("Markdown and CSV exports say every answer in the catalog's words, never its ids")
struct ExportWordsTests {
    static let checkIns = [
        #"{"emotion":"stressed","triggerText":"three deadlines","intensity":5,"intent":"unblock","consent":true,"belief":"must_be_perfect","origin":"Childhood"}"#,
        #"{"emotion":"nervous","triggerText":"exam tomorrow","intensity":4,"intent":"embody","confidenceSubTap":"a_big_moment"}"#,
        #"{"emotion":"stressed","triggerText":"three deadlines this week","intensity":5,"intent":"clarity","claritySubTap":"too_much_on_my_plate"}"#,
    ]

    @Test func labelsNotIdsInMarkdownAndCSV() async throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        let env = InputLimitTests.env.merging(["TZ": "Europe/London", "ALLIN_DATA_DIR": box.data]) { $1 }
        for json in Self.checkIns {
            let io = BufferIO(input: Data(json.utf8))
            #expect(await CLI(environment: env, io: io).run(["journal", "record", "--mood-before", "5", "--mood-after", "6"]) == 0,
                    "\(io.stderr)")
        }
        for format in ["md", "csv"] {
            let io = BufferIO()
            #expect(await CLI(environment: env, io: io).run(["export", "--format", format]) == 0, "\(io.stderr)")
            let text = io.stdout
            for label in ["Shift a belief that holds me back", "I have to get everything right", "Feel confident and grounded",
                          "A presentation, interview or exam", "Get clear on what to do", "Too much on my plate"] {
                #expect(text.contains(format == "csv" && label.contains(",") ? "\"\(label)\"" : label), "\(format): \(label)")
            }
            let words = Set(text.lowercased().split { !$0.isLetter && $0 != "_" }.map(String.init))
            for id in ["unblock", "embody", "clarity", "soothe", "lane", "must_be_perfect", "a_big_moment", "unpleasant"] {
                #expect(!words.contains(id), "\(format): '\(id)' in\n\(text)")
            }
            #expect(!text.contains("must be perfect") && !text.contains("a big moment"), "\(format)")
        }
        let md = BufferIO()
        _ = await CLI(environment: env, io: md).run(["export", "--format", "md"])
        #expect(md.stdout.contains("(to get clear on what to do)") && md.stdout.contains("(to shift a belief that holds you back)"))
        // Every check-in says why its session was chosen, not only a "soothe first" one (found from
        // outside), in Markdown and in CSV's "Why" column.
        #expect(md.stdout.components(separatedBy: "- Why:").count == Self.checkIns.count + 1, "\(md.stdout)")
        #expect(md.stdout.contains("You asked to get clear on what to do"), "\(md.stdout)")
        let csv = BufferIO()
        _ = await CLI(environment: env, io: csv).run(["export", "--format", "csv"])
        #expect(csv.stdout.hasPrefix("Entry,") && csv.stdout.contains(",Session,Why,Mood before,"))
        #expect(csv.stdout.contains("You asked to get clear on what to do"), "\(csv.stdout)")
    }

    /// Markdown names only the moods given (found from outside: "Mood: - before, - after").
    @Test func markdownLeavesOutMoodsNotGiven() async throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        let env = InputLimitTests.env.merging(["TZ": "Europe/London", "ALLIN_DATA_DIR": box.data]) { $1 }
        for extra in [[String](), ["--mood-before", "4"], ["--mood-before", "5", "--mood-after", "6"]] {
            let io = BufferIO(input: Data(Self.checkIns[1].utf8))
            #expect(await CLI(environment: env, io: io).run(["journal", "record"] + extra) == 0, "\(io.stderr)")
        }
        let md = BufferIO()
        #expect(await CLI(environment: env, io: md).run(["export", "--format", "md"]) == 0)
        #expect(!md.stdout.contains("- before") && !md.stdout.contains("- after"), "\(md.stdout)")
        #expect(md.stdout.contains("- Mood before: 4\n") && md.stdout.contains("- Mood: 5 before, 6 after\n"), "\(md.stdout)")
    }

    @Test func withoutTheCatalogMarkdownAndCSVStopAndSaySo() async throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        let env = ["ALLIN_DATA_DIR": box.data, "ALLIN_CATALOG": box.root + "/no-catalog", "HOME": "/nonexistent"]
        for format in ["md", "csv"] {
            let io = BufferIO()
            let file = box.root + "/export.\(format)"
            #expect(await CLI(environment: env, io: io).run(["export", "--format", format, "-o", file]) == 1)
            #expect(io.stderr.contains("--format json") && io.stdout.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: file))
        }
        #expect(await CLI(environment: env, io: BufferIO()).run(["export", "--format", "json"]) == 0)
    }

    @Test func planStepsNameTheirAreaAndSession() throws {
        let listing = TestCatalogs.listing
        let plan = StoredPlan(id: 1, createdAt: Date(timeIntervalSince1970: 1_700_000_000), active: true,
                              intake: PlanIntake(areas: [.init(area: "work", rating: 3, answers: ["a", "b", "c", "d"])]),
                              steps: [.init(step: PlanStep(index: 1, area: "work", type: .reset, slug: "sort_the_pile", fallback: nil))])
        let md = JournalExport.md([], consents: [], now: Date(), listing: listing, plans: [plan])
        #expect(md.contains("- Work and career, rated 3") && md.contains("1. reset, Work and career: Sort the Pile"), "\(md)")
        #expect(!md.contains("sort_the_pile") && !md.contains("- work,"))
    }

    @Test(arguments: [
        (PlaybackRecord(outcome: .stoppedEarly, audioSeconds: 0.4, readAlongSeconds: 125, length: 257),
         "read along 2:05 of 4:17; stopped early (too little to count among the sessions that raised mood most)"),
        (PlaybackRecord(outcome: .stoppedEarly, audioSeconds: 0.2, readAlongSeconds: 0.3, length: 257),
         "nothing heard or read of 4:17; stopped early (too little to count among the sessions that raised mood most)"),
    ])
    func playbackNeverSaysHeardNothingThenReadAlong(record: PlaybackRecord, words: String) {
        #expect(CheckInWords.playback(record) == words)
    }
}

/// The repository's catalog, listing only.
enum TestCatalogs {
    static let listing: CatalogListing = {
        // swiftlint:disable:next force_try
        try! CatalogLocator.loadListing(option: BinaryRunner.root.appendingPathComponent("catalog").path, environment: [:])
    }()
}
