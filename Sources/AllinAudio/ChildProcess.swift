import CProcessSupport
import Foundation

/// A child program allin started: its own process group, stdin from /dev/null, output to a log
/// file or /dev/null (never the terminal). Tracked by `ChildRegistry` until reaped, so exit paths
/// can end it; reaped exactly once, so no zombie stays behind.
public final class ChildProcess: @unchecked Sendable {
    public let pid: pid_t
    /// The program as shown to the user (its file name).
    public let name: String
    private let lock = NSLock()
    private var status: ExitStatus?
    private var stopped = false

    private init(pid: pid_t, name: String) {
        self.pid = pid
        self.name = name
    }

    /// Starts `executable` with `arguments`. With `pdeathsig`, the child is started through
    /// `setpriv --pdeathsig KILL` when that tool exists, so it dies even if allin is killed outright.
    public static func spawn(executable: URL, arguments: [String], environment: [String: String],
                             log: URL?, pdeathsig: Bool = false) throws(AudioError) -> ChildProcess {
        var argv = [executable.path] + arguments
        var program = executable.path
        if pdeathsig, let setpriv = ChildProcess.setpriv {
            argv = [setpriv, "--pdeathsig", "KILL", "--"] + argv
            program = setpriv
        }
        // allin is on its way out: nothing new starts (a render would go on spawning its tools).
        guard !ChildRegistry.shared.isClosed else {
            throw AudioError.spawnFailed(program: executable.lastPathComponent, code: ECANCELED)
        }
        let env = environment.map { "\($0.key)=\($0.value)" }.sorted()
        var pid: pid_t = 0
        let rc = withCStrings(argv) { cArgv in
            withCStrings(env) { cEnv in
                if let log {
                    return log.path.withCString { cps_spawn(program, cArgv, cEnv, $0, 0, &pid) }
                }
                return cps_spawn(program, cArgv, cEnv, nil, 0, &pid)
            }
        }
        guard rc == 0 else { throw AudioError.spawnFailed(program: executable.lastPathComponent, code: rc) }
        let child = ChildProcess(pid: pid, name: executable.lastPathComponent)
        ChildRegistry.shared.add(child)
        return child
    }

    static let setpriv: String? = ["/usr/bin/setpriv", "/bin/setpriv"].first { ExecutableSearch.isExecutableFile($0) }

    /// How it ended, once it has; checks without blocking and reaps when it has ended.
    @discardableResult
    public func poll() -> ExitStatus? {
        lock.lock(); defer { lock.unlock() }
        if let status { return status }
        // 1: exited; -1: no such child any more (treat as ended); 0: still running or stopped.
        guard cps_has_exited(pid) != 0 else { return nil }
        return reapLocked(block: true)
    }

    /// True until it has ended and been reaped.
    public var isRunning: Bool { poll() == nil }

    /// Stops (SIGSTOP) or continues (SIGCONT) the whole process group.
    public func suspend() { signalGroup(SIGSTOP); lock.withLock { stopped = true } }
    public func resume() { signalGroup(SIGCONT); lock.withLock { stopped = false } }

    /// Sends `signal` to the process group while the child is still unreaped (its pid cannot be reused).
    public func signalGroup(_ signal: Int32) {
        lock.lock(); defer { lock.unlock() }
        guard status == nil else { return }
        kill(-pid, signal)
    }

    /// Ends it: SIGCONT and SIGTERM to the group (a stopped process acts on SIGTERM only once
    /// continued), then SIGKILL if it is still there after `grace` seconds. Always reaps.
    @discardableResult
    public func terminate(grace: Double = 2) -> ExitStatus {
        lock.lock(); defer { lock.unlock() }
        if let status { return status }
        kill(-pid, SIGTERM)
        kill(-pid, SIGCONT)
        stopped = false
        let deadline = Monotonic.now() + grace
        while cps_has_exited(pid) == 0, Monotonic.now() < deadline {
            usleep(10_000)
        }
        if cps_has_exited(pid) == 0 { kill(-pid, SIGKILL) }
        return reapLocked(block: true) ?? .signaled(SIGKILL)
    }

    /// Reaps the leader; first kills anything left in its group (helpers it started) while the
    /// zombie leader still holds the group id.
    private func reapLocked(block: Bool) -> ExitStatus? {
        kill(-pid, SIGKILL)
        var raw: Int32 = 0
        let got = cps_reap(pid, &raw, block ? 0 : 1)
        let result: ExitStatus
        if got == pid {
            result = cps_status_signaled(raw) != 0 ? .signaled(cps_status_signal(raw)) : .exited(cps_status_code(raw))
        } else if got == 0 {
            return nil
        } else {
            result = .signaled(SIGKILL)   // not our child any more (ECHILD): nothing left to reap
        }
        status = result
        ChildRegistry.shared.remove(self)
        return result
    }
}

/// Every child allin has started and not yet reaped, so every exit path can end them.
public final class ChildRegistry: @unchecked Sendable {
    public static let shared = ChildRegistry()
    private let lock = NSLock()
    private var children: [pid_t: ChildProcess] = [:]
    private var hookInstalled = false
    private var closed = false

    func add(_ child: ChildProcess) { lock.withLock { children[child.pid] = child } }
    func remove(_ child: ChildProcess) { lock.withLock { _ = children.removeValue(forKey: child.pid) } }

    /// Pids of children not yet reaped.
    public var live: [pid_t] { lock.withLock { Array(children.keys).sorted() } }

    /// True once `close` was called: no new child may start.
    public var isClosed: Bool { lock.withLock { closed } }

    /// For the way out: refuses new children from now on, then ends and reaps every tracked one.
    public func close(grace: Double = 0.5) {
        lock.withLock { closed = true }
        // A child whose spawn was already under way when the door closed joins late: go again.
        for _ in 0..<3 where !live.isEmpty { terminateAll(grace: grace) }
    }

    /// Ends and reaps every tracked child (SIGTERM, SIGKILL after `grace` seconds).
    public func terminateAll(grace: Double = 0.5) {
        let all = lock.withLock { Array(children.values) }
        for child in all { child.terminate(grace: grace) }
    }

    /// Ends every child when the process exits normally (`exit`, return from main).
    public func installExitHook() {
        let first = lock.withLock { () -> Bool in
            defer { hookInstalled = true }
            return !hookInstalled
        }
        // A render still running at exit (Ctrl-C, SIGTERM or SIGHUP during "Preparing the audio" in
        // `allin play` or `--plain`): its tools end first, then its work folder goes (found from
        // outside: an 8 MB `.work-*` folder stayed in the cache).
        if first {
            atexit {
                ChildRegistry.shared.terminateAll()
                RenderWork.removeAll()
            }
        }
    }
}

/// Seconds on a monotonic clock (never jumps with the wall clock).
public enum Monotonic {
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// Calls `body` with a NULL-terminated C array of the strings.
func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    let pointers = strings.map { strdup($0) }
    defer { pointers.forEach { free($0) } }
    var array: [UnsafeMutablePointer<CChar>?] = pointers + [nil]
    return array.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}

extension ChildRegistry {
    /// For crash handlers (async-signal-safe): kills the process group of every child not yet reaped,
    /// so no player outlives a crashed allin.
    public static let crashHook: @convention(c) () -> Void = { cps_kill_tracked_groups() }
}
