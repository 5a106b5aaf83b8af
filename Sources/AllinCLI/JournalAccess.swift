import AllinCore
import AllinStore
import CProcessSupport
import Foundation

/// An IO that knows whether standard output is a terminal.
public protocol OutputProbe {
    var outputIsTerminal: Bool { get }
}

extension StandardIO: OutputProbe {
    public var outputIsTerminal: Bool { isatty(1) == 1 }

    /// The width of the terminal standard output writes to (80 when it can't be told).
    static var columns: Int {
        let c = Int(cps_terminal_columns(1))
        return c > 10 ? c : 80
    }
}

/// Words shared by the commands that open the journal.
enum JournalAccess {
    /// How to set aside a file that is not a usable journal and start a new one.
    /// Named with `command` when it takes `--move-aside`, else with `journal`, which always does (found
    /// from outside: 'allin library --move-aside' was advised and then refused).
    static func moveAsideHint(_ command: String) -> String {
        let takes = Commands.program.all.first { $0.name == command }?.option(named: "--move-aside") != nil
        return "To keep that file and start a new journal, run 'allin \(takes ? command : "journal") --move-aside': the file is renamed, never deleted."
    }
}

/// A journal problem that stops a command: the message, an optional next step, and the exit code.
struct JournalFailure: Error {
    var error: JournalError
    var hint: String?
}

extension CLI {
    /// The data, cache and config paths from `--data-dir` and the environment.
    func appPaths(_ args: Arguments) throws -> AppPaths {
        do {
            return try AppPaths.resolve(environment: environment, dataDirOption: args.ifDeclared("--data-dir"),
                                        workingDirectory: FileManager.default.currentDirectoryPath)
        } catch let JournalError.invalid(field, message) {
            throw CLIError.usage(command: args.command, message: "\(field) \(message)")
        }
    }

    /// The local time zone: `TZ` from the environment when it names a zone, else the system's.
    var timeZone: TimeZone { LocalZone.current(environment: environment) }

    var outputIsTerminal: Bool { (io as? OutputProbe)?.outputIsTerminal ?? false }

    /// The terminal's width when standard output is one (tables fit it); nil for a pipe or a file.
    var outputColumns: Int? { outputIsTerminal ? StandardIO.columns : nil }

    /// Asks a yes/no question on the terminal; nil when there is no terminal to ask on.
    func confirm(_ question: String, accept: Set<String> = ["y", "yes"]) -> Bool? {
        guard io.inputIsTerminal else { return nil }
        io.err(question)
        guard let answer = io.readInputLine() else { io.err("\n"); return false }
        return accept.contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// Opens the journal (`readOnly` for a command that only reads: see `existingJournal`). A file
    /// that is not a usable journal is moved aside only with consent: `--move-aside`, or "yes" typed
    /// on a terminal; otherwise the command stops and says how.
    func openJournal(_ args: Arguments, paths: AppPaths, readOnly: Bool = false) throws -> JournalStore {
        do {
            return try readOnly ? JournalStore.openForReading(path: paths.journal) : JournalStore.open(path: paths.journal)
        } catch let error as JournalError where error.canMoveAside {
            io.err("allin \(args.command): \(error.message)\n")
            let agreed = args.flags.contains("--move-aside")
                || confirm("Move it aside (it is renamed, never deleted) and start a new journal? [y/N] ") == true
            guard agreed else {
                var hint = JournalAccess.moveAsideHint(args.command)
                if case .corrupt = error { hint = "To save what can still be read from it, run 'allin export -o FILE'. " + hint }
                throw JournalFailure(error: error, hint: hint)
            }
            let moved = try JournalFiles.moveAside(paths.journal, now: Date())
            for file in moved { io.err("Moved aside: \(Visible.text(file))\n") }
            return try JournalStore.open(path: paths.journal)
        }
    }

    /// Whether any file of the journal exists yet (reading commands never create one). A data
    /// directory that is a file (or under one) is a `JournalError` naming it, not an empty journal.
    func journalExists(_ paths: AppPaths) throws -> Bool {
        try JournalFiles.checkNotAFile(paths.data)
        return JournalFiles.allFiles(of: paths.journal).contains { FileManager.default.fileExists(atPath: $0) }
    }

    /// The journal for a command that only reads it: nil when there is none yet (nothing is
    /// created), else opened read-only, so a journal without write access can still be read.
    func existingJournal(_ args: Arguments, paths: AppPaths) throws -> JournalStore? {
        try journalExists(paths) ? openJournal(args, paths: paths, readOnly: true) : nil
    }

    /// Runs a journal command, turning journal problems into a message and an exit code:
    /// 2 for a bad value or unknown entry, 1 for trouble with the journal's file or disk.
    func runJournalCommand(_ command: String, _ body: () async throws -> Int32) async throws -> Int32 {
        do {
            return try await body()
        } catch let failure as JournalFailure {
            if let hint = failure.hint { io.err(hint + "\n") }
            return failure.error.isStorageProblem ? 1 : 2
        } catch let error as JournalError {
            io.err("allin \(command): \(Visible.text(error.message))\n")
            return error.isStorageProblem ? 1 : 2
        }
    }

    /// `--since YYYY-MM-DD`, naming the option when the date is malformed, does not exist or is
    /// outside `LocalDay.acceptedYears`.
    func dayOption(_ args: Arguments, _ name: String) throws -> LocalDay? {
        guard let raw = args[name] else { return nil }
        guard let day = LocalDay(iso: raw) else {
            throw CLIError.usage(command: args.command, message: Self.missingDay(raw).map { "\(name): \($0)" }
                ?? "\(name) must be a date as YYYY-MM-DD (e.g. 2024-05-01), found '\(Visible.text(raw, limit: 30))'")
        }
        try Self.checkYears(day, name, raw, command: args.command)
        return day
    }

    /// `--at`: an ISO 8601 time with its offset, or a day (`YYYY-MM-DD`, taken at noon local time),
    /// on a day (local time) in `LocalDay.acceptedYears`.
    func timeOption(_ args: Arguments, _ name: String) throws -> Date? {
        guard let raw = args[name] else { return nil }
        let f = ISO8601DateFormatter()
        var found = f.date(from: raw)
        if found == nil {
            f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            found = f.date(from: raw)
        }
        if found == nil, let day = LocalDay(iso: raw) {
            try Self.checkYears(day, name, raw, command: args.command)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let c = day.components
            found = calendar.date(from: DateComponents(year: c.year, month: c.month, day: c.day, hour: 12))
        }
        guard let found else {
            if let missing = Self.missingDay(raw) { throw CLIError.usage(command: args.command, message: "\(name): \(missing)") }
            throw CLIError.usage(command: args.command,
                                 message: "\(name) must be a time like 2024-05-01T09:30:00+01:00 or a day like 2024-05-01, found '\(Visible.text(raw, limit: 40))'")
        }
        try Self.checkYears(LocalDay(found, in: timeZone), name, raw, command: args.command)
        return found
    }

    /// For text in the form YYYY-MM-DD that names no day (2026-02-30, 2026-13-01): why, in words.
    static func missingDay(_ raw: String) -> String? {
        let parts = raw.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), Int(parts[2]) != nil else { return nil }
        guard (1...12).contains(month) else { return "there is no month \(parts[1]) in \(raw) (months run from 01 to 12)" }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        let name = format.standaloneMonthSymbols[month - 1]
        return "there is no day \(raw): \(name) \(year) has \(LocalDay.daysIn(month: month, year: year)) days"
    }

    private static func checkYears(_ day: LocalDay, _ name: String, _ raw: String, command: String) throws {
        guard !day.isInAcceptedYears else { return }
        let years = LocalDay.acceptedYears
        throw CLIError.usage(command: command,
                             message: "\(name) must be a day from \(years.lowerBound)-01-01 to \(years.upperBound)-12-31, found '\(Visible.text(raw, limit: 40))'")
    }
}
