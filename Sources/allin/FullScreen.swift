import AllinCLI
import AllinCore
import AllinRuntime
import AllinUI
import Foundation
import NcursesTerminal

/// Starts the full-screen front: catalog, region, the ncurses terminal and the runtime loop.
@MainActor
enum FullScreen {
    static func run(catalog option: String?, region raw: String?, environment: [String: String],
                    started: ContinuousClock.Instant) async -> Int32 {
        var region: String?
        if let raw {
            guard let code = RegionDetector.normalized(code: raw) else {
                FileHandle.standardError.write(Data("allin: --region must be a two-letter country code such as GB or US, found '\(Visible.text(raw, limit: 20))'\n".utf8))
                return 2
            }
            region = code
        }
        let catalog: Catalog
        do {
            catalog = try CatalogLocator.load(option: option, environment: environment)
        } catch let error as CLIError {
            FileHandle.standardError.write(Data(error.message().utf8))
            return error.exitCode
        } catch {
            FileHandle.standardError.write(Data("allin: \(error)\n".utf8))
            return 1
        }
        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal(environment: environment)
        } catch {
            FileHandle.standardError.write(Data(error.message.utf8))
            return 2
        }
        let context = AppContext(catalog: catalog, environment: environment, regionOverride: region)
        let runtime = AppRuntime(context: context, terminal: terminal)
        let journal = FrontJournal(environment: environment)
        runtime.journalReader = JournalReader(journal: journal.journal, now: { Date() }, timeZone: journal.timeZone,
                                              rules: journal.rules, note: journal.settingsProblem)
        var firstFrame: Duration?
        runtime.onFirstFrame = { firstFrame = ContinuousClock.now - started }
        if environment["ALLIN_TEST_CRASH"] == "1" {
            // Test hook for the end-to-end suite: proves a fatal error still restores the terminal.
            runtime.onFirstFrame = { fatalError("crash test requested") }
        }
        let exit = await runtime.run()
        terminal.end()
        if environment["ALLIN_STARTUP_REPORT"] == "1", let firstFrame {
            let ms = Double(firstFrame.components.seconds) * 1000 + Double(firstFrame.components.attoseconds) / 1e15
            FileHandle.standardError.write(Data(String(format: "allin: first frame %.1f ms after main started\n", ms).utf8))
        }
        return exit.status
    }
}
