import AllinCore

/// The demo's "why" (F3 on every screen, `why` at every prompt of `allin demo --plain`): what the
/// crisis check reads right now and what it would do, why support is open, and why this session. For
/// the person demonstrating the app, like the routing lab: it names the layers and what each found.
public enum DemoTrace {
    /// Everything the demo can explain about this moment, as rows with roles.
    public static func rows(check: CrisisCheck, texts: [(field: String, text: String)], answered: Set<String>,
                            support: SupportReason?, recommendation: Recommendation?, answers: CheckIn?,
                            catalog: CatalogListing) -> [(String, Role)] {
        var rows: [(String, Role)] = [("What the crisis check reads now", .title)]
        let texts = texts.filter { !$0.text.allSatisfy(\.isWhitespace) }
        if texts.isEmpty {
            rows.append(("Nothing typed yet. Every answer typed is read whole, each time its field is left "
                + "(Enter, Tab, Esc, a chip, going back, quitting).", .dim))
        } else {
            for (field, text) in texts {
                rows.append(("• \(fieldName(field)): \(WhyText.quote(text, words: 14) ?? "")", .normal))
            }
            let report = check.check(texts, answered: answered)
            rows.append(layer("Phrases (layer A)", report.a))
            rows.append(layer("Meaning (layer B)", report.b))
            rows.append(("So it would: " + outcome(report.verdict), report.verdict == .clear ? .accent : .emergency))
            if !report.answered.isEmpty {
                rows.append(("Left alone: words the person already said they are safe about "
                    + "(editing them asks again).", .dim))
            }
        }
        if let support {
            rows += [("", .normal), ("Why support is open", .title), (supportReason(support), .normal)]
            rows.append((support.tier == .immediate ? "Danger now: the emergency number comes first."
                : "The lines come first, then the emergency number.", .dim))
        }
        if let r = recommendation {
            rows += [("", .normal), (r.kind == .audio ? "Why this session" : "Why the router handed off", .title)]
            if r.kind == .audio {
                rows += WhyText.lines(r, catalog: catalog, answers: answers).map { ("• " + $0, Role.normal) }
            } else if let rule = r.trace.first(where: { $0.gate == "crisisRule" }) {
                rows.append(("The crisis rule over every answer together: \(rule.detail("why").map(WhyText.plain) ?? rule.decision)", .normal))
            }
        }
        return rows
    }

    static func layer(_ name: String, _ d: CrisisDecision?) -> (String, Role) {
        guard let d, d.finding.tier > .none else { return ("\(name): nothing found", .dim) }
        let words = d.finding.matched.isEmpty ? "" : " “\(Visible.text(d.finding.matched, limit: 60))”"
        let where_ = d.field.map { " in \(fieldName($0))" } ?? ""
        return ("\(name): found\(words)\(where_). \(d.finding.reason)", d.finding.tier >= .crisis ? .emergency : .support)
    }

    static func outcome(_ verdict: CrisisCheck.Verdict) -> String {
        switch verdict {
        case .clear: return "go on; nothing here asks for support."
        case .askedForHelp: return "open support, because the words ask for help."
        case .concern: return "ask “Are you safe right now?” in place: yes goes on with the check-in; no or not sure opens support."
        case let .handoff(d):
            return d.finding.tier == .immediate ? "open crisis support with the emergency number first."
                : "open crisis support."
        }
    }

    static func supportReason(_ reason: SupportReason) -> String {
        switch reason {
        case .asked: return "It was asked for (F2, or the menu)."
        case let .typedHelp(field): return "Words asking for help were typed in \(fieldName(field))."
        case let .tripwire(hit):
            return "The crisis check found a clear statement in \(fieldName(hit.field)): \(hit.finding.reason)"
        case let .router(d): return "The router's crisis rule handed off: \(d.finding.reason)"
        case .concernConfirmed: return "The person answered that they are not safe."
        case let .noteTripwire(f): return "The crisis check found a clear statement: \(f.reason)"
        case let .typedAhead(f, field): return "The crisis check read \(field): \(f.reason)"
        case let .notSafe(hit) where hit.finding.tier == .immediate:
            return "“Are you safe right now?” was answered no (about \(fieldName(hit.field))), so the emergency number comes first."
        case let .notSafe(hit):
            return "“Are you safe right now?” was answered not sure (about \(fieldName(hit.field)))."
        }
    }

    /// A field as a person would call it: "the situation", "the feeling in own words".
    static func fieldName(_ field: String) -> String {
        if let f = FreeTextField(rawValue: field) {
            switch f {
            case .customEmotion: return "the feeling in own words"
            case .triggerText: return "the situation"
            case .embodyNew: return "the new way to act"
            case .customBelief: return "the belief in own words"
            case .pattern: return "the pattern"
            case .origin: return "where it comes from"
            case .kinder: return "the kinder words"
            }
        }
        return field == "all" ? "all the answers together" : field
    }

    /// The words on screen the check would read: the check-in's answers with the field being typed,
    /// the note, the safety plan part being written, the country search.
    public static func texts(_ state: AppState) -> [(field: String, text: String)] {
        var texts = state.checkIn?.flow.answers.freeText ?? []
        switch state.screen {
        case .checkIn:
            if let c = state.checkIn, let pending = CheckInUpdate.pendingText(c, step: c.flow.currentStep(in: state.context.vocabulary)) {
                texts.removeAll { $0.field == pending.field }
                texts.append(pending)
            }
        case .note:
            if let note = state.session?.note.text { texts.append(("the note", note)) }
        case .safetyPlan:
            if let p = state.plan, let field = p.editing { texts.append(("the safety plan: " + p.part.title, field.text)) }
        case .support:
            if let query = state.support?.picker?.query.text { texts.append(("the country search", query)) }
        case .library:
            texts.append(("the library search", state.library.query.text))
        case .beliefsPlan:
            if let intake = state.beliefs.intake {
                texts += intake.intake.fields.filter { !$0.text.isEmpty }
                if case .answer = intake.phase { texts.append((BeliefsUpdate.fieldName(state, intake), intake.field.text)) }
            }
        default: break
        }
        return texts
    }

    /// The rows for the state on screen.
    public static func rows(_ state: AppState) -> [(String, Role)] {
        guard let check = state.context.gates?.check else { return [("The crisis check is still loading.", .dim)] }
        return rows(check: check, texts: texts(state), answered: state.checkIn?.answered ?? [],
             support: state.screen == .support ? state.support?.reason : nil,
             recommendation: state.result?.recommendation, answers: state.checkIn?.flow.answers,
             catalog: state.context.catalog)
    }
}
