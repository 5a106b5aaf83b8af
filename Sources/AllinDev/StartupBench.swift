import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What starting allin costs, whole-process, against `allin --help` in the same run: each command's
/// wall time, CPU time and peak memory (the median of several runs), and the full-screen front's
/// first frame, measured through a pseudo-terminal from spawning the program to the first bytes of
/// its frame. The commands run with a fresh, empty data directory. Peak memory is each process's own
/// (`ALLIN_STARTUP_REPORT=1` makes allin print its VmHWM at exit): the kernel's figure for a waited-for
/// child carries the parent's high-water mark across the spawn, which would report this benchmark's.
struct StartupBench {
    /// The `allin` executable beside this `allin-dev`.
    let binary: String
    let runs: Int

    struct Sample {
        var wall: Double
        var cpu: Double
        var peakKB: Int
    }

    /// The light commands (which never load the crisis detector) and the one that does: with the
    /// model's compiled form in the cache (as every run after the first has it), and from the text
    /// (as a first run, or one where the cache can't be written).
    static let commands: [(name: String, args: [String], cache: Bool)] = [
        ("--help", ["--help"], true), ("resources --region GB", ["resources", "--region", "GB"], true),
        ("catalog", ["catalog"], true), ("where", ["where"], true), ("journal", ["journal"], true),
        ("export", ["export"], true), ("classify hello", ["classify", "hello"], true),
        ("classify hello, no cache", ["classify", "hello"], false),
    ]

    func report(_ out: (String) -> Void) {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("allin-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: data) }
        var env = ProcessInfo.processInfo.environment
        env["ALLIN_DATA_DIR"] = data.path
        env["XDG_CONFIG_HOME"] = data.appendingPathComponent("config").path
        env["LANG"] = "en_GB.UTF-8"
        env["ALLIN_STARTUP_REPORT"] = "1"
        env["XDG_CACHE_HOME"] = data.appendingPathComponent("cache").path
        // A cache directory that can't be made: the model is decoded from its text on every run.
        var uncached = env
        uncached["XDG_CACHE_HOME"] = "/proc/allin-bench-no-cache"
        _ = spawn(["classify", "hello"], environment: env)   // fills the cache
        out("Start-up, whole process (median of \(runs) runs; ratios to 'allin --help' in this run)\n")
        var yardstick: Sample?
        for command in Self.commands {
            let samples = (0..<runs).compactMap { _ in spawn(command.args, environment: command.cache ? env : uncached) }
            guard let m = Self.median(samples) else {
                out("  \(command.name): could not run \(binary)\n")
                continue
            }
            if yardstick == nil { yardstick = m }
            let y = yardstick ?? m
            out("  " + command.name.padding(toLength: 25, withPad: " ", startingAt: 0)
                + String(format: " wall %6.1f ms (%4.1f×)  cpu %6.1f ms (%4.1f×)  peak %5.1f MB\n", m.wall * 1e3,
                         m.wall / y.wall, m.cpu * 1e3, m.cpu / max(y.cpu, 1e-4), Double(m.peakKB) / 1024))
        }
        let probes = (0..<runs).compactMap { _ in firstFrame(environment: env) }
        let frames = probes.map(\.seconds).sorted()
        if frames.isEmpty {
            out("  full-screen first frame: could not be measured (no pseudo-terminal)\n")
        } else {
            let median = frames[frames.count / 2]
            out(String(format: "  full-screen first frame: %.1f ms after spawn (%.1f× --help's whole run; range %.1f–%.1f ms)\n",
                       median * 1e3, median / (yardstick?.wall ?? median), frames[0] * 1e3, frames[frames.count - 1] * 1e3))
            let peaks = probes.compactMap(\.peakKB).sorted()
            if !peaks.isEmpty {
                out(String(format: "  full-screen peak memory, q pressed at the first frame: %.1f MB\n", Double(peaks[peaks.count / 2]) / 1024))
            }
        }
        out("\n")
    }

    static func median(_ samples: [Sample]) -> Sample? {
        guard !samples.isEmpty else { return nil }
        func mid<T: Comparable>(_ values: [T]) -> T { values.sorted()[values.count / 2] }
        return Sample(wall: mid(samples.map(\.wall)), cpu: mid(samples.map(\.cpu)), peakKB: mid(samples.map(\.peakKB)))
    }

    /// Runs `allin args` with output to /dev/null and returns its wall time, CPU time and peak RSS.
    func spawn(_ args: [String], environment: [String: String]) -> Sample? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let report = Self.reportFile()
        defer { unlink(report) }
        posix_spawn_file_actions_addopen(&actions, 2, report, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let start = ContinuousClock.now
        guard let pid = launch(args, environment: environment, actions: &actions) else { return nil }
        guard let usage = reap(pid) else { return nil }
        let wall = Self.seconds(ContinuousClock.now - start)
        return Sample(wall: wall, cpu: Self.cpu(usage), peakKB: Self.peakKB(in: report) ?? 0)
    }

    /// Starts the full-screen front on a pseudo-terminal (80×24), waits for the first bytes of its
    /// frame, then presses q. Nil when no pseudo-terminal could be had.
    func firstFrame(environment: [String: String]) -> (seconds: Double, peakKB: Int?)? {
        // posix_openpt, unlockpt and ptsname by hand (Swift's Glibc module leaves them out): the
        // multiplexer, TIOCSPTLCK to unlock the pair and TIOCGPTN for its number (Linux's generic ioctl numbers).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { return nil }
        defer { close(master) }
        var unlock: Int32 = 0, number: UInt32 = 0
        guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else { return nil }
        let slavePath = "/dev/pts/\(number)"
        var env = environment
        env["TERM"] = "xterm-256color"
        env["COLUMNS"] = "80"
        env["LINES"] = "24"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        let report = Self.reportFile()
        defer { unlink(report) }
        posix_spawn_file_actions_addopen(&actions, 2, report, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let start = ContinuousClock.now
        guard let pid = launch([], environment: env, actions: &actions) else { return nil }
        // The frame is drawn once the home menu's words arrive; escape sequences come first.
        var seen = [UInt8]()
        var at: Double?
        var buffer = [UInt8](repeating: 0, count: 4096)
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let deadline = ContinuousClock.now + .seconds(10)
        while at == nil, ContinuousClock.now < deadline {
            guard poll(&poller, 1, 100) > 0 else { continue }
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { break }
            seen += buffer[0..<n]
            if String(decoding: seen, as: UTF8.self).contains("Quit") { at = Self.seconds(ContinuousClock.now - start) }
        }
        _ = "q".withCString { write(master, $0, 1) }
        // Drain what it writes while it closes, so it never blocks on a full terminal.
        var exited = false
        for _ in 0..<50 where !exited {
            if poll(&poller, 1, 100) > 0, read(master, &buffer, buffer.count) > 0 { continue }
            exited = waitpid(pid, nil, WNOHANG) == pid
        }
        if !exited {
            kill(pid, SIGKILL)
            _ = reap(pid)
        }
        return at.map { ($0, Self.peakKB(in: report)) }
    }

    /// A fresh file for one run's report (allin's stderr).
    private static func reportFile() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("allin-bench-report-\(getpid())").path
    }

    /// The peak memory allin reported ("allin: peak memory 21.4 MB"), in kB.
    private static func peakKB(in file: String) -> Int? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("allin: peak memory ") }),
              let mb = Double(line.dropFirst("allin: peak memory ".count).split(separator: " ").first ?? "") else { return nil }
        return Int(mb * 1024)
    }

    private func launch(_ args: [String], environment: [String: String],
                        actions: inout posix_spawn_file_actions_t) -> pid_t? {
        let argv = ([binary] + args).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, binary, &actions, nil, argv, envp) == 0 else { return nil }
        return pid
    }

    private func reap(_ pid: pid_t) -> rusage? {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { return nil }
        }
        return usage
    }

    static func seconds(_ d: Duration) -> Double {
        let c = d.components
        return Double(c.seconds) + Double(c.attoseconds) / 1e18
    }

    static func cpu(_ u: rusage) -> Double {
        Double(u.ru_utime.tv_sec) + Double(u.ru_utime.tv_usec) / 1e6 + Double(u.ru_stime.tv_sec) + Double(u.ru_stime.tv_usec) / 1e6
    }
}
