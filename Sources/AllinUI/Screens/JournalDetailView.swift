import AllinCore

/// One check-in in full: when, the answers, the session and why it was chosen, the kinder words, the moods and
/// the note. Every stored word goes through `Visible.text`.
enum JournalDetailView {
    static let labelWidth = 16

    static func draw(_ canvas: inout Canvas, _ state: AppState, _ entry: JournalEntry, scroll: Int, in rect: Rect) {
        let lines = self.lines(entry, state.context, width: rect.width)
        let top = App.clampScroll(scroll, count: lines.count, visible: rect.height)
        for (i, line) in lines.dropFirst(top).prefix(rect.height).enumerated() {
            Spans.draw(&canvas, line, row: rect.row + i, col: rect.col, maxWidth: rect.width)
        }
        if top + rect.height < lines.count { canvas.putMark("▼", row: rect.bottom - 1, right: rect.right) }
        if top > 0 { canvas.putMark("▲", row: rect.row, right: rect.right) }
    }

    static func lines(_ e: JournalEntry, _ context: AppContext, width: Int) -> [[Span]] {
        let glyphs = ChartGlyphs.of(context)
        var out = Spans.wrap("\(JournalText.long(e.day)), \(JournalText.time(e))", width: width, role: .title)
        var about = "Time zone \(Visible.text(e.timeZone))"
        if !e.isComplete { about += " · not finished" }
        out += Spans.wrap(about, width: width, role: .dim)
        out.append([])
        if e.kind == .safetyHandoff {
            out += Spans.wrap("\(glyphs.handoff) \(CheckInWords.support(e.crisisTier))", width: width, role: .support)
            out += Spans.wrap("For a check-in like this only that and the time are kept; the words that led to it are never stored.",
                              width: width, role: .dim)
            return out
        }
        if let c = e.checkIn {
            for (label, value) in answers(c, context.vocabulary) { out += field(label, value, width: width) }
            out.append([])
        }
        if let tier = e.supportTier {
            out += Spans.wrap("\(glyphs.handoff) \(CheckInWords.supportDuring(tier))", width: width, role: .support)
        }
        out += field("Session", session(e, context.vocabulary), width: width)
        if let playback = e.playback { out += field("Played", CheckInWords.playback(playback), width: width) }
        out += field("Mood", mood(e, glyphs), width: width)
        out += field("Note", e.note.map(JournalText.paragraphs) ?? "-", width: width)
        // Why it was routed so, in the same plain words the recommendation used (every gate's raw
        // figures stay in the routing lab).
        if let trace = e.recommendation?["trace"]?.arrayValue, !trace.isEmpty {
            let entries = trace.compactMap(TraceEntry.init(json:))
            let why = (WhyText.gate(trace: entries).map { [$0] } ?? [])
                + WhyText.lines(trace: entries, seconds: nil, catalog: context.catalog, answers: nil)
            if !why.isEmpty {
                out.append([])
                out.append([Span("Why this session", .title)])
                for line in why {
                    out += Wrap.lines(Visible.text(line), width: width - 2).enumerated().map { i, part in [Span((i == 0 ? "• " : "  ") + part)] }
                }
            }
        }
        return out
    }

    /// A label and its value, the value wrapped beside the label.
    static func field(_ label: String, _ value: String, width: Int) -> [[Span]] {
        let room = max(8, width - labelWidth)
        let lines = Wrap.lines(value, width: room)
        return lines.enumerated().map { i, line in
            [Span(JournalOverview.pad(i == 0 ? label : "", labelWidth), .dim), Span(line)]
        }
    }

    /// The answers given, in the order they are asked, with chip ids turned into their labels.
    static func answers(_ c: CheckIn, _ v: Vocabulary) -> [(String, String)] {
        func chip(_ id: String?, _ list: [Chip]) -> String? { id.map { id in list.first { $0.id == id }?.label ?? id } }
        func text(_ s: String?) -> String? {
            guard let s, !s.allSatisfy(\.isWhitespace) else { return nil }
            return JournalText.paragraphs(s)
        }
        let emotion = c.emotion.map { v.emotion($0)?.label ?? $0 }
        let pairs: [(String, String?)] = [
            ("Feeling", emotion), ("In my words", text(c.customEmotion)),
            ("About", chip(c.situation, v.situations)), ("What happened", text(c.triggerText)),
            ("Intensity", c.intensity.map { "\($0) of 10" }),
            ("Felt in", c.body.isEmpty ? nil : c.body.map { id in v.body.first { $0.id == id }?.label ?? id }.joined(separator: ", ")),
            ("Wanted", c.intent.map { v.intent($0)?.label ?? $0 }),
            ("Tangled", c.claritySubTap.map { id in v.claritySubTaps.first { $0.id == id }?.label ?? id }),
            ("Confidence", c.confidenceSubTap.map { id in v.confidenceSubTaps.first { $0.id == id }?.label ?? id }),
            ("Picture", text(c.embodyNew)),
            ("Explore belief", c.consent.map { $0 ? "yes" : "no" }),
            ("Belief", chip(c.belief, v.beliefs)), ("In my words", text(c.customBelief)),
            ("Pattern", text(c.pattern)), ("Origin", text(c.origin)), ("Kinder words", text(c.kinder)),
        ]
        return pairs.compactMap { label, value in value.map { (label, JournalText.paragraphs($0)) } }
    }

    /// The session and what it was chosen to help with, in the words `allin journal show` uses (the
    /// lane's id and the routing gates stay in the routing lab).
    static func session(_ e: JournalEntry, _ v: Vocabulary) -> String {
        Visible.text(e.sessionTitle ?? "none") + (e.lane.map { ", " + WhyText.aim(helpsWith: v.helpsWith($0), sootheFirst: e.sootheFirst) } ?? "")
    }

    static func mood(_ e: JournalEntry, _ g: ChartGlyphs) -> String {
        switch (e.moodBefore, e.moodAfter) {
        case let (b?, a?): return "\(b) before \(g.arrow) \(a) after (\(JournalText.change(a - b)))"
        case let (b?, nil): return "\(b) before; not rated after"
        case let (nil, a?): return "not rated before; \(a) after"
        default: return "not rated"
        }
    }
}
