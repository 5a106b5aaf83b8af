import AllinCore
import AllinStore
import Foundation
import Testing

@Suite("A writer killed with SIGKILL mid-stream loses at most the check-in in progress")
struct CrashTests {
    /// Starts `allin journal record --repeat` and returns after it has reported `wanted` stored
    /// check-ins, then kills it with SIGKILL. Returns the ids it reported as stored.
    func killWriter(_ box: JournalSandbox, after wanted: Int) throws -> [Int64] {
        let process = Process()
        process.executableURL = BinaryRunner.executable
        process.arguments = ["journal", "record", "--file", box.checkIn, "--repeat", "1000000", "--mood-before", "3",
                             "--mood-after", "8", "--note", String(repeating: "a reflection long enough to span pages ", count: 40)]
        process.environment = box.env.merging(["PATH": "/usr/bin:/bin", "HOME": box.root,
                                               "ALLIN_CATALOG": BinaryRunner.root.appendingPathComponent("catalog").path]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        var ids: [Int64] = []
        while ids.count < wanted {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }   // the writer ended early; the expectations below report it
            text += String(decoding: chunk, as: UTF8.self)
            ids = text.split(separator: "\n").filter { $0.hasPrefix("Recorded check-in ") }.compactMap {
                Int64($0.dropFirst("Recorded check-in ".count).prefix { $0.isNumber })
            }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        // Lines that arrived after the count was reached still name stored check-ins; only whole lines
        // (ended by a line break) count, as a line cut by the kill was never fully said.
        text += String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let whole = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        return whole.filter { $0.hasPrefix("Recorded check-in ") }.compactMap {
            Int64($0.dropFirst("Recorded check-in ".count).prefix { $0.isNumber })
        }
    }

    @Test func everyReportedCheckInSurvivesAndTheDatabaseStaysConsistent() throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        var reported: [Int64] = []
        for wanted in [25, 60, 90] {
            reported += try killWriter(box, after: wanted)
            let store = try JournalStore.open(path: box.journal)
            #expect(try store.integrityCheck() == ["ok"])
            let entries = try store.entries(JournalQuery(newestFirst: false))
            let byID = Dictionary(uniqueKeysWithValues: entries.map { ($0.id, $0) })
            for id in reported {
                let e = byID[id]
                #expect(e?.isComplete == true && e?.moodAfter == 8 && e?.note?.hasPrefix("a reflection") == true, "check-in \(id)")
            }
            // Beyond the reported ones, at most the one in progress per kill (begun, maybe unfinished).
            #expect(entries.count - reported.count <= [25, 60, 90].firstIndex(of: wanted)! + 1)
            #expect(entries.count >= reported.count)
        }
        #expect(reported.count >= 175)
    }
}
