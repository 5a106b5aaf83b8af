import AllinAudio
import AllinCore
import Foundation

/// `allin audio render|players|check`: render session audio, show the players, check the scripts.
struct AudioCommand {
    let cli: CLI

    func run(_ args: Arguments) throws -> Int32 {
        switch args.spec.path.last {
        case "render": return try render(args)
        case "players": return try players(args)
        default: return try check(args)
        }
    }

    // MARK: render

    private func render(_ args: Arguments) throws -> Int32 {
        if args.has("--all"), !args.positional.isEmpty {
            throw CLIError.usage(command: "audio render", message: "name sessions or use --all, not both")
        }
        if !args.has("--all"), args.positional.isEmpty {
            throw CLIError.usage(command: "audio render", message: "name one or more sessions (SLUG) or use --all")
        }
        let ctx = try AudioContext(cli: cli, args: args)
        let sessions = args.has("--all") ? ctx.catalog.sessions : try ctx.sessions(args.positional, command: "audio render")
        let renderer: Renderer
        switch ctx.renderer() {
        case let .success(r): renderer = r
        case let .failure(error):
            cli.io.err("allin audio render: \(error.message)\n")
            return 1
        }
        let live = ctx.outputIsTerminal
        var rendered = 0, cached = 0, failed: [String] = []
        for (n, session) in sessions.enumerated() {
            // With more than one session the bar says which of them it is at.
            let label = sessions.count > 1 ? "\(n + 1)/\(sessions.count) \(session.slug)" : session.slug
            do {
                let script = try ctx.library.script(session.slug)
                var lastDraw = 0.0
                let result = try renderer.render(slug: session.slug, script: script, force: args.has("--force")) { p in
                    guard live, p.fraction < 1, Monotonic.now() - lastDraw > 0.05 else { return }
                    lastDraw = Monotonic.now()
                    cli.io.out("\r\u{1B}[2K" + ProgressLine.render(slug: label, fraction: p.fraction, step: p.step,
                                                                  columns: ctx.columns, unicode: ctx.unicode))
                }
                if live { cli.io.out("\r\u{1B}[2K") }
                let size = String(format: "%.2f MB", Double(result.bytes) / 1_048_576)
                if result.cached {
                    cached += 1
                    cli.io.out("cached   \(session.slug): \(Clock.text(result.captions.duration)), \(size), \(result.captions.cues.count) lines\n")
                } else {
                    rendered += 1
                    cli.io.out("rendered \(session.slug): \(Clock.text(result.captions.duration)), \(size), \(result.captions.cues.count) lines, "
                               + String(format: "%.1f s", result.seconds) + "\n")
                }
            } catch {
                if live { cli.io.out("\r\u{1B}[2K") }
                failed.append(session.slug)
                cli.io.err("failed   \(session.slug): \(error.message)\n")
            }
        }
        var summary = "\(rendered) rendered, \(cached) already cached"
        if !failed.isEmpty { summary += ", \(failed.count) failed" }
        cli.io.out(summary + " (cache: \(Visible.text(ctx.paths.cacheDirectory.path)))\n")
        return failed.isEmpty ? 0 : 1
    }

    // MARK: players

    private func players(_ args: Arguments) throws -> Int32 {
        let paths = try cli.audioPaths(args)
        let config: AudioConfig
        do { config = try AudioConfig.load(paths.configFile) } catch { throw AudioContext.cliError(error) }
        let report: PlayerReport
        do {
            report = try PlayerDiscovery.discover(option: args["--player"], environment: cli.environment, config: config)
        } catch {
            throw AudioContext.cliError(error)
        }
        var out = "Players allin knows, in the order it looks for them:\n"
        var table = TextTable(header: ["player", "found at", "pause", "seek", "notes"])
        for c in report.candidates {
            let t = c.template
            table.rows.append([t.name, c.path.map { Visible.text($0.path) } ?? "not found",
                               t.pause == .ipc ? "IPC" : "signals",
                               t.seek == .none ? "no" : t.seek == .ipc ? "yes" : "restart", t.note])
        }
        out += table.render()
        if let choice = report.choice {
            var line = "\nWould use: \(Visible.text(choice.name)) (\(Visible.text(choice.executable.path))"
            if !choice.command.extraArguments.isEmpty {
                line += " " + choice.command.extraArguments.map { Visible.text($0) }.joined(separator: " ")
            }
            out += line + "), chosen by \(Visible.text(choice.source)).\n"
        } else {
            out += "\nWould use: no player: \(Visible.text(report.why)). Sessions run as read-along text.\n"
        }
        out += "Override with --player P, the ALLIN_PLAYER environment variable, or 'player = P' in the config file.\n"
        let neural = VoiceEngines.selected(paths: paths, config: config, environment: cli.environment)
        switch RenderToolsReport.describe(environment: cli.environment, neural: neural) {
        case let .success(tools): out += "Rendering: \(tools)\n"
        case let .failure(error): out += "Rendering: not possible: \(error.message)\n"
        }
        let configState = config.file == nil ? "not present" : "present"
        out += "Config file: \(Visible.text(paths.configFile.path)) (\(configState))\n"
        for other in config.otherKeys {
            out += "  (line \(other.line): '\(Visible.text(other.key))' is not an audio setting; left for other parts of allin)\n"
        }
        out += "Audio cache: \(Visible.text(paths.cacheDirectory.path))\n"
        out += "Player log (the last session's player messages): \(Visible.text(paths.playerLog.path))\n"
        cli.io.out(out)
        return 0
    }

    // MARK: check

    private func check(_ args: Arguments) throws -> Int32 {
        let ctx = try AudioContext(cli: cli, args: args)
        let issues = AudioLibrary.scriptIssues(catalogDirectory: ctx.library.catalogDirectory, sessions: ctx.catalog.sessions)
        if issues.isEmpty {
            cli.io.out("scripts OK: \(ctx.catalog.sessions.count) sessions, each with a script of \(ScriptCoverage.wordRange.lowerBound)–\(ScriptCoverage.wordRange.upperBound) words\n")
            return 0
        }
        cli.io.err("scripts check failed: \(issues.count) problem\(issues.count == 1 ? "" : "s")\n")
        for issue in issues { cli.io.err("  - \(Visible.text(issue.description))\n") }
        return 1
    }
}

/// The render tools as one line for `allin audio players`.
enum RenderToolsReport {
    static func describe(environment: [String: String], neural: NeuralVoice?) -> Result<String, AudioError> {
        do {
            let tools = try RenderTools.find(environment: environment, neural: neural)
            return .success("\(tools.engine); writes \(tools.canWriteOgg ? "Ogg Vorbis" : "WAV (this sox cannot write Ogg)")")
        } catch {
            return .failure(error)
        }
    }
}
