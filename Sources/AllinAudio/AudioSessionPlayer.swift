import AllinCore
import Foundation

/// The full-screen front's player: sessions through the command-line player discovery chose
/// (rendered first when needed), or read-along text paced on the monotonic clock. Remembers where a
/// session was stopped today, so reopening it resumes there. One session at a time; `stop` always
/// ends and reaps the player.
public final class AudioSessionPlayer: SessionPlayerClient, @unchecked Sendable {
    private let lock = NSLock()
    private let library: AudioLibrary
    private let paths: AudioPaths
    private let environment: [String: String]
    /// What discovery found: the player, the voice tools and the reading pace. Found the first time a
    /// session needs them rather than at start: the tools' probes run child processes (about 30 ms)
    /// the first frame should not wait for.
    private struct Setup {
        let choice: PlayerChoice?
        let noPlayerReason: String
        let renderer: Renderer?
        let wordsPerMinute: Double
    }
    private let setupLock = NSLock()
    private var found: Setup?
    private let playerOption: String?
    private var setup: Setup {
        setupLock.withLock {
            if let found { return found }
            let made = Self.discover(paths: paths, environment: environment, playerOption: playerOption)
            found = made
            return made
        }
    }
    private var choice: PlayerChoice? { setup.choice }
    private var noPlayerReason: String { setup.noPlayerReason }
    private var renderer: Renderer? { setup.renderer }
    private var wordsPerMinute: Double { setup.wordsPerMinute }
    private let positions: PlaybackPositions
    private var prepared: [String: PreparedAudio] = [:]
    private var playback: Playback?
    private var reading: (slug: String, clock: ReadAlongClock, duration: Double)?
    private var playingSlug: String?
    /// The captions version last passed on for a session playing while it renders.
    private var captionsVersion: Int?

    /// `dataDirectory` holds the resume positions (the journal's directory); `playerOption` is a
    /// `--player` value, else `ALLIN_PLAYER`, the config file and discovery choose.
    public init(catalogDirectory: URL, environment: [String: String], dataDirectory: String, playerOption: String? = nil) {
        var paths = AudioPaths(environment: environment)
        paths.dataDirectory = URL(fileURLWithPath: dataDirectory)
        self.paths = paths
        self.environment = environment
        library = AudioLibrary(catalogDirectory: catalogDirectory, paths: paths, environment: environment)
        positions = PlaybackPositions(paths: paths)
        self.playerOption = playerOption
        // Render folders left by an allin that was killed outright (~15 MB each).
        RenderWork.sweepStale(in: paths.cacheDirectory)
    }

    private static func discover(paths: AudioPaths, environment: [String: String], playerOption: String?) -> Setup {
        // A config file that can't be read is reported by `allin audio`; here the defaults apply.
        let config = (try? AudioConfig.load(paths.configFile)) ?? AudioConfig()
        let choice: PlayerChoice?, noPlayerReason: String
        do {
            let report = try PlayerDiscovery.discover(option: playerOption, environment: environment, config: config)
            choice = report.choice
            noPlayerReason = report.plain
        } catch {
            // The full-screen app says it plainly; `allin audio players` names the setting.
            choice = nil
            switch error {
            case .playerNotFound: noPlayerReason = "the audio player allin is set to use is not installed"
            case .badPlayerSetting: noPlayerReason = "allin's audio player setting can't be read"
            default: noPlayerReason = error.message
            }
        }
        let neural = VoiceEngines.selected(paths: paths, config: config, environment: environment)
        let renderer = (try? RenderTools.find(environment: environment, neural: neural)).map {
            Renderer(tools: $0, cacheDirectory: paths.cacheDirectory, settings: config.apply(to: RenderSettings()),
                     environment: environment)
        }
        return Setup(choice: choice, noPlayerReason: noPlayerReason, renderer: renderer,
                     wordsPerMinute: Double(config.rate ?? RenderSettings().rate))
    }

    /// The player that will be used (nil: read-along only), for diagnostics.
    public var playerName: String? { choice?.name }

    public func availability(of sessions: [Session]) -> AudioAvailability {
        var answer = library.availability(sessions: sessions, player: choice, noPlayerReason: noPlayerReason,
                                          renderer: renderer)
        let today = PlaybackPositions.today()
        let records = positions.load()
        for slug in Set(records.map(\.slug)) {
            let at = ResumePolicy.startPosition(slug: slug, today: today, records: records, duration: nil)
            if at > 0 {
                answer.resumePoints[slug] = at
                answer.stoppedAt[slug] = records.last { $0.slug == slug }?.position
            }
        }
        return answer
    }

    public func lengths(of sessions: [Session]) -> [String: Double] {
        let renderer = self.renderer, pace = wordsPerMinute
        var out: [String: Double] = [:]
        for s in sessions {
            if let known = lock.withLock({ prepared[s.slug]?.duration }) {
                out[s.slug] = known
            } else if let length = library.length(of: s, wordsPerMinute: pace, renderer: renderer) {
                out[s.slug] = length
            }
        }
        return out
    }

    public func needsPreparation(_ slug: String) -> Bool {
        if lock.withLock({ prepared[slug] }) != nil || library.recording(slug) != nil { return false }
        guard let renderer, let script = try? library.script(slug) else { return false }
        return renderer.cached(slug: slug, script: script) == nil
    }

    public func prepare(_ slug: String, progress: @escaping @Sendable (Double, String) -> Void) throws(PlaybackFailure) {
        let audio = try load(slug) { progress($0.fraction, $0.step) }
        lock.withLock { prepared[slug] = audio }
    }

    /// The audio of `slug`: a render that has to be made starts in the background and plays as it
    /// goes when the player can play a stream (see `AudioLibrary.prepareLive`).
    private func load(_ slug: String, progress: (RenderProgress) -> Void) throws(PlaybackFailure) -> PreparedAudio {
        do {
            return try library.prepareLive(slug: slug, renderer: renderer, player: choice?.template, progress: progress)
        } catch {
            throw PlaybackFailure(slug: slug, reason: error.message, scope: .session)
        }
    }

    public func forgetResume(_ slug: String) { positions.forget(slug) }

    public func start(_ slug: String, from position: Double?) throws(PlaybackFailure) -> PlaybackStart {
        stop()
        guard let choice else { throw PlaybackFailure(slug: slug, reason: noPlayerReason, scope: .player) }
        var audio: PreparedAudio
        if let ready = lock.withLock({ prepared[slug] }) { audio = ready } else { audio = try load(slug) { _ in } }
        // A live render that has finished since is played from its file; one that failed says why.
        switch audio.live?.result {
        case let .success(render)?:
            audio = PreparedAudio(slug: slug, file: render.file, captions: render.captions, duration: render.captions.duration,
                                  origin: "rendered earlier (cache)", render: render)
            lock.withLock { prepared[slug] = audio }
        case let .failure(error)?:
            lock.withLock { prepared[slug] = nil }
            throw PlaybackFailure(slug: slug, reason: error.message, scope: .session)
        case nil: break
        }
        // Where support stopped it is kept here, not in the saved places (those keep only stops of 10 s
        // or more, for reopening a session later).
        let at = position.map { max(0, $0) }
            ?? ResumePolicy.startPosition(slug: slug, today: PlaybackPositions.today(), records: positions.load(),
                                          duration: audio.duration)
        let p = audio.live.map { Playback(choice: choice, live: $0, environment: environment, paths: paths) }
            ?? Playback(choice: choice, file: audio.file, duration: audio.duration, environment: environment, paths: paths)
        do {
            try p.start(at: at)
        } catch {
            switch error {
            case .unsupportedFormat: throw PlaybackFailure(slug: slug, reason: error.message, scope: .session)
            default: throw PlaybackFailure(slug: slug, reason: error.message, scope: .player)
            }
        }
        let captions = audio.live?.captions
        lock.withLock {
            playback = p
            playingSlug = slug
            captionsVersion = captions?.version
        }
        return PlaybackStart(slug: slug, mode: .audio(player: choice.name, origin: audio.origin), duration: audio.duration,
                             captions: captions?.track ?? audio.captions,
                             position: p.canStartAtPosition ? at : 0, canSeek: p.canSeek)
    }

    public func startReadAlong(_ session: Session, from place: ReadAlongPlace?) -> PlaybackStart {
        stop()
        let track = library.readAlong(session, wordsPerMinute: wordsPerMinute, renderer: renderer)
        let at = place?.start(in: track)
            ?? ResumePolicy.startPosition(slug: session.slug, today: PlaybackPositions.today(), records: positions.load(),
                                          duration: track.duration)
        lock.withLock { reading = (session.slug, ReadAlongClock(offset: at, now: Monotonic.now()), track.duration) }
        return PlaybackStart(slug: session.slug, mode: .readAlong, duration: track.duration, captions: track, position: at,
                             canSeek: true)
    }

    public func pause() {
        if let p = lock.withLock({ playback }) { p.pause() }
        lock.withLock { reading?.clock.pause(now: Monotonic.now()) }
    }

    public func resume() {
        if let p = lock.withLock({ playback }) { p.resume() }
        lock.withLock { reading?.clock.resume(now: Monotonic.now()) }
    }

    @discardableResult
    public func seek(by seconds: Double) -> Bool {
        if let p = lock.withLock({ playback }) { return p.seek(by: seconds) }
        return lock.withLock {
            guard let r = reading else { return false }
            reading?.clock.seek(by: seconds, now: Monotonic.now(), upper: max(0, r.duration - 1))
            return true
        }
    }

    public func poll() -> PlayerStatus {
        if let (p, slug) = lock.withLock({ playback.map { ($0, playingSlug ?? "") } }) {
            let state = p.poll()
            let position = p.position
            // Captions measured since the last look, for a session playing while it renders.
            let fresh: CaptionTrack? = p.live.flatMap { live in
                let now = live.captions
                return lock.withLock {
                    guard now.version != captionsVersion else { return nil }
                    captionsVersion = now.version
                    return now.track
                }
            }
            switch state {
            case .playing:
                return PlayerStatus(position: position, phase: .playing, audible: p.isAudible, captions: fresh, waiting: p.isWaiting)
            case .paused: return PlayerStatus(position: position, phase: .paused, audible: p.isAudible, captions: fresh)
            case .finished, .stopped:
                finish(slug, at: p.duration ?? position, duration: p.duration, finished: true)
                return PlayerStatus(position: p.duration ?? position, phase: .finished)
            case let .failed(error):
                let atStart: Bool
                if case .failedAtStart = error { atStart = true } else { atStart = false }
                finish(slug, at: position, duration: p.duration, finished: false)
                return PlayerStatus(position: position, phase: .failed(reason: error.soundProblem ?? error.message, atStart: atStart),
                                    audible: !atStart)
            }
        }
        guard let r = lock.withLock({ reading }) else { return PlayerStatus(position: 0, phase: .finished) }
        let position = min(r.clock.position(now: Monotonic.now()), r.duration)
        if position >= r.duration {
            finish(r.slug, at: r.duration, duration: r.duration, finished: true)
            return PlayerStatus(position: r.duration, phase: .finished)
        }
        return PlayerStatus(position: position, phase: r.clock.paused ? .paused : .playing)
    }

    public func stop() {
        let (p, slug, r) = lock.withLock { (playback, playingSlug, reading) }
        if let p, let slug {
            p.stop()
            finish(slug, at: p.position, duration: p.duration, finished: false)
        }
        if let r {
            finish(r.slug, at: min(r.clock.position(now: Monotonic.now()), r.duration), duration: r.duration, finished: false)
        }
    }

    /// Forgets the running session and remembers where it ended (dropped when it finished).
    private func finish(_ slug: String, at position: Double, duration: Double?, finished: Bool) {
        lock.withLock {
            playback = nil
            playingSlug = nil
            reading = nil
        }
        let records = ResumePolicy.records(afterStopping: slug, at: position, duration: duration, finished: finished,
                                           today: PlaybackPositions.today(), existing: positions.load())
        try? positions.save(records)
    }
}
