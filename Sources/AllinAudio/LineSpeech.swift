import AllinCore
import Foundation

/// The spoken lines of a script as samples at `Renderer.sampleRate`, asked for in order. espeak-ng
/// speaks the lines of a piece together (one process per line, as many at once as there are
/// cores). The natural voice runs once for every line in the background, so its model loads once;
/// a line is taken as soon as Piper has gone on to the next one (or has finished).
final class LineSpeech {
    private let renderer: Renderer
    private let lines: [String]
    private let work: URL
    private let log: URL
    private let piperOut: URL
    private var piper: ChildProcess?
    private var taken = 0

    init(renderer: Renderer, lines: [String], work: URL, log: URL) throws(AudioError) {
        self.renderer = renderer
        self.lines = lines
        self.work = work
        self.log = log
        piperOut = work.appendingPathComponent("piper")
        if let voice = renderer.tools.neural { try startPiper(voice) }
    }

    private var voiceName: String { renderer.tools.neural == nil ? "espeak-ng" : "piper" }

    func file(_ line: Int) -> URL { work.appendingPathComponent("line-\(line).wav") }

    /// Line `line`'s samples; with espeak-ng, lines `line..<end` are spoken together when it is not spoken yet.
    func samples(_ line: Int, upTo end: Int) throws(AudioError) -> [Float] {
        if renderer.tools.neural != nil {
            try takePiperLines(through: line)
        } else if !FileManager.default.fileExists(atPath: file(line).path) {
            try speakEspeak(line..<max(line + 1, min(end, lines.count)))
        }
        guard var read = PCM16.read(file(line)) else {
            throw AudioError.toolFailed(tool: voiceName, detail: "it wrote no readable WAV for line \(line + 1)")
        }
        if read.rate != Renderer.sampleRate {
            let converted = work.appendingPathComponent("line-\(line)-\(Renderer.sampleRate).wav")
            try renderer.runTool(renderer.tools.sox, [file(line).path, "-r", String(Renderer.sampleRate), "-c", "1", "-b", "16",
                                                      converted.path], "sox", log: log)
            guard let again = PCM16.read(converted) else {
                throw AudioError.toolFailed(tool: "sox", detail: "it wrote no readable WAV for line \(line + 1)")
            }
            read = again
        }
        return read.samples
    }

    /// Ends the natural voice if it still runs (the render stopped early).
    func end() {
        piper?.terminate(grace: 0.5)
        piper = nil
    }

    private func speakEspeak(_ range: Range<Int>) throws(AudioError) {
        guard let espeak = renderer.tools.espeak else { throw AudioError.toolMissing("espeak-ng") }
        let settings = renderer.settings
        var jobs: [ToolRunner.Job] = []
        for i in range {
            let textFile = work.appendingPathComponent("line-\(i).txt")
            guard FileManager.default.createFile(atPath: textFile.path, contents: Data(lines[i].utf8)) else {
                throw AudioError.io(path: textFile.path, message: "cannot write the file")
            }
            jobs.append(ToolRunner.Job(tool: espeak, args: [
                "-v", settings.voice, "-s", String(settings.rate), "-p", String(settings.pitch),
                "-w", file(i).path, "-f", textFile.path,
            ], name: "espeak-ng"))
        }
        try ToolRunner.runAll(jobs, parallel: Renderer.parallelism, environment: renderer.environment, log: log) { _ in }
    }

    /// Piper reads every line (one per input line) and writes one WAV per line into `piperOut`,
    /// named by the time it was written. Its pace follows the `rate` setting (it speaks about 165
    /// words a minute at its own pace).
    private func startPiper(_ voice: NeuralVoice) throws(AudioError) {
        let input = work.appendingPathComponent("lines.txt")
        let text = lines.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n") + "\n"
        guard FileManager.default.createFile(atPath: input.path, contents: Data(text.utf8)),
              (try? FileManager.default.createDirectory(at: piperOut, withIntermediateDirectories: true)) != nil else {
            throw AudioError.io(path: work.path, message: "cannot write the files for the voice")
        }
        piper = try ChildProcess.spawn(executable: voice.piper, arguments: [
            "-m", voice.model.path, "-i", input.path, "-d", piperOut.path,
            "--length-scale", String(format: "%.2f", 165.0 / Double(renderer.settings.rate)), "--sentence-silence", "0.3",
        ], environment: renderer.environment, log: log, pdeathsig: true)
    }

    /// Moves Piper's files to `line-N.wav` up to line `line`, waiting for them: a file is complete
    /// once a newer one exists or Piper has ended. Polled every 10 ms while Piper speaks.
    private func takePiperLines(through line: Int) throws(AudioError) {
        while taken <= line {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: piperOut.path)) ?? [])
                .filter { $0.hasSuffix(".wav") }
                .sorted { ($0.count, $0) < ($1.count, $1) }
            let status = piper?.poll()
            if let status, !status.succeeded {
                let last = ToolRunner.lastLine(log)
                throw AudioError.toolFailed(tool: "piper", detail: status.plain + (last.isEmpty ? "" : ": \(Visible.text(last))"))
            }
            if let first = names.first, names.count >= 2 || status != nil {
                guard rename(piperOut.appendingPathComponent(first).path, file(taken).path) == 0 else {
                    throw AudioError.io(path: piperOut.path, message: "cannot move the voice's files")
                }
                taken += 1
                continue
            }
            if status != nil {
                throw AudioError.toolFailed(tool: "piper", detail: "it wrote \(taken) files for \(lines.count) lines")
            }
            usleep(10_000)
        }
    }
}
