import AllinCore
import AllinUI
import Foundation

/// Crisis support as plain text, for commands that print it (`--plain`, `library --search`,
/// `journal record`, `route`, `safety-plan`): support's words and the region's lines, as the
/// support screen shows them. Written once, so every command prints the same lines the same way.
public enum SupportPrint {
    /// What the full screen leaves on the terminal when it closed over support or the unanswered
    /// gentle question (`AppState.linesOnExit`): the lines stay in view after the screen is gone.
    public static func afterClosing(_ resources: CrisisResources) -> String {
        "\nSupport is still here whenever you need it:\n" + lines(resources, emergencyFirst: true, notes: false)
    }

    /// After a session that left the person clearly worse (`MoodDrop`): the acknowledgement, then the
    /// region's lines themselves (found from outside: only "'allin resources' lists people who listen"
    /// was printed), and another session.
    public static func afterFeelingWorse(before: Int?, after: Int?, _ resources: CrisisResources, again: String) -> String {
        MoodDrop.acknowledgement(before: before, after: after) + " Thank you for saying so honestly.\n"
            + (resources.hasLines ? "If you want to talk to someone now, these people listen:\n" : "If you want to talk to someone now:\n")
            + lines(resources, emergencyFirst: false, notes: false)
            + "Or try another session: \(again).\n"
    }

    /// Support's opening words for `reason`, wrapped for a terminal (they speak of "these people" only
    /// where `resources` has lines).
    static func intro(_ reason: SupportReason, _ resources: CrisisResources) -> String {
        Wrap.lines(SupportText.intro(reason, lines: resources.shown), width: 78).joined(separator: "\n") + "\n"
    }

    /// How to name a country from the command line, for where allin has no lines for the region.
    static let chooseCountry = "To choose your country: --region XX (for example --region DE), or 'region = XX' in your config file."

    /// The region's lines and emergency number, a row per line. Where allin has no lines for the
    /// region, it says so and how to choose a country first, then the emergency number (or the
    /// advice) and the directory.
    static func lines(_ resources: CrisisResources, emergencyFirst: Bool, notes: Bool = true) -> String {
        let said = resources.hasLines ? "" : Wrap.lines(SupportText.noLines(resources) + " " + chooseCountry, width: 78)
            .joined(separator: "\n") + "\n\n"
        return said + rows(resources, emergencyFirst: emergencyFirst, notes: notes)
    }

    /// The rows alone, for a front that has said which region these are.
    static func rows(_ resources: CrisisResources, emergencyFirst: Bool, notes: Bool = true) -> String {
        SupportText.rows(resources, emergencyFirst: emergencyFirst, notes: notes).map { $0.map(\.text).joined() + "\n" }.joined()
    }

    /// Reads every text in input a command refused (each string of its JSON at any depth, or the
    /// whole input when it is not JSON) with the one crisis rule; if any sounds like danger, the
    /// region's crisis lines go to standard error before the input error is said: danger is never
    /// left behind an input error (`route`, `journal record`, `plan new`).
    /// Returns the crisis rule's verdict ("clear" when there was nothing to read), for a JSON line
    /// to carry beside its error: a script reading stdout sees it too.
    @discardableResult
    static func linesIfFlagged(_ data: Data, catalog: Catalog, region: String?, io: any CommandIO) -> String {
        let texts: [(field: String, text: String)]
        if let value = try? JSONValue.parse(data) {
            texts = strings(in: value, at: "")
        } else {
            let text = String(decoding: data, as: UTF8.self)
            texts = text.allSatisfy(\.isWhitespace) ? [] : [("(input)", text)]
        }
        guard !texts.isEmpty else { return CrisisCheck.Verdict.clear.name }
        let verdict = check(catalog).check(texts).verdict
        guard verdict != .clear else { return verdict.name }
        let resources = catalog.helplines.resources(for: region)
        io.err("Some of these words sound like you may not be safe. Support is available now:\n"
               + lines(resources, emergencyFirst: true, notes: false))
        return verdict.name
    }

    /// Every string in a JSON value, each with where it is (`areas[0].answers[1]`).
    private static func strings(in value: JSONValue, at path: String) -> [(field: String, text: String)] {
        switch value {
        case let .string(text): return [(path.isEmpty ? "(input)" : path, text)]
        case let .array(items):
            return items.enumerated().flatMap { strings(in: $0.element, at: "\(path)[\($0.offset)]") }
        case let .object(pairs):
            return pairs.flatMap { strings(in: $0.1, at: path.isEmpty ? $0.0 : "\(path).\($0.0)") }
        default: return []
        }
    }

    /// The one crisis rule over a catalog's detector, for a command that reads a few texts once.
    static func check(_ catalog: Catalog) -> CrisisCheck {
        CrisisCheck(detector: CrisisDetector(lexicon: catalog.crisisLexicon))
    }
}
