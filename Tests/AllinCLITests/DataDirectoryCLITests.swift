import AllinCLI
import Foundation
import Testing

@Suite("The data directory: a file in its place is named; a read-only journal is still read")
struct DataDirectoryCLITests {
    static let env = InputLimitTests.env.merging(["TZ": "Europe/London"]) { $1 }

    func run(_ args: [String], input: String = "") async -> (status: Int32, io: BufferIO) {
        let io = BufferIO(input: Data(input.utf8))
        return (await CLI(environment: Self.env, io: io).run(args), io)
    }

    @Test func everyJournalCommandNamesTheFileInTheWay() async throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        let file = box.root + "/somefile"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("not a folder".utf8)))
        for dataDir in [file, file + "/below"] {
            for args in [["journal"], ["journal", "show", "1"], ["export"], ["export", "--format", "md"], ["erase", "--yes"],
                         ["library"], ["safety-plan", "show"], ["plan", "show"]] {
                let (status, io) = await run(args + ["--data-dir", dataDir])
                #expect(status == 1, "\(args)")
                #expect(io.stderr.contains("Cannot use the data directory \(file): it is a file, not a directory."), "\(args): \(io.stderr)")
                #expect(!io.stdout.contains("No check-ins yet") && !io.stdout.contains("Nothing to erase"))
            }
            let (status, io) = await run(["journal", "record", "--data-dir", dataDir], input: #"{"intensity":4}"#)
            #expect(status == 1 && io.stderr.contains("it is a file, not a directory"), "\(io.stderr)")
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "not a folder")
    }

    @Test(.enabled(if: getuid() != 0, "root reads and writes whatever the modes say"))
    func aReadOnlyJournalIsListedShownAndExported() async throws {
        let box = try JournalSandbox()
        defer { chmod(box.data, 0o700); box.cleanup() }
        try box.record(box.today)
        for suffix in ["-wal", "-shm"] { unlink(box.journal + suffix) }
        chmod(box.journal, 0o400)
        for readOnlyDirectory in [false, true] {
            if readOnlyDirectory { chmod(box.data, 0o500) }
            for args in [["journal"], ["journal", "show", "1"], ["export"], ["export", "--format", "csv"], ["library"]] {
                let (status, io) = await run(args + ["--data-dir", box.data])
                #expect(status == 0, "\(args): \(io.stderr)")
                #expect(io.stderr.isEmpty, "\(args)")
            }
            let (_, list) = await run(["journal", "--data-dir", box.data])
            #expect(list.stdout.contains("a walk") || list.stdout.contains("1 check-in"), "\(list.stdout)")
        }
    }
}
