import AllinCore
import AllinUI

/// The prompts of each step, with numbered choices.
extension PlainCheckIn {
    mutating func ask(_ step: Step) throws(Interrupt) {
        io.out("\n\(flow.path(gates: gates, answered: answered).label): \(StepCopy.question(step))\n")
        switch step {
        case .emotion:
            printEmotions()
            // The numbered feelings only: own words are typed, never chosen by a number.
            let items = StepModel.items(step, vocabulary).filter { $0.kind == .chip }
            var line = try answer(step, "Type a number or your own word: ", allowEmpty: false)
            while Int(line) != nil, pick(line, from: items) == nil {
                notAChoice([line], step, "Please type a number from 1 to \(items.count), or your own word.")
                line = try answer(step, "Type a number or your own word: ", allowEmpty: false)
            }
            if let item = pick(line, from: items) {
                StepModel.choose(item, step: step, &flow.answers)
            } else if let chip = vocabulary.emotion(matchingWord: line) {
                flow.answers.emotion = chip.id
                flow.answers.customEmotion = nil
            } else {
                flow.answers.customEmotion = line
                flow.answers.emotion = nil
            }
        case .situation:
            let items = StepModel.items(step, vocabulary)
            printNumbered(items)
            while true {
                let line = try answer(step, "Type a number, or press Enter to skip: ", takesWords: false)
                if line.isEmpty { break }
                if let item = pick(line, from: items) { StepModel.choose(item, step: step, &flow.answers); break }
                notAChoice([line], step, "Please type a number from 1 to \(items.count), or press Enter.")
            }
            let text = try answer(step, "Say a little more in your own words (optional): ")
            if !text.isEmpty { flow.answers.triggerText = text }
        case .intensity:
            while true {
                let line = try answer(step, "How strong is it, from 1 to 10? ", allowEmpty: false, takesWords: false)
                if let value = Int(line), (1...10).contains(value) { flow.answers.intensity = value; break }
                notAChoice([line], step, "Please type a number from 1 to 10.")
            }
            let items = StepModel.items(step, vocabulary)
            io.out("Where do you feel it? Several numbers are fine.\n")
            printNumbered(items)
            while true {
                let line = try answer(step, "Numbers separated by spaces, or Enter to skip: ", takesWords: false)
                let words = line.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
                let wrong = words.filter { Int($0).map { !(1...items.count).contains($0) } ?? true }
                guard wrong.isEmpty else {
                    notAChoice(wrong, question: "Where do you feel it?",
                               "Please type numbers from 1 to \(items.count) separated by spaces, or press Enter to skip.")
                    continue
                }
                // A part typed twice is one part.
                var body: [String] = []
                for n in words.compactMap({ Int($0) }) where !body.contains(items[n - 1].id) { body.append(items[n - 1].id) }
                flow.answers.body = body
                break
            }
        case .consent:
            io.out(StepCopy.hint(step) + "\n")
            while true {
                let line = try answer(step, "yes or no: ", allowEmpty: false, takesWords: false).lowercased()
                if ["y", "yes", "1"].contains(line) { flow.answers.consent = true; break }
                if ["n", "no", "2"].contains(line) { flow.answers.consent = false; break }
                io.out("Please type yes or no.\n")
            }
        case .embodyNew:
            io.out(StepCopy.hint(step) + "\n")
            let text = try answer(step, "> ")
            flow.answers.embodyNew = text.isEmpty ? nil : text
        default:
            let items = StepModel.items(step, vocabulary).filter { $0.kind == .chip }
            printNumbered(items)
            let own = StepModel.hasOwnWords(step)
            let required = step == .intent
            while true {
                let prompt = own ? "Type a number or your own words (Enter to skip): "
                    : required ? "Type a number: " : "Type a number (Enter to skip): "
                let line = try answer(step, prompt, allowEmpty: !required, takesWords: own)
                if line.isEmpty { break }
                if let item = pick(line, from: items) { StepModel.choose(item, step: step, &flow.answers); break }
                if own, Int(line) == nil {
                    StepModel.setText(step, &flow.answers, line)
                    if step == .belief { flow.answers.belief = nil }
                    break
                }
                notAChoice([line], step, "Please type a number from 1 to \(items.count)" + (own ? ", or your own words." : "."))
            }
        }
    }

    /// Says that what was typed is not among the question's numbered choices, naming the question;
    /// the prompt is asked again after it.
    func notAChoice(_ typed: [String], _ step: Step, _ please: String) {
        notAChoice(typed, question: StepCopy.question(step), please)
    }

    func notAChoice(_ typed: [String], question: String, _ please: String) {
        let what = typed.map { Visible.text($0, limit: 20) }.joined(separator: ", ")
        io.out("Not a choice for \"\(question)\": \(what). \(please)\n")
    }

    /// Reads one answer; 'back', 'quit' and requests for help interrupt the step. Every other line is
    /// read by the one crisis rule before anything else is done with it (`screen`): a number typed
    /// where words were wanted, words typed where a number was, an answer over the limit.
    /// `takesWords`: whether the step can keep the line as the person's own words.
    mutating func answer(_ step: Step, _ prompt: String, allowEmpty: Bool = true,
                         takesWords: Bool = true) throws(Interrupt) -> String {
        while true {
            io.out(prompt)
            guard let raw = io.readInputLine() else { throw .ended }
            let line = raw.trimmingCharacters(in: .whitespaces)
            if !io.inputIsTerminal { io.out(Visible.text(line, limit: 200) + "\n") }
            if try command(line) { continue }
            if gates.detector.isHelpRequest(line) { throw .help }
            if line.isEmpty {
                if allowEmpty { return line }
                // Asked again, with a word on why (found from outside: it re-asked silently).
                io.out("This one needs an answer (or type 'back' or 'quit').\n")
                continue
            }
            let limit = FreeTextField(step: step)?.limit ?? TextLimits.freeText
            let field = StepCopy.textField(step) ?? step.rawValue
            let tooLong = line.count > limit
            if try screen(line, field: field, step: step, keepable: takesWords && !tooLong) == .again { continue }
            if tooLong {
                let message = "The answer to \"\(StepCopy.question(step))\" has \(line.count) characters; the most it takes is \(limit)."
                if !io.inputIsTerminal { throw .tooLong(message) }
                io.out(message + " Please shorten it.\n")
                continue
            }
            return line
        }
    }

    /// The words every prompt takes besides an answer: 'back' and 'quit' interrupt it; the demo's
    /// 'why' is shown, and true says to ask again.
    func command(_ line: String) throws(Interrupt) -> Bool {
        let word = line.lowercased()
        if Self.quitWords.contains(word) { throw .quit }
        switch word {
        case "back", "b": throw .back
        case "why" where demo:
            printWhy(support: nil)
            return true
        default: return false
        }
    }

    /// What the one crisis rule made of a typed line, once any question or support it opened is over.
    enum Screened { case use, again }

    /// Reads `line` with the one crisis rule (`CrisisCheck`, as every front does). Clear: use it. The
    /// gentle question: "yes, I'm safe" uses it (and it is not asked about again). A clear statement,
    /// or "no" to the question: support, recorded in the journal; then, if the person goes back to the
    /// check-in and the line could be kept (`keepable`), they choose whether to keep it, only if they
    /// are safe; else the prompt is asked again. Throws `.stopped` when they stop from support.
    mutating func screen(_ line: String, field: String, step: Step, keepable: Bool) throws(Interrupt) -> Screened {
        pending = (field, line)
        defer { pending = nil }
        let hit: FlowCrisis
        switch gates.check.check(field: field, text: line, answered: answered).verdict {
        case .clear, .askedForHelp:
            return .use
        case let .concern(d):
            hit = FlowCrisis(step: step, field: field, finding: d.finding)
            guard let reason = askSafe(step, otherwise: .notSafe(hit)) else {
                answered.insert(line)
                return .use
            }
            support(reason)
        case let .handoff(d):
            hit = FlowCrisis(step: step, field: field, finding: d.finding)
            support(.tripwire(hit))
        }
        guard afterSupport() else { throw .stopped }
        if keepable {
            io.out("Keep what you wrote and go on? Only if you are safe right now. (yes / no) ")
            let reply = io.readInputLine()?.trimmingCharacters(in: .whitespaces) ?? ""
            if !io.inputIsTerminal { io.out(Visible.text(reply, limit: 40) + "\n") }
            // 'quit' stops here as everywhere (found from outside: it was read as no and the check-in began again).
            if Self.quitWords.contains(reply.lowercased()) {
                sayTakeCare()
                throw .stopped
            }
            // Read by the crisis rule first: only a clear yes with nothing else in it keeps the words;
            // a clear statement in the reply opens support again.
            switch gates.check.check(field: field, text: reply, answered: answered).verdict {
            case .clear where SafeAnswer(reply) == .safe:
                answered.insert(line)
                return .use
            case let .handoff(d):
                support(.tripwire(FlowCrisis(step: step, field: field, finding: d.finding)))
                guard afterSupport() else { throw .stopped }
            case .askedForHelp:
                support(.typedHelp(field: field))
                guard afterSupport() else { throw .stopped }
            case .clear, .concern:
                // "no" to "only if you are safe" is an answer, not a refusal: support
                // again (found from outside: "no" took the person back to the check-in, words gone).
                if SafeAnswer(reply) == .notSafe {
                    support(.notSafe(hit))
                    guard afterSupport() else { throw .stopped }
                }
            }
        }
        io.out("What you wrote there was not kept. Answer again when you are ready.\n")
        return .again
    }

    /// The demo's "why" for the answers so far (and why support opened, when it did), as plain lines.
    func printWhy(support: SupportReason?) {
        io.out("\n")
        for row in DemoTrace.rows(check: gates.check, texts: flow.answers.freeText + (pending.map { [$0] } ?? []),
                                  answered: answered, support: support,
                                  recommendation: nil, answers: flow.answers, catalog: catalog.listing) {
            let indent = row.1 == .title ? "" : "  "
            io.out(row.0.isEmpty ? "\n" : Wrap.lines(row.0, width: columns - 4).map { indent + $0 }.joined(separator: "\n") + "\n")
        }
        io.out("\n")
    }

    func pick(_ line: String, from items: [ListItem]) -> ListItem? {
        if let n = Int(line), n >= 1, n <= items.count { return items[n - 1] }
        return items.first { $0.kind == .chip && $0.label.lowercased() == line.lowercased() }
    }

    func printNumbered(_ items: [ListItem]) {
        for (i, item) in items.enumerated() { io.out("  \(i + 1). \(item.label)\n") }
    }

    /// Emotions grouped by family on a few lines each, numbered in one sequence.
    func printEmotions() {
        for family in vocabulary.families {
            let words = vocabulary.emotions.enumerated().filter { $0.element.family == family.id }
            let entries = words.map { "\($0.offset + 1)\u{00A0}\($0.element.label)" }
            for (i, line) in Wrap.lines(entries.joined(separator: ", "), width: columns - 14).enumerated() {
                io.out(i == 0 ? "  \(family.label): \(line)\n" : "      \(line)\n")
            }
        }
    }
}
