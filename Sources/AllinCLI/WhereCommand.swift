import AllinCore
import AllinStore
import Foundation

/// `allin where`: the data, cache and config paths, the player's log, and whether the journal exists yet.
public struct WhereCommand {
    let cli: CLI

    func run(_ args: Arguments) throws -> Int32 {
        let p = try cli.appPaths(args)
        let size = (try? FileManager.default.attributesOfItem(atPath: p.journal)[.size] as? Int) ?? nil
        let catalog = (try? CatalogLocator.directory(option: args["--catalog"], environment: cli.environment))?.path
        // The player's messages about the last session played (XDG_STATE_HOME, beside no other data).
        let playerLog = (try? cli.audioPaths(args))?.playerLog.path
        let catalogFrom = args["--catalog"] != nil ? "--catalog"
            : (cli.environment["ALLIN_CATALOG"].map { !$0.isEmpty } ?? false) ? "ALLIN_CATALOG" : "found near the program"
        if args.has("--json") {
            cli.io.out(JSONValue.object([
                ("data", .string(p.data)), ("dataFrom", .string(p.dataSource)), ("journal", .string(p.journal)),
                ("journalExists", .bool(size != nil)), ("cache", .optional(p.cache)), ("config", .optional(p.config)),
                ("playerLog", .optional(playerLog)), ("catalog", .optional(catalog)),
            ]).serialized(pretty: true) + "\n")
            return 0
        }
        let state = size.map { "exists, \(Self.kilobytes($0))" } ?? "not created yet"
        let privacy: String
        switch JournalFiles.mode(p.data) {
        case nil: privacy = "created private (0700) on first use"
        case 0o700?: privacy = "private (0700)"
        case let mode?: privacy = "mode 0\(String(mode, radix: 8)), shared; the journal files are still 0600"
        }
        var table = TextTable(header: ["what", "path", "notes"])
        table.maxCell = 400
        table.rows = [
            ["data", p.data, "from \(p.dataSource); \(privacy)"],
            ["journal", p.journal, state],
            ["cache", p.cache ?? "-", p.cache == nil ? "HOME is not set" : "XDG_CACHE_HOME or ~/.cache"],
            ["config", p.config ?? "-", p.config == nil ? "HOME is not set" : "XDG_CONFIG_HOME or ~/.config"],
            ["player log", playerLog ?? "-", "the player's messages about the last session; XDG_STATE_HOME or ~/.local/state"],
            ["catalog", catalog ?? "-", catalog == nil ? "not found: pass --catalog DIR"
                : FileManager.default.fileExists(atPath: catalog! + "/" + Catalog.vocabularyFile)
                ? "\(catalogFrom) (read only)" : "\(catalogFrom), but there is no catalog there (no \(Catalog.vocabularyFile))"],
        ]
        cli.io.out(table.render(width: cli.outputColumns))
        return 0
    }

    public static func kilobytes(_ bytes: Int) -> String { bytes < 1024 ? "\(bytes) bytes" : "\(bytes / 1024) KB" }
}
