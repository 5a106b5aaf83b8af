import AllinCore

/// The text form of `allin route diff`: each changed decision with both traces, then the counts.
/// With a `width` the traces sit in two columns (long cells wrap, never cut); without, one after the other.
struct RouteDiffReport {
    var diff: RouteDiff
    /// Where each check-in came from, by input position.
    var labels: [String]
    var limit: Int?
    var width: Int?

    func header(input: RouteDiffInput, beforeDir: String, afterDir: String) -> String {
        var out = "Replayed \(count(diff.checkIns, "check-in")) from \(input.source) through two catalogs:\n"
        out += "  before  \(Visible.text(beforeDir))\n  after   \(Visible.text(afterDir))\n"
        if input.skippedHandoffs > 0 {
            out += "Skipped \(count(input.skippedHandoffs, "crisis handoff")) in the journal: a handoff keeps no answers to replay.\n"
        }
        if input.skippedWithoutAnswers > 0 {
            out += "Skipped \(count(input.skippedWithoutAnswers, "journal entry", plural: "journal entries")) stored without answers.\n"
        }
        return out + "\n"
    }

    func text() -> String {
        var out = "\(diff.changes.count) of \(count(diff.checkIns, "check-in")) change (kind, lane, session or soothe first).\n"
        let shown = limit.map { Array(diff.changes.prefix($0)) } ?? diff.changes
        for change in shown { out += "\n" + describe(change) }
        if shown.count < diff.changes.count {
            out += "\nShowing the first \(shown.count) of \(diff.changes.count) changed check-ins (--limit \(limit ?? 0)); "
                + "the counts below cover all \(diff.checkIns).\n"
        }
        out += "\nLanes, before → after:\n" + tallies(diff.lanes, note: { _ in "" })
        out += "\nSessions, before → after (gained: reached only after; lost: reached only before):\n"
        out += tallies(diff.sessions) { $0 == RouteDiff.handoffKey ? "crisis support" : "" }
        return out
    }

    func describe(_ change: RouteDiff.Change) -> String {
        let label = change.index < labels.count ? " (\(labels[change.index]))" : ""
        var out = "Check-in \(change.index + 1)\(label): \(change.parts.map(Self.partName).joined(separator: ", ")) changed\n"
        out += "  before  \(Self.decision(change.before))\n"
        out += "  after   \(Self.decision(change.after))\n"
        out += "  trace (= the same in both):\n"
        let gates = GateComparison.align(change.before.trace, change.after.trace)
        out += width.map { twoColumns(gates, width: $0) } ?? oneColumn(gates)
        return out
    }

    static func partName(_ part: RouteDiff.Part) -> String {
        switch part {
        case .kind: return "kind"
        case .lane: return "lane"
        case .session: return "session"
        case .sootheFirst: return "soothe first"
        }
    }

    /// `Sort the Pile (sort_the_pile), clarity lane, soothe first` or `crisis support (layer A, T2)`.
    static func decision(_ r: Recommendation) -> String {
        var parts: [String] = []
        if r.kind == .safetyHandoff {
            let crisis = r.crisis.map { " (layer \($0.finding.layer.rawValue), \($0.finding.tier.label))" } ?? ""
            parts.append("crisis support" + crisis)
        } else if let s = r.session {
            parts.append("\(Visible.text(s.title)) (\(Visible.text(s.slug)))")
        }
        if let lane = r.lane { parts.append("\(lane.rawValue) lane") }
        if r.sootheFirst { parts.append("soothe first") }
        return parts.joined(separator: ", ")
    }

    /// A gate's decision and details on one line, as `allin route` prints them.
    static func entryText(_ entry: TraceEntry?) -> String {
        guard let entry else { return "(did not run)" }
        // Lists are joined with ", " (not "," as in 'allin route') so a long list wraps between items.
        let details = entry.details.map { key, value in
            "\(key)=\(value.arrayValue.map { $0.map(RouteReport.plain).joined(separator: ", ") } ?? RouteReport.plain(value))"
        }
        return Visible.text(([entry.decision] + details).joined(separator: "; "))
    }

    func oneColumn(_ gates: [GateComparison]) -> String {
        let gateWidth = gates.map(\.gate.count).max() ?? 0
        var out = ""
        for g in gates {
            if g.same {
                out += "    = " + pad(g.gate, gateWidth) + "  " + Visible.text(g.before?.decision ?? "") + "\n"
            } else {
                out += "      \(g.gate)\n"
                out += "        before  \(Self.entryText(g.before))\n"
                out += "        after   \(Self.entryText(g.after))\n"
            }
        }
        return out
    }

    func twoColumns(_ gates: [GateComparison], width: Int) -> String {
        let gateWidth = (gates.map(\.gate.count).max() ?? 0) + 2
        let column = max(20, (width - 4 - gateWidth - 2 - 3) / 2)
        var out = "    " + pad("", gateWidth) + "  " + pad("before", column) + "   after\n"
        for g in gates {
            if g.same {
                out += "    " + pad("= " + g.gate, gateWidth) + "  " + Visible.text(g.before?.decision ?? "") + "\n"
                continue
            }
            let left = Self.wrap(Self.entryText(g.before), column)
            let right = Self.wrap(Self.entryText(g.after), column)
            for i in 0..<max(left.count, right.count) {
                let name = i == 0 ? "  " + g.gate : ""
                let l = i < left.count ? left[i] : ""
                let r = i < right.count ? right[i] : ""
                out += Self.trimmingTrailingSpaces("    " + pad(name, gateWidth) + "  " + pad(l, column) + "   " + r) + "\n"
            }
        }
        return out
    }

    func tallies(_ rows: [RouteDiff.Tally], note: (String) -> String) -> String {
        let keyWidth = rows.map { Visible.text($0.key).count }.max() ?? 0
        let numberWidth = rows.map { max(String($0.before).count, String($0.after).count) }.max() ?? 1
        var out = ""
        for t in rows {
            var marks: [String] = []
            if t.gained { marks.append("gained") }
            if t.lost { marks.append("lost") }
            let extra = note(t.key)
            if !extra.isEmpty { marks.append(extra) }
            let delta = t.delta == 0 ? "" : (t.delta > 0 ? "+\(t.delta)" : "\(t.delta)")
            var line = "  " + pad(Visible.text(t.key), keyWidth) + "  " + lpad(String(t.before), numberWidth) + " → "
                + lpad(String(t.after), numberWidth)
            if !delta.isEmpty || !marks.isEmpty { line += "  " + pad(delta, numberWidth + 1) }
            if !marks.isEmpty { line += "  " + marks.joined(separator: ", ") }
            out += line + "\n"
        }
        return out.isEmpty ? "  (no check-ins)\n" : out
    }

    /// Splits text into lines of at most `width` characters at spaces; a longer word is split where it must be.
    static func wrap(_ text: String, _ width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            let needed = current.isEmpty ? word.count : current.count + 1 + word.count
            if needed <= width {
                current += (current.isEmpty ? "" : " ") + word
                continue
            }
            if !current.isEmpty { lines.append(current); current = "" }
            while word.count > width {
                lines.append(String(word.prefix(width)))
                word = word.dropFirst(width)
            }
            current = String(word)
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    static func trimmingTrailingSpaces(_ s: String) -> String {
        var s = Substring(s)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }

    private func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
    private func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
    private func count(_ n: Int, _ noun: String, plural: String? = nil) -> String {
        "\(n) \(n == 1 ? noun : (plural ?? noun + "s"))"
    }
}
