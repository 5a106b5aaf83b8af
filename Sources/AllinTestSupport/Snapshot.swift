import Foundation

/// Plain-text snapshots stored beside the tests. Set `ALLIN_RECORD_SNAPSHOTS=1` to (re)record them.
public enum Snapshot {
    /// Compares `text` with the stored snapshot `name` in `directory`; records it when asked to or when
    /// it does not exist yet. Returns nil on a match, else a message with the first differing line.
    public static func check(_ text: String, named name: String, in directory: URL) -> String? {
        let url = directory.appendingPathComponent(name + ".txt")
        let record = ProcessInfo.processInfo.environment["ALLIN_RECORD_SNAPSHOTS"].map { !$0.isEmpty && $0 != "0" } ?? false
        let stored = try? String(contentsOf: url, encoding: .utf8)
        if record || stored == nil {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try (text + "\n").write(to: url, atomically: true, encoding: .utf8)
            } catch {
                return "could not record snapshot \(url.path): \(error)"
            }
            return record ? nil : "recorded a new snapshot \(name).txt; check it and run again"
        }
        let expected = String(stored!.dropLast(stored!.hasSuffix("\n") ? 1 : 0))
        if expected == text { return nil }
        let a = expected.components(separatedBy: "\n"), b = text.components(separatedBy: "\n")
        let line = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        return """
        snapshot \(name) differs at line \(line + 1) (ALLIN_RECORD_SNAPSHOTS=1 re-records):
          stored: \(line < a.count ? a[line] : "<none>")
          actual: \(line < b.count ? b[line] : "<none>")
        actual screen:
        \(text)
        """
    }

    /// The `Snapshots` directory beside a test file.
    public static func directory(for testFile: String) -> URL {
        URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("Snapshots")
    }
}
