import AllinCLI
import AllinCore
import Foundation
import Testing

@Suite("allin erase removes everything allin keeps about the person")
struct EraseCLITests {
    @Test func theSessionPositionsAndThePlayerLogGoWithTheJournal() async throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        let state = box.root + "/state"
        let env = InputLimitTests.env.merging(["ALLIN_DATA_DIR": box.data, "XDG_STATE_HOME": state]) { $1 }
        let record = BufferIO(input: Data(#"{"emotion":"stressed","intensity":5}"#.utf8))
        #expect(await CLI(environment: env, io: record).run(["journal", "record"]) == 0, "\(record.stderr)")
        let positions = box.data + "/" + AppPaths.positionsFileName, log = state + "/allin/player.log"
        try FileManager.default.createDirectory(atPath: state + "/allin", withIntermediateDirectories: true)
        try Data(#"[{"slug":"box_breath_reset","day":"2024-05-01","position":12}]"#.utf8).write(to: URL(fileURLWithPath: positions))
        try Data("mpv: playing box_breath_reset.ogg\n".utf8).write(to: URL(fileURLWithPath: log))
        let io = BufferIO()
        #expect(await CLI(environment: env, io: io).run(["erase", "--yes"]) == 0, "\(io.stderr)")
        #expect(io.stdout.contains("Erased 1 check-in") && io.stdout.contains("playback-positions.json") && io.stdout.contains("player.log"))
        for file in [positions, log, box.journal] { #expect(!FileManager.default.fileExists(atPath: file), "\(file)") }
        #expect(!FileManager.default.fileExists(atPath: box.data), "the emptied data directory goes too")

        // With no journal left, a positions file alone is still erased, and only when confirmed.
        try FileManager.default.createDirectory(atPath: box.data, withIntermediateDirectories: true)
        try Data("[]".utf8).write(to: URL(fileURLWithPath: positions))
        let refused = BufferIO()
        #expect(await CLI(environment: env, io: refused).run(["erase"]) == 2)
        #expect(FileManager.default.fileExists(atPath: positions))
        let alone = BufferIO()
        #expect(await CLI(environment: env, io: alone).run(["erase", "--yes"]) == 0)
        #expect(alone.stdout == "Removed playback-positions.json.\n" && !FileManager.default.fileExists(atPath: positions))
        let nothing = BufferIO()
        #expect(await CLI(environment: env, io: nothing).run(["erase", "--yes"]) == 0)
        #expect(nothing.stdout.hasPrefix("Nothing to erase"))
    }
}
