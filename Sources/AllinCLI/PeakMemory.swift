import Foundation

/// This process's peak resident memory (`VmHWM` in /proc/self/status), for the benchmark and the
/// start-up report (`ALLIN_STARTUP_REPORT=1`). Nil where /proc is not there.
public enum PeakMemory {
    public static func kilobytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
    }

    /// The report's line: "allin: peak memory 21.4 MB".
    public static func reportLine() -> String? {
        kilobytes().map { String(format: "allin: peak memory %.1f MB\n", Double($0) / 1024) }
    }
}
