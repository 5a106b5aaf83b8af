import Foundation
import Testing

/// A real full disk: a 400 KiB tmpfs in a mount namespace of its own (needs root and unshare; the
/// suite is skipped where a tmpfs can't be mounted).
enum FullDisk {
    static let canMountTmpfs: Bool = {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-tmpfs-probe-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        return (try? run("mount -t tmpfs -o size=64k tmpfs \"$1\"", [dir]).status) == 0
    }()

    /// Runs `script` with sh in a mount namespace of its own, `$ALLIN` the built binary.
    static func run(_ script: String, _ args: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-m", "/bin/sh", "-c", script, "sh"] + args
        process.environment = ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "ALLIN": BinaryRunner.executable.path,
                               "ALLIN_CATALOG": BinaryRunner.root.appendingPathComponent("catalog").path, "TZ": "UTC"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}

@Suite("A full disk, through the built binary", .enabled(if: FullDisk.canMountTmpfs))
struct FullDiskCLITests {
    /// Listing and exporting read the journal without needing room on the disk, and a write that
    /// finds no room says the disk is full, in those words.
    @Test func theJournalIsReadOnAFullDiskAndAWriteSaysTheDiskIsFull() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("allin-full-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/disk", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let script = """
            mount -t tmpfs -o size=400k tmpfs "$1/disk" || exit 90
            export ALLIN_DATA_DIR="$1/disk/data" HOME="$1"
            echo '{"emotion":"stressed","intensity":5}' | "$ALLIN" journal record --note 'kept before the disk filled' > /dev/null || exit 91
            dd if=/dev/zero of="$1/disk/filler" bs=1k count=10000 2> /dev/null
            echo "== journal"; "$ALLIN" journal; echo "rc=$?"
            echo "== export"; "$ALLIN" export; echo "rc=$?"
            echo "== record"; echo '{"emotion":"calm","intensity":2}' | "$ALLIN" journal record; echo "rc=$?"
            """
        let r = try FullDisk.run(script, [root])
        #expect(r.status == 0, "\(r.output)")
        let parts = r.output.components(separatedBy: "== ")
        let journal = parts.first { $0.hasPrefix("journal") } ?? "", export = parts.first { $0.hasPrefix("export") } ?? "",
            record = parts.first { $0.hasPrefix("record") } ?? ""
        #expect(journal.contains("rc=0") && journal.contains("kept before the disk filled"), "\(journal)")
        #expect(export.contains("rc=0") && export.contains("kept before the disk filled"), "\(export)")
        #expect(record.contains("rc=1") && record.contains("is full") && !record.contains("disk I/O error"), "\(record)")
    }

    /// The disk fills while `allin --plain` waits at the note: the check-in is kept, the end says the
    /// disk is full, in those words, and prints the note back so it is not lost.
    @Test func aNoteTheFullDiskRefusesIsPrintedBack() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("allin-full-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/disk", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let note = String(repeating: "a long note worth keeping ", count: 60) + "the end"
        // The note is typed only once the prompt for it shows and the disk is full (a wait for the
        // prompt, polled, never a fixed sleep).
        let script = """
            mount -t tmpfs -o size=400k tmpfs "$1/disk" || exit 90
            export ALLIN_DATA_DIR="$1/disk/data" HOME="$1" ALLIN_PLAYER=none LANG=en_GB.UTF-8
            : > "$1/out"
            { printf '20\\n1\\nexam tomorrow\\n5\\n\\n1\\n4\\nskip\\n6\\n'
              until grep -q 'A note for your journal' "$1/out"; do sleep 0.05; done
              dd if=/dev/zero of="$1/disk/filler" bs=1k count=10000 2> /dev/null
              printf '%s\\n' "$2"; } | "$ALLIN" --plain > "$1/out" 2>&1
            echo "rc=$?"; cat "$1/out"
            """
        let r = try FullDisk.run(script, [root, note])
        #expect(r.output.hasPrefix("rc=0"), "\(r.output)")
        #expect(r.output.contains("Saved to your journal on this computer, but not your note. The disk holding ")
                && r.output.contains("is full"), "\(r.output)")
        #expect(r.output.contains("Here is your note, to keep somewhere else:\n  \(note)\n"), "\(r.output)")
    }
}
