import AllinCore
import AllinUI

/// Crisis support as plain text, for commands that print it (`--plain`, `library --search`,
/// `journal record`, `route`, `safety-plan`): support's words and the region's lines, as the
/// support screen shows them. Written once, so every command prints the same lines the same way.
enum SupportPrint {
    /// Support's opening words for `reason`, wrapped for a terminal.
    static func intro(_ reason: SupportReason) -> String {
        Wrap.lines(SupportText.intro(reason), width: 78).joined(separator: "\n") + "\n"
    }

    /// The region's lines and emergency number, a row per line.
    static func lines(_ resources: CrisisResources, emergencyFirst: Bool, notes: Bool = true) -> String {
        SupportText.rows(resources, emergencyFirst: emergencyFirst, notes: notes).map { $0.map(\.text).joined() + "\n" }.joined()
    }

    /// The one crisis rule over a catalog's detector, for a command that reads a few texts once.
    static func check(_ catalog: Catalog) -> CrisisCheck {
        CrisisCheck(detector: CrisisDetector(lexicon: catalog.crisisLexicon))
    }
}
