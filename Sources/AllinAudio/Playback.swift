import AllinCore
import Foundation
import Synchronization

/// One audio file playing through a command-line player: start (at a position), pause and resume
/// (mpv over IPC, others by SIGSTOP/SIGCONT on the group), seek where the player allows it, stop
/// (SIGTERM, SIGKILL after 2 s), and the position. `poll()` reaps the player and reports how it
/// ended; a player that ends within moments of starting is reported as a failure in plain words.
public final class Playback: @unchecked Sendable {
    public enum State: Sendable, Equatable {
        case playing
        case paused
        case finished
        case stopped
        case failed(AudioError)
    }

    public let choice: PlayerChoice
    /// The file played; for a live render, the pipe it is fed through.
    public private(set) var file: URL
    /// Length of the audio in seconds, when known (rendered captions, mpv's answer, or the live
    /// render's once it is complete).
    public var duration: Double? { live?.duration ?? fileDuration }
    /// Set when playing a render while it is being made (see `LiveRender`).
    public let live: LiveRender?
    private var fileDuration: Double?
    private var feed: StreamFeed?
    /// For a live render mpv counts from where the stream began, not from the session's start.
    private var streamBase = 0.0
    public private(set) var state: State = .stopped
    /// True once sound is known to be coming out (see `checkAudible`); kept across a restart to seek.
    public var isAudible: Bool { lock.withLock { audibleFlag } }

    /// A player that ends within this many seconds of starting has failed (unless the audio is that short).
    public static let earlyWindow = 1.5
    /// A player that ends more than this many seconds (or `endShare` of the length, when that is
    /// more) before the end of the audio did not play it to the end, whatever its exit status.
    public static let endSlack = 5.0
    public static let endShare = 0.02

    /// The one rule for "finished", for the full-screen app and `allin play` alike: a player that
    /// ended at `position` of audio `duration` seconds long played it to the end when it got within
    /// `endSlack` (or `endShare`) of its end. Of audio whose length is unknown only the player knows,
    /// so its word is taken.
    public static func reachedEnd(at position: Double, of duration: Double?) -> Bool {
        guard let duration, duration > 0 else { return true }
        return position >= duration - max(endSlack, duration * endShare)
    }

    /// How long mpv may take to answer on its control socket (it opens it as it starts); one that
    /// has not answered by then is not playing, whatever else it does.
    static let ipcPatience = 3.0
    /// How long mpv that answers may take to open an audio output and report a position (a live
    /// render's first words included) before allin says no sound is coming out.
    static let soundPatience = 15.0
    /// Seconds from SIGTERM to SIGKILL on stop.
    public static let stopGrace = 2.0

    private let environment: [String: String]
    private let paths: AudioPaths
    private let lock = NSLock()
    private var child: ChildProcess?
    private var ipc: MPVClient?
    private var socketPath: String?
    private var startedAt = 0.0
    private var startOffset = 0.0
    private var pausedAt: Double?
    private var pausedTotal = 0.0
    private var pausedBySignal = false
    private var frozenPosition = 0.0
    /// mpv's last reported position (nil until it has loaded the file).
    private var ipcPosition: Double?
    private var audibleFlag = false
    /// mpv has answered on its socket at least once.
    private var ipcAnswered = false
    private static let sockets = Atomic<Int>(0)

    public init(choice: PlayerChoice, file: URL, duration: Double?, environment: [String: String], paths: AudioPaths) {
        self.choice = choice
        self.file = file
        fileDuration = duration
        live = nil
        self.environment = environment
        self.paths = paths
    }

    /// Plays `live` as it is rendered, through a pipe in the runtime directory.
    public init(choice: PlayerChoice, live: LiveRender, environment: [String: String], paths: AudioPaths) {
        self.choice = choice
        file = paths.runtimeDirectory.appendingPathComponent("stream.wav")
        self.live = live
        self.environment = environment
        self.paths = paths
    }

    deinit {
        child?.terminate(grace: Playback.stopGrace)
        feed?.stop()
        removeSocket()
    }

    /// True when the player can seek (over IPC or by restarting at the new position); a live render
    /// can always be restarted at a new position, since allin feeds it.
    public var canSeek: Bool { live != nil || choice.template.seek != .none }

    /// True when it can start part-way (a resume): a player that takes a start position, or a live
    /// render, which allin feeds from any point.
    public var canStartAtPosition: Bool { live != nil || choice.template.canStartAtPosition }

    /// True while the player waits for audio not rendered yet (after a seek ahead, or a render
    /// slower than the playhead).
    public var isWaiting: Bool {
        lock.lock(); defer { lock.unlock() }
        guard let live, live.result == nil, state == .playing else { return false }
        return positionLocked() >= live.renderedSeconds - 0.25
    }

    /// Starts playing at `position` seconds (0 when the player cannot start part-way).
    public func start(at position: Double = 0) throws(AudioError) {
        lock.lock(); defer { lock.unlock() }
        let ext = file.pathExtension.lowercased()
        guard live != nil || choice.template.plays(extension: ext) else { throw AudioError.unsupportedFormat(player: choice.name, ext: ext) }
        try launch(at: canStartAtPosition ? max(0, position) : 0)
        state = .playing
    }

    private func launch(at position: Double) throws(AudioError) {
        try AudioPaths.ensurePrivateDirectory(paths.stateDirectory)
        if choice.template.pause == .ipc || live != nil {
            try AudioPaths.ensurePrivateDirectory(paths.runtimeDirectory)
            Playback.removeStaleFiles(in: paths.runtimeDirectory)
        }
        if choice.template.pause == .ipc {
            let n = Playback.sockets.add(1, ordering: .relaxed).newValue
            let path = paths.runtimeDirectory.appendingPathComponent("mpv-\(getpid())-\(n).sock").path
            unlink(path)
            socketPath = path
        }
        _ = FileManager.default.createFile(atPath: paths.playerLog.path, contents: nil, attributes: [.posixPermissions: 0o600])
        chmod(paths.playerLog.path, 0o600)
        var start = position
        streamBase = 0
        if let live {
            let n = Playback.sockets.add(1, ordering: .relaxed).newValue
            file = paths.runtimeDirectory.appendingPathComponent("stream-\(getpid())-\(n).wav")
            feed = try StreamFeed(live: live, path: file.path, from: position)
            streamBase = position
            start = 0
        }
        let args = choice.command.arguments(file: file.path, socket: socketPath, start: start, log: paths.playerLog.path)
        child = try ChildProcess.spawn(executable: choice.executable, arguments: args, environment: environment,
                                       log: paths.playerLog, pdeathsig: true)
        ipc = socketPath.map { MPVClient(socketPath: $0) }
        ipcPosition = nil
        startedAt = Monotonic.now()
        startOffset = position
        pausedTotal = 0
        pausedAt = nil
        pausedBySignal = false
    }

    /// Checks on the player without blocking; reaps it when it has ended.
    @discardableResult
    public func poll() -> State {
        lock.lock(); defer { lock.unlock() }
        guard state == .playing || state == .paused, let child else { return state }
        guard let status = child.poll() else {
            if !audibleFlag { audibleFlag = checkAudible() }
            if !audibleFlag, let silence = unconfirmedSound() {
                // mpv alive but never known to sound (found from outside: a hung player was shown as
                // "Playing" after 3 s and the journal said "heard"): stopped, and the words take over.
                frozenPosition = startOffset
                child.terminate(grace: Playback.stopGrace)
                state = .failed(.failedAtStart(player: choice.name, detail: silence,
                                               log: AudioPaths.display(paths.playerLog, environment: environment)))
                endFeed()
                closeIPC()
            }
            return state
        }
        // Where it ended, for the words to take over from there (mpv's last answer, else the clock).
        frozenPosition = positionLocked()
        let ranFor = Monotonic.now() - startedAt - pausedTotal
        let remaining = duration.map { $0 - startOffset }
        let early = !audibleFlag && ranFor < Playback.earlyWindow && (remaining ?? .infinity) > Playback.earlyWindow + 1
        let log = AudioPaths.display(paths.playerLog, environment: environment)
        // Sound heard first is a device lost, not one never opened (the at-start branch below is reached
        // only without sound heard).
        let cause = PlayerDiagnosis.cause(status, log: logTail(), afterSound: audibleFlag)
        // A live render still being made when the player ended: it ended before the stream did.
        let streamDone = live.map { $0.result != nil } ?? true
        if let live, case let .failure(renderError)? = live.result, status.succeeded {
            // The stream ended because the render failed part-way: not a finished session.
            state = .failed(renderError)
        } else if early || (!audibleFlag && !(status.succeeded && streamDone && Playback.reachedEnd(at: frozenPosition, of: duration))) {
            // Never known to sound and short of the end, it never played, however long it ran (found
            // from outside: a player that ran 3 s and played nothing was said to have "stopped at 0:03").
            var detail = cause
            if status.succeeded, let remaining, cause == PlayerDiagnosis.endedAtOnce {
                detail = "ended after \(SessionScript.seconds((ranFor * 10).rounded() / 10)) s of \(Clock.text(remaining)) without playing"
            }
            state = .failed(.failedAtStart(player: choice.name, detail: detail, log: log))
        } else if status.succeeded, streamDone, Playback.reachedEnd(at: frozenPosition, of: duration) {
            state = .finished
        } else if status.succeeded {
            // Exit status 0 well before the end is no finished session: it stopped early.
            state = .failed(.endedEarly(player: choice.name, at: frozenPosition, of: duration, log: log))
        } else {
            state = .failed(.failedWhilePlaying(player: choice.name, detail: cause, log: log))
        }
        endFeed()
        closeIPC()
        return state
    }

    /// True once sound is known to be coming out: mpv names its audio output and reports a
    /// position; a player without a socket has stayed alive past `earlyWindow`.
    private func checkAudible() -> Bool {
        let ranFor = Monotonic.now() - startedAt - pausedTotal
        guard let ipc else { return ranFor >= Playback.earlyWindow }
        guard ipc.connect(timeout: 0) else { return false }
        ipcAnswered = true
        if case let .string(ao)? = ipc.command([.string("get_property"), .string("current-ao")]),
           !ao.isEmpty, ipc.number("time-pos") != nil {
            return true
        }
        return false
    }

    /// Why mpv that is still running is taken as silent, once its patience is spent: no answer on
    /// its socket within `ipcPatience`, or no audio output within `soundPatience`; nil while it may
    /// still start (and for players without a socket, which `earlyWindow` judges).
    private func unconfirmedSound() -> String? {
        guard ipc != nil else { return nil }
        let ranFor = Monotonic.now() - startedAt - pausedTotal
        if !ipcAnswered, ranFor >= Playback.ipcPatience {
            return "gave no sign of playing within \(Int(Playback.ipcPatience)) s"
        }
        if ranFor >= Playback.soundPatience { return "opened no audio output within \(Int(Playback.soundPatience)) s" }
        return nil
    }

    /// Seconds into the audio: mpv's own position when it answers, else the clock since the start
    /// minus the time spent paused.
    public var position: Double {
        lock.lock(); defer { lock.unlock() }
        return positionLocked()
    }

    private func positionLocked() -> Double {
        if state == .paused { return frozenPosition }
        if state == .finished, let duration { return duration }
        guard state == .playing else { return frozenPosition }
        if let ipc {
            if ipc.connect(timeout: 0), let time = ipc.number("time-pos") {
                if live == nil, fileDuration == nil, let d = ipc.number("duration") { fileDuration = d }
                let t = streamBase + time
                ipcPosition = t
                return t
            }
            // Before mpv has loaded the file it has no position: it is still at the start point.
            if let ipcPosition { return ipcPosition }
            if Monotonic.now() - startedAt < Playback.ipcPatience { return startOffset }
        }
        let t = startOffset + Monotonic.now() - startedAt - pausedTotal
        return min(max(0, t), duration ?? .infinity)
    }

    public func pause() {
        lock.lock(); defer { lock.unlock() }
        guard state == .playing, let child else { return }
        frozenPosition = positionLocked()
        if let ipc, ipc.connect(timeout: 1), ipc.setPause(true) {
            pausedBySignal = false
        } else {
            child.suspend()
            pausedBySignal = true
        }
        pausedAt = Monotonic.now()
        state = .paused
    }

    public func resume() {
        lock.lock(); defer { lock.unlock() }
        guard state == .paused, let child else { return }
        if pausedBySignal {
            child.resume()
        } else if let ipc, !ipc.setPause(false) {
            child.resume()
        }
        if let pausedAt { pausedTotal += Monotonic.now() - pausedAt }
        pausedAt = nil
        state = .playing
    }

    public func togglePause() {
        if state == .paused { resume() } else { pause() }
    }

    /// Moves by `delta` seconds (clamped to the audio); false when the player cannot seek.
    @discardableResult
    public func seek(by delta: Double) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard state == .playing || state == .paused else { return false }
        let current = positionLocked()
        let upper = duration.map { max(0, $0 - 1) } ?? .infinity
        let target = min(max(0, current + delta), upper)
        switch live != nil ? .restart : choice.template.seek {
        case .none:
            return false
        case .ipc:
            // mpv refuses to seek until the file is loaded: wait for its first position.
            guard let ipc, ipc.connect(timeout: 1) else { return false }
            let deadline = Monotonic.now() + Playback.ipcPatience
            while ipc.number("time-pos") == nil, Monotonic.now() < deadline { usleep(20_000) }
            guard ipc.seek(to: target) else { return false }
            ipcPosition = target
        case .restart:
            let wasPaused = state == .paused
            child?.terminate(grace: Playback.stopGrace)
            endFeed()
            closeIPC()
            do { try launch(at: target) } catch {
                state = .failed(error)
                return false
            }
            if wasPaused { child?.suspend(); pausedBySignal = true; pausedAt = Monotonic.now() }
        }
        startOffset = target
        startedAt = Monotonic.now()
        pausedTotal = 0
        if state == .paused { pausedAt = startedAt; frozenPosition = target }
        return true
    }

    /// Stops the player (SIGCONT+SIGTERM, SIGKILL after 2 s) and reaps it.
    public func stop() {
        lock.lock(); defer { lock.unlock() }
        guard state == .playing || state == .paused else { return }
        frozenPosition = positionLocked()
        child?.terminate(grace: Playback.stopGrace)
        state = .stopped
        endFeed()
        closeIPC()
    }

    /// mpv's own pause flag over IPC (nil for other players or when it does not answer).
    func ipcReportsPaused() -> Bool? {
        lock.lock(); defer { lock.unlock() }
        guard let ipc, ipc.connect(timeout: 1), case let .bool(b)? = ipc.command([.string("get_property"), .string("pause")]) else {
            return nil
        }
        return b
    }

    /// The player's process id while it runs (for tests and diagnostics).
    public var pid: pid_t? { lock.withLock { child?.pid } }

    private func endFeed() {
        feed?.stop()
        feed = nil
    }

    private func closeIPC() {
        ipc?.close()
        ipc = nil
        removeSocket()
    }

    private func removeSocket() {
        if let socketPath { unlink(socketPath) }
        socketPath = nil
    }

    /// Sockets and stream pipes left by an allin that was killed outright (`mpv-<pid>-<n>.sock`,
    /// `stream-<pid>-<n>.wav` whose pid is gone).
    static func removeStaleFiles(in directory: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names {
            let prefix: String
            if name.hasPrefix("mpv-"), name.hasSuffix(".sock") { prefix = "mpv-" }
            else if name.hasPrefix("stream-"), name.hasSuffix(".wav") { prefix = "stream-" }
            else { continue }
            let parts = name.dropFirst(prefix.count).split(separator: "-")
            guard let owner = parts.first.flatMap({ Int32($0) }), owner != getpid() else { continue }
            if kill(owner, 0) != 0, errno == ESRCH { unlink(directory.appendingPathComponent(name).path) }
        }
    }

    /// The end of the player's log, for `PlayerDiagnosis` (never shown on screen).
    private func logTail() -> String {
        guard let data = FileManager.default.contents(atPath: paths.playerLog.path) else { return "" }
        return String(decoding: data.suffix(8192), as: UTF8.self)
    }
}

/// Times as people read them: 4:05, 1:02:03.
public enum Clock {
    /// `TimeText.clock`: one way of writing a length everywhere.
    public static func text(_ seconds: Double) -> String { TimeText.clock(seconds) }
}
