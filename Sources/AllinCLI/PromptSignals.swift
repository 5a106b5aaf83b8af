import Dispatch
import Foundation
import Synchronization

/// Ctrl-C, SIGTERM and SIGHUP at the line prompts (`allin --plain`, `allin plan next`,
/// `allin safety-plan edit`): the command's `stop` keeps what was answered, says so in one line and
/// ends allin (128 + the signal). While a session plays, its play loop answers them instead (it stops
/// the session and says where it stopped; `PlayControls`, `signalsForwarded`), and a signal that came
/// as the session ended is answered after it. Installed once per process (see
/// `installPlaySignalSources`), and only for the process's own streams (tests run commands in process).
final class PromptSignals: Sendable {
    private let io: any CommandIO
    private let sources = Mutex<[DispatchSourceSignal]>([])
    private let stop = Mutex<(@Sendable (Int32) -> Void)?>(nil)
    private let playing = Atomic<Bool>(false)

    init(io: any CommandIO) { self.io = io }

    /// From now on the signals call `stop` (the first one given stays); true when they are caught, so
    /// the play loop is to leave them to this (`signalsForwarded`).
    @discardableResult func catchSignals(_ stop: @escaping @Sendable (Int32) -> Void) -> Bool {
        guard io is StandardIO else { return false }
        sources.withLock { list in
            guard list.isEmpty else { return }
            self.stop.withLock { $0 = stop }
            list = installPlaySignalSources([SIGINT, SIGTERM, SIGHUP]) { [self] sig in
                if playing.load(ordering: .relaxed) {
                    pendingPlaySignal.store(sig, ordering: .relaxed)
                } else {
                    self.stop.withLock { $0 }?(sig)
                }
            }
        }
        return true
    }

    /// While a session plays, its loop answers the signals; after it, a signal that came as it ended
    /// is answered here.
    func playLoopAnswersSignals(_ on: Bool) {
        playing.store(on, ordering: .relaxed)
        if !on {
            let sig = pendingPlaySignal.exchange(0, ordering: .relaxed)
            if sig != 0, sig != SIGTSTP { stop.withLock { $0 }?(sig) }
        }
    }
}
