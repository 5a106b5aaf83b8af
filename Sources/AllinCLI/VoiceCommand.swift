import AllinAudio
import AllinCore
import Foundation

/// `allin voice`: the voices that can speak the sessions, the one in use and why; `install` sets up the
/// natural voice (Piper) in the data directory; `use NAME` chooses one in the config file.
struct VoiceCommand {
    let cli: CLI

    func run(_ args: Arguments) throws -> Int32 {
        switch args.spec.path.last {
        case "install": return try install(args)
        case "use": return try use(args)
        default: return try list(args)
        }
    }


    private func config(_ paths: AudioPaths) throws -> AudioConfig {
        do { return try AudioConfig.load(paths.configFile) } catch { throw AudioContext.cliError(error) }
    }

    /// Reads `catalog/voices.json`; a problem is a catalog problem naming the file and voice.
    static func catalog(_ args: Arguments, environment: [String: String]) throws -> VoiceCatalog {
        let dir = try CatalogLocator.directory(option: args["--catalog"], environment: environment)
        let file = dir.appendingPathComponent(VoiceCatalog.fileName)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw CLIError.catalog(["\(dir.lastPathComponent)/\(VoiceCatalog.fileName): file is missing"])
        }
        do { return try VoiceCatalog.decode(data) } catch let problems as CatalogProblems {
            throw CLIError.catalog(problems.issues.map(\.description))
        }
    }

    private func list(_ args: Arguments) throws -> Int32 {
        let paths = try cli.audioPaths(args)
        let report = VoiceEngines.report(paths: paths, config: try config(paths), environment: cli.environment)
        let voices = try Self.catalog(args, environment: cli.environment)
        var out = "Voices that can speak the sessions:\n\n"
        for voice in voices.voices {
            let found: String
            switch voice.engine {
            case "piper":
                found = report.neural.map { "installed (\($0.name)) in \(Visible.text(VoiceEngines.home(paths).path))" }
                    ?? "not installed: run 'allin voice install'"
            default:
                found = report.espeak.map { "found at \(Visible.text($0.path))" } ?? "not found: install the Debian package espeak-ng"
            }
            let mark = report.inUse == voice.engine ? "▶ " : "  "
            out += "\(mark)\(voice.name) (\(voice.kind == "natural" ? "natural voice" : "built-in voice")): \(found)\n"
            out += "    Licence: \(voice.licence)\n"
        }
        out += "\nIn use: \(report.inUse ?? "none"). \(report.why)\n"
        out += "Choose with 'allin voice use auto|espeak-ng|piper' (the config file's 'engine' key).\n"
        cli.io.out(out)
        return report.inUse == nil ? 1 : 0
    }

    private func use(_ args: Arguments) throws -> Int32 {
        let name = args.positional[0].lowercased()
        guard VoiceEngines.names.contains(name) else {
            throw CLIError.usage(command: args.command,
                                 message: "NAME must be \(Arguments.either(VoiceEngines.names)), found '\(Visible.text(args.positional[0], limit: 20))'")
        }
        let paths = try cli.audioPaths(args)
        _ = try config(paths)   // a config file with a bad line is named before it is changed
        let file = paths.configFile
        let old = FileManager.default.contents(atPath: file.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let text = VoiceEngines.setting("engine", to: name, in: old)
        do {
            try AudioPaths.ensurePrivateDirectory(file.deletingLastPathComponent())
            try AudioPaths.writePrivate(Data(text.utf8), to: file)
        } catch {
            cli.io.err("allin voice use: \(error.message)\n")
            return 1
        }
        let report = VoiceEngines.report(paths: paths, config: try config(paths), environment: cli.environment)
        cli.io.out("Saved 'engine = \(name)' in \(Visible.text(file.path)).\nIn use now: \(report.inUse ?? "none"). \(report.why)\n")
        return 0
    }

    private func install(_ args: Arguments) throws -> Int32 {
        let paths = try cli.audioPaths(args)
        let home = VoiceEngines.home(paths)
        if let voice = VoiceEngines.neural(in: home) {
            cli.io.out("The natural voice is already installed (\(voice.name)) in \(Visible.text(home.path)).\n")
            return 0
        }
        let installer = VoiceInstaller(home: home, environment: cli.environment)
        let terminal = cli.outputIsTerminal
        do throws(AudioError) {
            try installer.install { step in
                if terminal {
                    cli.io.out("\r\u{1B}[K" + String(step.prefix(78)))
                } else {
                    cli.io.out(step + "\n")
                }
            }
        } catch {
            if terminal { cli.io.out("\n") }
            cli.io.err("allin voice install: \(error.message)\n")
            return 1
        }
        if terminal { cli.io.out("\n") }
        guard let voice = VoiceEngines.neural(in: home) else {
            cli.io.err("allin voice install: the packages installed, but no voice model was found in \(Visible.text(home.path)).\n")
            return 1
        }
        cli.io.out("Installed the natural voice (\(voice.name)) in \(Visible.text(home.path)).\n"
                   + "Sessions are rendered with it from now on ('allin voice use espeak-ng' goes back).\n")
        return 0
    }
}
