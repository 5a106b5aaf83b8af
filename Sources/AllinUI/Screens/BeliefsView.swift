import AllinCore

/// The beliefs plan screen: the ten steps with the next one and each played step's mood change, or
/// the intake (areas, a rating each, four questions each).
enum BeliefsView {
    static func draw(_ canvas: inout Canvas, _ state: AppState, in rect: Rect) {
        let b = state.beliefs
        guard !rect.isEmpty else { return }
        if let intake = b.intake {
            if b.making {
                canvas.put("Searching the library for your plan…", row: rect.row + 1, col: rect.col, role: .dim, maxWidth: rect.width)
                return
            }
            drawIntake(&canvas, intake, state, in: rect)
            return
        }
        if b.loading {
            canvas.put("Opening your plan…", row: rect.row + 1, col: rect.col, role: .dim, maxWidth: rect.width)
            return
        }
        guard let plan = b.plan else {
            var row = rect.row + (rect.height >= 16 ? 1 : 0)
            let intro = "Ten sessions over three parts of your life you choose. For each, you rate how it is going "
                + "and answer four short questions; the sessions are found by searching the library with your words. "
                + "Steps take turns, one called a reset and the next a rewire; each is a session found with your words."
            for line in Wrap.clipped(intro, width: rect.width, maxLines: max(1, rect.height - 3)) {
                canvas.put(line, row: row, col: rect.col, role: .normal)
                row += 1
            }
            row += 1
            if row < rect.bottom { canvas.put("Press Enter to make your plan.", row: row, col: rect.col, role: .accent, maxWidth: rect.width) }
            return
        }
        drawPlan(&canvas, plan, state, in: rect)
    }

    static func drawPlan(_ canvas: inout Canvas, _ plan: StoredPlan, _ state: AppState, in rect: Rect) {
        let catalog = state.context.catalog
        var rows: [(String, Role)] = [("\(plan.playedCount) of \(plan.steps.count) steps played", .accent)]
        let wide = rect.width >= 60
        for s in plan.steps {
            let title = Visible.text(catalog.session(s.step.slug)?.title ?? s.step.slug)
            let area = catalog.plan.area(s.step.area)?.label ?? s.step.area
            var line = String(repeating: " ", count: s.step.index < 10 ? 1 : 0) + "\(s.step.index). " + title
            if wide { line += " · \(area) · \(s.step.type.rawValue)" }
            if s.playedAt != nil {
                line += "  ✓"
                if let change = s.moodChange { line += (wide ? " mood " : " ") + "\(change >= 0 ? "+" : "")\(change)" }
            }
            let isNext = plan.next?.step.index == s.step.index
            rows.append(((isNext ? "› " : "  ") + line, isNext ? .selected : s.playedAt != nil ? .dim : .normal))
        }
        if let next = plan.next {
            let title = catalog.session(next.step.slug)?.title ?? next.step.slug
            rows.append(("Next: step \(next.step.index), \(Visible.text(title)).", .accent))
        } else {
            rows.append(("Every step is played. n makes a new plan.", .accent))
        }
        // A short window shows the steps around the next one, with marks where more are above or below.
        var visible = rows
        var above = false, below = false
        if visible.count > rect.height, rect.height >= 3 {
            let nextRow = visible.firstIndex { $0.1 == .selected } ?? 1
            let room = rect.height - 2
            let first = max(1, min(nextRow - room / 2, rows.count - 1 - room))
            let end = min(rows.count - 1, first + room)
            above = first > 1
            below = end < rows.count - 1
            visible = [rows[0]] + Array(rows[first..<end]) + [rows[rows.count - 1]]
        }
        for (i, row) in visible.prefix(rect.height).enumerated() {
            canvas.put(TextWidth.truncate(row.0, width: rect.width - 1), row: rect.row + i, col: rect.col, role: row.1)
        }
        if above { canvas.putMark("▲", row: rect.row + 1, right: rect.right) }
        if below { canvas.putMark("▼", row: rect.row + min(rect.height, visible.count) - 2, right: rect.right) }
    }

    static func drawIntake(_ canvas: inout Canvas, _ intake: PlanIntakeState, _ state: AppState, in rect: Rect) {
        let catalog = state.context.catalog.plan
        var row = rect.row
        switch intake.phase {
        case .areas:
            let head = Wrap.fitting(["Choose three parts of your life to work on (Space chooses):", "Choose three areas (Space):",
                                     "Choose three:"], width: rect.width)
            canvas.put(head, row: row, col: rect.col, role: .title, maxWidth: rect.width)
            row += 1
            let items = catalog.lifeAreas.map { ListItem(id: $0.id, label: $0.label) }
            ListView(items: items, cursor: intake.cursor, chosen: Set(intake.chosen), focused: true, checkboxes: true)
                .draw(&canvas, in: Rect(row: row, col: rect.col, width: rect.width, height: rect.bottom - row))
        case let .rating(i):
            let area = catalog.area(intake.chosen[i])?.label ?? intake.chosen[i]
            canvas.put("Area \(i + 1) of 3: \(area)", row: row, col: rect.col, role: .accent, maxWidth: rect.width)
            row += 2
            for line in Wrap.lines("How is it going, from 1 (struggling) to 10 (going well)?", width: rect.width).prefix(2) {
                canvas.put(line, row: row, col: rect.col, role: .title)
                row += 1
            }
            row += 1
            if row < rect.bottom {
                Slider.draw(&canvas, value: intake.ratings[intake.chosen[i]] ?? 5, row: row, col: rect.col, width: rect.width)
            }
            row += 2
            if row < rect.bottom {
                canvas.put(TextWidth.truncate("A lower rating gives this area more steps.", width: rect.width), row: row,
                           col: rect.col, role: .dim)
            }
        case let .answer(i, q):
            let area = catalog.area(intake.chosen[i])?.label ?? intake.chosen[i]
            canvas.put(TextWidth.truncate("\(area) · question \(q + 1) of \(PlanCatalog.questionCount)", width: rect.width),
                       row: row, col: rect.col, role: .accent)
            row += 1
            guard catalog.questions.indices.contains(q) else { return }
            let question = catalog.questions[q]
            for line in Wrap.lines(question.prompt, width: rect.width).prefix(2) {
                canvas.put(line, row: row, col: rect.col, role: .title)
                row += 1
            }
            if rect.height >= 14 {
                for line in Wrap.clipped(question.helper, width: rect.width, maxLines: 2) {
                    canvas.put(line, row: row, col: rect.col, role: .dim)
                    row += 1
                }
            }
            row += 1
            let height = max(1, min(rect.height >= 20 ? 6 : 3, rect.bottom - row))
            canvas.cursor = EditorView(field: intake.field, placeholder: "Your words", focused: true)
                .draw(&canvas, in: Rect(row: row, col: rect.col, width: rect.width, height: height))
        }
    }
}
