import AllinCore
import Foundation

/// A render that can be played while it is still being made: the samples so far (16-bit mono at
/// `Renderer.sampleRate`), the captions as far as they are measured (the rest estimated), and how
/// it ended. The renderer writes; players read through `StreamFeed`.
public final class LiveRender: @unchecked Sendable, Equatable {
    public static func == (a: LiveRender, b: LiveRender) -> Bool { a === b }

    public let slug: String
    public let sampleRate = Renderer.sampleRate
    private let condition = NSCondition()
    private var pcm: [UInt8] = []
    private var track: CaptionTrack
    private var version = 0
    private var outcome: Result<RenderResult, AudioError>?
    private var latest: RenderProgress?

    init(slug: String, estimate: CaptionTrack) {
        self.slug = slug
        track = estimate
    }

    /// Starts rendering `script` on a thread of its own and returns at once.
    public static func start(_ renderer: Renderer, slug: String, script: SessionScript) -> LiveRender {
        let estimate = TimelinePlan.estimated(script: script, wordsPerMinute: Double(renderer.settings.rate),
                                              layout: renderer.settings.layout).track
        let live = LiveRender(slug: slug, estimate: estimate)
        let thread = Thread {
            _ = try? renderer.render(slug: slug, script: script, force: true, live: live) { live.report($0) }
        }
        thread.name = "allin-render"
        thread.start()
        return live
    }

    // MARK: the renderer's side

    func report(_ progress: RenderProgress) {
        condition.withLock {
            latest = progress
            condition.broadcast()
        }
    }

    func append(_ bytes: [UInt8], captions: CaptionTrack) {
        condition.withLock {
            pcm += bytes
            track = captions
            version += 1
            condition.broadcast()
        }
    }

    func finish(_ result: Result<RenderResult, AudioError>) {
        condition.withLock {
            if case let .success(r) = result { track = r.captions; version += 1 }
            outcome = result
            condition.broadcast()
        }
    }

    // MARK: the players' side

    /// Bytes of samples made so far.
    public var bytes: Int { condition.withLock { pcm.count } }
    /// Seconds of audio made so far.
    public var renderedSeconds: Double { Double(bytes / 2) / Double(sampleRate) }
    /// The captions now and a number that grows each time they change.
    public var captions: (track: CaptionTrack, version: Int) { condition.withLock { (track, version) } }
    /// How the render ended; nil while it runs.
    public var result: Result<RenderResult, AudioError>? { condition.withLock { outcome } }
    /// The length of the whole session once it is rendered.
    public var duration: Double? {
        condition.withLock { if case let .success(r)? = outcome { r.captions.duration } else { nil } }
    }

    /// Waits until the first piece can be played, passing on the render's progress meanwhile (on
    /// the caller's thread); throws when the render failed before that.
    public func waitForFirstPiece(progress: (RenderProgress) -> Void = { _ in }) throws(AudioError) {
        while true {
            let (step, ready, failure): (RenderProgress?, Bool, AudioError?) = condition.withLock {
                while pcm.isEmpty && outcome == nil && latest == nil { condition.wait() }
                defer { latest = nil }
                if case let .failure(e)? = outcome, pcm.isEmpty { return (nil, false, e) }
                return (latest, !pcm.isEmpty || outcome != nil, nil)
            }
            if let failure { throw failure }
            if let step { progress(step) }
            if ready { return }
        }
    }

    /// Waits for the render to end and returns how it ended.
    @discardableResult
    public func waitUntilDone() -> Result<RenderResult, AudioError> {
        condition.withLock {
            while outcome == nil { condition.wait() }
            return outcome!
        }
    }

    /// Up to `limit` bytes from `offset`, waiting for them while the render runs; nil at the end (the
    /// render is over and everything was read, or it failed) or once `stopped()` says so.
    func read(from offset: Int, limit: Int, stopped: () -> Bool) -> [UInt8]? {
        condition.withLock {
            while true {
                if stopped() { return nil }
                if offset < pcm.count { return Array(pcm[offset..<(offset + min(pcm.count - offset, max(1, limit)))]) }
                if outcome != nil { return nil }
                condition.wait()
            }
        }
    }

    /// Wakes readers waiting for samples (one was stopped).
    func wake() { condition.withLock { condition.broadcast() } }
}

/// Feeds a live render to a player through a named pipe (FIFO) in the runtime directory: a WAV
/// header of unknown length, then the samples from a starting point as they are made. The player
/// opens the pipe as if it were a file and ends at the end of the stream. A thread of its own
/// writes; `stop` ends it (a player that was killed makes its writes fail, which ends it too).
final class StreamFeed: @unchecked Sendable {
    let path: String
    private let live: LiveRender
    private let lock = NSLock()
    private var stopFlag = false

    /// Makes the pipe (mode 0600) and starts writing from `seconds` into the audio.
    init(live: LiveRender, path: String, from seconds: Double) throws(AudioError) {
        self.live = live
        self.path = path
        unlink(path)
        guard mkfifo(path, 0o600) == 0 else { throw AudioError.io(path: path, message: String(cString: strerror(errno))) }
        let offset = max(0, Int(seconds * Double(live.sampleRate))) * 2
        let thread = Thread { [self] in run(from: offset) }
        thread.name = "allin-stream"
        thread.start()
    }

    private var stopped: Bool { lock.withLock { stopFlag } }

    func stop() {
        lock.withLock { stopFlag = true }
        live.wake()
        unlink(path)
    }

    private func run(from start: Int) {
        // A player that went away makes a write fail with EPIPE; SIGPIPE is blocked on this thread
        // so it never ends the process (allin ignores it; a test host or another caller may not).
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        // The open waits for the player to open its end; checked again and again so `stop` can end it.
        var fd: Int32 = -1
        while !stopped {
            fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if fd >= 0 || errno != ENXIO { break }
            usleep(10_000)
        }
        guard fd >= 0 else { return }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        guard write(all: PCM16.header(sampleRate: live.sampleRate, dataBytes: nil), to: fd) else { return }
        var offset = start
        while let bytes = live.read(from: offset, limit: 1 << 16, stopped: { self.stopped }) {
            guard write(all: bytes, to: fd) else { return }
            offset += bytes.count
        }
    }

    private func write(all bytes: [UInt8], to fd: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }
}
