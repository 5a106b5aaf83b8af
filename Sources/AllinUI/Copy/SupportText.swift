import AllinCore

/// A piece of a support line: text with a role and, for numbers, a `tel:` or `sms:` link.
public struct SupportPiece: Equatable, Sendable {
    public var text: String
    public var role: Role
    public var link: String?
}

/// Crisis resources as rows of pieces, in order: the words of the support screen and of `allin --plain`.
public enum SupportText {
    public static func intro(_ reason: SupportReason) -> String {
        switch reason {
        case .asked, .typedHelp:
            return "Support is here whenever you need it. These people listen, at any hour; you don't need a reason to call."
        default:
            return "What you wrote sounds really hard, and you don't have to carry it alone. Help is here right now: these people listen, and things can get better with support."
        }
    }

    /// The one-sentence intro of a short window, so the first number fits above the fold.
    public static func shortIntro(_ reason: SupportReason) -> String {
        switch reason {
        case .asked, .typedHelp: return "Someone will listen, at any hour:"
        default: return "You don't have to carry this alone. Talk to someone now:"
        }
    }

    /// The emergency row, the lines (voice and text with hours), and the region. `compact` puts the
    /// emergency row right after the first line (or first of all when `emergencyFirst`), so a short
    /// window shows a line and the emergency number without scrolling.
    public static func rows(_ r: CrisisResources, emergencyFirst: Bool, notes: Bool = true,
                            compact: Bool = false) -> [[SupportPiece]] {
        var rows: [[SupportPiece]] = []
        let emergency: [[SupportPiece]] = r.emergency.map { e in
            var row = [SupportPiece(text: "In danger now? Call ", role: .emergency),
                       SupportPiece(text: e.number, role: .emergency, link: "tel:" + digits(e.number))]
            if !e.also.isEmpty { row.append(SupportPiece(text: " (or \(e.also.joined(separator: " or ")))", role: .emergency)) }
            return [row]
        } ?? []
        if emergencyFirst { rows += emergency + [[]] }
        // Where the region is not listed, the advice names the emergency numbers: first, at any size.
        if !r.known, let advice = r.advice { rows.append([SupportPiece(text: advice, role: .normal)]) }
        for line in r.lines {
            var title = [SupportPiece(text: line.name, role: .title)]
            let hours = line.hours + (line.free == true ? ", free" : "")
            if !hours.isEmpty { title.append(SupportPiece(text: " · " + hours, role: .dim)) }
            rows.append(title)
            var contact: [SupportPiece] = [SupportPiece(text: "  ", role: .normal)]
            if let phone = line.phone {
                contact.append(SupportPiece(text: "call ", role: .normal))
                contact.append(SupportPiece(text: phone, role: .link, link: "tel:" + digits(phone)))
            }
            if let sms = line.sms {
                if line.phone != nil { contact.append(SupportPiece(text: "   ", role: .normal)) }
                contact.append(SupportPiece(text: line.smsKeyword.map { "text \($0) to " } ?? "text ", role: .normal))
                contact.append(SupportPiece(text: sms, role: .link, link: "sms:" + digits(sms)))
            }
            if line.phone == nil, line.sms == nil, let url = line.url {
                contact.append(SupportPiece(text: url, role: .link, link: url))
            }
            rows.append(contact)
            if notes, !line.note.isEmpty { rows.append([SupportPiece(text: "  " + line.note, role: .dim)]) }
            if compact, !emergencyFirst, line == r.lines.first { rows += emergency }
        }
        if !emergencyFirst, !compact || r.lines.isEmpty, !emergency.isEmpty { rows += [[]] + emergency }
        return rows
    }

    /// How the region shown was chosen, for a person (not the variable or flag behind it).
    public enum RegionOrigin: Sendable, Equatable {
        /// From the computer's language settings (the locale).
        case settings
        /// Named when allin was started (`--region`).
        case startup
        /// The `region` setting in the config file.
        case configured
        /// Picked on the support screen.
        case chosen
        /// Nothing named a country.
        case unknown

        /// The origin of the context's own region: `source` is where it was found (a locale variable or
        /// "--region"); nil region means none was found.
        public static func of(region: String?, source: String) -> RegionOrigin {
            region == nil ? .unknown : source == "--region" ? .startup
                : source == RegionDetector.configSource ? .configured : .settings
        }
    }

    /// Which lines these are and how the region was chosen, in a plain sentence.
    public static func region(_ r: CrisisResources, origin: RegionOrigin) -> String {
        let place = r.regionName ?? (r.known ? r.region : "other countries")
        switch origin {
        case .settings: return "Lines for \(place), from your computer's language settings."
        case .startup: return "Lines for \(place), as chosen when allin started."
        case .configured: return "Lines for \(place), as set in your allin settings."
        case .chosen: return "Lines for \(place), as you chose."
        case .unknown: return "Lines for \(place): your computer's settings don't name a country."
        }
    }

    /// The first line and the emergency row (as a short window shows them), for where the rest can't
    /// show: before a safety plan, under the breathing exercise. The first two rows where no
    /// emergency number is known.
    public static func lead(_ r: CrisisResources, emergencyFirst: Bool) -> [[SupportPiece]] {
        let rows = rows(r, emergencyFirst: emergencyFirst, notes: false, compact: true)
        return rows.firstIndex { $0.first?.role == .emergency }.map { Array(rows[...$0]) } ?? Array(rows.prefix(2))
    }

    /// The parts of the person's own plan support shows, under their headings.
    public static func planRows(_ plan: SafetyPlan) -> [[SupportPiece]] {
        var rows: [[SupportPiece]] = [[SupportPiece(text: "Your safety plan", role: .title)]]
        for (part, text) in plan.forSupport {
            rows.append([SupportPiece(text: part.title, role: .accent)])
            for line in text.split(separator: "\n") { rows.append([SupportPiece(text: "  " + String(line), role: .normal)]) }
        }
        return rows
    }

    /// Offered on support when no plan exists (never during an immediate handoff).
    public static let planOffer = "When things feel calmer, you could write a safety plan: what helps, who to call, "
        + "your reasons. It will show here first. Press p to start it, now or later from home."

    static func digits(_ number: String) -> String { number.filter(\.isNumber) }
}
