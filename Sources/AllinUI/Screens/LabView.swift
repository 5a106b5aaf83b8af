import AllinCore

/// The routing lab: the form on the left, the live recommendation and full trace on the right
/// (stacked when the window is narrow).
enum LabView {
    static func draw(_ canvas: inout Canvas, _ state: AppState, in rect: Rect) {
        let (formRect, panel, wide) = areas(in: rect)
        form(&canvas, state, in: formRect)
        if wide {
            for r in rect.row..<rect.bottom { canvas.put("│", row: r, col: formRect.right, role: .border) }
        } else {
            canvas.hline(row: formRect.bottom, col: rect.col, width: rect.width)
        }
        guard !panel.isEmpty else { return }
        let rows = resultRows(state, width: panel.width)
        draw(&canvas, rows, scroll: state.lab.scroll, in: panel)
    }

    /// The form and the result panel: side by side when wide, stacked when narrow.
    static func areas(in rect: Rect) -> (form: Rect, panel: Rect, wide: Bool) {
        let wide = rect.width >= 70
        let formWidth = wide ? min(44, rect.width * 2 / 5) : rect.width
        let formHeight = wide ? rect.height : max(4, min(LabField.allCases.count, rect.height / 2))
        let form = Rect(row: rect.row, col: rect.col, width: formWidth, height: formHeight)
        let panel = wide
            ? Rect(row: rect.row, col: rect.col + formWidth + 2, width: rect.width - formWidth - 2, height: rect.height)
            : Rect(row: rect.row + formHeight + 1, col: rect.col, width: rect.width, height: rect.height - formHeight - 1)
        return (form, panel, wide)
    }

    static func form(_ canvas: inout Canvas, _ state: AppState, in rect: Rect) {
        let fields = LabField.allCases
        let current = fields.firstIndex(of: state.lab.field) ?? 0
        let top = ChipList(cursor: current).top(rows: rect.height, count: fields.count)
        let labelWidth = 15
        for (offset, field) in fields[top..<min(fields.count, top + rect.height)].enumerated() {
            let row = rect.row + offset
            let focused = field == state.lab.field
            canvas.put(TextWidth.truncate(field.label, width: labelWidth - 1), row: row, col: rect.col,
                       role: focused ? .accent : .dim)
            let valueRect = Rect(row: row, col: rect.col + labelWidth, width: rect.width - labelWidth, height: 1)
            if focused, field.isText {
                canvas.cursor = EditorLine.draw(&canvas, state.lab.editor, in: valueRect)
            } else {
                let text = value(field, state)
                if focused { canvas.fill(valueRect, role: .selected) }
                let shown = field.isText ? text : (focused ? "‹ \(text) ›" : text)
                canvas.put(TextWidth.truncate(shown, width: valueRect.width), row: row, col: valueRect.col,
                           role: focused ? .selected : (text == "—" ? .dim : .normal))
            }
        }
    }

    static func value(_ field: LabField, _ state: AppState) -> String {
        let a = state.lab.answers
        let v = state.context.vocabulary
        switch field {
        case .region: return state.lab.region ?? "other"
        case .intensity: return a.intensity.map(String.init) ?? "—"
        case .body: return a.body.isEmpty ? "—" : a.body.joined(separator: ",")
        default:
            if field.isText { return LabUpdate.text(field, a).map { Visible.text($0) } ?? "—" }
            let id = LabUpdate.value(field, a)
            if field == .emotion, let id, let e = v.emotion(id) { return e.label }
            return id ?? "—"
        }
    }

    /// The live recommendation, crisis layers, in-flow gates, trace and handoff preview, as rows.
    static func resultRows(_ state: AppState, width w: Int) -> [(String, Role)] {
        var rows: [(String, Role)] = []
        func add(_ text: String, _ role: Role = .normal, indent: String = "") {
            rows += Wrap.lines(text, width: w - indent.count).map { (indent + $0, role) }
        }
        guard let r = state.lab.result else {
            add("Routing…", .dim)
            return rows
        }
        let (headline, role) = headline(r)
        add(headline, role)
        // The lab shows what the check decided without opening support, so a test can go on; the
        // way to support is said beside it, in case the words are the person's own.
        if r.kind == .safetyHandoff || r.concern != nil {
            add("If these words are yours: press F2, and support opens.", .support)
        }
        if r.kind == .audio {
            add("lane \(r.lane?.rawValue ?? "-") · intent lane \(r.intentLane.rawValue) · soothe first \(r.sootheFirst ? "yes" : "no") · valence \(r.valence?.rawValue ?? "-")", .accent)
        }
        rows.append(("", .normal))
        // The reasons in plain words first, as the recommendation's t screen gives them; the raw
        // gates follow under "Router trace".
        add("Why, step by step", .title)
        for line in WhyText.steps(r.trace, catalog: state.context.catalog, answers: state.lab.answers, trying: true) {
            for (i, piece) in Wrap.lines(line, width: max(10, w - 4)).enumerated() { rows.append(((i == 0 ? "  • " : "    ") + piece, .normal)) }
        }
        rows.append(("", .normal))
        add("Crisis layers", .title)
        for line in layerLines(r) { add(line.0, line.1, indent: "  ") }
        rows.append(("", .normal))
        let resources = state.context.catalog.helplines.resources(for: state.lab.region)
        let place = "\(resources.regionName ?? "other regions") (\(resources.region))"
        add(r.kind == .safetyHandoff ? "Handoff for \(place)" : "If it handed off: lines for \(place)", .title)
        if let e = resources.emergency { add("emergency \(e.number)", .emergency, indent: "  ") }
        for line in resources.lines {
            let numbers = [line.phone.map { "call \($0)" }, line.sms.map { "text \($0)" }].compactMap { $0 }
            add("\(line.name): \(numbers.isEmpty ? (line.url ?? "") : numbers.joined(separator: ", ")) · \(line.hours)", .normal, indent: "  ")
        }
        rows.append(("", .normal))
        add("In-flow gates", .title)
        for line in state.lab.flowGates { add(line, .normal, indent: "  ") }
        rows.append(("", .normal))
        add("Router trace", .title)
        for entry in r.trace {
            add("\(entry.gate) → \(entry.decision)", entry.decision == "fired" ? .emergency : .accent, indent: "  ")
            let details = Visible.text(WhyText.details(entry))
            if !details.isEmpty { add(details, .dim, indent: "    ") }
        }
        return rows
    }

    /// One headline that agrees with the crisis rule's decision: where the check-in goes, and why.
    static func headline(_ r: Recommendation) -> (String, Role) {
        let rule = r.trace.first { $0.gate == "crisisRule" }
        let field = rule?.detail("field").map(WhyText.plain) ?? "-"
        let which = rule?.detail("rule").map(WhyText.plain) ?? "-"
        let session = r.session.map { "\(Visible.text($0.title)) (\($0.slug))" } ?? "no session"
        if r.trace.contains(where: { $0.gate == "crisisC" }) {
            return ("→ CRISIS SUPPORT: layer C, no session could be resolved", .emergency)
        }
        switch rule?.decision {
        case "handoff": return ("→ CRISIS SUPPORT: a clear statement (\(which)) in \(field)", .emergency)
        case "askedForHelp": return ("→ CRISIS SUPPORT: asked for help in \(field) (no tier)", .emergency)
        case "askSafe": return ("→ \(session), after the gentle question (\(which) in \(field) is in the ambiguous band)", .support)
        default: return ("→ \(session)", .title)
        }
    }

    /// Each of the three crisis layers: what it found (tier, rule, field and words) or that it was clear.
    static func layerLines(_ r: Recommendation) -> [(String, Role)] {
        var lines: [(String, Role)] = []
        for (gate, name) in [("crisisA", "A (phrases)"), ("crisisB", "B (concepts and model)")] {
            guard let e = r.trace.first(where: { $0.gate == gate }) else {
                lines.append(("\(name): not shown, layer A decided first", .dim))
                continue
            }
            if e.decision == "clear" {
                let scanned = e.detail("scanned").map(WhyText.plain) ?? ""
                lines.append(("\(name): clear" + (scanned.isEmpty ? " (no free text)" : " (read \(scanned))"), .dim))
            } else {
                let tier = e.detail("tier").map(WhyText.plain) ?? "-"
                let rule = e.detail("rule").map(WhyText.plain) ?? "-"
                let field = e.detail("field").map(WhyText.plain) ?? "-"
                let words = e.detail("matched").map(WhyText.plain).map { " on \"\(Visible.text($0))\"" } ?? ""
                lines.append(("\(name): \(tier), \(rule) in \(field)\(words)", tier == "T1" ? .support : .emergency))
            }
        }
        if let c = r.trace.first(where: { $0.gate == "crisisC" }) {
            lines.append(("C (nothing resolved): fired, \(c.detail("reason").map(WhyText.plain) ?? "")", .emergency))
        } else if r.kind == .audio {
            lines.append(("C (nothing resolved): not needed, a session resolved", .dim))
        } else {
            lines.append(("C (nothing resolved): not reached, an earlier layer decided", .dim))
        }
        if let rule = r.trace.first(where: { $0.gate == "crisisRule" }) {
            lines.append(("the rule: \(rule.decision)" + (rule.detail("why").map { ": " + WhyText.plain($0) } ?? ""), .accent))
        }
        return lines
    }

    static func draw(_ canvas: inout Canvas, _ rows: [(String, Role)], scroll: Int, in rect: Rect) {
        let top = App.clampScroll(scroll, count: rows.count, visible: rect.height)
        for (i, row) in rows.dropFirst(top).prefix(rect.height).enumerated() {
            canvas.put(row.0, row: rect.row + i, col: rect.col, role: row.1, maxWidth: rect.width)
        }
        if top + rect.height < rows.count { canvas.putMark("▼", row: rect.bottom - 1, right: rect.right) }
        if top > 0 { canvas.putMark("▲", row: rect.row, right: rect.right) }
    }
}

/// A one-row text field that scrolls sideways to keep the cursor in view.
enum EditorLine {
    static func draw(_ canvas: inout Canvas, _ field: TextField, in rect: Rect) -> Point? {
        guard rect.width > 1 else { return nil }
        canvas.fill(rect, role: .input)
        let chars = field.characters
        var start = 0
        while TextWidth.of(String(chars[start..<field.cursor])) > rect.width - 1 { start += 1 }
        var end = start
        var used = 0
        while end < chars.count, used + TextWidth.of(chars[end]) <= rect.width { used += TextWidth.of(chars[end]); end += 1 }
        canvas.put(String(chars[start..<end]), row: rect.row, col: rect.col, role: .input)
        return Point(row: rect.row, col: rect.col + TextWidth.of(String(chars[start..<field.cursor])))
    }
}
