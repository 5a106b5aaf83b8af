import AllinCore
import Foundation

/// Audio ready to hand to a player.
public struct PreparedAudio: Sendable, Equatable {
    public var slug: String
    public var file: URL
    /// Caption timings: measured for a render, read or estimated for a recording, nil when unknown.
    public var captions: CaptionTrack?
    public var duration: Double?
    /// Where it came from, in words: "your recording …", "rendered now", "rendered earlier (cache)".
    public var origin: String
    /// The render, when it came from the renderer.
    public var render: RenderResult?
    /// A render still being made, playing as it goes (`file` is where it will be cached).
    public var live: LiveRender?
}

/// Finds a session's audio: a recording the user supplied (in the data directory's `audio/`,
/// then the catalog's `audio/`) wins; else the cached render; else a render made now from
/// `catalog/scripts/<slug>.txt`.
public struct AudioLibrary: Sendable {
    public let catalogDirectory: URL
    public let paths: AudioPaths
    public let environment: [String: String]

    public static let recordingExtensions = ["ogg", "opus", "mp3", "flac", "wav", "m4a"]

    public init(catalogDirectory: URL, paths: AudioPaths, environment: [String: String]) {
        self.catalogDirectory = catalogDirectory
        self.paths = paths
        self.environment = environment
    }

    public var scriptsDirectory: URL { catalogDirectory.appendingPathComponent(ScriptCoverage.directory) }

    public func scriptURL(_ slug: String) -> URL { scriptsDirectory.appendingPathComponent("\(slug).txt") }

    /// The parsed script; `noScript` when there is no file, `script` listing problems by line.
    public func script(_ slug: String) throws(AudioError) -> SessionScript {
        let url = scriptURL(slug)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw AudioError.noScript(slug: slug, path: "\(catalogDirectory.lastPathComponent)/\(ScriptCoverage.directory)/\(slug).txt")
        }
        do {
            return try ScriptParser.parse(data, file: "\(ScriptCoverage.directory)/\(slug).txt")
        } catch {
            throw AudioError.script(error)
        }
    }

    /// Every script file's bytes by file name (empty when the directory is absent).
    public func allScripts() -> [String: [UInt8]] { Self.allScripts(in: scriptsDirectory) }

    static func allScripts(in directory: URL) -> [String: [UInt8]] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [:] }
        var out: [String: [UInt8]] = [:]
        for name in names where name.hasSuffix(".txt") {
            if let d = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) {
                out[name] = [UInt8](d)
            }
        }
        return out
    }

    /// Everything wrong with the session scripts of the catalog in `catalogDirectory`, each naming
    /// the file and line: no scripts directory at all, or what `ScriptCoverage` finds (a session
    /// without a script, an empty or binary one, a bad `[pause N]`, a script no session has). The
    /// one check behind `allin audio check` and `allin catalog --check`.
    public static func scriptIssues(catalogDirectory: URL, sessions: [Session]) -> [CatalogIssue] {
        let directory = catalogDirectory.appendingPathComponent(ScriptCoverage.directory)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDir), isDir.boolValue else {
            return [CatalogIssue(file: ScriptCoverage.directory, "there is no scripts directory (\(directory.path))")]
        }
        return ScriptCoverage.issues(sessions: sessions, scripts: allScripts(in: directory))
    }

    /// A recording the user supplied for `slug`, if any.
    public func recording(_ slug: String) -> URL? {
        let dirs = [paths.dataDirectory.appendingPathComponent("audio"), catalogDirectory.appendingPathComponent("audio")]
        for dir in dirs {
            for ext in AudioLibrary.recordingExtensions {
                let url = dir.appendingPathComponent("\(slug).\(ext)")
                if FileManager.default.isReadableFile(atPath: url.path) { return url }
            }
        }
        return nil
    }

    /// Audio for `slug` in a format `player` plays: the recording, the cached render, or a new render.
    public func prepare(slug: String, renderer: Renderer?, player: PlayerTemplate?, force: Bool = false,
                        progress: (RenderProgress) -> Void = { _ in }) throws(AudioError) -> PreparedAudio {
        var prepared: PreparedAudio
        if let recording = recording(slug) {
            let duration = renderer.flatMap { probeDuration(recording, sox: $0.tools.sox) }
                ?? (recording.pathExtension == "wav" ? WAVInfo.read(recording)?.duration : nil)
            prepared = PreparedAudio(slug: slug, file: recording, captions: recordingCaptions(slug, recording: recording, duration: duration),
                                     duration: duration, origin: "your recording \(Visible.text(recording.path))", render: nil)
        } else {
            let script = try script(slug)
            guard let renderer else { throw AudioError.toolMissing(missingTool()) }
            let result = try renderer.render(slug: slug, script: script, force: force, progress: progress)
            prepared = PreparedAudio(slug: slug, file: result.file, captions: result.captions, duration: result.captions.duration,
                                     origin: result.cached ? "rendered earlier (cache)" : "rendered now", render: result)
        }
        if let player, !player.plays(extension: prepared.file.pathExtension) {
            prepared.file = try convertToWAV(prepared.file, slug: slug, sox: renderer?.tools.sox, player: player.name)
        }
        return prepared
    }

    /// Like `prepare`, but when the session has to be rendered and `player` can play a stream, the
    /// render starts in the background and this returns as soon as its first piece can play (the
    /// result's `live` is set): sound within a second instead of after the whole render.
    public func prepareLive(slug: String, renderer: Renderer?, player: PlayerTemplate?,
                            progress: (RenderProgress) -> Void = { _ in }) throws(AudioError) -> PreparedAudio {
        guard let renderer, player?.streams == true, recording(slug) == nil else {
            return try prepare(slug: slug, renderer: renderer, player: player, progress: progress)
        }
        let script = try script(slug)
        if renderer.cached(slug: slug, script: script) != nil {
            return try prepare(slug: slug, renderer: renderer, player: player, progress: progress)
        }
        let live = LiveRender.start(renderer, slug: slug, script: script)
        try live.waitForFirstPiece(progress: progress)
        let captions = live.captions.track
        return PreparedAudio(slug: slug, file: renderer.files(slug: slug, key: renderer.key(for: script)).audio,
                             captions: captions, duration: live.duration, origin: "rendering as it plays", render: nil,
                             live: live)
    }

    /// Which sessions can be played now and why not, for the playability decision.
    public func availability(sessions: [Session], player: PlayerChoice?, noPlayerReason: String,
                             renderer: Renderer?) -> AudioAvailability {
        var playable = Set<String>()
        var reasons: [String: String] = [:]
        for s in sessions {
            if recording(s.slug) != nil { playable.insert(s.slug); continue }
            do {
                _ = try script(s.slug)
                if renderer != nil { playable.insert(s.slug) } else { reasons[s.slug] = "cannot render: \(missingTool()) is not installed" }
            } catch {
                reasons[s.slug] = error.message
            }
        }
        return AudioAvailability(player: player?.name, noPlayerReason: noPlayerReason, playable: playable, reasons: reasons)
    }

    /// The lines to read along with when nothing plays: the script timed as its render in the cache
    /// speaks it (so the clock runs to the audio's length), else with estimated timings, or the
    /// session's description as a single line when there is no script yet.
    public func readAlong(_ session: Session, wordsPerMinute: Double, renderer: Renderer? = nil) -> CaptionTrack {
        guard let script = try? script(session.slug) else {
            let description = SessionScript(items: [.line(text: session.description, sourceLine: 1)])
            return TimelinePlan.estimated(script: description, wordsPerMinute: wordsPerMinute).track
        }
        if let rendered = renderer?.cached(slug: session.slug, script: script) { return rendered.captions }
        return TimelinePlan.estimated(script: script, wordsPerMinute: wordsPerMinute).track
    }

    /// How long `session` runs here: a recording's length when it can be read without a tool (WAV),
    /// its render's in the cache, else its read-along estimate; nil for a recording of unknown length.
    public func length(of session: Session, wordsPerMinute: Double, renderer: Renderer?) -> Double? {
        if let recording = recording(session.slug) {
            return recording.pathExtension == "wav" ? WAVInfo.read(recording)?.duration : nil
        }
        return readAlong(session, wordsPerMinute: wordsPerMinute, renderer: renderer).duration
    }

    private func missingTool() -> String {
        ExecutableSearch.find("espeak-ng", environment: environment) == nil ? "espeak-ng" : "sox"
    }

    private func recordingCaptions(_ slug: String, recording: URL, duration: Double?) -> CaptionTrack? {
        let beside = recording.deletingPathExtension().appendingPathExtension("captions.json")
        if let data = FileManager.default.contents(atPath: beside.path), let decoded = CaptionTrack.decode(data) {
            return decoded.track
        }
        guard let script = try? script(slug) else { return nil }
        let estimate = TimelinePlan.estimated(script: script, wordsPerMinute: 130).track
        return duration.map { estimate.scaled(to: $0) } ?? estimate
    }

    /// Length of any file sox can read (`sox --i -D`), or nil.
    private func probeDuration(_ url: URL, sox: URL) -> Double? {
        Double(ToolRunner.output(sox, ["--i", "-D", url.path], environment: environment)
            .trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// A WAV copy in the cache for players that only take WAV (aplay).
    private func convertToWAV(_ source: URL, slug: String, sox: URL?, player: String) throws(AudioError) -> URL {
        guard let sox = sox ?? ExecutableSearch.find("sox", environment: environment) else {
            throw AudioError.unsupportedFormat(player: player, ext: source.pathExtension)
        }
        try AudioPaths.ensurePrivateDirectory(paths.cacheDirectory)
        let name = source.deletingPathExtension().lastPathComponent
        let target = paths.cacheDirectory.appendingPathComponent(source.path.hasPrefix(paths.cacheDirectory.path)
            ? "\(name).wav" : "recording-\(slug).wav")
        if target.path == source.path { return source }
        let log = paths.cacheDirectory.appendingPathComponent(".convert-\(getpid()).log")
        defer { unlink(log.path) }
        let status = try ToolRunner.run(sox, [source.path, "-b", "16", target.path], environment: environment, log: log)
        guard status.succeeded else { throw AudioError.toolFailed(tool: "sox", detail: "\(status.plain): \(ToolRunner.lastLine(log))") }
        chmod(target.path, 0o600)
        return target
    }
}

/// Resume positions (`<data dir>/playback-positions.json`, mode 0600): where each session was
/// stopped today.
public struct PlaybackPositions: Sendable {
    public let file: URL

    public init(paths: AudioPaths) {
        file = paths.dataDirectory.appendingPathComponent(AppPaths.positionsFileName)
    }

    public func load() -> [ResumeRecord] {
        guard let data = FileManager.default.contents(atPath: file.path),
              case let .array(items)? = try? JSONValue.parse(data) else { return [] }
        return items.compactMap { item in
            guard case let .string(slug)? = item["slug"], case let .string(day)? = item["day"],
                  case let .number(position)? = item["position"] else { return nil }
            return ResumeRecord(slug: slug, day: day, position: position)
        }
    }

    public func save(_ records: [ResumeRecord]) throws(AudioError) {
        try AudioPaths.ensurePrivateDirectory(file.deletingLastPathComponent())
        let json = JSONValue.array(records.map {
            .object([("slug", .string($0.slug)), ("day", .string($0.day)), ("position", .number($0.position))])
        })
        try AudioPaths.writePrivate(Data((json.serialized(pretty: true) + "\n").utf8), to: file)
    }

    /// Forgets where `slug` was left (the person chose to start it over).
    public func forget(_ slug: String) {
        let records = load()
        if records.contains(where: { $0.slug == slug }) { try? save(records.filter { $0.slug != slug }) }
    }

    /// Today's date on the local calendar, `YYYY-MM-DD`.
    public static func today(_ date: Date = Date()) -> String {
        let c = Calendar.current.dateComponents([.year, .month, .day], from: date)
        let pad: (Int) -> String = { $0 < 10 ? "0\($0)" : "\($0)" }
        return "\(c.year ?? 1970)-\(pad(c.month ?? 1))-\(pad(c.day ?? 1))"
    }
}
