import AllinCore
import AllinStore
import Foundation

/// The journal as the full-screen front reads it: found where the commands find it (`ALLIN_DATA_DIR`,
/// then the XDG data directory), opened on first look and kept open, and never created just by
/// looking: until the file exists the journal is empty. A file that can't be used still opens, in
/// memory, with the problem in plain words (`ResilientJournal.problem`).
public final class FrontJournal: @unchecked Sendable {
    private let lock = NSLock()
    private let paths: Result<AppPaths, JournalError>
    private var opened: ResilientJournal?
    /// The local time zone (`TZ` when it names a zone).
    public let timeZone: TimeZone
    /// The streak rules: `rest_days` from the config file, else one rest day a week.
    public let rules: StreakRules
    /// Why the config file's `rest_days` was not used, when it could not be.
    public let settingsProblem: String?

    public init(environment: [String: String], workingDirectory: String = FileManager.default.currentDirectoryPath) {
        do {
            paths = .success(try AppPaths.resolve(environment: environment, dataDirOption: nil,
                                                  workingDirectory: workingDirectory))
        } catch let error as JournalError {
            paths = .failure(error)
        } catch {
            paths = .failure(.other(path: "the data directory", detail: "it could not be found"))
        }
        timeZone = LocalZone.current(environment: environment)
        switch JournalSettings.restDays(configDirectory: (try? paths.get())?.config) {
        case let .success(days):
            rules = days.map { StreakRules(restDaysPerWeek: $0) } ?? .standard
            settingsProblem = nil
        case let .failure(problem):
            rules = .standard
            settingsProblem = "One rest day a week is used because " + problem.text + "."
        }
    }

    /// The journal to read now.
    public func journal() throws -> any JournalStoring {
        lock.lock()
        defer { lock.unlock() }
        if let opened { return opened }
        let path = try paths.get().journal
        guard JournalFiles.allFiles(of: path).contains(where: { FileManager.default.fileExists(atPath: $0) }) else {
            return MemoryJournal()
        }
        let journal = JournalStore.openOrKeepInMemory(path: path)
        opened = journal
        return journal
    }
}
