import Foundation

/// Checks that the catalog's scripts match its sessions: every session has a script that parses,
/// within the word range, and no script belongs to no session. Optional: callers switch it on
/// (`allin audio check`, and the test that runs once `catalog/scripts` exists).
public enum ScriptCoverage {
    public static let directory = "scripts"
    public static let wordRange = 150...450

    /// `scripts` maps file names (e.g. `box_breath_reset.txt`) to their bytes.
    public static func issues(sessions: [Session], scripts: [String: [UInt8]]) -> [CatalogIssue] {
        var issues: [CatalogIssue] = []
        let slugs = Set(sessions.map(\.slug))
        for s in sessions {
            let name = "\(s.slug).txt"
            let file = "\(directory)/\(name)"
            guard let bytes = scripts[name] else {
                issues.append(CatalogIssue(file: file, entry: nil, "missing: session '\(s.slug)' has no script"))
                continue
            }
            do {
                let script = try ScriptParser.parse(Data(bytes), file: file)
                let words = script.wordCount
                if !wordRange.contains(words) {
                    issues.append(CatalogIssue(file: file, entry: nil,
                                               "has \(words) words; scripts have \(wordRange.lowerBound)–\(wordRange.upperBound)"))
                }
            } catch {
                issues += error.problems.map { CatalogIssue(file: file, entry: $0.line.map { "line \($0)" }, $0.message) }
            }
        }
        for name in scripts.keys.sorted() where name.hasSuffix(".txt") && !slugs.contains(String(name.dropLast(4))) {
            issues.append(CatalogIssue(file: "\(directory)/\(name)", entry: nil, "no session has this slug"))
        }
        return issues
    }
}
