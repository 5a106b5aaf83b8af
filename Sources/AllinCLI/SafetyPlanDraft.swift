import AllinCore
import AllinStore
import Dispatch
import Foundation
import Synchronization

/// The safety plan being written by `allin safety-plan edit`, for a signal to keep: Ctrl-C, SIGTERM
/// or SIGHUP save the parts entered so far (as 'quit' does), say so in one line and end allin
/// (128 + the signal), the way `allin --plain` answers them (`PlainJournal.catchSignals`).
final class SafetyPlanDraft: Sendable {
    private let path: String
    private let io: any CommandIO
    /// The plan as entered so far, and whether anything was entered.
    private let state: Mutex<(plan: SafetyPlan, changed: Bool)>
    private let sources = Mutex<[DispatchSourceSignal]>([])

    init(_ plan: SafetyPlan, path: String, io: any CommandIO) {
        self.path = path
        self.io = io
        state = Mutex((plan, false))
    }

    /// A part was entered (kept, cleared or written).
    func update(_ plan: SafetyPlan) {
        state.withLock { s in
            s.changed = s.changed || s.plan != plan
            s.plan = plan
        }
    }

    /// From now on the signals keep what was entered. Only for the process's own streams (tests run
    /// commands in process); installed once (see `installPlaySignalSources`).
    func catchSignals() {
        guard io is StandardIO else { return }
        sources.withLock { list in
            guard list.isEmpty else { return }
            list = installPlaySignalSources([SIGINT, SIGTERM, SIGHUP]) { [self] sig in stop(by: sig) }
        }
    }

    private func stop(by signal: Int32) -> Never {
        state.withLock { s -> Never in
            var said = "Stopped. Nothing was changed."
            if s.changed {
                // Its own connection: the edit loop's may be in the middle of a read.
                do {
                    try JournalStore.open(path: path).saveSafetyPlan(s.plan, at: Date())
                    said = "Stopped. What you entered is saved; see it with: allin safety-plan show"
                } catch {
                    said = "Stopped. What you entered could not be saved (\(Visible.text(String(describing: error), limit: 120)))."
                }
            }
            io.out("\n\(said)\n")
            _exit(128 + signal)
        }
    }
}
