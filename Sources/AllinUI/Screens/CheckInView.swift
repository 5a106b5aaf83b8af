import AllinCore

/// One check-in step per screen: the step indicator, the question, and the step's widget.
enum CheckInView {
    static func draw(_ canvas: inout Canvas, _ state: AppState, in rect: Rect) {
        guard let c = state.checkIn else { return }
        let v = state.context.vocabulary
        let step = c.flow.currentStep(in: v)
        let roomy = rect.height >= 16
        var row = rect.row
        if let gates = state.context.gates { StepIndicator.draw(&canvas, path: c.flow.path(gates: gates, answered: c.answered), row: row, rect: rect) }
        row += roomy ? 2 : 1
        for line in Wrap.lines(StepCopy.question(step), width: rect.width).prefix(2) {
            canvas.put(line, row: row, col: rect.col, role: .title)
            row += 1
        }
        // The hint takes the rows the step's widget leaves free, so it is cut only when there is no room.
        let free = rect.bottom - row - (roomy ? 1 : 0) - wantedRows(step, c, state.context)
        let hintLines = Wrap.clipped(StepCopy.hint(step), width: rect.width, maxLines: max(roomy ? 2 : 1, free))
        for line in hintLines {
            canvas.put(line, row: row, col: rect.col, role: .dim)
            row += 1
        }
        if roomy { row += 1 }
        let content = Rect(row: row, col: rect.col, width: rect.width, height: rect.bottom - row)
        switch step {
        case .intensity: intensity(&canvas, c, state.context, in: content)
        case .situation: situation(&canvas, c, state.context, in: content)
        case .embodyNew:
            let height = min(6, content.height)
            canvas.cursor = EditorView(field: c.editor, placeholder: "Type here…", focused: true)
                .draw(&canvas, in: Rect(row: content.row, col: content.col, width: content.width, height: height))
        default:
            if c.focus == .text {
                let label = Wrap.fitting(["Your own words (Enter to use them, Esc for the list):",
                                          "Your own words (Enter uses them):", "Your own words:"], width: content.width)
                canvas.put(label, row: content.row, col: content.col, role: .dim, maxWidth: content.width)
                let height = min(step == .emotion ? 3 : 5, content.height - 1)
                canvas.cursor = EditorView(field: c.editor, placeholder: "Type here…", focused: true)
                    .draw(&canvas, in: Rect(row: content.row + 1, col: content.col, width: content.width, height: height))
            } else {
                list(&canvas, c, step, v, items: state.context.items(step), in: content, focused: true)
            }
        }
    }

    /// The rows the step's widget uses when it has them all: a short list or a small editor leaves the
    /// rest to the hint above it.
    static func wantedRows(_ step: Step, _ c: CheckInState, _ context: AppContext) -> Int {
        let items = context.items(step).count
        switch step {
        case .situation: return 2 + 1 + 3
        case .intensity: return 3 + items
        case .embodyNew: return 3
        default:
            let filterLine = StepModel.filterable(step) || c.lists[step]?.filtering == true
            return c.focus == .text ? 1 + 3 : items + (filterLine ? 1 : 0)
        }
    }

    /// A chip list with its filter line (long lists) or numbers (short ones).
    static func list(_ canvas: inout Canvas, _ c: CheckInState, _ step: Step, _ v: Vocabulary, items: [ListItem],
                     in rect: Rect, focused: Bool) {
        let state = c.lists[step] ?? ChipList()
        let all = items
        var shown = state.visible(all)
        if !state.filter.isEmpty, let i = shown.firstIndex(where: { $0.kind == .ownWords }) {
            shown[i].label = "Use my own words: \(state.filter)"
        }
        var listRect = rect
        // What is typed into the filter always shows, however short the window (a short list gives up
        // its hint line otherwise): typing is never invisible.
        if StepModel.filterable(step) || state.filtering, rect.height >= 3 || (state.filtering && rect.height >= 2) {
            if state.filtering {
                // A short list has no filter to speak of: what was typed is named as such.
                let used = canvas.put(StepModel.filterable(step) ? "Filter: " : "You typed: ", row: rect.row, col: rect.col,
                                      role: .dim)
                // The end of a long filter, where the typing is.
                var shownFilter = state.filter
                while TextWidth.of(shownFilter) > max(1, rect.width - used - 1) { shownFilter.removeFirst() }
                let w = canvas.put(shownFilter, row: rect.row, col: rect.col + used, role: .input)
                if focused { canvas.cursor = Point(row: rect.row, col: min(rect.right - 1, rect.col + used + w)) }
            } else {
                let hint = StepModel.hasOwnWords(step)
                    ? Wrap.fitting(["Type to filter · Tab for your own words", "Type to filter · Tab: own words",
                                    "Type to filter"], width: rect.width)
                    : "Type to filter"
                canvas.put(hint, row: rect.row, col: rect.col, role: .dim, maxWidth: rect.width)
            }
            listRect = rect.rows(from: 1)
        }
        var chosen: Set<String> = []
        if let id = StepModel.chosen(step, c.flow.answers, v, items: items) { chosen.insert(id) }
        // The situation's filter becomes the person's own words on Enter: the empty list says so (found
        // from outside: "Nothing matches. Esc clears the filter." read like a dead end).
        let empty = step == .situation ? "Nothing matches. Enter keeps these as your own words; Esc clears the filter."
            : StepModel.filterable(step) ? "Nothing matches. Esc clears the filter."
            : "Nothing matches what you typed. Esc clears it."
        ListView(items: shown, cursor: min(state.cursor, max(0, shown.count - 1)), chosen: chosen, focused: focused,
                 numbered: !StepModel.filterable(step), empty: empty).draw(&canvas, in: listRect)
    }

    static func situation(_ canvas: inout Canvas, _ c: CheckInState, _ context: AppContext, in rect: Rect) {
        // A tall window gives the words more rows (the list needs at most its 13 chips).
        let editorHeight = rect.height >= 30 ? 8 : rect.height >= 12 ? 4 : 3
        let listHeight = max(2, rect.height - editorHeight - 1)
        list(&canvas, c, .situation, context.vocabulary, items: context.items(.situation), in: Rect(row: rect.row, col: rect.col, width: rect.width, height: listHeight),
             focused: c.focus == .list)
        let labelRow = rect.row + listHeight
        let label = c.focus == .text
            ? Wrap.fitting(["In your own words (optional; Enter for next):", "In your own words (optional):"], width: rect.width)
            : "In your own words (Tab to write):"
        canvas.put(label, row: labelRow, col: rect.col, role: c.focus == .text ? .accent : .dim, maxWidth: rect.width)
        let field = c.focus == .text ? c.editor : TextField(c.flow.answers.triggerText ?? "", limit: StepCopy.limit(.situation))
        let cursor = EditorView(field: field, placeholder: "e.g. three deadlines this week", focused: c.focus == .text)
            .draw(&canvas, in: Rect(row: labelRow + 1, col: rect.col, width: rect.width, height: min(editorHeight, rect.bottom - labelRow - 1)))
        if c.focus == .text { canvas.cursor = cursor }
    }

    static func intensity(_ canvas: inout Canvas, _ c: CheckInState, _ context: AppContext, in rect: Rect) {
        let value = c.flow.answers.intensity
        Slider.draw(&canvas, value: value, row: rect.row, col: rect.col, width: rect.width)
        guard rect.height >= 4 else { return }
        let ask = Wrap.fitting(["Where do you feel it? Space marks each place.", "Where do you feel it? Space marks it."],
                               width: rect.width)
        canvas.put(ask, row: rect.row + 2, col: rect.col, role: .dim, maxWidth: rect.width)
        let state = c.lists[.intensity] ?? ChipList()
        ListView(items: context.items(.intensity), cursor: state.cursor, chosen: Set(c.flow.answers.body),
                 focused: true, checkboxes: true).draw(&canvas, in: rect.rows(from: 3))
    }
}

/// The row of step names ("feeling › situation › …") with the current one marked; dots when narrow.
/// Only the path ahead is named: while the intent is open, a last "…" stands for the steps it decides.
enum StepIndicator {
    static func draw(_ canvas: inout Canvas, path: StepPath, row: Int, rect: Rect) {
        let names = path.steps.map(StepCopy.name) + (path.open ? ["…"] : [])
        let index = path.number - 1
        let full = names.joined(separator: " › ")
        if TextWidth.of(full) <= rect.width {
            var col = rect.col
            for (i, name) in names.enumerated() {
                if i > 0 { col += canvas.put(" › ", row: row, col: col, role: .dim) }
                col += canvas.put(name, row: row, col: col, role: i == index ? .accent : i < index ? .normal : .dim)
            }
            return
        }
        // Too wide: a window of names around the current step, with "…" where names are left out.
        var first = index, last = index
        func width(_ a: Int, _ b: Int) -> Int {
            TextWidth.of(names[a...b].joined(separator: " › ")) + (a > 0 ? 4 : 0) + (b < names.count - 1 ? 4 : 0)
        }
        var grew = true
        while grew {
            grew = false
            if last + 1 < names.count, width(first, last + 1) <= rect.width { last += 1; grew = true }
            if first > 0, width(first - 1, last) <= rect.width { first -= 1; grew = true }
        }
        var col = rect.col
        if first > 0 { col += canvas.put("… › ", row: row, col: col, role: .dim) }
        for i in first...last {
            if i > first { col += canvas.put(" › ", row: row, col: col, role: .dim) }
            col += canvas.put(names[i], row: row, col: col, role: i == index ? .accent : i < index ? .normal : .dim,
                              maxWidth: rect.right - col)
        }
        if last < names.count - 1 { canvas.put(" › …", row: row, col: col, role: .dim, maxWidth: rect.right - col) }
    }
}

/// The 1–10 intensity slider. Each number gets a cell of three to four columns, so "9" and "10" never
/// run together; when the value's label leaves too little room beside it, it goes on the row below.
enum Slider {
    static func draw(_ canvas: inout Canvas, value: Int?, row: Int, col: Int, width: Int) {
        let label = value.map { " \($0) of 10" } ?? " not set"
        // Decided on the widest label, so the layout doesn't jump as the value changes.
        let widest = TextWidth.of(" 10 of 10")
        let beside = (width - widest - 2) / 10 >= 3
        let segment = max(3, min(4, (width - (beside ? widest : 0) - 2) / 10))
        var c = col
        c += canvas.put("▕", row: row, col: c, role: .dim)
        for i in 1...10 {
            let text = String(i)
            let pad = segment - text.count
            let cell = String(repeating: " ", count: pad / 2 + pad % 2) + text + String(repeating: " ", count: pad / 2)
            c += canvas.put(cell, row: row, col: c, role: (value ?? 0) >= i ? .sliderFill : .sliderEmpty)
        }
        c += canvas.put("▏", row: row, col: c, role: .dim)
        if beside {
            canvas.put(label, row: row, col: c, role: value == nil ? .dim : .title)
        } else {
            canvas.put(String(label.dropFirst()), row: row + 1, col: col + 1, role: value == nil ? .dim : .title)
        }
    }
}
