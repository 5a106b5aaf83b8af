import CTestSupport
import Foundation
import Testing

/// Runs a command through posix_spawn (not Foundation.Process, which hangs on tmux's inherited socket).
func spawn(_ argv: [String], env: [String: String]) -> (status: Int32, output: String) {
    let cArgs = argv.map { strdup($0) } + [nil]
    let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        cArgs.forEach { free($0) }
        cEnv.forEach { free($0) }
    }
    var out: UnsafeMutablePointer<CChar>?
    var length = 0
    let status = cArgs.withUnsafeBufferPointer { a in
        cEnv.withUnsafeBufferPointer { e in tests_spawn_capture(a.baseAddress!, e.baseAddress!, &out, &length) }
    }
    defer { free(out) }
    let text = out.map { String(cString: $0) } ?? ""
    return (status, text)
}

/// The built `allin` beside the test bundle, and the package root.
enum Paths {
    static let root: URL = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
            dir = dir.deletingLastPathComponent()
        }
        return dir
    }()

    static let allin: String = {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("allin")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
            dir = dir.deletingLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/allin").path
    }()

    static let tmuxAvailable: Bool = spawn(["tmux", "-V"], env: ["PATH": "/usr/bin:/bin:/usr/local/bin"]).status == 0
}

/// One private tmux server running the real binary in a pane of a fixed size. Keys go in with
/// send-keys; the screen comes back with capture-pane, polled until the expected text shows.
final class TmuxSession {
    let dir: URL
    let socket: String
    private let env: [String: String]

    /// Starts `allin` with `appEnv` in a detached pane. The pane reports the exit status and whether the
    /// terminal settings came back unchanged, then stays open so the last screen can be read.
    init(width: Int = 80, height: Int = 24, appEnv: [String: String], args: [String] = []) {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-e2e-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        socket = dir.appendingPathComponent("tmux.sock").path
        env = ["PATH": "/usr/bin:/bin:/usr/local/bin", "HOME": dir.path, "LANG": "C.UTF-8", "TERM": "xterm-256color"]
        var assignments = ["SWIFT_BACKTRACE=interactive=no", "ALLIN_CATALOG=\(Paths.root.appendingPathComponent("catalog").path)",
                           "HOME=\(dir.path)"]
        for (k, v) in appEnv.sorted(by: { $0.key < $1.key }) { assignments.append("\(k)=\(v)") }
        let unset = appEnv["NO_COLOR"] == nil ? "-u NO_COLOR -u LANG -u LC_ALL -u LC_MESSAGES " : "-u LANG -u LC_ALL -u LC_MESSAGES "
        let command = ([Paths.allin] + args).map(Self.quote).joined(separator: " ")
        let script = "before=$(stty -g); env \(unset)\(assignments.map(Self.quote).joined(separator: " ")) \(command); "
            + "s=$?; after=$(stty -g); if [ \"$before\" = \"$after\" ]; then echo TTY=same; else echo TTY=changed; fi; "
            + "echo EXIT=$s; sleep 600"
        tmux(["new-session", "-d", "-s", "e2e", "-x", "\(width)", "-y", "\(height)", script])
    }

    /// An interactive bash in the pane (for job control), with `allin` typed at its prompt.
    init(interactiveShellWith appEnv: [String: String]) {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-e2e-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        socket = dir.appendingPathComponent("tmux.sock").path
        env = ["PATH": "/usr/bin:/bin:/usr/local/bin", "HOME": dir.path, "LANG": "C.UTF-8", "TERM": "xterm-256color",
               "PS1": "$ "]
        tmux(["new-session", "-d", "-s", "e2e", "-x", "80", "-y", "24", "bash --norc --noprofile -i"])
        let assignments = ["SWIFT_BACKTRACE=interactive=no", "ALLIN_CATALOG=\(Paths.root.appendingPathComponent("catalog").path)"]
            + appEnv.sorted(by: { $0.key < $1.key }).map { "\($0.key)=\($0.value)" }
        type("env -u NO_COLOR " + assignments.map(Self.quote).joined(separator: " ") + " " + Self.quote(Paths.allin))
        keys("Enter")
    }

    deinit {
        tmux(["kill-server"])
        try? FileManager.default.removeItem(at: dir)
    }

    @discardableResult
    func tmux(_ args: [String]) -> (status: Int32, output: String) {
        spawn(["tmux", "-S", socket, "-f", "/dev/null"] + args, env: env)
    }

    /// Keys by tmux name (Enter, Escape, Tab, BTab, Up, F2, C-c, …) or single characters.
    func keys(_ keys: String...) { tmux(["send-keys", "-t", "e2e"] + keys) }

    /// Text typed literally.
    func type(_ text: String) { tmux(["send-keys", "-t", "e2e", "-l", text]) }
    /// Closes the app with Ctrl-C (`how` "C-c", exiting with `ctrlCExit`), SIGTERM ("TERM") or SIGHUP
    /// ("HUP"), and waits for its exit status and the terminal's settings to come back.
    func close(how: String, ctrlCExit: Int32) throws {
        switch how {
        case "C-c":
            keys("C-c")
            waitFor("EXIT=\(ctrlCExit)", "TTY=same")
        default:
            let app = try #require(appPID())
            kill(app, how == "TERM" ? SIGTERM : SIGHUP)
            waitFor("EXIT=\(how == "TERM" ? 143 : 129)", "TTY=same")
        }
    }

    /// Pastes `text` in one go: `marked`, as a terminal that marks pastes sends it (bracketed paste),
    /// else as one that does not, where a line break is Enter.
    func paste(_ text: String, marked: Bool) {
        // Through a file: tmux refuses a command as long as a large paste.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("allin-paste-\(UUID().uuidString)")
        try? Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        tmux(["load-buffer", "-b", "paste", file.path])
        tmux(["paste-buffer"] + (marked ? ["-p"] : []) + ["-b", "paste", "-t", "e2e"])
    }

    func screen(escapes: Bool = false) -> String {
        tmux(["capture-pane", "-p", "-t", "e2e"] + (escapes ? ["-e"] : [])).output
    }

    /// The screen plus everything scrolled off it.
    func history() -> String { tmux(["capture-pane", "-p", "-t", "e2e", "-S", "-2000"]).output }

    func resize(width: Int, height: Int) { tmux(["resize-window", "-t", "e2e", "-x", "\(width)", "-y", "\(height)"]) }

    /// The app's process id (the pane runs sh, whose child is allin).
    func appPID() -> Int32? {
        let pane = tmux(["display-message", "-p", "-t", "e2e", "#{pane_pid}"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let children = (try? String(contentsOfFile: "/proc/\(pane)/task/\(pane)/children", encoding: .utf8)) ?? ""
        for child in children.split(separator: " ") {
            let cmd = (try? String(contentsOfFile: "/proc/\(child)/cmdline", encoding: .utf8)) ?? ""
            if cmd.contains("allin") { return Int32(child) }
        }
        return nil
    }

    /// Polls the screen every 50 ms until it contains every needle; records the screen when it doesn't.
    @discardableResult
    func waitFor(_ needles: String..., timeout: Double = 15, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = screen()
            if needles.allSatisfy({ last.contains($0) }) { return true }
            usleep(50_000)
        }
        Issue.record("timed out waiting for \(needles); the screen was:\n\(last)", sourceLocation: sourceLocation)
        return false
    }

    static func quote(_ s: String) -> String {
        if s.allSatisfy({ $0.isLetter || $0.isNumber || "-_./=:,@".contains($0) }) { return s }
        return "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension TmuxSession {
    /// From the home screen to the situation step: a check-in with "Stressed" chosen by filtering.
    func toSituation() {
        keys("c", "Enter")
        waitFor("How are you feeling")
        type("stress")
        waitFor("Filter: stress")
        keys("Enter")
        waitFor("What is it about?")
    }

    /// From the intensity step to the mood after: `intensity` keys, soothe, the session read along
    /// and stopped (yes to "Stop the session now?"), the mood before skipped. Letters there are words:
    /// each is typed, then Enter does what it names.
    func readAlongAndStop(intensity: String...) {
        waitFor("How strong is it")
        tmux(["send-keys", "-t", "e2e"] + intensity)
        waitFor("What would help most")
        keys("1")
        waitFor("Why this session")
        keys("Enter")
        waitFor("How do you feel right now")
        keys("s", "Enter")
        waitFor("read along")
        keys("x", "Enter")
        waitFor("Stop the session now?")
        keys("y", "Enter")
        waitFor("And now? How do you feel")
    }
}
