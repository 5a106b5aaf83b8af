import AllinCore

/// Crisis support: calm words, a breathing exercise offered first, the region's lines in order, the
/// region with its switch, and a way back that asks first.
enum SupportView {
    static func draw(_ canvas: inout Canvas, _ state: AppState, in rect: Rect) {
        guard let s = state.support else { return }
        if let picker = s.picker {
            drawPicker(&canvas, picker, state, in: rect)
            return
        }
        if let b = s.breathing {
            let resources = state.context.catalog.helplines.resources(for: s.region)
            breathing(&canvas, b, lead: layout(SupportText.lead(resources, emergencyFirst: false), width: rect.width),
                      hint: SupportText.breathingHint(resources), in: rect)
            return
        }
        let lines = lines(state, width: rect.width, height: rect.height)
        let leave = s.confirmingLeave ? leaveContent(width: rect.width - 4, short: rect.height < 16) : nil
        let panel = leave.map { $0.rows.count + 2 } ?? 0
        var height = rect.height - panel
        // While "Before you go" asks, the first line and the emergency number stay in sight above it:
        // when the view as scrolled doesn't show the line's rows (the emergency row alone is pinned, as
        // below), both are kept just above the question, as much as fits, under what fits of the rest,
        // as the breathing exercise keeps them.
        var kept: [[SupportPiece]] = []
        if leave != nil {
            let resources = state.context.catalog.helplines.resources(for: s.region)
            var lead = layout(SupportText.lead(resources, emergencyFirst: false), width: rect.width)
            if s.emergencyFirst, let e = lead.firstIndex(where: { $0.first?.role == .emergency }) {
                lead.insert(lead.remove(at: e), at: 0)
            }
            let numbers = lead.filter { $0.first?.role != .emergency }
            let pin = numbers.count < lead.count ? 1 : 0
            let window = max(0, height - pin)
            let seen = lines.dropFirst(App.clampScroll(s.scroll, count: lines.count, visible: window)).prefix(window)
            if !numbers.allSatisfy({ seen.contains($0) }) || (pin == 1 && height <= 3) {
                kept = Array(lead.prefix(max(0, height)))
                height -= kept.count
            }
        }
        var top = App.clampScroll(s.scroll, count: lines.count, visible: height)
        // The emergency number stays on screen: pinned to the last row when scrolled out of view.
        let emergency = lines.firstIndex { $0.first?.role == .emergency }
        var pinned: [SupportPiece]?
        if kept.isEmpty, let e = emergency, !(top..<(top + height)).contains(e), height > 3 {
            pinned = lines[e]
            height -= 1
            top = App.clampScroll(s.scroll, count: lines.count, visible: height)
        }
        for (i, line) in lines.dropFirst(top).prefix(max(0, height)).enumerated() {
            draw(&canvas, line, row: rect.row + i, rect: rect)
        }
        // Kept rows above the question end the view: no "more" drawn over the words above them.
        if kept.isEmpty, height > 0, top + height < lines.count {
            canvas.putMark("▼ more", row: rect.row + height - 1, right: rect.right)
        }
        if let pinned { draw(&canvas, pinned, row: rect.row + height, rect: rect) }
        for (i, line) in kept.enumerated() { draw(&canvas, line, row: rect.row + height + i, rect: rect) }
        if let leave {
            leavePanel(&canvas, leave, in: Rect(row: rect.bottom - panel, col: rect.col, width: rect.width, height: panel))
        }
    }

    /// Every row of the support screen, laid out for a width and a height. A short window (under 16
    /// rows) leads with a one-sentence intro, the first line and the emergency number, so both show
    /// without scrolling from 40×12 up; the rest scrolls.
    static func lines(_ state: AppState, width: Int, height: Int) -> [[SupportPiece]] {
        guard let s = state.support else { return [] }
        let resources = state.context.catalog.helplines.resources(for: s.region)
        let compact = height < 16
        let origin: SupportText.RegionOrigin = s.region == state.context.region
            ? .of(region: state.context.region, source: state.context.regionSource) : .chosen
        let breathe = [SupportPiece(text: "g", role: .footerKey),
                       SupportPiece(text: "  Breathe with me (under a minute)", role: .accent)]
        // Notes give way to the numbers when the window is short.
        let numbers = SupportText.rows(resources, emergencyFirst: s.emergencyFirst, notes: height >= 20, compact: compact)
        let plan = SupportText.planRows(state.safetyPlan, check: state.context.gates?.check)
        var rows: [[SupportPiece]] = []
        if !resources.hasLines {
            // No lines of the region's own: say so, offer the country list first, then the one number
            // (or the advice naming them) and the directory.
            if compact {
                rows.append([SupportPiece(text: SupportText.shortIntro(s.reason, lines: .none), role: .support)])
                // The short sentence, so the advice's numbers fit above the fold at 40×12.
                rows += [[SupportPiece(text: SupportText.noLines(resources), role: .normal)], SupportText.chooseCountry]
                rows += numbers
                if let note = s.note { rows += [[], [SupportPiece(text: note, role: .notice)]] }
                rows += [[], breathe]
                if !plan.isEmpty { rows += [[]] + plan }
            } else {
                if let note = s.note { rows.append([SupportPiece(text: note, role: .notice)]) }
                rows.append([SupportPiece(text: SupportText.intro(s.reason, lines: .none), role: .support)])
                rows += [[SupportPiece(text: SupportText.region(resources, origin: origin), role: .normal)],
                         SupportText.chooseCountry, []]
                rows += numbers
                if !plan.isEmpty { rows += [[]] + plan }
                rows += [[], breathe]
                if state.safetyPlan.isEmpty, s.reason.tier != .immediate {
                    rows += [[], [SupportPiece(text: SupportText.planOffer, role: .dim)]]
                }
            }
            return layout(rows, width: width)
        }
        let region = [SupportPiece(text: SupportText.region(resources, origin: origin) + " Type r, then Enter, for another country.",
                                   role: .dim)]
        let intro = SupportText.intro(s.reason, lines: resources.shown)
        if compact {
            rows.append([SupportPiece(text: SupportText.shortIntro(s.reason, lines: resources.shown), role: .support)])
            rows += numbers
            if let note = s.note { rows += [[], [SupportPiece(text: note, role: .notice)]] }
            rows += [[], breathe, [], region]
        } else if !plan.isEmpty {
            // The first line and the emergency number lead, so a long plan never pushes every number
            // below the fold; then their own plan (their reasons, their ways to cope, their people),
            // then all the lines (the emergency row shown once, above), then the breathing exercise.
            if let note = s.note { rows.append([SupportPiece(text: note, role: .notice)]) }
            rows.append([SupportPiece(text: intro, role: .support)])
            let rest = SupportText.rows(resources, emergencyFirst: s.emergencyFirst, notes: height >= 20, emergencyRow: false)
            rows += SupportText.lead(resources, emergencyFirst: s.emergencyFirst) + [[]] + plan + [[], region, []] + rest + [[], breathe]
        } else {
            if let note = s.note { rows.append([SupportPiece(text: note, role: .notice)]) }
            rows.append([SupportPiece(text: intro, role: .support)])
            // An act under way or an emergency now: the numbers come before the breathing offer
            // (found from outside: "Breathe with me" stood above "Call 999" after "i've taken all my pills").
            rows += s.emergencyFirst ? [region, []] + numbers + [[], breathe] : [region, [], breathe, []] + numbers
            if state.safetyPlan.isEmpty, s.reason.tier != .immediate {
                rows += [[], [SupportPiece(text: SupportText.planOffer, role: .dim)]]
            }
        }
        if compact, !plan.isEmpty {
            // A short window keeps the numbers on the first rows; the plan follows.
            rows += [[]] + plan
        }
        return layout(rows, width: width)
    }

    static func draw(_ canvas: inout Canvas, _ line: [SupportPiece], row: Int, rect: Rect) {
        var col = rect.col
        for piece in line {
            if let link = piece.link {
                col += canvas.putLink(piece.text, url: link, row: row, col: col, role: piece.role, maxWidth: rect.right - col)
            } else {
                col += canvas.put(piece.text, row: row, col: col, role: piece.role, maxWidth: rect.right - col)
            }
        }
    }

    /// Rows wider than the screen: a single piece wraps (notes); a row of pieces breaks before a piece
    /// that starts with a space (" · hours", the gap before "text …", " (or 112)"), the rest indented on
    /// the next row, so "call" stays with its number and a number is never cut.
    static func layout(_ rows: [[SupportPiece]], width: Int) -> [[SupportPiece]] {
        var out: [[SupportPiece]] = []
        for row in rows {
            let total = row.reduce(0) { $0 + TextWidth.of($1.text) }
            if row.count == 1, total > width, let piece = row.first {
                for part in Wrap.indented(piece.text, width: width) {
                    out.append([SupportPiece(text: part, role: piece.role)])
                }
            } else if total > width {
                var current: [SupportPiece] = []
                var used = 0
                for (i, piece) in row.enumerated() {
                    // The width up to the next place a row may break.
                    let unit = row[i...].enumerated().prefix { $0.offset == 0 || $0.element.text.first != " " }
                        .reduce(0) { $0 + TextWidth.of($1.element.text) }
                    if piece.text.first == " ", used > 0, used + unit > width {
                        out.append(current)
                        let rest = String(piece.text.drop { $0 == " " || $0 == "·" })
                        if piece.link == nil, 2 + TextWidth.of(rest) > width {
                            // Still wider than the row on its own (long opening hours): it wraps, indented,
                            // never cut (found from outside: "10th of each mont" at 40 columns).
                            var parts = Wrap.indented("  " + rest, width: width)
                            let last = parts.removeLast()
                            for part in parts { out.append([SupportPiece(text: part, role: piece.role)]) }
                            current = [SupportPiece(text: last, role: piece.role)]
                        } else {
                            current = [rest.isEmpty ? SupportPiece(text: "  ", role: .normal)
                                                    : SupportPiece(text: "  " + rest, role: piece.role, link: piece.link)]
                        }
                        used = TextWidth.of(current[0].text)
                        continue
                    }
                    if used == 0 || current.allSatisfy({ $0.text.allSatisfy { $0 == " " } }),
                       used + TextWidth.of(piece.text) > width, piece.link == nil {
                        // A piece wider than the row on its own (a long name) wraps like a note.
                        var parts = Wrap.lines(piece.text, width: max(1, width - used))
                        let last = parts.removeLast()
                        for part in parts { out.append(current + [SupportPiece(text: part, role: piece.role)]); current = [] }
                        current.append(SupportPiece(text: last, role: piece.role))
                        used = current.reduce(0) { $0 + TextWidth.of($1.text) }
                        continue
                    }
                    current.append(piece)
                    used += TextWidth.of(piece.text)
                }
                if !current.isEmpty { out.append(current) }
            } else {
                out.append(row)
            }
        }
        return out
    }

    /// The country list: a search field, then the matching countries with what support has for each.
    static func drawPicker(_ canvas: inout Canvas, _ picker: RegionPicker, _ state: AppState, in rect: Rect) {
        guard rect.height >= 3 else { return }
        canvas.put(Wrap.fitting(["Which country's lines? Type part of its name:", "Type a country's name:", "Country:"],
                                width: rect.width), row: rect.row, col: rect.col, role: .title, maxWidth: rect.width)
        canvas.cursor = EditorView(field: picker.query, placeholder: "e.g. Germany, Japan, NZ", focused: true)
            .draw(&canvas, in: Rect(row: rect.row + 1, col: rect.col, width: rect.width, height: 1))
        let items = RegionPicker.items(picker.query.text, state.context.catalog.helplines)
        let list = Rect(row: rect.row + 2, col: rect.col, width: rect.width, height: rect.height - 2)
        ListView(items: items, cursor: min(picker.cursor, items.count - 1), chosen: Set([state.support?.region ?? ""]),
                 focused: true).draw(&canvas, in: list)
    }

    /// The exercise, with `lead` (the first line and the emergency row) kept in sight under it for the
    /// whole minute, as much of it as fits.
    static func breathing(_ canvas: inout Canvas, _ b: Breathing, lead: [[SupportPiece]], hint: String, in rect: Rect) {
        let mid = rect.row + max(0, rect.height / 2 - 3)
        func center(_ text: String, _ row: Int, _ role: Role) {
            let w = TextWidth.of(text)
            canvas.put(text, row: row, col: rect.col + max(0, (rect.width - w) / 2), role: role, maxWidth: rect.width)
        }
        center("Breathe with me", mid, .dim)
        center(b.phase, mid + 2, .title)
        let dots = (0..<Breathing.phaseSeconds).map { $0 < b.count ? "●" : "○" }.joined(separator: " ")
        center(dots, mid + 3, .accent)
        center("Round \(b.round) of \(Breathing.rounds) · " + hint, mid + 5, .dim)
        let free = rect.bottom - (mid + 6)
        for (i, line) in lead.suffix(max(0, free)).reversed().enumerated() {
            draw(&canvas, line, row: rect.bottom - 1 - i, rect: rect)
        }
    }
}

/// "Leave this check-in?" with yes and no.
enum LeaveView {
    static func draw(_ canvas: inout Canvas, _ leaving: Leaving, demo: Bool = false) {
        let width = min(56, canvas.width - 4)
        let text = Wrap.lines(leaving.question(demo: demo), width: width - 4)
        let height = text.count + 4
        let rect = Rect(row: max(1, (canvas.height - height) / 2), col: (canvas.width - width) / 2, width: width, height: height)
        canvas.box(rect, title: "Before you go")
        for (i, line) in text.enumerated() { canvas.put(line, row: rect.row + 1 + i, col: rect.col + 2, role: .overlay) }
        var col = rect.col + 2
        for (key, label) in [("y⏎", " yes   "), ("n⏎", " no, stay")] {
            col += canvas.put(key, row: rect.bottom - 2, col: col, role: .footerKey)
            col += canvas.put(label, row: rect.bottom - 2, col: col, role: .overlay)
        }
    }
}

/// The gentle question for words in the ambiguous band, answered in place: yes (safe) goes on; no or
/// not sure opens support.
public enum ConcernView {
    static let question = "Are you safe right now?"
    /// Why the question is asked when the words are not repeated back, without its ending: the full
    /// screen ends it with a full stop, `allin --plain` with the question itself. `unread`: words in a
    /// script the check cannot read (`CrisisCheck.unreadScriptRule`).
    public static func reason(unread: Bool) -> String {
        unread ? "I can't read every word you wrote, so I want to check" : "Some of what you wrote sounds heavy, so I want to check"
    }
    /// What the check heard, when the words are not repeated back.
    static let generally = reason(unread: false) + "."
    /// For words in a script the check cannot read.
    static let unread = reason(unread: true) + "."

    /// What the check heard, in the person's own words when there are some to quote. Words about a
    /// method or means are never repeated back (safe messaging): the question then speaks generally.
    static func heard(_ state: AppState) -> String {
        let text = state.asking?.text
            ?? state.result?.recommendation.concern.flatMap { state.checkIn?.flow.answers.text(named: $0.field) }
        let finding = state.asking?.hit.finding ?? state.result?.recommendation.concern?.finding
        if finding?.rule == CrisisCheck.unreadScriptRule { return unread }
        guard finding.map(mentionsMeans) != true, let words = text.flatMap({ WhyText.quote($0, words: 12, around: finding?.matched) }) else {
            return generally
        }
        return "You wrote \(words). That sounds heavy, so I want to check."
    }

    /// True when the words are not repeated back: a finding about a method or a means (its rule or
    /// reason says so), or one the trained model made alone (its words could be anything).
    static func mentionsMeans(_ f: CrisisFinding) -> Bool {
        let words = (f.rule + " " + f.reason).lowercased()
        return f.rule == "B.model"
            || ["method", "means", "substance", "height", "weapon", "overdose", "pill"].contains { words.contains($0) }
    }

    static func draw(_ canvas: inout Canvas, _ state: AppState) {
        let width = min(64, canvas.width - 4)
        // The answers and the way back always show: on a short screen the words are not quoted, and
        // the blank line above the answers goes first.
        let room = canvas.height - 2
        var text = Wrap.lines(heard(state), width: width - 4) + Wrap.lines(question, width: width - 4)
        if text.count + 5 > room { text = Wrap.lines(generally, width: width - 4) + Wrap.lines(question, width: width - 4) }
        let height = text.count + (text.count + 5 > room ? 4 : 5)
        let rect = Rect(row: max(1, (canvas.height - height) / 2), col: (canvas.width - width) / 2, width: width, height: height)
        canvas.box(rect, title: "A gentle check")
        for (i, line) in text.enumerated() { canvas.put(line, row: rect.row + 1 + i, col: rect.col + 2, role: .overlay) }
        var col = rect.col + 2
        // Each answer is its letter, then Enter. Three spaces between them when they fit in the box,
        // two and a shorter yes when it is narrow (40 columns).
        let wide = width - 4 >= 38
        let gap = String(repeating: " ", count: wide ? 3 : 2)
        for (key, label) in [("y⏎", (wide ? " Yes, I'm safe" : " I'm safe") + gap), ("n⏎", " No" + gap), ("s⏎", " Not sure")] {
            col += canvas.put(key, row: rect.bottom - 3, col: col, role: .footerKey)
            col += canvas.put(label, row: rect.bottom - 3, col: col, role: .overlay)
        }
        // The way back answers nothing: the words are there to change.
        let back = state.asking == nil ? " back to your answers" : " back to your words"
        let at = rect.col + 2 + canvas.put("Esc", row: rect.bottom - 2, col: rect.col + 2, role: .footerKey)
        canvas.put(back, row: rect.bottom - 2, col: at, role: .overlay, maxWidth: width - 4 - 3)
    }
}

/// "Which is closest?": own emotion words the app can't place with confidence get the nearest
/// feelings to choose from instead of a silent guess.
enum ClosestView {
    static func draw(_ canvas: inout Canvas, _ state: AppState, _ ids: [String]) {
        let width = min(60, canvas.width - 2)
        let own = state.checkIn?.flow.answers.customEmotion.flatMap { WhyText.quote($0, words: 6) }
        var text = Wrap.lines(own.map { "You wrote \($0). Which of these is closest?" } ?? "Which of these is closest?",
                              width: width - 4)
        let labels = ids.compactMap { state.context.vocabulary.emotion($0)?.label }
        for (i, label) in labels.enumerated() { text.append("\(i + 1)  \(label)") }
        text.append("n  none of these, keep my words")
        text.append("Esc  back to my words")
        let height = min(canvas.height - 2, text.count + 3)
        let rect = Rect(row: max(0, (canvas.height - height) / 2), col: max(0, (canvas.width - width) / 2), width: width, height: height)
        canvas.box(rect, title: "Which is closest?")
        for (i, line) in text.prefix(height - 2).enumerated() {
            canvas.put(line, row: rect.row + 1 + i, col: rect.col + 2, role: .overlay, maxWidth: width - 4)
        }
    }
}
