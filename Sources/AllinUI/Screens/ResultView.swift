import AllinCore

/// The recommendation: the session, its lane, soothe-first when it applies, and why.
enum ResultView {
    static func draw(_ canvas: inout Canvas, _ state: AppState, in rect: Rect) {
        guard let result = state.result, let session = result.recommendation.session else { return }
        let r = result.recommendation
        var rows: [(String, Role)] = []
        let roomy = rect.height >= 16
        if roomy { rows.append(("", .normal)) }
        rows.append((Visible.text(session.title), .title))
        // What the session is for, in the words of the intent chips, never the lane's own name; when
        // soothing comes first, the line below says why, and what was asked for is said here.
        var meta = TimeText.minutes(state.length(of: session)) + " · " + WhyText.helps(session.lane, state.context.vocabulary)
        if r.lane != r.intentLane, result.completion?.expressSoothe != true {
            meta += " · you asked " + WhyText.helps(r.intentLane, state.context.vocabulary)
        }
        rows += Wrap.lines(meta, width: rect.width).map { ($0, Role.accent) }
        var why: [(String, Role)] = []
        if let soothe = WhyText.sootheFirst(r, completion: result.completion) {
            why.append(("", .normal))
            why += Wrap.lines(soothe, width: rect.width).map { ($0, Role.support) }
        }
        why.append(("", .normal))
        why.append(("Why this session", .title))
        for line in WhyText.lines(r, catalog: state.context.catalog, answers: state.checkIn?.flow.answers,
                                   unquoted: state.checkIn?.answered ?? [], length: state.length(of: session)) {
            let wrapped = Wrap.lines(line, width: rect.width - 2)
            for (i, part) in wrapped.enumerated() { why.append(((i == 0 ? "• " : "  ") + part, .normal)) }
        }
        // The description takes the rows the reasons leave free, so it is cut only when there is no room.
        let free = rect.height - rows.count - why.count
        for line in Wrap.clipped(Visible.text(session.description), width: rect.width, maxLines: max(roomy ? 3 : 2, free)) {
            rows.append((line, .dim))
        }
        rows += why
        if rows.count < rect.height {
            rows.append(("", .normal))
            rows.append(("Enter starts it · t then Enter shows each step of the decision", .dim))
        } else if rows.count > rect.height {
            // Never cut without saying so: the full reasons are one key away.
            rows = Array(rows.prefix(max(0, rect.height - 1))) + [("▼ more: t then Enter shows all the reasons", .dim)]
        }
        for (i, row) in rows.prefix(rect.height).enumerated() {
            canvas.put(row.0, row: rect.row + i, col: rect.col, role: row.1, maxWidth: rect.width)
        }
    }
}

/// Every gate of the routing decision, with what it saw.
enum TraceView {
    static func draw(_ canvas: inout Canvas, _ state: AppState, in rect: Rect) {
        guard let result = state.result else { return }
        let rows = rows(state, width: rect.width)
        let top = App.clampScroll(result.traceScroll, count: rows.count, visible: rect.height)
        for (i, row) in rows.dropFirst(top).prefix(rect.height).enumerated() {
            canvas.put(row.0, row: rect.row + i, col: rect.col, role: row.1, maxWidth: rect.width)
        }
        if top + rect.height < rows.count { canvas.putMark("▼", row: rect.bottom - 1, right: rect.right) }
        if top > 0 { canvas.putMark("▲", row: rect.row, right: rect.right) }
    }

    static func rows(_ state: AppState, width: Int) -> [(String, Role)] {
        guard let result = state.result else { return [] }
        var rows: [(String, Role)] = [("Why this session", .title)]
        for line in WhyText.lines(result.recommendation, catalog: state.context.catalog, answers: state.checkIn?.flow.answers,
                                   unquoted: state.checkIn?.answered ?? [],
                                   length: result.recommendation.session.map { state.length(of: $0) }) {
            let wrapped = Wrap.lines(line, width: width - 2)
            for (i, part) in wrapped.enumerated() { rows.append(((i == 0 ? "• " : "  ") + part, .normal)) }
        }
        rows += [("", .normal), ("Step by step", .title)]
        for (n, line) in WhyText.steps(result.recommendation.trace, catalog: state.context.catalog,
                                        answers: state.checkIn?.flow.answers).enumerated() {
            let mark = "\(n + 1). "
            for (i, part) in Wrap.lines(line, width: width - mark.count).enumerated() {
                rows.append(((i == 0 ? mark : String(repeating: " ", count: mark.count)) + part, .normal))
            }
        }
        // Wrapped like the rest (found from outside: at 40 columns it ended "the routing la").
        rows.append(("", .normal))
        for part in Wrap.lines("Every figure behind it: the routing lab (l then Enter, from home).", width: width) { rows.append((part, .dim)) }
        return rows
    }
}
