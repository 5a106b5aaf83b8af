import AllinCore
import AllinStore
import Foundation
import Synchronization

/// The parts of the safety plan written or cleared so far by `allin safety-plan edit`. Only those
/// parts are saved, onto the plan as stored at that moment (`JournalStore.saveSafetyPlanParts`): a
/// part kept with Enter is never written back, so what another allin saved meanwhile stays. Ctrl-C,
/// SIGTERM or SIGHUP save them too (as 'quit' does), say so in one line and end allin (128 + the
/// signal), the way `allin --plain` answers them (`PromptSignals`).
final class SafetyPlanDraft: Sendable {
    private let path: String
    private let io: any CommandIO
    /// Each part the person wrote ("" for one cleared), by part.
    private let state = Mutex<[SafetyPlan.Part: String]>([:])
    private let signals: PromptSignals

    init(path: String, io: any CommandIO) {
        self.path = path
        self.io = io
        signals = PromptSignals(io: io)
    }

    /// The person wrote `text` as `part` ("" clears it).
    func set(_ part: SafetyPlan.Part, _ text: String) {
        state.withLock { $0[part] = text }
    }

    /// What the person wrote, part by part.
    var edits: [SafetyPlan.Part: String] { state.withLock { $0 } }

    /// Saves the parts written onto the plan as stored now; the plan as saved.
    func save(_ store: JournalStore) throws -> SafetyPlan {
        try state.withLock { edits in try store.saveSafetyPlanParts(edits, at: Date()) }
    }

    /// From now on the signals keep what was entered (`PromptSignals`).
    func catchSignals() {
        signals.catchSignals { [self] sig in stop(by: sig) }
    }

    private func stop(by signal: Int32) -> Never {
        state.withLock { edits -> Never in
            var said = "Stopped. Nothing was changed."
            if !edits.isEmpty {
                // Its own connection: the edit loop's may be in the middle of a read.
                do {
                    try JournalStore.open(path: path).saveSafetyPlanParts(edits, at: Date())
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
