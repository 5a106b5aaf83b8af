import AllinCore
import AllinStore
import Foundation
import Synchronization

/// One step of the 10-step plan as `allin plan next` plays it. Every write for the step goes through
/// here, and what is said to be kept is read back from the journal file (`sentence`): with which plan,
/// and what. Another allin may make a new plan while the step plays; the step stays with the plan it
/// was played from, and the sentence says that plan is no longer the one in use. A signal at a
/// prompt (Ctrl-C, SIGTERM, SIGHUP) says in one line what is kept and ends allin (128 + the signal),
/// as `allin --plain` does (`PromptSignals`): each answer is written as soon as it is given.
final class PlanStepJournal: Sendable {
    private let store: JournalStore
    private let plan: Int64
    private let index: Int
    private let count: Int
    private let io: any CommandIO
    /// Held by every write and by a signal's stop, so no stop is said in the middle of a write.
    private let writing = Mutex(())
    private let signals: PromptSignals

    init(store: JournalStore, plan: StoredPlan, index: Int, io: any CommandIO) {
        self.store = store
        self.plan = plan.id
        self.index = index
        count = plan.steps.count
        self.io = io
        signals = PromptSignals(io: io)
    }

    /// The step's session was listened to (`PlaybackRecord.listened`), after `moodBefore`.
    func played(moodBefore: Int?) throws {
        try writing.withLock { _ in try store.recordPlanStepPlayed(plan: plan, index: index, moodBefore: moodBefore, at: Date()) }
    }

    /// The mood after and the note (nil: not given).
    func reflected(moodAfter: Int?, note: String?) throws {
        try writing.withLock { _ in
            try store.recordPlanStepReflection(plan: plan, index: index, moodAfter: moodAfter, note: note, at: Date())
        }
    }

    /// From now on Ctrl-C, SIGTERM and SIGHUP say what is kept of the step and end allin; true when
    /// they are caught (the play loop then leaves them to this: `signalsForwarded`).
    @discardableResult func catchSignals() -> Bool {
        signals.catchSignals { [self] sig in stop(by: sig) }
    }

    /// While the session plays, its loop answers the signals; see `PromptSignals`.
    func playLoopAnswersSignals(_ on: Bool) { signals.playLoopAnswersSignals(on) }

    private func stop(by signal: Int32) -> Never {
        writing.withLock { _ -> Never in
            io.out("\nStopped. \(sentence())\n")
            _exit(128 + signal)
        }
    }

    /// One or two sentences: what the journal file keeps of this step, and with which plan.
    func sentence() -> String {
        let stored = try? store.plan(id: plan)
        let replaced = stored?.active != true
        guard let step = stored?.steps.first(where: { $0.step.index == index }), step.playedAt != nil else {
            return replaced ? "Nothing was recorded. A new plan was made meanwhile; see it with: allin plan show"
                : "Nothing was recorded: step \(index) is still next."
        }
        var parts = PlainJournal.moods(before: step.moodBefore, after: step.moodAfter).map { [$0] } ?? []
        if step.note != nil { parts.append("your note") }
        let what = "step \(index) of \(count)" + (parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))")
        guard replaced else { return "Kept with your plan: \(what)." }
        return "Kept with your earlier plan: \(what). A new plan was made while this step played, so the new "
            + "plan does not count it; see the new one with: allin plan show"
    }
}
