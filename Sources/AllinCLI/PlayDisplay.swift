import AllinAudio
import AllinCore
import AllinUI
import Foundation

/// What `allin play` shows: on a terminal, caption lines scrolling above a one-line status that is
/// redrawn in place; otherwise plain lines (`[0:03] caption`) and no status line. `allin --plain`
/// (for screen readers, which read every redraw aloud) always has plain lines, and a plain progress
/// line (`[0:30 of 4:20]`) after `progressEvery` seconds with no other line.
final class PlayDisplay {
    private let io: any CommandIO
    let live: Bool
    private let columns: Int
    private let unicode: Bool
    private let clearLine: String
    private var status: String?
    private var announcedRender = false
    private let progressEvery: Double?
    /// Where the session was at the last caption or progress line.
    private var lastLineAt = 0.0
    /// On a terminal, lines are broken at spaces to its width (found from outside: the terminal broke
    /// "without" into "witho / ut"); piped output stays one line per line.
    private let wrapAt: Int?

    init(io: any CommandIO, live: Bool, columns: Int, unicode: Bool, term: String?, progressEvery: Double? = nil,
         wrapsLines: Bool = false) {
        self.io = io
        wrapAt = wrapsLines ? max(20, columns - 1) : nil
        self.live = live && progressEvery == nil
        self.columns = columns
        self.unicode = unicode
        self.progressEvery = progressEvery
        clearLine = term == "dumb" ? "\r" + String(repeating: " ", count: max(1, columns - 1)) + "\r" : "\r\u{1B}[2K"
    }

    /// `allin --plain`'s display: lines only, with a progress line every 30 seconds without one.
    static func plain(io: any CommandIO, columns: Int, unicode: Bool, wrapsLines: Bool = false) -> PlayDisplay {
        PlayDisplay(io: io, live: false, columns: columns, unicode: unicode, term: nil, progressEvery: 30,
                    wrapsLines: wrapsLines)
    }

    /// A line of its own (above the status line on a terminal).
    func line(_ text: String) {
        if live, status != nil { io.out(clearLine) }
        io.out(wrapped(text) + "\n")
        if live, let status { io.out(status) }
    }

    /// `text` broken at spaces to the terminal's width, each further row indented as the first.
    private func wrapped(_ text: String) -> String {
        guard let width = wrapAt, TextWidth.of(text) > width else { return text }
        return Wrap.indented(text, width: width).joined(separator: "\n")
    }

    func caption(_ cue: CaptionCue) {
        let text = Visible.text(cue.text)
        line(live ? "  " + text : "[\(Clock.text(cue.start))] \(text)")
        lastLineAt = cue.start
    }

    /// Redraws the status line when it changed (terminal only); in plain lines, a progress line now
    /// and then.
    func status(paused: Bool, starting: Bool = false, reading: Bool = false, position: Double, duration: Double?, title: String,
                hints: String) {
        if let every = progressEvery, !paused {
            if position < lastLineAt {
                lastLineAt = position   // moved back
            } else if position - lastLineAt >= every {
                io.out("[\(Clock.text(position))\(duration.map { " of \(Clock.text($0))" } ?? "")]\n")
                lastLineAt = position
            }
        }
        guard live else { return }
        let text = ProgressLine.playing(paused: paused, starting: starting, reading: reading, position: position, duration: duration,
                                        title: Visible.text(title), hints: hints, columns: columns, unicode: unicode)
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
