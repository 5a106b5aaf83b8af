import AllinCore

/// A piece of a support line: text with a role and, for numbers, a `tel:` or `sms:` link.
public struct SupportPiece: Equatable, Sendable {
    public var text: String
    public var role: Role
    public var link: String?
}

/// Crisis resources as rows of pieces, in order: the words of the support screen and of `allin --plain`.
public enum SupportText {
    /// Support's opening words. Where allin has no lines for the region they speak of help, not of
    /// "these people", since no line is shown; "at any hour" only where a line shown is open at any hour.
    public static func intro(_ reason: SupportReason, lines: LinesShown) -> String {
        switch (reason, lines) {
        case (.asked, .anyHour), (.typedHelp, .anyHour):
            return "Support is here whenever you need it. These people listen, at any hour; you don't need a reason to call."
        case (.asked, .someHours), (.typedHelp, .someHours):
            return "Support is here whenever you need it. These people listen (their hours are beside them); you don't need a reason to call."
        case (.asked, .none), (.typedHelp, .none):
            return "Support is here whenever you need it; you don't need a reason to reach out."
        case (_, .anyHour), (_, .someHours):
            return "What you wrote sounds really hard, and you don't have to carry it alone. Help is here right now: these people listen, and things can get better with support."
        case (_, .none):
            return "What you wrote sounds really hard, and you don't have to carry it alone. Help is here right now, and things can get better with support."
        }
    }

    /// The one-sentence intro of a short window, so the first number fits above the fold.
    public static func shortIntro(_ reason: SupportReason, lines: LinesShown) -> String {
        switch (reason, lines) {
        case (.asked, .anyHour), (.typedHelp, .anyHour): return "Someone will listen, at any hour:"
        case (.asked, .someHours), (.typedHelp, .someHours): return "Someone will listen (see the hours):"
        case (.asked, .none), (.typedHelp, .none): return "Support is here whenever you need it."
        case (_, .anyHour), (_, .someHours): return "You don't have to carry this alone. Talk to someone now:"
        case (_, .none): return "You don't have to carry this alone."
        }
    }

    /// Said plainly where allin has no lines for the region (a country without listed lines, or none known).
    public static func noLines(_ r: CrisisResources) -> String {
        "allin doesn't know the crisis lines for \(r.regionName ?? "your country")."
    }

    /// The key row that chooses a country, up front where allin has no lines for the region.
    public static let chooseCountry = [SupportPiece(text: "r", role: .footerKey),
                                       SupportPiece(text: "  Choose your country", role: .accent)]

    /// The notes support shows after "not sure: stay" and after the breathing minute: they point at
    /// the lines only where there are lines.
    public static func stayNote(_ r: CrisisResources) -> String {
        if r.hasLines { return "Staying here with you. If you can, call or text one of these lines now." }
        let call = r.emergency.map { "call \($0.number)" } ?? "call your local emergency number"
        return "Staying here with you. If you are in danger now, \(call). Type r, then Enter, to choose your country."
    }

    public static func afterBreathing(_ r: CrisisResources, finished: Bool) -> String {
        let still = r.hasLines ? "The lines are still here whenever you want them." : "Help is still here whenever you want it."
        return finished ? "Well done. " + still : still
    }

    /// Under the breathing exercise.
    public static func breathingHint(_ r: CrisisResources) -> String {
        r.hasLines ? "Esc stops; the lines are still here" : "Esc stops; help is still here"
    }

    /// The emergency row, the lines (voice and text with hours), and the region. `compact` puts the
    /// emergency row right after the first line (or first of all when `emergencyFirst`), so a short
    /// window shows a line and the emergency number without scrolling.
    /// `emergencyRow` false leaves the emergency row out, for a screen that shows it already.
    public static func rows(_ r: CrisisResources, emergencyFirst: Bool, notes: Bool = true,
                            compact: Bool = false, emergencyRow: Bool = true) -> [[SupportPiece]] {
        var rows: [[SupportPiece]] = []
        let emergency: [[SupportPiece]] = !emergencyRow ? [] : r.emergency.map { e in
            var row = [SupportPiece(text: "In danger now? Call ", role: .emergency),
                       SupportPiece(text: e.number, role: .emergency, link: "tel:" + digits(e.number))]
            if !e.also.isEmpty { row.append(SupportPiece(text: " (or \(e.also.joined(separator: " or ")))", role: .emergency)) }
            return [row]
        } ?? []
        // With no lines of the region's own, the emergency number (or, where none is known, the advice
        // that names them) is the only number: first, at any size, then the directory.
        let first = emergencyFirst || !r.hasLines
        if first { rows += emergency }
        // A short window takes the advice's short sentence, so the directory fits above the fold too.
        if !r.known, let advice = compact ? r.shortAdvice ?? r.advice : r.advice {
            rows.append([SupportPiece(text: advice, role: .normal)])
        }
        if first, !rows.isEmpty, !compact || r.known { rows.append([]) }
        // In a short window the directory's hours ("online at all times") follow its address.
        let hoursBelow = compact && !r.known
        for line in r.lines {
            var title = [SupportPiece(text: line.name, role: .title)]
            let hours = line.hoursAndCost
            if !hours.isEmpty, !hoursBelow { title.append(SupportPiece(text: " · " + hours, role: .dim)) }
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
            if hoursBelow, !hours.isEmpty { rows.append([SupportPiece(text: "  " + hours, role: .dim)]) }
            if notes, !line.note.isEmpty { rows.append([SupportPiece(text: "  " + line.note, role: .dim)]) }
            if compact, !first, line == r.lines.first { rows += emergency }
        }
        if !first, !compact || r.lines.isEmpty, !emergency.isEmpty { rows += [[]] + emergency }
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

    /// Which lines these are and how the region was chosen, in a plain sentence; where allin has no
    /// lines for the region, that it doesn't know them, and why.
    public static func region(_ r: CrisisResources, origin: RegionOrigin) -> String {
        guard r.hasLines else {
            let noLines = noLines(r)
            switch origin {
            case .settings: return String(noLines.dropLast()) + " (the country in your computer's language settings)."
            case .startup: return String(noLines.dropLast()) + " (chosen when allin started)."
            case .configured: return String(noLines.dropLast()) + " (set in your allin settings)."
            case .chosen: return noLines
            case .unknown: return "Your computer's settings don't name a country, so allin doesn't know your country's crisis lines."
            }
        }
        let place = r.regionName ?? r.region
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
        // With no lines, the one number (or the advice naming them) leads alone.
        if !r.hasLines { return Array(rows.prefix(1)) }
        return rows.firstIndex { $0.first?.role == .emergency }.map { Array(rows[...$0]) } ?? Array(rows.prefix(2))
    }

    /// The parts of the person's own plan support shows, under their headings; none (not even the
    /// heading) when the plan has none of those parts.
    public static func planRows(_ plan: SafetyPlan, check: CrisisCheck?) -> [[SupportPiece]] {
        let parts = plan.forSupport(checkedBy: check)
        guard !parts.isEmpty else { return [] }
        var rows: [[SupportPiece]] = [[SupportPiece(text: "Your safety plan", role: .title)]]
        for (part, text) in parts {
            rows.append([SupportPiece(text: part.title, role: .accent)])
            for line in text.split(separator: "\n") { rows.append([SupportPiece(text: "  " + String(line), role: .normal)]) }
        }
        return rows
    }

    /// Offered on support when no plan exists (never during an immediate handoff).
    public static let planOffer = "When things feel calmer, you could write a safety plan: what helps, who to call, "
        + "your reasons. It will show here first. Type p, then Enter, to start it, now or later from home."

    static func digits(_ number: String) -> String { number.filter(\.isNumber) }
}
