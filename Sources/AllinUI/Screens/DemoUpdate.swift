import AllinCore

/// The demo's scripted check-ins: choose one, and the real check-in starts from its answers at its
/// last step, so Enter runs the same gates, crisis check and router as any check-in.
enum DemoUpdate {
    static func perform(_ state: inout AppState, _ action: Action) -> [Effect] {
        let scenarios = state.context.demoScenarios
        guard !scenarios.isEmpty else {
            state.current = .home
            return []
        }
        switch action {
        case .up: state.demoCursor = max(0, state.demoCursor - 1)
        case .down: state.demoCursor = min(scenarios.count - 1, state.demoCursor + 1)
        case .back: state.current = .home
        case .choose:
            let scenario = scenarios[min(state.demoCursor, scenarios.count - 1)]
            var flow = CheckInFlow(answers: scenario.checkIn)
            let steps = flow.steps(in: state.context.vocabulary)
            let start = scenario.filter == nil ? steps.count - 1 : steps.firstIndex(of: .situation) ?? steps.count - 1
            flow = CheckInFlow(answers: scenario.checkIn, index: start)
            var c = CheckInState(flow: flow)
            CheckInUpdate.enterStep(&c, state.context)
            if let filter = scenario.filter {
                var list = c.lists[.situation] ?? ChipList()
                list.filter = filter
                list.filtering = true
                c.lists[.situation] = list
                c.focus = .list
            }
            state.model.openCheckIn(c)
            state.notice = "Scripted: \(scenario.shows). Enter goes on; Esc shows the earlier answers."
        default: break
        }
        return []
    }

    static func draw(_ canvas: inout Canvas, _ state: AppState, in rect: Rect) {
        let scenarios = state.context.demoScenarios
        let roomy = rect.height >= 18
        var row = rect.row + (roomy ? 1 : 0)
        for line in Wrap.clipped("Each starts a real check-in with its answers filled in. You can also type your own.",
                                 width: rect.width, maxLines: roomy ? 2 : 1) {
            canvas.put(line, row: row, col: rect.col, role: .dim)
            row += 1
        }
        if roomy { row += 1 }
        let perItem = rect.bottom - row >= scenarios.count * 2 ? 2 : 1
        let visible = max(1, (rect.bottom - row) / perItem)
        let first = min(max(0, state.demoCursor - visible + 1), max(0, scenarios.count - visible))
        for (i, scenario) in scenarios.enumerated().dropFirst(first).prefix(visible) {
            let selected = i == state.demoCursor
            if selected { canvas.fill(Rect(row: row, col: rect.col, width: rect.width, height: 1), role: .selected) }
            let title = Wrap.clipped(scenario.title, width: max(1, rect.width - 2), maxLines: 1).first ?? ""
            canvas.put((selected ? "› " : "  ") + title, row: row, col: rect.col, role: selected ? .selected : .normal)
            row += 1
            if perItem == 2, row < rect.bottom {
                let shows = Wrap.clipped(scenario.shows, width: max(1, rect.width - 4), maxLines: 1).first ?? ""
                canvas.put("    " + shows, row: row, col: rect.col, role: .dim)
                row += 1
            }
        }
        if first + visible < scenarios.count, rect.bottom > rect.row {
            canvas.putMark("▼ more", row: rect.bottom - 1, right: rect.right)
        }
    }
}
