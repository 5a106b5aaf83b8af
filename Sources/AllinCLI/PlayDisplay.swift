import AllinAudio
import AllinCore
import Foundation

/// What `allin play` shows: on a terminal, caption lines scrolling above a one-line status that is
/// redrawn in place; otherwise plain lines (`[0:03] caption`) and no status line.
final class PlayDisplay {
    private let io: any CommandIO
    let live: Bool
    private let columns: Int
    private let unicode: Bool
    private let clearLine: String
    private var status: String?
    private var announcedRender = false

    init(io: any CommandIO, live: Bool, columns: Int, unicode: Bool, term: String?) {
        self.io = io
        self.live = live
        self.columns = columns
        self.unicode = unicode
        clearLine = term == "dumb" ? "\r" + String(repeating: " ", count: max(1, columns - 1)) + "\r" : "\r\u{1B}[2K"
    }

    /// A line of its own (above the status line on a terminal).
    func line(_ text: String) {
        if live, status != nil { io.out(clearLine) }
        io.out(text + "\n")
        if live, let status { io.out(status) }
    }

    func caption(_ cue: CaptionCue) {
        let text = Visible.text(cue.text)
        line(live ? "  " + text : "[\(Clock.text(cue.start))] \(text)")
    }

    /// Redraws the status line when it changed (terminal only).
    func status(paused: Bool, position: Double, duration: Double?, title: String, hints: String) {
        guard live else { return }
        let text = ProgressLine.playing(paused: paused, position: position, duration: duration, title: Visible.text(title),
                                        hints: hints, columns: columns, unicode: unicode)
        guard text != status else { return }
        io.out(clearLine + text)
        status = text
    }

    func clearStatus() {
        if live, status != nil { io.out(clearLine) }
        status = nil
    }

    /// Render progress before the first play of a session, named by its title.
    func renderProgress(_ p: RenderProgress, title: String) {
        if live {
            io.out(clearLine + ProgressLine.render(slug: "preparing \(Visible.text(title, limit: 40))", fraction: p.fraction, step: p.step,
                                                   columns: columns, unicode: unicode))
            status = ""
        } else if !announcedRender, p.step != "cached" {
            announcedRender = true
            io.out("Preparing the audio for \(Visible.text(title)): the first play only, it is kept for next time…\n")
        }
    }
}
