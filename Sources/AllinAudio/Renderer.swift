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

    /// Renders `script` (or returns the cached render unless `force`), reporting progress.
    public func render(slug: String, script: SessionScript, force: Bool = false,
                       progress: (RenderProgress) -> Void = { _ in }) throws(AudioError) -> RenderResult {
        if !force, let hit = cached(slug: slug, script: script) {
            progress(RenderProgress(slug: slug, fraction: 1, step: "cached"))
            return hit
        }
        let started = Monotonic.now()
        let key = key(for: script)
        try AudioPaths.ensurePrivateDirectory(cacheDirectory)
        RenderWork.sweepStale(in: cacheDirectory)
        let work = try RenderWork.begin(slug: slug, in: cacheDirectory)
        defer { RenderWork.finished(work) }
        let log = work.appendingPathComponent("tools.log")

        // 1. Speech, one file per caption line: the natural voice in one run (its model loads once),
        // or as many espeak-ng at once as there are cores.
        let lines = script.lines
        let voiceName = tools.neural == nil ? "espeak-ng" : "piper"
        if let neural = tools.neural {
            progress(RenderProgress(slug: slug, fraction: 0, step: "speaking \(lines.count) lines (natural voice)"))
            try speakNeural(lines, with: neural, in: work, log: log)
        } else {
            try speakEspeak(lines, in: work, log: log, slug: slug, progress: progress)
        }
        var durations: [Double] = []
        var format: WAVInfo?
        for i in lines.indices {
            guard let info = WAVInfo.read(work.appendingPathComponent("line-\(i).wav")) else {
                throw AudioError.toolFailed(tool: voiceName, detail: "it wrote no readable WAV for line \(i + 1)")
            }
            format = format ?? info
            durations.append(info.duration)
        }
        guard let format else { throw AudioError.toolFailed(tool: voiceName, detail: "the script has no lines") }
        let track = try layOut(script, durations: durations, format: format, key: key, slug: slug, work: work, log: log,
                               progress: progress)
        let audio = files(slug: slug, key: key).audio
        let size = (try? FileManager.default.attributesOfItem(atPath: audio.path)[.size] as? Int) ?? 0
        progress(RenderProgress(slug: slug, fraction: 1, step: "done"))
        return RenderResult(slug: slug, file: audio, captions: track, key: key, cached: false,
                            seconds: Monotonic.now() - started, bytes: size)
    }

    /// espeak-ng, one process per line, as many at once as there are cores.
    private func speakEspeak(_ lines: [String], in work: URL, log: URL, slug: String,
                             progress: (RenderProgress) -> Void) throws(AudioError) {
        guard let espeak = tools.espeak else { throw AudioError.toolMissing("espeak-ng") }
        var jobs: [ToolRunner.Job] = []
        for (i, text) in lines.enumerated() {
            let textFile = work.appendingPathComponent("line-\(i).txt")
            guard FileManager.default.createFile(atPath: textFile.path, contents: Data(text.utf8)) else {
                throw AudioError.io(path: textFile.path, message: "cannot write the file")
            }
            jobs.append(ToolRunner.Job(tool: espeak, args: [
                "-v", settings.voice, "-s", String(settings.rate), "-p", String(settings.pitch),
                "-w", work.appendingPathComponent("line-\(i).wav").path, "-f", textFile.path,
            ], name: "espeak-ng"))
        }
        progress(RenderProgress(slug: slug, fraction: 0, step: "speaking line 1 of \(lines.count)"))
        var spoken = 0
        try ToolRunner.runAll(jobs, parallel: Renderer.parallelism, environment: environment, log: log) { _ in
            spoken += 1
            progress(RenderProgress(slug: slug, fraction: 0.8 * Double(spoken) / Double(lines.count),
                                    step: "speaking line \(min(spoken + 1, lines.count)) of \(lines.count)"))
        }
    }

    /// Piper once for every line (one WAV per input line, named in order), renamed `line-N.wav`. Its
    /// pace follows the `rate` setting (Piper speaks about 165 words a minute at its own pace).
    private func speakNeural(_ lines: [String], with voice: NeuralVoice, in work: URL, log: URL) throws(AudioError) {
        let input = work.appendingPathComponent("lines.txt")
        let out = work.appendingPathComponent("piper")
        let text = lines.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n") + "\n"
        guard FileManager.default.createFile(atPath: input.path, contents: Data(text.utf8)),
              (try? FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)) != nil else {
            throw AudioError.io(path: work.path, message: "cannot write the files for the voice")
        }
        try runTool(voice.piper, ["-m", voice.model.path, "-i", input.path, "-d", out.path,
                                  "--length-scale", String(format: "%.2f", 165.0 / Double(settings.rate)),
                                  "--sentence-silence", "0.3"], "piper", log: log)
        // Piper names each file by the time it was written: sorted, they are the lines in order.
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? [])
            .filter { $0.hasSuffix(".wav") }
            .sorted { ($0.count, $0) < ($1.count, $1) }
        guard names.count == lines.count else {
            throw AudioError.toolFailed(tool: "piper", detail: "it wrote \(names.count) files for \(lines.count) lines")
        }
        for (i, name) in names.enumerated() {
            guard rename(out.appendingPathComponent(name).path, work.appendingPathComponent("line-\(i).wav").path) == 0 else {
                throw AudioError.io(path: out.path, message: "cannot move the voice's files")
            }
        }
    }

    /// Steps 2 to 5: the voice track with the script's pauses, the background, the mix, the cache.
    private func layOut(_ script: SessionScript, durations: [Double], format: WAVInfo, key: String, slug: String,
                        work: URL, log: URL, progress: (RenderProgress) -> Void) throws(AudioError) -> CaptionTrack {
        func run(_ tool: URL, _ args: [String], _ name: String) throws(AudioError) { try runTool(tool, args, name, log: log) }

        // 2. The voice track: speech and silences in script order.
        progress(RenderProgress(slug: slug, fraction: 0.82, step: "laying out pauses"))
        let plan = TimelinePlan(script: script, lineDurations: durations, layout: settings.layout)
        let pcm = ["-r", String(format.sampleRate), "-c", "1", "-b", "16"]
        var silences: [Double: URL] = [:]
        var inputs: [String] = []
        for segment in plan.segments {
            switch segment {
            case let .speech(line):
                inputs.append(work.appendingPathComponent("line-\(line).wav").path)
            case let .silence(seconds):
                if silences[seconds] == nil {
                    let url = work.appendingPathComponent("silence-\(silences.count).wav")
                    try run(tools.sox, ["-n"] + pcm + [url.path, "trim", "0", SessionScript.seconds(seconds)], "sox")
                    silences[seconds] = url
                }
                inputs.append(silences[seconds]!.path)
            }
        }
        let voice = work.appendingPathComponent("voice.wav")
        try run(tools.sox, inputs + pcm + [voice.path], "sox")
        let total = WAVInfo.read(voice)?.duration ?? plan.track.duration

        // 3. The background bed, as long as the voice.
        var mixInputs = ["-v", "1.0", voice.path]
        if settings.background {
            progress(RenderProgress(slug: slug, fraction: 0.86, step: "making the background"))
            let length = SessionScript.seconds(total)
            let noise = work.appendingPathComponent("bed-noise.wav")
            let drone = work.appendingPathComponent("bed-drone.wav")
            try ToolRunner.runAll([
                ToolRunner.Job(tool: tools.sox, args: ["-n"] + pcm + [noise.path, "synth", length, "brownnoise",
                                                                     "lowpass", "400", "vol", "0.25"], name: "sox"),
                ToolRunner.Job(tool: tools.sox, args: ["-r", String(format.sampleRate), "-c", "2", "-n", "-b", "16", drone.path,
                                                       "synth", length, "sine", "110", "sine", "165", "tremolo", "0.1", "40",
                                                       "remix", "-", "vol", "0.05"], name: "sox"),
            ], parallel: Renderer.parallelism, environment: environment, log: log) { _ in }
            mixInputs = ["-m"] + mixInputs + ["-v", "0.5", noise.path, "-v", "0.6", drone.path]
        }

        // 4. Mix, compress, normalise, fade, encode.
        progress(RenderProgress(slug: slug, fraction: 0.9, step: "mixing and encoding"))
        let (audio, captionsURL) = files(slug: slug, key: key)
        let out = work.appendingPathComponent("out.\(settings.format)")
        let encode = settings.format == "ogg" ? ["-C", "2"] : ["-b", "16"]
        try run(tools.sox, mixInputs + encode + [out.path,
                                                 "compand", "0.05,0.3", "6:-70,-60,-20", "-8", "-90", "0",
                                                 "gain", "-n", "-1",
                                                 "fade", "t", SessionScript.seconds(settings.fadeIn), "0",
                                                 SessionScript.seconds(settings.fadeOut)], "sox")

        // 5. Into the cache: captions first, then the audio (whose presence marks a complete render).
        let track = CaptionTrack(cues: plan.track.cues, duration: total, estimated: false)
        let json = track.json(slug: slug, cacheKey: key).serialized(pretty: true) + "\n"
        try AudioPaths.writePrivate(Data(json.utf8), to: captionsURL)
        chmod(out.path, 0o600)
        guard rename(out.path, audio.path) == 0 else { throw AudioError.io(path: audio.path, message: "cannot move the rendered file into the cache") }
        removeOtherRenders(slug: slug, keeping: [audio.lastPathComponent, captionsURL.lastPathComponent])
        return track
    }

    /// Runs a tool to the end; a failure names it with the last line it logged.
    private func runTool(_ tool: URL, _ args: [String], _ name: String, log: URL) throws(AudioError) {
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
