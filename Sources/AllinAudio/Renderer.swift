import AllinCore
import Foundation

/// How far a render has come, for a progress bar.
public struct RenderProgress: Sendable, Equatable {
    public var slug: String
    /// 0…1.
    public var fraction: Double
    /// What it is doing, e.g. "speaking line 4 of 20", "mixing".
    public var step: String
}

/// Rendered (or cached) audio for one session.
public struct RenderResult: Sendable, Equatable {
    public var slug: String
    public var file: URL
    public var captions: CaptionTrack
    public var key: String
    /// True when it came from the cache without rendering.
    public var cached: Bool
    /// Wall time the render took (0 when cached).
    public var seconds: Double
    public var bytes: Int
}

/// Turns a session script into audio: espeak-ng speaks each line at a calm rate, sox makes the
/// pauses, a soft generated background bed (brown noise and a low drone) goes under the voice,
/// then the mix is compressed, normalised, faded in and out, and encoded as Ogg Vorbis (or WAV
/// when sox cannot write Ogg). Results are cached by `AudioCacheKey` with the caption timings
/// beside them, so an edited script or changed setting renders again and nothing else does.
public struct Renderer: Sendable {
    public let tools: RenderTools
    public let cacheDirectory: URL
    /// The settings used, with the engine versions and the format this sox can write filled in.
    public let settings: RenderSettings
    public let environment: [String: String]

    public init(tools: RenderTools, cacheDirectory: URL, settings: RenderSettings, environment: [String: String]) {
        var s = settings
        s.engine = tools.engine
        if s.format == "ogg", !tools.canWriteOgg { s.format = "wav" }
        self.tools = tools
        self.cacheDirectory = cacheDirectory
        self.settings = s
        self.environment = environment
    }

    /// Tools run at once while rendering: one per core, at most 4.
    static let parallelism = max(1, min(4, ProcessInfo.processInfo.activeProcessorCount))

    public func key(for script: SessionScript) -> String { AudioCacheKey.key(script: script, settings: settings) }

    /// The audio and captions files for `slug` rendered under `key`.
    public func files(slug: String, key: String) -> (audio: URL, captions: URL) {
        let base = "\(slug)-\(AudioCacheKey.short(key))"
        return (cacheDirectory.appendingPathComponent("\(base).\(settings.format)"),
                cacheDirectory.appendingPathComponent("\(base).captions.json"))
    }

    /// The cached render of this exact script and settings, if there is one.
    public func cached(slug: String, script: SessionScript) -> RenderResult? {
        let key = key(for: script)
        let (audio, captionsURL) = files(slug: slug, key: key)
        guard let data = FileManager.default.contents(atPath: captionsURL.path),
              let decoded = CaptionTrack.decode(data), decoded.cacheKey == key, decoded.slug == slug,
              let attrs = try? FileManager.default.attributesOfItem(atPath: audio.path),
              let size = attrs[.size] as? Int, size > 0 else { return nil }
        return RenderResult(slug: slug, file: audio, captions: decoded.track, key: key, cached: true, seconds: 0, bytes: size)
    }

    /// The sample rate every render is mixed at (both voices speak at it; other rates are converted).
    public static let sampleRate = 22050

    /// Renders `script` (or returns the cached render unless `force`), reporting progress. The
    /// session is made in pieces (`RenderChunks`); with `live`, each piece is handed to it as soon
    /// as it is mixed, so a player can start on the first while the rest is made.
    public func render(slug: String, script: SessionScript, force: Bool = false, live: LiveRender? = nil,
                       progress: (RenderProgress) -> Void = { _ in }) throws(AudioError) -> RenderResult {
        if !force, let hit = cached(slug: slug, script: script) {
            progress(RenderProgress(slug: slug, fraction: 1, step: "cached"))
            live?.finish(.success(hit))
            return hit
        }
        do {
            let result = try renderPieces(slug: slug, script: script, live: live, progress: progress)
            live?.finish(.success(result))
            return result
        } catch {
            live?.finish(.failure(error))
            throw error
        }
    }

    private func renderPieces(slug: String, script: SessionScript, live: LiveRender?,
                              progress: (RenderProgress) -> Void) throws(AudioError) -> RenderResult {
        let started = Monotonic.now()
        let key = key(for: script)
        try AudioPaths.ensurePrivateDirectory(cacheDirectory)
        RenderWork.sweepStale(in: cacheDirectory)
        let work = try RenderWork.begin(slug: slug, in: cacheDirectory)
        defer { RenderWork.finished(work) }
        let log = work.appendingPathComponent("tools.log")

        let lines = script.lines
        let structure = TimelinePlan(script: script, lineDurations: [], layout: settings.layout)
        let pieces = RenderChunks.split(structure.segments)
        let estimates = TimelinePlan.estimatedDurations(script: script, wordsPerMinute: Double(settings.rate))
        let speech = try LineSpeech(renderer: self, lines: lines, work: work, log: log)
        defer { speech.end() }

        let rate = Renderer.sampleRate
        var mix = SessionMix(bed: settings.background, sampleRate: rate, fadeIn: settings.fadeIn, fadeOut: settings.fadeOut)
        let full = work.appendingPathComponent("full.wav")
        guard FileManager.default.createFile(atPath: full.path, contents: Data(PCM16.header(sampleRate: rate, dataBytes: nil))),
              let out = FileHandle(forWritingAtPath: full.path) else {
            throw AudioError.io(path: full.path, message: "cannot write the file")
        }
        defer { try? out.close() }
        do { try out.seekToEnd() } catch { throw AudioError.io(path: full.path, message: "cannot write the file") }
        var durations: [Double] = []
        var written = 0
        for (n, piece) in pieces.enumerated() {
            var samples: [Float] = []
            for segment in structure.segments[piece] {
                switch segment {
                case let .silence(seconds):
                    samples += [Float](repeating: 0, count: Int((seconds * Double(rate)).rounded()))
                case let .speech(line):
                    progress(RenderProgress(slug: slug, fraction: 0.9 * Double(line) / Double(max(1, lines.count)),
                                            step: "speaking line \(line + 1) of \(lines.count)"))
                    let spoken = try speech.samples(line, upTo: structure.linesBefore(piece.upperBound))
                    durations.append(Double(spoken.count) / Double(rate))
                    samples += spoken
                }
            }
            let bytes = PCM16.bytes(mix.mix(samples, isLast: n == pieces.count - 1))
            do { try out.write(contentsOf: bytes) } catch {
                throw AudioError.io(path: full.path, message: "cannot write the file")
            }
            written += bytes.count
            let known = durations + estimates.dropFirst(durations.count)
            live?.append(bytes, captions: TimelinePlan(script: script, lineDurations: known, layout: settings.layout,
                                                       estimated: durations.count < lines.count).track)
        }
        do {
            try out.seek(toOffset: 0)
            try out.write(contentsOf: PCM16.header(sampleRate: rate, dataBytes: written))
            try out.close()
        } catch {
            throw AudioError.io(path: full.path, message: "cannot write the file")
        }
        let track = TimelinePlan(script: script, lineDurations: durations, layout: settings.layout).track

        // Encode, then into the cache: captions first, then the audio (whose presence marks a complete render).
        progress(RenderProgress(slug: slug, fraction: 0.95, step: "encoding"))
        let (audio, captionsURL) = files(slug: slug, key: key)
        var encoded = full
        if settings.format == "ogg" {
            encoded = work.appendingPathComponent("out.ogg")
            try encodeOgg(full, to: encoded, log: log)
        }
        let json = track.json(slug: slug, cacheKey: key).serialized(pretty: true) + "\n"
        try AudioPaths.writePrivate(Data(json.utf8), to: captionsURL)
        chmod(encoded.path, 0o600)
        guard rename(encoded.path, audio.path) == 0 else {
            throw AudioError.io(path: audio.path, message: "cannot move the rendered file into the cache")
        }
        removeOtherRenders(slug: slug, keeping: [audio.lastPathComponent, captionsURL.lastPathComponent])
        let size = (try? FileManager.default.attributesOfItem(atPath: audio.path)[.size] as? Int) ?? 0
        progress(RenderProgress(slug: slug, fraction: 1, step: "done"))
        return RenderResult(slug: slug, file: audio, captions: track, key: key, cached: false,
                            seconds: Monotonic.now() - started, bytes: size)
    }

    /// Ogg Vorbis at quality 4 (at 2, smaller, peaks came out 3 dB higher than they went in). Lossy
    /// encoding can still push a sharp consonant past full scale (seen once, +0.2 dB, with the
    /// natural voice), so the encoded file is decoded and checked, and encoded again 1.5 dB
    /// quieter while it reaches full scale (sox's decoder stops at it).
    private func encodeOgg(_ wav: URL, to ogg: URL, log: URL) throws(AudioError) {
        var trim = 0.0
        for _ in 0..<4 {
            try runTool(tools.sox, [wav.path, "-C", "4", ogg.path] + (trim < 0 ? ["vol", "\(trim)dB"] : []), "sox", log: log)
            let stat = ToolRunner.output(tools.sox, [ogg.path, "-n", "stat"], environment: environment)
            let peak = stat.split(separator: "\n").compactMap { line -> Double? in
                guard line.contains("imum amplitude:") else { return nil }
                return line.split(separator: ":").last.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }.map(abs)
            }.max()
            guard let peak, peak >= 0.995 else { return }
            trim -= 1.5
        }
    }

    /// The integrated loudness (LUFS) of an audio file sox can read, converted to 16-bit WAV at the
    /// render rate first; nil when it cannot be read.
    public func loudness(of file: URL) -> Double? {
        let wav = FileManager.default.temporaryDirectory.appendingPathComponent("allin-loudness-\(UUID().uuidString).wav")
        let log = wav.appendingPathExtension("log")
        defer { unlink(wav.path); unlink(log.path) }
        guard (try? ToolRunner.run(tools.sox, [file.path, "-b", "16", "-c", "1", wav.path], environment: environment, log: log))?
            .succeeded == true, let read = PCM16.read(wav) else { return nil }
        return Loudness.integrated(read.samples, sampleRate: read.rate)
    }

    /// Runs a tool to the end; a failure names it with the last line it logged.
    func runTool(_ tool: URL, _ args: [String], _ name: String, log: URL) throws(AudioError) {
        let status = try ToolRunner.run(tool, args, environment: environment, log: log)
        guard status.succeeded else {
            let last = ToolRunner.lastLine(log)
            throw AudioError.toolFailed(tool: name, detail: status.plain + (last.isEmpty ? "" : ": \(Visible.text(last))"))
        }
    }

    /// Older renders of the same session (other keys) are stale once a new one lands.
    private func removeOtherRenders(slug: String, keeping: Set<String>) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: cacheDirectory.path) else { return }
        let prefix = "\(slug)-"
        for name in names where name.hasPrefix(prefix) && !keeping.contains(name) {
            let rest = name.dropFirst(prefix.count)
            // Only `<slug>-<16 hex>.<ext>` files: another slug may start with this one's name.
            let hex = rest.prefix(16)
            guard hex.count == 16, hex.allSatisfy(\.isHexDigit), rest.dropFirst(16).hasPrefix(".") else { continue }
            unlink(cacheDirectory.appendingPathComponent(name).path)
        }
    }
}
