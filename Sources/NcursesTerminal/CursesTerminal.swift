import AllinUI
import CNcursesw
import CTermSupport
import Glibc

/// Why the full-screen front can't start here.
public enum TerminalError: Error, Equatable {
    case termUnset
    case dumbTerminal(String)
    case cannotStart(String)

    /// Calm, specific text for standard error.
    public var message: String {
        switch self {
        case .termUnset:
            return "allin: TERM is not set, so the full-screen check-in can't draw here.\nTry 'allin --plain' for the line-by-line check-in.\n"
        case let .dumbTerminal(term):
            return "allin: this terminal (TERM=\(term)) can't show the full-screen check-in.\nTry 'allin --plain' for the line-by-line check-in.\n"
        case let .cannotStart(term):
            return "allin: the terminal type '\(term)' is not known here, so the full-screen check-in can't start.\nTry 'allin --plain', or set TERM to xterm-256color.\n"
        }
    }
}

/// Restores the terminal: bracketed paste off, then `endwin`. Runs once, from `end()`, `atexit`, or a
/// crash handler (so it uses only C calls).
private let restoreTerminal: ts_restore_hook = {
    let off = "\u{1B}[?2004l"
    _ = off.withCString { ts_write_all(1, $0, strlen($0)) }
    if !isendwin() { endwin() }
}

/// The ncursesw terminal: draws canvases (colours by role, or a monochrome theme under NO_COLOR or
/// without colours), reads keys as `Key`s, reports resizes, pastes and termination signals, suspends on
/// Ctrl-Z, writes OSC 8 links where supported, and restores the terminal on every exit path.
public final class CursesTerminal: TerminalPort {
    private let window: UnsafeMutablePointer<WINDOW>
    private let screen: OpaquePointer
    public let theme: Theme
    public let linksEnabled: Bool
    private var attributes: [(attr: attr_t, pair: Int16)] = []
    private var ended = false
    private var cursorVisible = false
    /// A resize seen while input was being discarded, reported by the next `nextEvent`.
    private var pendingResize = false
    /// True when the locale was not UTF-8 and C.UTF-8 was used for the character type.
    public let fellBackToUTF8: Bool

    public init(environment: [String: String]) throws(TerminalError) {
        let term = environment["TERM"] ?? ""
        if term.isEmpty { throw .termUnset }
        if term == "dumb" || term == "unknown" { throw .dumbTerminal(term) }
        fellBackToUTF8 = ts_setup_utf8_locale() == 1
        ts_install_signal_handlers()
        ts_unblock_signals()
        guard let output = fdopen(1, "w"), let input = fdopen(0, "r"), let screen = newterm(nil, output, input),
              let window = allin_stdscr() else {
            throw .cannotStart(term)
        }
        self.screen = screen
        self.window = window
        ts_install_crash_restore(restoreTerminal)
        ts_capture_stderr_begin()
        raw()
        noecho()
        nonl()
        keypad(window, true)
        meta(window, true)
        set_escdelay(25)
        curs_set(0)
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        if !noColor, has_colors() {
            start_color()
            use_default_colors()
            theme = .color
        } else {
            theme = .monochrome
        }
        linksEnabled = LinkSupport.detect(environment)
        _ = "\u{1B}[200~".withCString { define_key($0, allin_key_max() + 1) }
        _ = "\u{1B}[201~".withCString { define_key($0, allin_key_max() + 2) }
        setUpAttributes()
        writeRaw("\u{1B}[?2004h")
    }

    deinit { end() }

    /// Runs `hook` first if the process crashes, before the terminal is restored (it must be
    /// async-signal-safe, e.g. killing child processes).
    public static func setCrashHook(_ hook: @convention(c) () -> Void) { ts_set_crash_hook(hook) }

    public var size: Size { Size(width: Int(getmaxx(window)), height: Int(getmaxy(window))) }

    /// Role → attributes and colour pair, computed once.
    private func setUpAttributes() {
        let useColor = theme.usesColor && has_colors()
        for role in Role.allCases {
            let style = theme[role]
            var attr = allin_a_normal()
            if style.bold { attr |= allin_a_bold() }
            if style.dim { attr |= allin_a_dim() }
            if style.reverse { attr |= allin_a_reverse() }
            if style.underline { attr |= allin_a_underline() }
            var pair: Int16 = 0
            if useColor, style.fg != nil || style.bg != nil, Int(role.rawValue) + 1 < Int(allin_color_pairs()) {
                pair = Int16(role.rawValue) + 1
                init_pair(pair, Int16(style.fg?.rawValue ?? -1), Int16(style.bg?.rawValue ?? -1))
            }
            attributes.append((attr, pair))
        }
    }

    public func nextEvent(timeoutMilliseconds: Int) -> TerminalEvent? {
        if let sig = pendingSignal() { return .terminated(signal: sig) }
        if pendingResize {
            pendingResize = false
            return .resize(size)
        }
        // The loop may have moved to another thread (the main actor's queue is drained by any
        // worker after an await): unblock here so signals and resizes interrupt the wait at once.
        ts_unblock_signals()
        setTimeout(Int32(max(0, timeoutMilliseconds)))
        var wch: wint_t = 0
        let status = getWch(&wch)
        if let sig = pendingSignal() { return .terminated(signal: sig) }
        if status == ERR { return inputClosed() ? .closed : nil }
        if status == KEY_CODE_YES {
            if Int32(bitPattern: wch) == KEY_RESIZE { return .resize(size) }
            if wch == KeyDecoder.pasteStart { return .paste(readPaste()) }
            if wch == KeyDecoder.pasteEnd { return nil }
        }
        if status == OK, wch == 27, restOfEscapeSequence() { return nil }
        return KeyDecoder.decode(status: status, value: wch).map(TerminalEvent.key)
    }

    /// After an Esc, whether a sequence ncurses does not know came with it (ncurses waits
    /// `set_escdelay` for one): CSI ("Esc [") or SS3 ("Esc O"), a key the terminal type lacks, is read
    /// to its final byte and dropped (found from outside: Home under a mismatched TERM went back a
    /// step and typed "[1~" into the step before). Anything else after the Esc is put back and the Esc
    /// is the Esc key: Esc then a key typed at once is two keys, and Alt with a letter can't be told
    /// from it.
    private func restOfEscapeSequence() -> Bool {
        let saved = timeout
        defer { setTimeout(saved) }
        setTimeout(0)
        let c = wgetch(window)
        guard c != ERR else { return false }
        guard c == 0x5B || c == 0x4F else {
            ungetch(c)
            return false
        }
        for _ in 0..<16 {
            let b = wgetch(window)
            if b == ERR || (0x40...0x7E).contains(b) { break }
        }
        return true
    }

    /// How long input must be quiet before a question that has just opened takes keys: a paste that
    /// arrives in pieces (over ssh, say) is still one burst.
    ///
    /// Why a time window and not flushinp alone: flushinp drops only what has already arrived, and a
    /// paste without bracketed paste does not always arrive at once (ssh sends it in packets; some web
    /// and Windows terminals type it out). Measured in tmux: "i'm a burden to everyone⏎" pasted, then
    /// "yes, the kids…" 100 ms later, answered "Yes, I'm safe" with flushinp alone; with the window it
    /// is dropped. The window loses no answer: the runtime draws the question only after this returns
    /// (effects run before `present`), so every key dropped here was sent before the question could be
    /// seen: typing ahead, meant for the screen the person expected next.
    static let quietMilliseconds: Int32 = 150
    /// The longest the discarding goes on, even if keys keep coming (a key held down).
    static let discardLimitMilliseconds = 2000

    /// Bytes waiting on the input (ncurses reads the terminal a byte at a time, so what a paste sent
    /// after the key just read is still there). It waits a moment for them: a paste can arrive in
    /// pieces (over ssh), while a person's next key never comes within 20 ms of the last.
    public func hasPendingInput() -> Bool {
        var fds = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        return poll(&fds, 1, 20) > 0 && fds.revents & Int16(POLLIN) != 0
    }

    @discardableResult
    public func discardPendingInput() -> String {
        // What the terminal driver and ncurses already hold, then whatever follows in the same burst,
        // until the input has been quiet for a moment. The keys are read, not flushed unseen: what
        // they spell goes back to the app, which runs the crisis check on it ("y" then "es but i
        // have the pills here" must not be dropped unread).
        var typed = String.UnicodeScalarView()
        let clock = ContinuousClock()
        let limit = clock.now + .milliseconds(Self.discardLimitMilliseconds)
        setTimeout(Self.quietMilliseconds)
        while clock.now < limit, typed.count < 20_000 {
            var wch: wint_t = 0
            let status = getWch(&wch)
            if status == ERR { break }
            guard status == KEY_CODE_YES else {
                if wch == 13 || wch == 10 || wch == 9 {
                    typed.append(" ")
                } else if wch >= 32, wch != 127, let scalar = Unicode.Scalar(wch) {
                    typed.append(scalar)
                }
                continue
            }
            if Int32(bitPattern: wch) == KEY_RESIZE { pendingResize = true }
            if wch == KeyDecoder.pasteStart { typed.append(contentsOf: readPaste().unicodeScalars); typed.append(" ") }
        }
        flushinp()
        return String(typed)
    }

    private func pendingSignal() -> Int32? {
        let sig = ts_take_pending_signal()
        return sig == 0 ? nil : sig
    }

    /// wget_wch returns ERR at once when the terminal is gone; a zero-timeout poll tells that from a timeout.
    private func inputClosed() -> Bool {
        var fds = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        guard poll(&fds, 1, 0) >= 0 else { return false }
        return fds.revents & Int16(POLLHUP | POLLNVAL | POLLERR) != 0
    }

    /// The input wait set last (`wtimeout`), so a character's later bytes can be waited for and the
    /// wait put back.
    private var timeout: Int32 = -1

    private func setTimeout(_ ms: Int32) {
        timeout = ms
        wtimeout(window, ms)
    }

    /// One character, as `wget_wch` gives it (status OK with a character, KEY_CODE_YES with a key
    /// code, or ERR), but read as bytes and decoded by `KeyDecoder.utf8`: ncurses' own decoding
    /// swallowed the rest of a paste after a byte that is not UTF-8 (found from outside: "caf\u{E9}
    /// was closed … kill myself tonight", a Latin-1 é, left "caf" in the field, unread). Such a
    /// byte is now U+FFFD and the rest is kept.
    private func getWch(_ wch: inout wint_t) -> Int32 {
        let c = wgetch(window)
        if c == ERR { return ERR }
        if c > 255 {
            wch = wint_t(UInt32(bitPattern: c))
            return KEY_CODE_YES
        }
        guard c >= 0x80 else {
            wch = wint_t(c)
            return OK
        }
        // The rest of a character comes with its first byte; a short wait, then the old one back.
        wtimeout(window, 50)
        defer { wtimeout(window, timeout) }
        wch = wint_t(KeyDecoder.utf8(lead: UInt8(c), next: {
            let n = wgetch(window)
            if n == ERR { return nil }
            guard n <= 255 else {
                ungetch(n)
                return nil
            }
            return UInt8(n)
        }, putBack: { ungetch(Int32($0)) }))
        return OK
    }

    /// Reads until the paste end marker; line breaks inside stay text, never Enter. The whole paste is
    /// one event however long it is (found from outside: a paste stopped being one at 20,000
    /// characters, and the rest arrived as typed keys, each refused at the field's limit and checked
    /// again: 50,000 pasted characters held every key, F2 included, for 30 s). Past `pasteKept`
    /// characters the rest is read and dropped, so it never turns into keys.
    private func readPaste() -> String {
        var text = String.UnicodeScalarView()
        var kept = 0   // counted here: a scalar view's count walks the whole text
        setTimeout(200)
        while true {
            var wch: wint_t = 0
            let status = getWch(&wch)
            if status == ERR { break }
            if status == KEY_CODE_YES {
                if wch == KeyDecoder.pasteEnd { break }
                continue
            }
            guard kept < Self.pasteKept else { continue }
            if wch == 13 {
                text.append("\n")
                kept += 1
            } else if let scalar = Unicode.Scalar(wch) {
                text.append(scalar)
                kept += 1
            }
        }
        return String(text)
    }

    /// The most of one paste kept (about 4 MB): far past every field's limit, and all of it is still
    /// read by the crisis check when the field refuses it.
    static let pasteKept = 1_000_000

    public func present(_ canvas: Canvas, changes: [CellRun]) {
        guard !ended else { return }
        for run in changes {
            let (attr, pair) = attributes[Int(run.role.rawValue)]
            wattr_set(window, attr, pair, nil)
            var wide = run.text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
            let count = Int32(wide.count)
            wide.append(0)
            // The bottom-right cell reports ERR (the cursor can't advance) but is drawn; ignore it.
            _ = mvwaddnwstr(window, Int32(run.row), Int32(run.col), wide, count)
        }
        wattr_set(window, allin_a_normal(), 0, nil)
        if let cursor = canvas.cursor {
            if !cursorVisible { curs_set(1); cursorVisible = true }
            wmove(window, Int32(cursor.row), Int32(cursor.col))
        } else if cursorVisible {
            curs_set(0)
            cursorVisible = false
        }
        wnoutrefresh(window)
        doupdate()
        if linksEnabled, !canvas.links.isEmpty { writeLinks(canvas) }
    }

    /// Rewrites each link's text wrapped in OSC 8, then puts the cursor back where ncurses left it.
    private func writeLinks(_ canvas: Canvas) {
        var out = "\u{1B}7"
        for link in canvas.links where link.row < canvas.height {
            out += "\u{1B}[\(link.row + 1);\(link.col + 1)H\u{1B}[4m\u{1B}]8;;\(link.url)\u{1B}\\"
            out += link.text + "\u{1B}]8;;\u{1B}\\\u{1B}[0m"
        }
        out += "\u{1B}8"
        writeRaw(out)
    }

    public func suspend() {
        guard !ended else { return }
        writeRaw("\u{1B}[?2004l")
        def_prog_mode()
        endwin()
        ts_capture_stderr_end()
        ts_stop_self()
        ts_capture_stderr_begin()
        reset_prog_mode()
        writeRaw("\u{1B}[?2004h")
        clearok(allin_curscr(), true)
        wrefresh(window)
    }

    /// Gives the terminal back: paste mode off, `endwin`, stderr restored. Safe to call twice.
    public func end() {
        guard !ended else { return }
        ended = true
        ts_run_restore_once()
        ts_capture_stderr_end()
        delscreen(screen)
    }

    /// Writes bytes straight to the terminal, outside ncurses' buffer (after it has flushed).
    private func writeRaw(_ text: String) {
        _ = text.withCString { ts_write_all(1, $0, strlen($0)) }
    }
}
