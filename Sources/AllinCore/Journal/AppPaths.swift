/// Where allin keeps its files: the data directory (journal), the cache and the configuration,
/// following the XDG base-directory rules. Pure: the environment and working directory are passed in.
public struct AppPaths: Sendable, Equatable {
    public var data: String
    /// How the data directory was chosen: `--data-dir`, `ALLIN_DATA_DIR`, `XDG_DATA_HOME` or `HOME`.
    public var dataSource: String
    /// Nil when neither the XDG variable nor HOME is set.
    public var cache: String?
    public var config: String?

    public static let journalFileName = "journal.sqlite3"
    /// Where each session was stopped today (the session and the day), beside the journal.
    public static let positionsFileName = "playback-positions.json"
    /// What allin itself keeps in the data directory besides the journal's files: the positions
    /// file, the natural voice (`voices/`) and the person's own recordings (`audio/`).
    public static let otherDataNames: Set<String> = [positionsFileName, "voices", "audio"]

    public var journal: String { AppPaths.join(data, AppPaths.journalFileName) }
    public var positions: String { AppPaths.join(data, AppPaths.positionsFileName) }

    /// Resolves the paths: `--data-dir`, then `ALLIN_DATA_DIR`, then `$XDG_DATA_HOME/allin`, then
    /// `$HOME/.local/share/allin`. Relative option and ALLIN_ paths are taken from `workingDirectory`;
    /// relative XDG paths are ignored, as the XDG specification says.
    public static func resolve(environment env: [String: String], dataDirOption: String?,
                               workingDirectory: String) throws -> AppPaths {
        func absolute(_ p: String) -> String { p.hasPrefix("/") ? p : join(workingDirectory, p) }
        func xdg(_ name: String, _ fallback: String) -> String? {
            if let v = env[name], v.hasPrefix("/") { return join(v, "allin") }
            guard let home = env["HOME"], home.hasPrefix("/") else { return nil }
            return join(join(home, fallback), "allin")
        }
        let data: String, source: String
        if let option = dataDirOption {
            guard !option.isEmpty else { throw JournalError.invalid(field: "--data-dir", message: "must not be empty") }
            (data, source) = (absolute(option), "--data-dir")
        } else if let v = env["ALLIN_DATA_DIR"], !v.isEmpty {
            (data, source) = (absolute(v), "ALLIN_DATA_DIR")
        } else if let v = env["XDG_DATA_HOME"], v.hasPrefix("/") {
            (data, source) = (join(v, "allin"), "XDG_DATA_HOME")
        } else if let home = env["HOME"], home.hasPrefix("/") {
            (data, source) = (join(join(home, ".local/share"), "allin"), "HOME")
        } else {
            throw JournalError.invalid(field: "HOME", message: "is not set, so there is no default data directory; pass --data-dir or set ALLIN_DATA_DIR")
        }
        return AppPaths(data: normalized(data), dataSource: source, cache: xdg("XDG_CACHE_HOME", ".cache").map(normalized),
                        config: xdg("XDG_CONFIG_HOME", ".config").map(normalized))
    }

    static func join(_ a: String, _ b: String) -> String {
        a.hasSuffix("/") ? a + b : a + "/" + b
    }

    /// Removes `.` and empty components and resolves `..` lexically (no disk access).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}
