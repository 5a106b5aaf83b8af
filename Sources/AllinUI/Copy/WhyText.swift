import AllinCore

/// Plain sentences drawn from a recommendation's trace: why this session, in words a person reads.
public enum WhyText {
    /// The "soothe first, because…" line when the express gate or the soothe gate forced soothe.
    public static func sootheFirst(_ r: Recommendation, completion: FlowCompletion?) -> String? {
        guard r.sootheFirst || completion?.expressSoothe == true else { return nil }
        let intensity = r.trace.first { $0.gate == "sootheGate" }?.detail("intensity").map(plain) ?? "7 or more"
        var line = "Soothe first, because your intensity is \(intensity) (7 or more) and the feeling is unpleasant"
        if completion?.expressSoothe == true { line += ", so we skipped the remaining questions" }
        return line + ". Calming the body comes before anything else."
    }

    /// Said wherever the reasons are given when the person said no to exploring a belief.
    static let consentDeclined = "You said not today to exploring a belief, so we chose a session that calms instead of one that works on a belief."

    /// The gate that decided, from a stored trace: "Soothe first: your intensity was 8 (7 or more) and the
    /// feeling a hard one, so calming the body came first." nil when no gate forced the lane. The
    /// journal's views and its Markdown export say it (found from outside: only the CSV's "Calming
    /// first: yes" did).
    public static func gate(trace: [TraceEntry]) -> String? {
        guard let soothe = trace.first(where: { $0.gate == "sootheGate" }) else { return nil }
        if soothe.decision == "consentDeclined" { return consentDeclined }
        guard soothe.decision == "sootheFirst" else { return nil }
        let intensity = soothe.detail("intensity").map(plain) ?? "7 or more"
        let threshold = soothe.detail("threshold").map(plain) ?? "7"
        return "Soothe first: your intensity was \(intensity) (\(threshold) or more) and the feeling a hard one, so calming the body came first."
    }

    /// "You said you feel swamped (8 out of 10) about work: “too many deadlines”.": what the person told
    /// us, in their words; nil without answers. Words in `unquoted` (ones that opened support or the
    /// gentle question, which the person answered for) are not said back.
    public static func heard(_ answers: CheckIn?, catalog: CatalogListing, unquoted: Set<String> = []) -> String? {
        guard let answers else { return nil }
        let v = catalog.vocabulary
        var feeling: String?
        var notes: [String] = []
        let chip = answers.emotion.flatMap { v.emotion($0) }.map { yours($0.label) }
        if let own = answers.customEmotion, !own.allSatisfy(\.isWhitespace), !unquoted.contains(own) {
            // Own words come first; a feeling chosen as closest to them is said beside them.
            feeling = yours(Visible.text(own.split(whereSeparator: \.isWhitespace).joined(separator: " "), limit: 40))
            if let chip { notes.append("closest to \(chip)") }
        } else {
            feeling = chip
        }
        var line = feeling.map { "You said \(youFeel($0))" } ?? "You said"
        if let n = answers.intensity {
            if feeling == nil { line += " it is \(n) out of 10" } else { notes.append("\(n) out of 10") }
        }
        if !notes.isEmpty { line += " (\(notes.joined(separator: ", ")))" }
        if let id = answers.situation, id != "nothing_in_particular",
           let label = v.situations.first(where: { $0.id == id })?.label {
            line += " about \(label.prefix(1).lowercased() + label.dropFirst())"
        }
        if let text = answers.triggerText, !unquoted.contains(text), let words = quote(text) { line += ": \(words)" }
        return line == "You said" ? nil : line + "."
    }

    /// A feeling said back in a sentence that holds for every label: "you feel swamped", "you feel on
    /// your own", and "you are grieving", "you are dreading something" for a label that is a verb's
    /// -ing form ("you feel grieving" is not English).
    static func youFeel(_ feeling: String) -> String {
        let first = feeling.prefix { $0.isLetter }.lowercased()
        return (first.count > 4 && first.hasSuffix("ing") ? "you are " : "you feel ") + feeling
    }

    /// One plain sentence per part of the choice: what the person asked for, what fits, why this one,
    /// and how long it takes. `answers` (the check-in) lets the sentences use the person's own words.
    /// `length`: the session's length here (`AppModel.length(of:)`), else the catalog's.
    public static func lines(_ r: Recommendation, catalog: CatalogListing, answers: CheckIn? = nil,
                             unquoted: Set<String> = [], length: Double? = nil) -> [String] {
        lines(trace: r.trace, intentLane: r.intentLane.rawValue,
              seconds: length.map { Int($0.rounded(.down)) } ?? r.session?.durationSeconds,
              catalog: catalog, answers: answers, unquoted: unquoted)
    }

    /// The same from a trace alone (a stored check-in's), with the session's length when known.
    public static func lines(trace: [TraceEntry], intentLane: String? = nil, seconds: Int?, catalog: CatalogListing,
                             answers: CheckIn? = nil, unquoted: Set<String> = []) -> [String] {
        var out: [String] = []
        if let heard = heard(answers, catalog: catalog, unquoted: unquoted) { out.append(heard) }
        for entry in trace {
            switch entry.gate {
            case "sootheGate":
                if entry.decision != "sootheFirst" {
                    let lane = entry.detail("intentLane").map(plain) ?? intentLane ?? ""
                    if let intent = catalog.vocabulary.intents.first(where: { $0.id == lane }) {
                        out.append("You asked to \(yours(intent.label)).")
                    }
                }
                if entry.decision == "consentDeclined" { out.append(consentDeclined) }
            case "candidates":
                out.append(candidates(entry, catalog: catalog))
            case "choice":
                out.append(choice(entry, answers: answers, vocabulary: catalog.vocabulary))
            default:
                if entry.decision == "concern", entry.detail("rule").map(plain) == CrisisCheck.unreadScriptRule {
                    let line = "Some of your words are in a script this app can't read, so we checked in with you first."
                    if !out.contains(line) { out.append(line) }
                } else if entry.decision == "concern" {
                    let field = entry.detail("field").map(plain)
                    let line = answers?.text(named: field).flatMap { quote($0, around: entry.detail("matched").map(plain)) }
                        .map { "Some of your words (\($0)) sounded heavy, so we checked in with you first." }
                        ?? "Some of your words sounded heavy, so we checked in with you first."
                    // Both layers can find the same words: they were checked once, so it is said once.
                    if !out.contains(line) { out.append(line) }
                }
            }
        }
        if let seconds {
            let minutes = max(1, Int((Double(seconds) / 60).rounded()))
            out.append("It takes about \(minutes) minute\(minutes == 1 ? "" : "s").")
        }
        return out
    }

    /// Why this session among those that fit, never naming a stem, score or id. With `vocabulary`,
    /// an answer that is a chip's label (the pattern, origin and kinder steps keep the chosen chip's
    /// label as their text) is said as chosen, not quoted as written.
    static func choice(_ entry: TraceEntry, answers: CheckIn?, vocabulary: Vocabulary? = nil) -> String {
        switch entry.decision {
        case "picker":
            // Only whole words the person wrote or chose (the picker matches word stems such as "everyth").
            var matched: Set<String> = []
            if case let .array(items)? = entry.detail("matched") {
                for case let .string(w) in items { matched.insert(w) }
            }
            var written: [String] = [], chosen: [String] = [], typedAny = answers == nil
            for (field, text) in answers?.freeText ?? [] {
                let words = Tokens.words(text).filter(matched.contains)
                if let label = chipLabel(field, text, vocabulary) {
                    if !words.isEmpty, !chosen.contains(label) { chosen.append(label) }
                } else {
                    typedAny = true
                    for w in words where !written.contains(w) { written.append(w) }
                }
            }
            let wrote = written.prefix(3).map { "“\($0)”" }.joined(separator: ", ")
            let chose = chosen.prefix(3).map { "“\(Visible.text($0))”" }.joined(separator: ", ")
            switch (wrote.isEmpty, chose.isEmpty) {
            case (true, true): return typedAny ? "It is the closest match to what you wrote." : "It is the closest match to what you chose."
            case (false, true): return "It speaks to what you wrote: \(wrote)."
            case (true, false): return "It speaks to what you chose: \(chose)."
            case (false, false): return "It speaks to what you wrote (\(wrote)) and what you chose (\(chose))."
            }
        case "single": return "It is the only session that fits."
        case "bestFit":
            let how = entry.detail("how").map(plain) ?? ""
            return how.hasPrefix("made for") ? "Of the sessions that fit, it is the one made most for this feeling."
                : "Of the sessions that fit, it is where this kind of help usually starts."
        case "laneDefault": return "Nothing narrower fit, so it is where this kind of help usually starts."
        default: return "No closer match, so it is where this kind of help usually starts."
        }
    }

    /// The chip label `text` is, when the field keeps a chosen chip's label as its text; nil for words
    /// the person typed.
    static func chipLabel(_ field: String, _ text: String, _ v: Vocabulary?) -> String? {
        guard let v else { return nil }
        let chips: [Chip]
        switch FreeTextField(rawValue: field) {
        case .pattern?: chips = v.patternChips
        case .origin?: chips = v.originChips
        case .kinder?: chips = v.kinderChips
        default: return nil
        }
        return chips.first { $0.label == text }?.label
    }

    /// Words of an answer in quotes, cut at a word with "…" where longer: the first ones, or, given the
    /// words a check matched (`around`, in its normalised spelling), the stretch where they stand, so
    /// a long answer is quoted where it sounded heavy, not where it began (found from outside: "Work
    /// was fine today, the meeting went well…" was quoted over "…im so tired of it all").
    static func quote(_ text: String, words limit: Int = 10, around matched: String? = nil) -> String? {
        let words = Visible.text(text).split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return nil }
        let start = matched.flatMap { firstMatchedWord($0, in: words) }.map { max(0, min($0 - 2, words.count - limit)) } ?? 0
        let end = min(words.count, start + limit)
        let shown = words[start..<end].joined(separator: " ")
        return "“" + (start > 0 ? "…" : "") + shown + (end < words.count ? "…" : "") + "”"
    }

    /// Where the first matched word of three letters or more stands in `words` (letters compared
    /// without case or punctuation); nil when the normalised spelling is not found as written.
    private static func firstMatchedWord(_ matched: String, in words: [Substring]) -> Int? {
        func bare(_ w: Substring) -> String { String(w.lowercased().filter { $0.isLetter || $0.isNumber }) }
        let written = words.map(bare)
        for token in matched.lowercased().split(separator: " ") where token.count >= 3 {
            if let i = written.firstIndex(of: String(token)) { return i }
        }
        return nil
    }

    /// What a session was chosen to help with, said back to the person: "to calm your body and mind",
    /// with " first" when calming came first. The journal screen, `allin journal show` and the export
    /// say it so, never the lane's id. `helpsWith` is the vocabulary's label for the lane.
    /// What a lane's sessions are for, in the intent chip's words: "to calm your body and mind".
    public static func helps(_ lane: Lane, _ v: Vocabulary) -> String {
        aim(helpsWith: v.helpsWith(lane), sootheFirst: false)
    }

    public static func aim(helpsWith label: String, sootheFirst: Bool) -> String {
        "to " + yours(label) + (sootheFirst ? " first" : "")
    }

    /// A chip's label said back to the person: "Calm my body and mind" → "calm your body and mind",
    /// "Sure of myself" → "sure of yourself".
    public static func yours(_ label: String) -> String {
        let words = label.split(separator: " ").map { w -> String in
            switch w.lowercased() {
            case "my": return "your"
            case "me", "i": return "you"
            case "myself": return "yourself"
            case "mine": return "yours"
            case "i'm", "i’m": return "you're"
            default: return String(w)
            }
        }
        let text = words.joined(separator: " ")
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// "4 sessions fit feeling overwhelmed.": what narrowed the list, in the vocabulary's own
    /// words (never an id).
    static func candidates(_ entry: TraceEntry, catalog: CatalogListing) -> String {
        let count = entry.detail("count").map(plain) ?? "0"
        let head = "\(count) session\(count == "1" ? "" : "s") fit"
        let v = catalog.vocabulary
        switch entry.decision {
        case "sleep": return head + " because you mentioned sleep."
        case "family":
            if case let .string(id)? = entry.detail("family"), let label = v.families.first(where: { $0.id == id })?.label {
                return head + " feeling \(label.lowercased())."
            }
        case "need":
            if case let .string(id)? = entry.detail("need"), let label = v.needs.first(where: { $0.id == id })?.label {
                return head + " what you asked for: \(yours(label))."
            }
        case "belief": return head + " the belief you chose."
        default: break
        }
        return head + " what you chose."
    }

    /// Every gate of the decision as one plain sentence, in order (the `t` screen). The raw figures of
    /// each gate (tiers, rules, scores, slugs) are the routing lab's, never a person's screen.
    /// `trying`: the routing lab, where nothing opens (found from outside: the lab said "so crisis
    /// support opened" while it stayed on the lab).
    public static func steps(_ trace: [TraceEntry], catalog: CatalogListing, answers: CheckIn? = nil,
                             trying: Bool = false) -> [String] {
        let opened = trying ? "would open" : "opened"
        // "Either" only when the first reading found nothing too (found from outside: "some words
        // sounded heavy", then "found nothing either").
        let firstFound = trace.contains { $0.gate == "crisisA" && $0.decision != "clear" }
        return trace.compactMap { e in
            let intensity = e.detail("intensity").map(plain)
            switch (e.gate, e.decision) {
            case ("crisisA", "clear"): return "Your words were read for clear signs of danger: none found."
            // A clear statement is said as one (found from outside: "kms" was "some words sounded heavy").
            case ("crisisA", "fired"): return "Your words were read for clear signs of danger: they said you may be in danger."
            case ("crisisA", _): return "Your words were read for clear signs of danger: some words sounded heavy."
            case ("crisisB", "clear") where firstFound: return "A second, broader reading of your words found nothing more."
            case ("crisisB", "clear"): return "A second, broader reading of your words found nothing either."
            case ("crisisB", "fired"): return "A second, broader reading found words that may mean danger."
            case ("crisisB", _): return "A second, broader reading found words that might mean danger."
            case ("affect", "unpleasant") where e.detail("rule") == .string(AffectRule.heavyWords.rawValue):
                return "Some of your words sounded heavy, so the feeling is read as a hard one."
            case ("affect", "unpleasant"): return "The feeling reads as a hard one."
            case ("affect", "pleasant"): return "The feeling reads as a good one."
            case ("affect", _): return "The feeling reads as neither good nor hard."
            case ("crisisRule", "askSafe"): return trying ? "Some words sounded heavy, so we would ask if you are safe right now." : "Some words sounded heavy, so we asked if you are safe right now."
            case ("crisisRule", "askedForHelp"): return "You asked for help, so support \(opened)."
            case ("crisisRule", "handoff"): return "Your words said you may be in danger, so crisis support \(opened)."
            case ("crisisRule", "clear") where e.detail("answered") != nil:
                // Support was shown (or the question asked) for these words, and the person said they are safe.
                return "You told us you are safe right now, so the check-in went on to a session."
            case ("crisisRule", _): return "Nothing called for crisis support."
            case ("crisisC", _): return "Your answers pointed to support, so crisis support \(opened)."
            case ("sootheGate", "consentDeclined"): return consentDeclined
            case ("sootheGate", "sootheFirst"):
                return "Your intensity is \(intensity ?? "7 or more") and the feeling is a hard one, so calming comes first."
            case ("sootheGate", _):
                return "Calming first is for an intensity of 7 or more with a hard feeling"
                    + (intensity.map { " (yours is \($0))" } ?? "") + ", so we looked for what you asked for."
            case ("candidates", _): return candidates(e, catalog: catalog)
            case ("choice", _): return choice(e, answers: answers, vocabulary: catalog.vocabulary)
            case ("playability", "play"): return "It can play here, so it plays."
            case ("playability", _):
                return "It can't play here" + (e.detail("reason").map { " (\(Visible.text(plain($0), limit: 120)))" } ?? "") + "."
            case ("legacyMatcher", "substitute"):
                return e.detail("reason").map { "Another session plays instead: \(Visible.text(plain($0), limit: 160))." }
                    ?? "Another session that fits plays instead."
            case ("legacyMatcher", _): return "No other session that fits can play here."
            case ("readAlong", _): return "So it runs as read-along text."
            case ("player", _):
                let reason = e.detail("reason").map { Visible.text(plain($0), limit: 120) } ?? "it failed"
                return e.detail("scope").map(plain) == "session" ? "That session could not be made here (\(reason))."
                    : "Sound could not play (\(reason)), so the words are shown instead."
            default: return nil
            }
        }
    }

    /// A trace detail value as plain text.
    public static func plain(_ value: JSONValue) -> String {
        switch value {
        case let .string(s): return s
        case .null: return "-"
        case let .array(items): return items.map(plain).joined(separator: ", ")
        default: return value.serialized()
        }
    }

    /// A trace entry's details as "key=value; …".
    public static func details(_ entry: TraceEntry) -> String {
        entry.details.map { "\($0.0)=\(plain($0.1))" }.joined(separator: "; ")
    }
}
