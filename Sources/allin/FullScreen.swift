import AllinAudio
import AllinCLI
import AllinCore
import AllinRuntime
import AllinStore
import AllinUI
import Foundation
import NcursesTerminal

/// Starts the full-screen front: catalog, region, journal, player, the ncurses terminal and the
/// runtime loop.
@MainActor
enum FullScreen {
    /// `demo`: the same screens with nothing saved: a journal in memory, read-along text instead of
    /// rendered audio (no cache, no resume state), and the data directory never opened.
    static func run(catalog option: String?, region raw: String?, player playerOption: String?, dataDir: String?,
                    demo: Bool = false, environment: [String: String], started: ContinuousClock.Instant) async -> Int32 {
        func fail(_ text: String, _ code: Int32) -> Int32 {
            FileHandle.standardError.write(Data("allin: \(text)\n".utf8))
            return code
        }
        var region: String?
        if let raw {
            guard let code = RegionDetector.normalized(code: raw) else {
                return fail("--region must be a two-letter country code such as GB or US, found '\(Visible.text(raw, limit: 20))'", 2)
            }
            region = code
        }
        // The listing (chips, sessions, helplines) is enough for the first frame; the crisis detector and
        // the affect classifier load in the background once the screen is up (`AppRuntime`), and
        // anything that reads a person's words waits for them.
        let catalog: CatalogListing
        let catalogDirectory: URL
        do {
            catalogDirectory = try CatalogLocator.directory(option: option, environment: environment)
            catalog = try CatalogLocator.loadListing(option: option, environment: environment)
        } catch let error as CLIError {
            FileHandle.standardError.write(Data(error.message().utf8))
            return error.exitCode
        } catch {
            return fail("\(error)", 1)
        }
        if let region, let raw {
            do {
                try CLI.checkCountry(region, typed: raw, command: "", table: catalog.helplines.countries)
            } catch let error as CLIError {
                FileHandle.standardError.write(Data(error.message().utf8))
                return error.exitCode
            } catch {
                return fail("\(error)", 2)
            }
        }
        // `region = XX` in the config file comes after --region and before the locale. A bad value is
        // named and left out (the computer's settings decide), never keeping the full screen, and F2 in
        // it, from a person (found from outside: one typo in the config file stopped allin here).
        var configured: String?
        if region == nil {
            let configDirectory = (try? AppPaths.resolve(environment: environment, dataDirOption: dataDir,
                                                         workingDirectory: FileManager.default.currentDirectoryPath))?.config
            let found = CLI.configuredRegion(configDirectory: configDirectory, table: { catalog.helplines.countries })
            configured = found.code
            if let warning = found.warning { FileHandle.standardError.write(Data(warning.utf8)) }
        }
        // The demo's scripted check-ins, read before the terminal changes mode (a problem is printed plainly).
        var scenarios: [DemoScenario] = []
        if demo {
            do {
                scenarios = try DemoScenarios.load(catalogDirectory: catalogDirectory, vocabulary: catalog.vocabulary)
            } catch let error as CLIError {
                FileHandle.standardError.write(Data(error.message().utf8))
                return error.exitCode
            } catch {
                return fail("\(error)", 1)
            }
        }
        // A player named on the command line must exist; ALLIN_PLAYER and the config file only
        // fall back to read-along text (the check-in and support must work without audio).
        if let playerOption {
            do {
                _ = try PlayerDiscovery.discover(option: playerOption, environment: environment, config: AudioConfig())
            } catch {
                return fail(error.message, 2)
            }
        }
        let journal: any JournalStoring
        let dataDirectory: String
        if demo {
            journal = MemoryJournal()
            dataDirectory = ""
        } else { do {
            let paths = try AppPaths.resolve(environment: environment, dataDirOption: dataDir,
                                             workingDirectory: FileManager.default.currentDirectoryPath)
            journal = OnDemandJournal(path: paths.journal)
            dataDirectory = paths.data
        } catch let JournalError.invalid(field, message) where dataDir != nil {
            return fail("\(field) \(message)", 2)
        } catch {
            let problem = (error as? JournalError) ?? .other(path: "(none)", detail: "\(error)")
            journal = ResilientJournal(primary: nil, problem: problem)
            dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("allin-\(getuid())").path
        } }
        let player: any SessionPlayerClient = demo ? TextOnlyPlayer(reason: "the demo plays no audio and reads only the session's short description")
            : AudioSessionPlayer(catalogDirectory: catalogDirectory, environment: environment,
                                 dataDirectory: dataDirectory, playerOption: playerOption)
        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal(environment: environment)
        } catch {
            FileHandle.standardError.write(Data(error.message.utf8))
            return 2
        }
        // Every way out stops the player: the runtime on quit and signals, exit hooks, and a crash hook.
        ChildRegistry.shared.installExitHook()
        CursesTerminal.setCrashHook(ChildRegistry.crashHook)
        var context = AppContext(listing: catalog, environment: environment, regionOverride: region,
                                 configured: configured)
        context.demo = demo
        context.demoScenarios = scenarios
        let runtime = AppRuntime(context: context, terminal: terminal, loadingDetectors: {
            do {
                // The demo saves nothing, not even the compiled model in the cache.
                return .success(FlowGates(catalog: try CatalogLocator.load(option: option, environment: environment,
                                                                           savesCompiled: !demo)))
            } catch let error as CLIError {
                return .failure(DetectorLoadFailure(message: error.message(), status: error.exitCode))
            } catch {
                return .failure(DetectorLoadFailure(message: "allin: \(error)\n", status: 1))
            }
        }, journal: journal, player: player, timeZone: LocalZone.current(environment: environment))
        // The journal screen reads the same journal the session writes (one connection, and check-ins
        // kept in memory after a disk failure show there too); the settings come from the config file.
        // One library index for the run, built the first time the library or a plan needs it.
        let library = SharedSessionIndex(catalog: catalog, directory: catalogDirectory)
        runtime.librarySearch = { library.searchAsYouType($0) }
        runtime.planBuilder = { try library.planSteps($0) }
        let settings = FrontJournal(environment: environment)
        runtime.journalReader = JournalReader(journal: { journal }, now: { Date() }, timeZone: settings.timeZone,
                                              rules: settings.rules, note: settings.settingsProblem)
        let exit = await runtime.run()
        let firstFrame = runtime.firstFrameAt.map { $0 - started }
        runtime.stopPlayer()
        // A render still running (quit or a signal during "Preparing the audio"): its tools end
        // first (and no new one starts), then its work folder goes.
        ChildRegistry.shared.close()
        RenderWork.removeAll()
        terminal.end()
        if let resources = runtime.state.linesOnExit {
            FileHandle.standardOutput.write(Data(SupportPrint.afterClosing(resources).utf8))
        }
        if let kept = runtime.state.noteOnExit { FileHandle.standardOutput.write(Data("allin: \(kept)\n".utf8)) }
        if case let .detectorsFailed(message, _) = exit { FileHandle.standardError.write(Data(message.utf8)) }
        if environment["ALLIN_STARTUP_REPORT"] == "1", let firstFrame {
            let ms = Double(firstFrame.components.seconds) * 1000 + Double(firstFrame.components.attoseconds) / 1e15
            FileHandle.standardError.write(Data(String(format: "allin: first frame %.1f ms after main started\n", ms).utf8))
        }
        return exit.status
    }
}
