import AllinAudio
import AllinUI
import CProcessSupport
import Dispatch
import Foundation
import Synchronization

/// What the person (or a signal) asked the player to do. `unusedLine`: a line typed on a terminal
/// that does nothing while the session plays (said, so no one thinks it did something).
enum PlayControl: Equatable {
    case togglePause, back, forward, toggleCaptions, stop, unusedLine
    /// y and n, the answers to "Stop the session now?" (keys only).
    case yes, no
}

/// How the line-based prompts (`allin --plain`, `allin plan next`) read what is typed while a
/// session plays: a whole line at a time, every line in the order typed, never single keys (a word
/// typed on a terminal is read as words, not as presses of its letters). A stop word stops the
/// session; 'p' pauses it or goes on; a line the caller must read at once (`mustRead`: the crisis
/// check did not clear it, or it asks for help) stops the session and is left in `heard` for the
/// caller's crisis support. Other lines are kept for the questions after the session when the input
/// is not a terminal (answers written ahead in a pipe), and said to do nothing on a terminal, where
/// the person answers each question as it shows.
final class PlayLines {
    let io: any CommandIO
    let mustRead: (String) -> Bool
    /// The line that stopped the session for the caller to read, if one did.
    var heard: String?

    init(io: any CommandIO, mustRead: @escaping (String) -> Bool) {
        self.io = io
        self.mustRead = mustRead
    }

    /// Typed as a line of its own, each stops the session.
    static let stopLines: Set<String> = ["q", "x", "quit", "stop"]
    /// Typed as a line of its own, each pauses the session or goes on.
    static let pauseLines: Set<String> = ["p", "pause"]

    /// What acts while a session plays, said before it plays (wrapped, one or more lines).
    static func hint(inputIsTerminal: Bool) -> String {
        let text = inputIsTerminal
            ? "While it plays, type a line and press Enter: q, x, quit or stop ends it; p pauses or goes on; "
                + "help opens crisis support. Every line is read; other lines do nothing until it ends."
            : "While it plays, a line q, x, quit or stop ends it, p pauses or goes on, and help opens crisis support; "
                + "every line is read, and other lines wait for the questions after it."
        return Wrap.lines(text, width: 78).joined(separator: "\n")
    }

    /// The lines typed within `timeout` seconds, read in order, as controls.
    func read(timeout: Double) -> [PlayControl] {
        let deadline = Monotonic.now() + timeout
        var out: [PlayControl] = []
        while let line = io.nextLine(within: max(0, deadline - Monotonic.now())) {
            let word = line.trimmingCharacters(in: .whitespaces).lowercased()
            if Self.stopLines.contains(word) { return out + [.stop] }
            if Self.pauseLines.contains(word) {
                out.append(.togglePause)
            } else if mustRead(line) {
                heard = line
                return out + [.stop]
            } else if !io.inputIsTerminal {
                io.keepForLater(line)
            } else if !word.isEmpty {
                out.append(.unusedLine)
            }
            if Monotonic.now() >= deadline { break }
        }
        return out
    }
}

/// Keys read from a terminal in character mode, and the signals that end or suspend `allin play`.
/// The terminal's mode is restored on every way out.
final class PlayControls {
    private var sources: [DispatchSourceSignal] = []
    /// The signals these controls installed sources for (and give back to their default on finish).
    private var installed: [Int32] = []
    private(set) var keysActive = false
    private var pending: [UInt8] = []
    /// Where lines are read instead of keys (the line-based prompts).
    private let lines: PlayLines?

    /// Installs handlers for SIGINT, SIGTERM, SIGHUP (and SIGTSTP when the input is a terminal, so
    /// Ctrl-Z pauses the session before allin stops, whether keys or lines are read), and puts a
    /// terminal standard input into character mode, unless `lines` reads whole lines instead.
    /// `signalsForwarded`: the caller already answers SIGINT, SIGTERM
    /// and SIGHUP and leaves them in `pendingPlaySignal` while this plays (`allin --plain`); a
    /// second set of sources would take dispatch's handler away (see `installPlaySignalSources`).
    init(readKeys: Bool, lines: PlayLines? = nil, signalsForwarded: Bool = false) {
        self.lines = lines
        keysActive = lines == nil && readKeys && cps_tty_enter_keys(0) == 0
        var signals = signalsForwarded ? [] : [SIGINT, SIGTERM, SIGHUP]
        if readKeys { signals.append(SIGTSTP) }
        installed = signals
        sources = signals.isEmpty ? [] : installPlaySignalSources(signals)
    }

    /// Puts the terminal back as it was and stops watching signals.
    func finish() {
        if keysActive { cps_tty_restore() }
        keysActive = false
        for s in sources { s.cancel() }
        // The signals act as usual again (a later Ctrl-C or SIGTERM at a prompt ends allin).
        for sig in installed { signal(sig, SIG_DFL) }
        installed = []
        sources = []
    }

    /// Leaves character mode for a moment (before suspending), and enters it again after.
    func suspendKeys() { if keysActive { cps_tty_restore() } }
    func resumeKeys() { if keysActive { _ = cps_tty_enter_keys(0) } }

    /// A pending signal (taken once), or 0.
    func takeSignal() -> Int32 { pendingPlaySignal.exchange(0, ordering: .relaxed) }

    /// The answer to "Resume from 3:12?".
    enum ResumeAnswer: Equatable {
        case resume, restart
        /// q or x, or a signal (its number; 0 for a key).
        case stop(signal: Int32)
    }

    /// Waits for Enter or Space (resume), r (start over), or q / x / Esc (stop); a termination
    /// signal stops too. Only called when keys are read.
    func askResume() -> ResumeAnswer {
        while true {
            let sig = takeSignal()
            if sig != 0, sig != SIGTSTP { return .stop(signal: sig) }
            var pfd = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 100) > 0 else { continue }
            var buf = [UInt8](repeating: 0, count: 64)
            let n = Glibc.read(0, &buf, buf.count)
            if n <= 0 { return .stop(signal: 0) }
            for b in buf[..<n] {
                switch b {
                case 0x0D, 0x0A, UInt8(ascii: " "): return .resume
                case UInt8(ascii: "r"), UInt8(ascii: "R"): return .restart
                case UInt8(ascii: "q"), UInt8(ascii: "Q"), UInt8(ascii: "x"), UInt8(ascii: "X"), 0x1B: return .stop(signal: 0)
                default: continue
                }
            }
        }
    }

    /// Waits up to `timeout` seconds for a key; returns the controls typed.
    func read(timeout: Double) -> [PlayControl] {
        guard keysActive else {
            if let lines { return lines.read(timeout: timeout) }
            usleep(UInt32(timeout * 1_000_000))
            return []
        }
        var pfd = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        if poll(&pfd, 1, Int32(timeout * 1000)) > 0 {
            var buf = [UInt8](repeating: 0, count: 64)
            let n = Glibc.read(0, &buf, buf.count)
            if n > 0 { pending += buf[..<n] }
        }
        let (controls, rest) = PlayControls.decode(pending)
        pending = rest
        return controls
    }

    /// Turns typed bytes into controls; returns what is left of an unfinished escape sequence.
    static func decode(_ bytes: [UInt8]) -> ([PlayControl], [UInt8]) {
        var out: [PlayControl] = []
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x1B {
                guard i + 1 < bytes.count else { return (out, Array(bytes[i...])) }
                let next = bytes[i + 1]
                guard next == UInt8(ascii: "[") || next == UInt8(ascii: "O") else { i += 1; continue }   // lone Esc
                // CSI / SS3: parameter and intermediate bytes, then one final byte 0x40–0x7E.
                var j = i + 2
                while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                guard j < bytes.count else { return (out, Array(bytes[i...])) }
                if bytes[j] == UInt8(ascii: "C") { out.append(.forward) }
                if bytes[j] == UInt8(ascii: "D") { out.append(.back) }
                i = j + 1
                continue
            }
            switch b {
            case UInt8(ascii: " "), UInt8(ascii: "p"), UInt8(ascii: "P"): out.append(.togglePause)
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), UInt8(ascii: "s"), UInt8(ascii: "S"), UInt8(ascii: "x"), UInt8(ascii: "X"):
                out.append(.stop)
            case UInt8(ascii: "c"), UInt8(ascii: "C"): out.append(.toggleCaptions)
            case UInt8(ascii: "y"), UInt8(ascii: "Y"): out.append(.yes)
            case UInt8(ascii: "n"), UInt8(ascii: "N"): out.append(.no)
            default: break
            }
            i += 1
        }
        return (out, [])
    }
}

/// The last termination or suspend signal seen, for the play loop to act on.
let pendingPlaySignal = Atomic<Int32>(0)

/// Built outside any actor: dispatch runs these handlers on its own queue. By default a signal is
/// left in `pendingPlaySignal` for the play loop; `allin --plain` acts on it at a prompt. Returns
/// once dispatch has registered every source: a signal ignored for the source arriving before that
/// would be lost (a SIGTERM right after the next prompt showed did nothing). On Linux dispatch sets
/// its own handler for a signal only the first time a source for it is made in the process, so a
/// signal given back to its default and watched again is ignored: install once per process.
nonisolated func installPlaySignalSources(_ signals: [Int32], _ handler: @escaping @Sendable (Int32) -> Void = {
    pendingPlaySignal.store($0, ordering: .relaxed)
}) -> [DispatchSourceSignal] {
    let registered = DispatchSemaphore(value: 0)
    let sources = signals.map { sig in
        signal(sig, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
        source.setEventHandler { @Sendable in handler(sig) }
        source.setRegistrationHandler { @Sendable in registered.signal() }
        source.resume()
        return source
    }
    // Bounded, so a busy machine slows the start a little at most.
    for _ in sources { _ = registered.wait(timeout: .now() + 2) }
    return sources
}
