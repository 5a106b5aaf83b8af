@testable import AllinCLI
import Foundation
import Testing

@Suite("CSV and Markdown exports show control characters as symbols, as the screens do")
struct ExportVisibleTests {
    @Test func escAndBelInANoteAreShownWhereverTheExportGoes() async throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        let env = InputLimitTests.env.merging(["TZ": "Europe/London", "ALLIN_DATA_DIR": box.data]) { $1 }
        let note = "bad \u{1B}[2J\u{1B}]0;owned\u{07} end\r\nline two\u{7F}"
        let record = BufferIO(input: Data(#"{"emotion":"stressed","triggerText":"tab\there \u001b[31m","intensity":5}"#.utf8))
        #expect(await CLI(environment: env, io: record).run(["journal", "record", "--note", note]) == 0, "\(record.stderr)")
        for format in ["csv", "md"] {
            let io = BufferIO()
            let file = box.root + "/export.\(format)"
            #expect(await CLI(environment: env, io: io).run(["export", "--format", format]) == 0)
            #expect(await CLI(environment: env, io: BufferIO()).run(["export", "--format", format, "-o", file]) == 0)
            let written = try String(contentsOfFile: file, encoding: .utf8)
            for text in [io.stdout, written] {
                let raw = text.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" && $0 != "\r" || $0.value == 0x7F }
                #expect(raw.isEmpty, "\(format): raw \(raw.map { $0.value })")
                // Markdown also escapes its own signs ([ and ] here).
                let shown = format == "md" ? #"␛\[2J␛\]0;owned␇ end"# : "␛[2J␛]0;owned␇ end"
                #expect(text.contains(shown) && text.contains("line two␡"), "\(format)")
                #expect(text.contains(format == "md" ? #"␛\[31m"# : "␛[31m"), "\(format): the answers too")
            }
        }
        // CSV keeps its CRLF row ends and the note's own line break inside its quoted cell.
        let csv = try String(contentsOfFile: box.root + "/export.csv", encoding: .utf8)
        #expect(csv.hasSuffix("end\r\nline two␡\"\r\n"))
    }

    /// The person's words go into a file as written (joined emoji, direction marks); printed on a
    /// terminal, a direction control is shown as the screens show it, so it can't reorder the line.
    @Test func wordsAreKeptAsWrittenAndDirectionControlsAreEscapedOnlyOnATerminal() {
        let words = "work 👩\u{200D}💻 \u{200F}שלום\u{200E} x\u{202E}y\u{202C} \u{1B}[2J\r\nnext"
        #expect(ExportCommand.visibleLines(words) == "work 👩\u{200D}💻 \u{200F}שלום\u{200E} x\u{202E}y\u{202C} ␛[2J\r\nnext")
        #expect(ExportCommand.visibleLines(words, onTerminal: true)
            == "work 👩\u{200D}💻 \u{FFFD}שלום\u{FFFD} x\u{FFFD}y\u{FFFD} ␛[2J\r\nnext")
    }

    /// -o replaces only a plain file: a link, a pipe, a directory or a device is refused and left as it was.
    @Test func exportNeverReplacesALinkOrAPipe() async throws {
        let box = try JournalSandbox()
        defer { box.cleanup() }
        let env = InputLimitTests.env.merging(["ALLIN_DATA_DIR": box.data]) { $1 }
        let target = box.root + "/target.txt", link = box.root + "/link.json", fifo = box.root + "/pipe.json"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, kind) in [(link, "a link"), (fifo, "a pipe"), (box.root, "a directory")] {
            let io = BufferIO()
            #expect(await CLI(environment: env, io: io).run(["export", "-o", path]) == 2)
            // Says what is there, and only that.
            #expect(io.stderr.contains("is \(kind), not a plain file") && io.stderr.contains("Nothing was written"), "\(io.stderr)")
            #expect(!io.stderr.contains(" or a "), "\(io.stderr)")
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target, "the link is still a link")
    }
}
