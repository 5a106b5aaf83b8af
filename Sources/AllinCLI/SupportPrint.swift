import AllinCore
import AllinUI

/// Crisis support as plain text, for commands that print it (`--plain`, `library --search`,
/// `journal record`, `route`, `safety-plan`): support's words and the region's lines, as the
/// support screen shows them. Written once, so every command prints the same lines the same way.
enum SupportPrint {
    /// Support's opening words for `reason`, wrapped for a terminal (they speak of "these people" only
    /// where `resources` has lines).
    static func intro(_ reason: SupportReason, _ resources: CrisisResources) -> String {
        Wrap.lines(SupportText.intro(reason, lines: resources.hasLines), width: 78).joined(separator: "\n") + "\n"
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

    /// The one crisis rule over a catalog's detector, for a command that reads a few texts once.
    static func check(_ catalog: Catalog) -> CrisisCheck {
        CrisisCheck(detector: CrisisDetector(lexicon: catalog.crisisLexicon))
    }
}
