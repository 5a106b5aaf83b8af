import AllinCLI
import Foundation
import Testing

@Suite("Dates on the command line fall in 1970–2200, or the option is named")
struct DateRangeCLITests {
    static let env = InputLimitTests.env.merging(["TZ": "Europe/London"]) { $1 }
    static let checkIn = Data(#"{"emotion":"stressed","intensity":5}"#.utf8)

    @Test("journal record --at out of range names --at", arguments: [
        "0001-01-01", "1969-12-31", "2201-01-01", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59+00:00",
    ])
    func atOutOfRange(at: String) async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-dates-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let io = BufferIO(input: Self.checkIn)
        #expect(await CLI(environment: Self.env, io: io).run(["journal", "record", "--at", at, "--data-dir", dir]) == 2)
        #expect(io.stderr.hasPrefix("allin journal record: --at must be a day from 1970-01-01 to 2200-12-31, found '\(at)'"), "\(io.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir))   // nothing was stored
    }

    @Test func theEdgesOfTheRangeAreKeptAsGiven() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-dates-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for day in ["1970-01-01", "2200-12-31"] {
            let io = BufferIO(input: Self.checkIn)
            #expect(await CLI(environment: Self.env, io: io).run(["journal", "record", "--at", day, "--data-dir", dir, "--json"]) == 0)
            #expect(io.stdout.contains("\"day\":\"\(day)\""), "\(io.stdout)")
        }
    }

    @Test func journalSinceOutOfRangeNamesSince() async {
        let io = BufferIO()
        #expect(await CLI(environment: Self.env, io: io).run(["journal", "--since", "0001-01-01", "--data-dir", "/nonexistent/x"]) == 2)
        #expect(io.stderr.hasPrefix("allin journal: --since must be a day from 1970-01-01 to 2200-12-31, found '0001-01-01'"))
        let fine = BufferIO()
        #expect(await CLI(environment: Self.env, io: fine).run(["journal", "--since", "1970-01-01", "--data-dir", "/nonexistent/x"]) == 0)
    }
}
