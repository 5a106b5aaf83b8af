import AllinCore

/// The routing lab's actions. Every edit bumps the revision and asks for a fresh route.
enum LabUpdate {
    static func perform(_ state: inout AppState, _ action: Action, key: Key) -> [Effect] {
        let fields = LabField.allCases
        let v = state.context.vocabulary
        switch action {
        case .fieldUp, .fieldDown:
            let i = fields.firstIndex(of: state.lab.field) ?? 0
            let next = action == .fieldUp ? (i - 1 + fields.count) % fields.count : (i + 1) % fields.count
            state.lab.field = fields[next]
            state.lab.editor = TextField(text(fields[next], state.lab.answers) ?? "", limit: AppContext.textLimit)
        case .valueLeft, .valueRight:
            let step = action == .valueLeft ? -1 : 1
            let field = state.lab.field
            if field == .region {
                let choices = state.context.regionChoices
                let current = choices.firstIndex(of: state.lab.region)
                state.lab.region = choices[current.map { ($0 + step + choices.count) % choices.count } ?? 0]
                return []
            }
            if field == .intensity {
                state.lab.answers.intensity = min(10, max(1, (state.lab.answers.intensity ?? 5) + step))
                return changed(&state)
            }
            let options = self.options(field, v)
            let current = options.firstIndex(of: value(field, state.lab.answers)) ?? 0
            setValue(field, &state.lab.answers, options[(current + step + options.count) % options.count])
            return changed(&state)
        case .setIntensity:
            guard let digit = key.character?.wholeNumberValue else { return [] }
            state.lab.answers.intensity = digit == 0 ? 10 : digit
            return changed(&state)
        case let .edit(edit):
            guard state.lab.field.isText, state.lab.editor.apply(edit) else { return [] }
            setText(state.lab.field, &state.lab.answers, state.lab.editor.text)
            return changed(&state)
        case .pageUp, .pageDown:
            let panel = LabView.areas(in: App.bodyRect(for: state.size)).panel
            let count = LabView.resultRows(state, width: panel.width).count
            let page = max(1, panel.height - 2)
            state.lab.scroll = App.clampScroll(state.lab.scroll + (action == .pageUp ? -page : page), count: count,
                                               visible: panel.height)
        case .resetLab:
            state.lab.answers = CheckIn(intensity: 5)
            state.lab.editor = TextField(limit: AppContext.textLimit)
            return changed(&state)
        case .goHome:
            if let asked = checkLeaving(&state, action: action, key: key) { return asked }
            state.current = .home
        default: break
        }
        return []
    }

    /// Leaving the lab (home or quitting) reads every text field's words through the one crisis rule,
    /// like every other text field's: a lab is where words are tried, but they may be the person's own.
    /// Nil when the way on is clear; otherwise support or the gentle question, as in the journal search.
    static func checkLeaving(_ state: inout AppState, action: Action, key: Key) -> [Effect]? {
        guard state.screen == .lab else { return nil }
        let lab = state.lab
        var texts: [(field: String, text: String)] = []
        for field in LabField.allCases {
            guard let free = field.freeText else { continue }
            // The highlighted field's words include what its limit refused.
            let text = field == lab.field ? lab.editor.checkedText : (lab.answers[text: free] ?? "")
            if !text.allSatisfy(\.isWhitespace) { texts.append((free.rawValue, text)) }
        }
        guard !texts.isEmpty else { return nil }
        guard let check = state.context.gates?.check else { return [] }
        for (field, text) in texts {
            let verdict = check.check(field: field, text: text, answered: lab.answered).verdict
            switch verdict {
            case .clear: continue
            case .askedForHelp:
                // Asked for once: the way back from support leaves without asking again.
                state.lab.answered.insert(text)
                App.openSupport(&state, reason: .typedHelp(field: field))
            case .handoff, .concern:
                _ = CheckInUpdate.stop(&state, verdict, step: .embodyNew, field: field, text: text, action: action, key: key)
            }
            return []
        }
        return nil
    }

    /// Typing or pasting into the highlighted text field.
    static func typed(_ state: inout AppState, _ text: String) -> [Effect] {
        guard state.lab.field.isText else { return [] }
        let dropped = state.lab.editor.insertReporting(text)
        if dropped > 0 { state.notice = state.lab.editor.refusal(dropped: dropped) }
        guard dropped < TextField.clean(text).count else { return [] }
        setText(state.lab.field, &state.lab.answers, state.lab.editor.text)
        return changed(&state)
    }

    /// After an edit: a new revision, the step machine's gates re-run, and a route asked for.
    static func changed(_ state: inout AppState) -> [Effect] {
        state.lab.revision += 1
        state.lab.flowGates = LabPreview.lines(state.lab.answers, context: state.context)
        return [.routeLab(state.lab.answers, revision: state.lab.revision)]
    }

    static func options(_ field: LabField, _ v: Vocabulary) -> [String?] {
        let ids: [String]
        switch field {
        case .emotion: ids = v.emotions.map(\.id)
        case .situation: ids = v.situations.map(\.id)
        case .body: ids = v.body.map(\.id)
        case .intent: ids = v.intents.map(\.id)
        case .claritySubTap: ids = v.claritySubTaps.map(\.id)
        case .confidenceSubTap: ids = v.confidenceSubTaps.map(\.id)
        case .belief: ids = v.beliefs.map(\.id)
        case .consent: ids = ["yes", "no"]
        default: ids = []
        }
        return [nil] + ids.map { Optional($0) }
    }

    static func value(_ field: LabField, _ a: CheckIn) -> String? {
        switch field {
        case .emotion: return a.emotion
        case .situation: return a.situation
        case .body: return a.body.first
        case .intent: return a.intent
        case .claritySubTap: return a.claritySubTap
        case .confidenceSubTap: return a.confidenceSubTap
        case .belief: return a.belief
        case .consent: return a.consent.map { $0 ? "yes" : "no" }
        case .intensity: return a.intensity.map(String.init)
        default: return text(field, a)
        }
    }

    static func setValue(_ field: LabField, _ a: inout CheckIn, _ value: String?) {
        switch field {
        case .emotion: a.emotion = value
        case .situation: a.situation = value
        case .body: a.body = value.map { [$0] } ?? []
        case .intent: a.intent = value
        case .claritySubTap: a.claritySubTap = value
        case .confidenceSubTap: a.confidenceSubTap = value
        case .belief: a.belief = value
        case .consent: a.consent = value.map { $0 == "yes" }
        default: break
        }
    }

    static func text(_ field: LabField, _ a: CheckIn) -> String? {
        field.freeText.flatMap { a[text: $0] }
    }

    static func setText(_ field: LabField, _ a: inout CheckIn, _ text: String) {
        guard let free = field.freeText else { return }
        a[text: free] = text.isEmpty ? nil : text
    }
}

/// What the step machine's own gates (SPEC §1) would do with the lab's answers.
enum LabPreview {
    static func lines(_ a: CheckIn, context: AppContext) -> [String] {
        guard let gates = context.gates else { return ["The crisis check is still loading."] }
        var out: [String] = []
        let flow = CheckInFlow(answers: a)
        let steps = flow.steps(in: context.vocabulary)
        out.append("steps (\(steps.count)): " + steps.map(StepCopy.name).joined(separator: " › "))
        for step in [Step.emotion, .situation, .belief, .embodyNew, .pattern, .origin, .kinder] {
            guard !a.freeText(leaving: step).isEmpty else { continue }
            let name = StepCopy.name(step)
            switch gates.tripwire(leaving: step, answers: a) {
            case let .crisis(hit)?:
                let words = hit.finding.matched.isEmpty ? "" : " on \"\(hit.finding.matched)\""
                out.append("leaving \(name): layer \(hit.finding.layer.rawValue) fired in \(hit.field)\(words) → support")
            case let .concern(hit)?:
                let words = hit.finding.matched.isEmpty ? "" : " on \"\(hit.finding.matched)\""
                out.append("leaving \(name): layer \(hit.finding.layer.rawValue) unsure in \(hit.field)\(words) → asks \"are you safe?\"")
            case let .askedForHelp(field)?:
                out.append("leaving \(name): help request in \(field) → support, as asked")
            default:
                out.append("leaving \(name): clear (A and B)")
            }
        }
        guard let intensity = a.intensity else { return out + ["express gate: no intensity yet"] }
        if intensity >= FlowGates.expressThreshold {
            let affect = gates.affect(of: a)
            if affect.valence == .unpleasant {
                out.append("express gate: \(intensity) ≥ \(FlowGates.expressThreshold) and unpleasant → completes at intensity, soothe first")
            } else {
                out.append("express gate: \(intensity) ≥ \(FlowGates.expressThreshold) but \(affect.valence.rawValue) → on to the intent fork")
            }
        } else {
            out.append("express gate: \(intensity) < \(FlowGates.expressThreshold) → on to the intent fork")
        }
        return out
    }
}
