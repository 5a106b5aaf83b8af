import AllinCore

extension App {
    /// Below this the layout can't hold a screen; a short message is shown instead.
    public static let minimumSize = Size(width: 40, height: 12)

    /// The area between the header and the status line, where screens draw.
    static func bodyRect(for size: Size) -> Rect {
        Rect(row: 1, col: size.width >= 60 ? 2 : 1, width: size.width - (size.width >= 60 ? 4 : 2), height: size.height - 3)
    }

    /// Keeps a scroll offset within `count` rows shown `visible` at a time.
    static func clampScroll(_ scroll: Int, count: Int, visible: Int) -> Int {
        min(max(0, scroll), max(0, count - max(1, visible)))
    }

    /// Draws the state into a fresh canvas of `size`. Pure: layout comes from the size every frame.
    public static func view(_ state: AppState, size: Size) -> Canvas {
        var canvas = Canvas(size: size)
        guard size.width >= minimumSize.width, size.height >= minimumSize.height else {
            TooSmallView.draw(&canvas, state)
            return canvas
        }
        let body = bodyRect(for: size)
        Chrome.header(&canvas, state)
        switch state.screen {
        case .home: HomeView.draw(&canvas, state, in: body)
        case .checkIn: CheckInView.draw(&canvas, state, in: body)
        case .routing:
            canvas.put("Finding a session that fits…", row: body.row + 1, col: body.col, role: .dim)
        case .recommendation: ResultView.draw(&canvas, state, in: body)
        case .trace: TraceView.draw(&canvas, state, in: body)
        case .moodBefore: ReflectionView.mood(&canvas, state, in: body, before: true)
        case .player: PlayerView.draw(&canvas, state, in: body)
        case .moodAfter: ReflectionView.mood(&canvas, state, in: body, before: false)
        case .note: ReflectionView.note(&canvas, state, in: body)
        case .done: ReflectionView.done(&canvas, state, in: body)
        case .support: SupportView.draw(&canvas, state, in: body)
        case .lab: LabView.draw(&canvas, state, in: body)
        case .journal: JournalView.draw(&canvas, state, in: body)
        case .safetyPlan: PlanView.draw(&canvas, state, in: body)
        case .demo: DemoUpdate.draw(&canvas, state, in: body)
        case .beliefsPlan: BeliefsView.draw(&canvas, state, in: body)
        case .library: LibraryUpdate.draw(&canvas, state, in: body)
        }
        Chrome.status(&canvas, state)
        Chrome.footer(&canvas, state.bindings)
        draw(&canvas, state.overlay, state)
        return canvas
    }

    /// An overlay, over the question it covers (help over the gentle question shows its edges).
    static func draw(_ canvas: inout Canvas, _ overlay: Overlay?, _ state: AppState) {
        switch overlay {
        case let .help(under):
            draw(&canvas, under, state)
            HelpOverlay.draw(&canvas, state)
        case .demoTrace: DemoTraceView.draw(&canvas, state)
        case .concern: ConcernView.draw(&canvas, state)
        case let .leave(leaving): LeaveView.draw(&canvas, leaving, demo: state.context.demo)
        case let .closest(ids): ClosestView.draw(&canvas, state, ids)
        case nil: break
        }
    }
}

/// The frame around every screen: header, status line and footer.
enum Chrome {
    static func title(_ state: AppState) -> String {
        switch state.screen {
        case .home: return "a daily check-in"
        case .checkIn, .routing: return "Check-in"
        case .recommendation: return "Your session"
        case .trace: return "Routing trace"
        case .moodBefore: return "Before the session"
        case .player: return state.session?.player.isReadAlong == true ? "Session (read along)" : "Session"
        case .moodAfter, .note: return "Reflection"
        case .done: return "Done"
        case .support: return "Support"
        case .lab: return "Routing lab"
        case .journal: return "Journal"
        case .safetyPlan: return "Your safety plan"
        case .beliefsPlan: return "Your 10-step plan"
        case .library: return "Audio library"
        case .demo: return "Scripted check-ins"
        }
    }

    static func header(_ canvas: inout Canvas, _ state: AppState) {
        let w = canvas.width
        canvas.fill(Rect(row: 0, col: 0, width: w, height: 1), role: .header)
        var left = state.context.demo ? " allin DEMO, nothing is saved · \(title(state))" : " allin · \(title(state))"
        var right = ""
        switch state.screen {
        case .checkIn:
            if let c = state.checkIn, let gates = state.context.gates { right = c.flow.path(gates: gates, answered: c.answered).label + " " }
        case .support:
            right = state.support?.region.map { "Region \($0) " } ?? "Region not set "
        case .lab:
            right = "Region \(state.lab.region ?? "other") "
        default:
            right = state.region.map { "Region \($0) " } ?? ""
        }
        if state.context.demo {
            // The banner is never cut (found from outside at 40x12: "allin DEMO, nothing is sav"): the
            // title goes first, then "allin", then what stands on the right.
            let banner = " DEMO, nothing is saved"
            let fits = [left, " allin" + banner, banner].first { TextWidth.of($0) + TextWidth.of(right) + 1 <= w }
            if let fits { left = fits } else { left = banner; right = "" }
        }
        let used = canvas.put(left, row: 0, col: 0, role: .header, maxWidth: w - TextWidth.of(right) - 1)
        if used + TextWidth.of(right) < w { canvas.put(right, row: 0, col: w - TextWidth.of(right), role: .header) }
    }

    /// The notice or the step's message, on the row above the footer; one that does not fit takes the
    /// row above as well (found from outside: "Only part fits (2,000 characters at mo…" hid how much
    /// was left out, "…press Enter to go on. F2 opens suppo…" the way on).
    static func status(_ canvas: inout Canvas, _ state: AppState) {
        let row = canvas.height - 2
        let col = canvas.width >= 60 ? 2 : 1
        func put(_ text: String, role: Role) {
            let width = canvas.width - col
            // On support the row above may hold the emergency number, pinned there: never covered
            // (found from outside: a two-line notice hid "In danger now? Call 999").
            let oneRow = row < 3 || state.screen == .support
            let lines = TextWidth.of(text) <= width || oneRow ? [text] : Wrap.clipped(text, width: width, maxLines: 2)
            for (i, line) in lines.enumerated() {
                let r = row - (lines.count - 1) + i
                if i < lines.count - 1 { canvas.fill(Rect(row: r, col: 0, width: canvas.width, height: 1), role: .normal) }
                canvas.put(TextWidth.truncate(line, width: width), row: r, col: col, role: role)
            }
        }
        if let words = state.stray {
            put(StrayWords.line(words, width: canvas.width - col, does: StrayWords.does(state)), role: .input)
        } else if let message = state.screen == .checkIn ? state.checkIn?.message : nil {
            put(message, role: .error)
        } else if let notice = state.notice {
            put(notice, role: .notice)
        } else if let number = state.emergencyReminder {
            canvas.put(emergencyReminder(number, width: canvas.width - col), row: row, col: col, role: .error)
        }
    }

    /// The reminder after support opened for an act or an emergency now, as long as the row allows and
    /// never cut: "If you took something or hurt yourself, get medical help now, even if you feel fine:
    /// call 999." down to "Took something? Call 999 now."
    static func emergencyReminder(_ number: String, width: Int) -> String {
        let call = number.isEmpty ? "call your local emergency number" : "call \(number)"
        let forms = ["If you took something or hurt yourself, get medical help now, even if you feel fine: \(call).",
                     "Took something or hurt yourself? Get medical help now: \(call).",
                     "Took something or hurt? \(call.prefix(1).uppercased() + call.dropFirst()) now.",
                     number.isEmpty ? "Get medical help now." : "Call \(number) now."]
        return forms.first { TextWidth.of($0) <= width } ?? forms[forms.count - 1]
    }

    /// The footer: the table's main keys, always ending with the keys help and the support key. When the
    /// row is narrow, keys drop from the end, but never help, support or a binding marked essential.
    /// On support itself the support key is the first to go: the way back and scrolling matter more
    /// there (found from outside: at 40 columns the footer named neither).
    static func footer(_ canvas: inout Canvas, _ bindings: [KeyBinding]) {
        let row = canvas.height - 1
        var shown = bindings.filter { $0.footer && !$0.isNote }
        let onSupport = shown.contains { $0.action == .leaveSupport }
        func width(_ list: [KeyBinding]) -> Int {
            // Two spaces after every key but the last.
            list.reduce(0) { $0 + TextWidth.of($1.label) + 1 + TextWidth.of($1.short) + 2 } - (list.isEmpty ? 0 : 2)
        }
        while width(shown) > canvas.width - 1,
              let drop = shown.lastIndex(where: {
                  !$0.essential && ($0.action != .openSupport || onSupport) && $0.action != .openHelp
              }) {
            shown.remove(at: drop)
        }
        var col = 1
        for b in shown {
            col += canvas.put(b.label, row: row, col: col, role: .footerKey)
            col += canvas.put(" " + b.short + "  ", row: row, col: col, role: .footer)
        }
    }
}

/// The message shown when the window is below the minimum size; it still names the support key and,
/// on the support screen, the region's first numbers, before anything else so the smallest window
/// keeps them (found from outside: at 20x6 the size message pushed the 999 off the bottom).
enum TooSmallView {
    static func draw(_ canvas: inout Canvas, _ state: AppState) {
        let w = canvas.width
        var lines = state.screen == .support ? numbers(state).flatMap { Wrap.lines($0, width: w) } : []
        lines += Wrap.lines("Make the window larger: allin needs \(App.minimumSize.width)x\(App.minimumSize.height) (now \(canvas.size)).", width: w)
        lines += Wrap.lines("F2 support · Ctrl-C quit", width: w)
        for (i, line) in lines.prefix(canvas.height).enumerated() {
            canvas.put(line, row: i, col: 0, role: i == 0 ? .title : .normal)
        }
    }

    /// Support's first number and the emergency number, one short line each ("In danger now: call
    /// 999", "Samaritans: call 116 123"), for where support's own screen can't show them: a window
    /// below the minimum, and the key help drawn over support.
    static func numbers(_ state: AppState) -> [String] {
        let resources = state.context.catalog.helplines.resources(for: state.support?.region)
        var lines: [String] = []
        if let e = resources.emergency {
            lines.append("In danger now: call \(e.number)")
        } else {
            // No country known (found from outside: F2 below the minimum showed nothing then): the
            // numbers the advice names, and the directory.
            lines.append("In danger now: call 112 (911 in the US and Canada)")
        }
        if let first = resources.lines.first(where: { $0.phone != nil }), let phone = first.phone {
            lines.append("\(first.name): call \(phone)")
        } else if let url = resources.lines.first?.url {
            lines.append("Crisis lines: \(url.replacingOccurrences(of: "https://", with: ""))")
        }
        return lines
    }
}
