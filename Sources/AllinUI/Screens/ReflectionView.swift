import AllinCore

/// The mood questions before and after the session, the note, and the end of the check-in.
enum ReflectionView {
    static func mood(_ canvas: inout Canvas, _ state: AppState, in rect: Rect, before: Bool) {
        guard let s = state.session else { return }
        let roomy = rect.height >= 16
        var row = rect.row + (roomy ? 1 : 0)
        canvas.put(before ? "Before you start" : "After the session", row: row, col: rect.col, role: .accent)
        row += roomy ? 2 : 1
        let question = before ? "How do you feel right now, from 1 (very low) to 10 (very good)?"
            : "And now? How do you feel, from 1 (very low) to 10 (very good)?"
        for line in Wrap.lines(question, width: rect.width).prefix(2) {
            canvas.put(line, row: row, col: rect.col, role: .title)
            row += 1
        }
        let hint = before ? (state.context.demo ? "Optional: s then Enter skips it. In your own check-ins, your answers before and after show in the journal whether sessions help."
                             : "Optional: s then Enter skips it. Your answers before and after show in the journal whether sessions help.")
            : "Optional: s then Enter skips it. Then a short note, if you like."
        for line in Wrap.clipped(hint, width: rect.width, maxLines: roomy ? 2 : 1) {
            canvas.put(line, row: row, col: rect.col, role: .dim)
            row += 1
        }
        row += 1
        Slider.draw(&canvas, value: before ? s.moodBefore : s.moodAfter, row: row, col: rect.col, width: rect.width)
        row += 2
        guard row < rect.bottom else { return }
        let session = s.player.session
        let next = before ? "Next: \(Visible.text(session.title)) · \(TimeText.minutes(state.length(of: session)))"
            : afterLine(s)
        for line in Wrap.clipped(next, width: rect.width, maxLines: rect.bottom - row) {
            canvas.put(line, row: row, col: rect.col, role: .dim)
            row += 1
        }
    }

    static func note(_ canvas: inout Canvas, _ state: AppState, in rect: Rect) {
        guard let s = state.session else { return }
        let roomy = rect.height >= 16
        var row = rect.row + (roomy ? 1 : 0)
        canvas.put("A note for your journal", row: row, col: rect.col, role: .title)
        row += 1
        let hint = "What do you notice now? A few words are plenty, and none is fine too. Enter finishes."
        for line in Wrap.clipped(hint, width: rect.width, maxLines: 2) {
            canvas.put(line, row: row, col: rect.col, role: .dim)
            row += 1
        }
        if roomy { row += 1 }
        let height = min(roomy ? 6 : 4, rect.bottom - row)
        canvas.cursor = EditorView(field: s.note, placeholder: "Optional: e.g. shoulders softer, still tired", focused: true)
            .draw(&canvas, in: Rect(row: row, col: rect.col, width: rect.width, height: height))
    }

    /// The end of the check-in. Too long for the screen, it scrolls (↑↓, PgUp/PgDn) with ▲/▼ saying
    /// there is more; after a session that left the person feeling worse, the support comes first.
    static func done(_ canvas: inout Canvas, _ state: AppState, in rect: Rect) {
        guard let s = state.session else { return }
        let lines = doneLines(state, in: rect)
        let top = App.clampScroll(s.doneScroll, count: lines.count, visible: rect.height)
        for (i, line) in lines.dropFirst(top).prefix(rect.height).enumerated() {
            canvas.put(line.0, row: rect.row + i, col: rect.col, role: line.1, maxWidth: rect.width)
        }
        if top + rect.height < lines.count { canvas.putMark("▼", row: rect.bottom - 1, right: rect.right) }
        if top > 0 { canvas.putMark("▲", row: rect.row, right: rect.right) }
    }

    /// Every line of the end screen at the width of `rect`; when they are more than its height, they
    /// are wrapped narrower to leave the last column to ▲/▼.
    static func doneLines(_ state: AppState, in rect: Rect) -> [(String, Role)] {
        guard let s = state.session else { return [] }
        let roomy = rect.height >= 16
        let demo = state.context.demo
        let care = state.model.doneWithCare
        let lines = doneLines(s, width: rect.width, roomy: roomy, care: care, demo: demo)
        guard lines.count > rect.height else { return lines }
        return doneLines(s, width: rect.width - 2, roomy: roomy, short: true, care: care, demo: demo)
    }

    private static func doneLines(_ s: SessionState, width: Int, roomy: Bool, short: Bool = false, care: Bool,
                                  demo: Bool) -> [(String, Role)] {
        var rows: [(String, Role)] = []
        if roomy { rows.append(("", .normal)) }
        let step = s.planStep
        let finished = s.player.ended == nil || s.player.ended == .finished
        let libraryTitle = finished ? "Session complete" : s.player.ended == .notPlayed ? "Session not played" : "Session stopped"
        // A plan step counts only when it was played (`SessionState.listened`); else it stays open.
        let stepTitle = step.map { "Step \($0.index) of your plan " + (s.listened ? "complete" : "is still open") }
        rows.append((stepTitle ?? (s.fromLibrary ? libraryTitle : "Check-in complete"), .title))
        // No streak after a session that left someone feeling worse, or a check-in that opened support
        // (`AppModel.doneWithCare`): a kind word and two ways on, first of all when the screen is short.
        let kind = s.feltWorse ? MoodDrop.acknowledgement(before: s.moodBefore, after: s.moodAfter) + " Thank you for saying so honestly."
            : "Some of what you wrote today sounded heavy. Thank you for writing it honestly; you don't have to carry it alone."
        let worse: [(String, Role)] = care ? [
            ("", .normal),
            (kind, .support),
            ("s⏎ talk to someone now: people who listen", .accent),
            ("n⏎ try another session: a new check-in", .accent),
        ] : []
        if short { rows += worse }
        rows.append(("", .normal))
        let session = s.player.session
        rows.append(("Session: \(Visible.text(session.title))\(s.player.isReadAlong ? " (read along)" : "")", .normal))
        // How it went, as the journal keeps it: a session stopped or never begun is not called done.
        if let ended = s.player.ended { rows.append(("How it went: " + CheckInWords.playback(s.player.record(ended)), .normal)) }
        rows.append(("Mood: \(moodLine(s))", .normal))
        let note: String
        if JournalEntry.cleanNote(s.note.text) != nil {
            note = step != nil ? (s.listened ? "Note: kept with this step of your plan." : "Note: not kept, as the step stays open.")
                : s.fromLibrary ? "Note: kept with this session." : "Note: kept with this check-in."
        } else {
            note = "Note: none."
        }
        rows.append((note, .normal))
        switch (s.save, step) {
        case (_, _?) where !s.listened:
            rows.append(("Too little of the session was played to count, so this step stays next in your plan.", .dim))
        case (.saved, _?): rows.append(("Kept with your plan on this computer.", .good))
        case (.pending, _?): rows.append(("Keeping it with your plan…", .dim))
        case (.saved, nil) where demo: rows.append(("Kept for this demo only: forgotten when it closes.", .dim))
        case (.saved, nil): rows.append(("Saved to your journal on this computer.", .good))
        case let (.inMemory(problem), _):
            rows.append(("Not saved: \(JournalCopy.cause(problem)). It is kept only until you quit.", .notice))
        case (.pending, nil): rows.append(("Nothing was saved: the session never started.", .dim))
        }
        if !short { rows += worse }
        if !care, let summary = s.summary {
            rows.append(("", .normal))
            rows.append((JournalCopy.streak(summary.streak), .accent))
            let week = summary.daysLast7 == 1 ? "1 day" : "\(summary.daysLast7) days"
            rows.append(("Checked in on \(week) of the last 7.", .dim))
        }
        rows.append(("", .normal))
        rows.append((step == nil ? "Enter goes home · J then Enter opens your journal" : "Enter goes home · b then Enter opens your plan", .dim))
        return rows.flatMap { row in Wrap.lines(row.0, width: width).map { ($0, row.1) } }
    }

    static func moodLine(_ s: SessionState) -> String {
        switch (s.moodBefore, s.moodAfter) {
        case let (b?, a?):
            let change = a - b
            return "\(b) before, \(a) after (\(change > 0 ? "+\(change)" : change == 0 ? "no change" : "\(change)"))."
        case let (b?, nil): return "\(b) before; after not given."
        case let (nil, a?): return "before not given; \(a) after."
        case (nil, nil): return "not given."
        }
    }

    /// Under the mood-after slider: what the session was, in words that don't call a session stopped
    /// or never begun done.
    static func afterLine(_ s: SessionState) -> String {
        let title = Visible.text(s.player.session.title)
        let read = s.player.isReadAlong ? " (read along)" : ""
        let taken = s.player.audioSeconds + s.player.readAlongSeconds
        // Where it stopped and how long it ran are two things once the person has moved in it: both
        // are said, each for what it is.
        let spent = "\(s.player.isReadAlong ? "Read along" : "Heard") \(TimeText.clock(taken)) of it."
        switch s.player.ended {
        case .notPlayed?: return "Not played: \(title)"
        case .stoppedEarly?:
            guard let at = s.player.stoppedAt else { return "Stopped early: \(title)\(read), after \(TimeText.clock(taken))" }
            let length = s.player.duration.map { " of \(TimeText.clock($0))" } ?? ""
            let line = "Stopped early, at \(TimeText.clock(at))\(length): \(title)\(read)."
            return abs(at - taken) > 5 ? line + " " + spent : line
        case .finished? where s.player.record(.finished).reachedEndInPart:
            return "Reached the end: \(title)\(read). " + spent
        default: return "You did: \(title)\(read)"
        }
    }
}
