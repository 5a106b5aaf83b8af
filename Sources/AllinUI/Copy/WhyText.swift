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

    /// One sentence per gate that shaped the choice.
    public static func lines(_ r: Recommendation, catalog: Catalog) -> [String] {
        var out: [String] = []
        for entry in r.trace {
            switch entry.gate {
            case "affect":
                out.append("Your feeling reads as \(entry.decision).")
            case "sootheGate":
                if entry.decision != "sootheFirst" {
                    let lane = entry.detail("intentLane").map(plain) ?? r.intentLane.rawValue
                    out.append("What you want help with leads to the \(lane) lane.")
                }
            case "candidates":
                out.append(candidates(entry, catalog: catalog))
            case "choice":
                switch entry.decision {
                case "picker":
                    let words = entry.detail("matched").map(plain) ?? ""
                    out.append(words.isEmpty ? "It is the closest match to what you wrote."
                        : "It is the closest match to your words: \(words).")
                case "single": out.append("It is the only session that fits.")
                case "bestFit":
                    let how = entry.detail("how").map(plain) ?? ""
                    out.append(how.hasPrefix("made for") ? "Of the sessions that fit, it is the one made most for this feeling."
                        : "Of the sessions that fit, it is where this kind of help usually starts.")
                case "laneDefault": out.append("Nothing narrower fit, so it is the lane's starting session.")
                default: out.append("No closer match, so it is the lane's starting session.")
                }
            default:
                if entry.decision == "concern", let reason = entry.detail("reason").map(plain) {
                    out.append("A gentle check: \(reason)")
                }
            }
        }
        return out
    }

    /// "4 soothe sessions fit feeling overwhelmed.": what narrowed the list, in the vocabulary's own
    /// words (never an id).
    static func candidates(_ entry: TraceEntry, catalog: Catalog) -> String {
        let count = entry.detail("count").map(plain) ?? "0"
        let lane = entry.detail("lane").map(plain) ?? ""
        let head = "\(count) \(lane) session\(count == "1" ? "" : "s") fit"
        let v = catalog.vocabulary
        switch entry.decision {
        case "sleep": return head + " because you mentioned sleep."
        case "family":
            if case let .string(id)? = entry.detail("family"), let label = v.families.first(where: { $0.id == id })?.label {
                return head + " feeling \(label.lowercased())."
            }
        case "need":
            if case let .string(id)? = entry.detail("need"), let label = v.needs.first(where: { $0.id == id })?.label {
                return head + " what you asked for: \(label.lowercased())."
            }
        case "belief": return head + " the belief you chose."
        default: break
        }
        return head + " what you chose."
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
