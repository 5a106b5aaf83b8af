import AllinAudio
import AllinCore
import Foundation

/// What the audio commands share: the user's paths and config, the catalog's sessions (the listing:
/// playing never checks words, so it never pays for loading the detector), the player and the
/// renderer, with every audio error turned into a CLI error naming the field.
struct AudioContext {
    let cli: CLI
    let paths: AudioPaths
    let config: AudioConfig
    let catalogDirectory: URL
    let catalog: CatalogListing
    let library: AudioLibrary

    /// `leavingOutBadSettings`: a bad sound setting in the config file is named and left out (the
    /// check-in's session still plays, or is read along) rather than stopping; `allin play` and `audio`
    /// stop on it, since sound is what they are asked for.
    init(cli: CLI, args: Arguments, leavingOutBadSettings: Bool = false) throws {
        self.cli = cli
        let paths = try cli.audioPaths(args)
        self.paths = paths
        do {
            config = try AudioConfig.load(paths.configFile)
        } catch {
            guard leavingOutBadSettings else { throw AudioContext.cliError(error) }
            // Found from outside: 'rate = 999' kept a --plain check-in's session from even being read.
            cli.io.err("allin: \(Visible.text(error.message)). The sound settings are left out until it is fixed.\n")
            config = AudioConfig()
        }
        catalogDirectory = try CatalogLocator.directory(option: args["--catalog"], environment: cli.environment)
        catalog = try cli.loadListing(args)
        library = AudioLibrary(catalogDirectory: catalogDirectory, paths: paths, environment: cli.environment)
        // Render folders left by an allin that was killed outright (~15 MB each), at every start.
        RenderWork.sweepStale(in: paths.cacheDirectory)
    }

    /// The player report for `--player` (or the environment, config, discovery).
    func players(option: String?) throws -> PlayerReport {
        do {
            return try PlayerDiscovery.discover(option: option, environment: cli.environment, config: config)
        } catch {
            throw AudioContext.cliError(error)
        }
    }

    /// How long `session` runs here, as the full screen shows it (`AudioLibrary.length`): its render's
    /// length once it is in the cache, else the estimate at the config file's `rate`.
    func length(of session: Session) -> Double {
        library.length(of: session, wordsPerMinute: Double(config.rate ?? RenderSettings().rate),
                       renderer: try? renderer().get()) ?? Double(session.durationSeconds)
    }

    /// The lengths for screens that list sessions without playing them: nil when the sound settings
    /// can't be read (the catalog's estimates are shown then, and `allin audio` names the problem).
    static func lengths(cli: CLI, args: Arguments) -> ((Session) -> Double)? {
        guard let ctx = try? AudioContext(cli: cli, args: args) else { return nil }
        return ctx.length(of:)
    }

    /// The renderer, or the reason there is none (a tool is missing).
    func renderer() -> Result<Renderer, AudioError> {
        do {
            let neural = VoiceEngines.selected(paths: paths, config: config, environment: cli.environment)
            let tools = try RenderTools.find(environment: cli.environment, neural: neural)
            return .success(Renderer(tools: tools, cacheDirectory: paths.cacheDirectory,
                                     settings: config.apply(to: RenderSettings()), environment: cli.environment))
        } catch {
            return .failure(error)
        }
    }

    /// Sessions named on the command line, each checked against the catalog.
    func sessions(_ slugs: [String], command: String) throws -> [Session] {
        try slugs.map { slug in
            guard let s = catalog.sessions.first(where: { $0.slug == slug }) else {
                let near = Self.near(slug, in: catalog.sessions).map { "\($0.slug) (\(Visible.text($0.title)))" }
                let hint = near.isEmpty ? ";" : "; did you mean \(near.joined(separator: " or "))?"
                throw CLIError.input(field: "SLUG", message: "no session '\(Visible.text(slug, limit: 60))' in the catalog\(hint) "
                                     + "'allin library' lists them all")
            }
            return s
        }
    }

    /// Sessions close to a slug that names none, for "did you mean": the slug or title starts with or
    /// holds what was typed (spaces and dashes read as underscores), or it is a slip of a letter or two
    /// away. At most three, closest first.
    static func near(_ typed: String, in sessions: [Session]) -> [Session] {
        let key = typed.lowercased().map { $0 == " " || $0 == "-" ? "_" : $0 }.reduce(into: "") { $0.append($1) }
        guard key.count >= 3 else { return [] }
        func title(_ s: Session) -> String { s.title.lowercased().replacingOccurrences(of: " ", with: "_") }
        var ranked: [(rank: Int, session: Session)] = []
        for s in sessions {
            if s.slug.hasPrefix(key) || title(s).hasPrefix(key) {
                ranked.append((0, s))
            } else if s.slug.contains(key) || title(s).contains(key) {
                ranked.append((1, s))
            } else if let d = editDistance(key, s.slug, limit: 2) {
                ranked.append((1 + d, s))
            }
        }
        return ranked.sorted { $0.rank < $1.rank }.prefix(3).map(\.session)
    }

    /// Letters to add, drop or change to turn `a` into `b`, when at most `limit`; else nil.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int? {
        let a = Array(a), b = Array(b)
        guard abs(a.count - b.count) <= limit else { return nil }
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var next = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            row = next
        }
        return row[b.count] <= limit ? row[b.count] : nil
    }

    /// An error in words for a person (never a type's dump): a command-line error's message without
    /// its "Run --help" line, an audio error's own message.
    static func plainWords(_ error: any Error) -> String {
        if let e = error as? CLIError {
            return e.message(command: "").split(separator: "\n").first.map(String.init) ?? ""
        }
        if let e = error as? AudioError { return e.message }
        return error.localizedDescription
    }

    /// Setting errors are bad input (exit 2, naming the field); the rest are reported by the caller.
    static func cliError(_ error: AudioError) -> Error {
        switch error {
        case let .playerNotFound(field, _), let .badPlayerSetting(field, _):
            return CLIError.input(field: field, message: error.message.replacingOccurrences(of: "\(field): ", with: ""))
        case let .config(file, line, message):
            return CLIError.input(field: line.map { "\(file) line \($0)" } ?? file, message: message)
        default:
            return error
        }
    }

    /// True when standard output is a terminal (and the command writes to the real streams).
    var outputIsTerminal: Bool { cli.outputIsTerminal }

    /// Terminal width for one-line displays (80 when unknown).
    var columns: Int { StandardIO.columns }

    /// Whether the locale can show Unicode block characters.
    var unicode: Bool {
        let locale = cli.environment["LC_ALL"] ?? cli.environment["LC_CTYPE"] ?? cli.environment["LANG"] ?? ""
        return locale.lowercased().contains("utf-8") || locale.lowercased().contains("utf8")
    }
}

/// One-line progress displays, as plain strings (tested without a terminal).
enum ProgressLine {
    /// `[#####-----]` of `width` cells for 0…1.
    static func bar(_ fraction: Double, width: Int, unicode: Bool) -> String {
        let f = min(1, max(0, fraction.isFinite ? fraction : 0))
        let filled = Int((f * Double(width)).rounded(.down))
        let (on, off) = unicode ? ("█", "░") : ("#", "-")
        return "[" + String(repeating: on, count: filled) + String(repeating: off, count: max(0, width - filled)) + "]"
    }

    /// `  box_breath_reset [#####-----]  45%  speaking line 4 of 9`, cut to `columns`.
    static func render(slug: String, fraction: Double, step: String, columns: Int, unicode: Bool) -> String {
        let percent = Int((min(1, max(0, fraction)) * 100).rounded(.down))
        let pct = String(repeating: " ", count: max(0, 3 - String(percent).count)) + "\(percent)%"
        return fit("\(slug) \(bar(fraction, width: 20, unicode: unicode)) \(pct)  \(step)", columns)
    }

    /// `▶ 1:23 / 5:40 [####------] Title · Space pause  ←/→ 15 s  q stop`, cut to `columns`.
    /// `reading`: the words read along, no sound: the line says "Reading" (as the full screen does),
    /// so it never looks like playback (found from outside).
    static func playing(paused: Bool, starting: Bool = false, reading: Bool = false, position: Double, duration: Double?,
                        title: String, hints: String, columns: Int, unicode: Bool) -> String {
        var symbol = paused ? (unicode ? "⏸" : "||") : starting ? (unicode ? "… starting" : "... starting") : (unicode ? "▶" : ">")
        if reading { symbol += " Reading" }
        var line = "\(symbol) \(Clock.text(position))"
        if let duration, duration > 0 {
            line += " / \(Clock.text(duration)) \(bar(position / duration, width: 16, unicode: unicode))"
        }
        line += " \(title)"
        if !hints.isEmpty { line += "  \(hints)" }
        return fit(line, columns)
    }

    /// Cuts to `columns - 1` characters so the terminal never wraps.
    static func fit(_ text: String, _ columns: Int) -> String {
        let limit = max(10, columns - 1)
        return text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}

extension CLI {
    /// The audio paths, with the data directory (resume positions, the natural voice) wherever
    /// --data-dir or ALLIN_DATA_DIR puts it. (Without HOME and an override, the audio commands keep
    /// their own default.) allin-dev's audio bench uses it too.
    public func audioPaths(_ args: Arguments) throws -> AudioPaths {
        var paths = AudioPaths(environment: environment)
        if args.ifDeclared("--data-dir") != nil {
            paths.dataDirectory = URL(fileURLWithPath: try appPaths(args).data)
        } else if let app = try? appPaths(args) {
            paths.dataDirectory = URL(fileURLWithPath: app.data)
        }
        return paths
    }
}
