import AllinCore

/// The player: title, lane and how it plays, why it is not the routed session, a progress bar with
/// elapsed and total time, and the caption lines with the current one highlighted.
enum PlayerView {
    /// "Resume from 3:12?" naming where the person stopped, when that is known: the resume point is a
    /// few seconds before it, so the sentence they stopped in is heard again.
    static func resumeQuestion(at offer: Double, stoppedAt: Double?) -> String {
        let keys = "(Enter resumes, r then Enter restarts)"
        guard let stoppedAt, TimeText.clock(stoppedAt) != TimeText.clock(offer) else {
            return "You stopped this session part-way earlier today. Resume from \(TimeText.clock(offer))? \(keys)"
        }
        return "You stopped this session at \(TimeText.clock(stoppedAt)) earlier today. Resume from \(TimeText.clock(offer)), "
            + "a little before, to hear that sentence again? \(keys)"
    }

    static func draw(_ canvas: inout Canvas, _ state: AppState, in rect: Rect) {
        guard let p = state.session?.player else { return }
        let roomy = rect.height >= 16
        var row = rect.row + (roomy ? 1 : 0)
        canvas.put(Visible.text(p.session.title), row: row, col: rect.col, role: .title, maxWidth: rect.width)
        row += 1
        canvas.put(TextWidth.truncate(subtitle(p), width: rect.width), row: row, col: rect.col, role: .accent)
        row += 1
        for text in [p.fallback, p.soundProblem].compactMap({ $0 }) {
            for line in Wrap.clipped(Visible.text(text), width: rect.width, maxLines: roomy ? 4 : 3) {
                canvas.put(line, row: row, col: rect.col, role: .notice)
                row += 1
            }
        }
        // A short window leaves out the blank rows, so the words being read have room (found from
        // outside at 40x12: the current words were never on screen).
        let short = rect.height < 12
        if !short { row += 1 }
        guard row < rect.bottom else { return }
        if p.interrupted {
            let text = p.isReadAlong
                ? "Stopped while support was open. Space starts it again from where you were; x then Enter goes on to reflect."
                : "Stopped while support was open. Space starts it again (from where you were, when the player can); x then Enter goes on to reflect."
            for line in Wrap.lines(text, width: rect.width) where row < rect.bottom {
                canvas.put(line, row: row, col: rect.col, role: .support)
                row += 1
            }
            return
        }
        if let offer = p.resumeOffer {
            let text = Self.resumeQuestion(at: offer, stoppedAt: p.resumeStoppedAt)
            for line in Wrap.lines(text, width: rect.width) where row < rect.bottom {
                canvas.put(line, row: row, col: rect.col, role: .notice)
                row += 1
            }
            return
        }
        switch p.playback {
        case .notPlaying:
            canvas.put("Getting the session ready…", row: row, col: rect.col, role: .dim)
        case let .preparing(fraction, step):
            if step == PlayerUpdate.gettingReady {
                canvas.put(step + "…", row: row, col: rect.col, role: .dim)
                return
            }
            canvas.put(TextWidth.truncate("Preparing the audio: the first play only, it is kept for next time", width: rect.width),
                       row: row, col: rect.col, role: .dim)
            let percent = " \(Int((fraction * 100).rounded(.down)))%"
            let used = ProgressBar.draw(&canvas, fraction: fraction, row: row + 1, col: rect.col,
                                        width: min(40, rect.width - TextWidth.of(percent)))
            canvas.put(percent, row: row + 1, col: rect.col + used, role: .dim)
            canvas.put(Visible.text(step), row: row + 2, col: rect.col, role: .dim, maxWidth: rect.width)
        case let .playing(position), let .paused(position):
            progress(&canvas, p, position: position, row: row, rect: rect)
            if p.confirmingStop, row + 1 < rect.bottom {
                // The short form where the long one would be cut (found from outside at 40 columns).
                let ask = Wrap.fitting(["Stop the session now? y then Enter stops; Esc keeps going.", "Stop now? y then Enter; Esc goes on."],
                                       width: rect.width)
                canvas.put(ask, row: row + 1, col: rect.col, role: .notice, maxWidth: rect.width)
            }
            row += short && !p.confirmingStop ? 1 : 2
            guard row < rect.bottom else { return }
            captions(&canvas, p, position: position, in: Rect(row: row, col: rect.col, width: rect.width, height: rect.bottom - row))
        }
    }

    static func subtitle(_ p: PlayerState) -> String {
        var parts: [String] = []
        switch p.started?.mode {
        case let .audio(player, origin)?: parts.append("playing with \(Visible.text(player, limit: 30))"); parts.append(origin)
        case .readAlong?: parts.append("read along: no sound")
        case nil:
            if case .readAlong? = p.plan { parts.append("read along: no sound") }
        }
        return parts.joined(separator: " · ")
    }

    /// `▶ Playing  1:23 ██████░░░░ 4:23`
    static func progress(_ canvas: inout Canvas, _ p: PlayerState, position: Double, row: Int, rect: Rect) {
        let paused = p.playback.isPausedPhase
        var col = rect.col
        // Until sound is known to be coming out, the player is starting, not playing.
        // A seek past what is rendered waits for it: "preparing…", then it plays on.
        // Read-along is reading, not playing: no sound comes out (found from outside: "▶ Playing" over
        // the silence of a player that failed).
        let label = paused ? "‖ Paused " : p.waiting ? "… Preparing" : p.isReadAlong ? "▶ Reading" : p.audible ? "▶ Playing" : "… Starting"
        col += canvas.put(label, row: row, col: col, role: paused ? .notice : p.audible && !p.waiting ? .accent : .dim)
        col += canvas.put("  " + TimeText.clock(position) + " ", row: row, col: col, role: .normal)
        guard let duration = p.duration, duration > 0 else { return }
        let total = " " + TimeText.clock(duration)
        let width = rect.right - col - TextWidth.of(total)
        guard width >= 4 else { return }
        col += ProgressBar.draw(&canvas, fraction: position / duration, row: row, col: col, width: width)
        canvas.put(total, row: row, col: col, role: .normal)
    }

    /// The lines around the current one, the current one highlighted; read-along shows more of them.
    static func captions(_ canvas: inout Canvas, _ p: PlayerState, position: Double, in rect: Rect) {
        guard p.captionsOn || p.isReadAlong else {
            canvas.put("Captions are off · c then Enter shows them", row: rect.row, col: rect.col, role: .dim, maxWidth: rect.width)
            return
        }
        guard let track = p.started?.captions, !track.cues.isEmpty else {
            canvas.put("No captions for this audio.", row: rect.row, col: rect.col, role: .dim, maxWidth: rect.width)
            return
        }
        let current = track.cueIndex(at: position)
        let before = p.isReadAlong ? 2 : 1
        var first = max(0, (current ?? 0) - before)
        // The current words always show whole where they fit: earlier lines give way first (found from
        // outside at 40x12: two earlier cues filled the rows and the current one was never seen).
        if let current, current < track.cues.count {
            func height(_ i: Int) -> Int { Wrap.lines(Visible.text(track.cues[i].text), width: rect.width - 2).count }
            while first < current, (first...current).reduce(0, { $0 + height($1) }) > rect.height { first += 1 }
        }
        var row = rect.row
        for cue in track.cues[first...] {
            guard row < rect.bottom else { break }
            let isCurrent = cue.index == current
            let lines = Wrap.lines(Visible.text(cue.text), width: rect.width - 2)
            for (i, line) in lines.enumerated() where row < rect.bottom {
                let mark = isCurrent && i == 0 ? "› " : "  "
                if isCurrent { canvas.fill(Rect(row: row, col: rect.col, width: rect.width, height: 1), role: .selected) }
                canvas.put(mark + line, row: row, col: rect.col, role: isCurrent ? .selected : .dim, maxWidth: rect.width)
                row += 1
            }
            if !p.isReadAlong, cue.index > (current ?? -1) { break }
        }
    }
}

/// A bar of `width` cells for 0…1: filled cells then empty ones (shapes differ, so it reads without colour).
enum ProgressBar {
    @discardableResult
    static func draw(_ canvas: inout Canvas, fraction: Double, row: Int, col: Int, width: Int) -> Int {
        guard width > 0 else { return 0 }
        let f = fraction.isFinite ? min(1, max(0, fraction)) : 0
        let filled = Int((f * Double(width)).rounded(.down))
        var c = col
        c += canvas.put(String(repeating: "█", count: filled), row: row, col: c, role: .accent)
        c += canvas.put(String(repeating: "░", count: width - filled), row: row, col: c, role: .dim)
        return c - col
    }
}
