import AllinUI
import Foundation

/// Text written in pieces, broken at spaces to a width: each further row takes the indent its line
/// began with. Pure, so every case is tested without a terminal.
struct LineWrapper {
    /// The longest row, in terminal columns (one under the terminal's width, so it never wraps itself).
    let limit: Int
    private(set) var column = 0
    private var indent = 0
    private var atLineStart = true
    private var pendingSpaces = 0

    init(width: Int) { limit = max(10, width - 1) }

    /// The cursor is at the start of a row again (the person pressed Enter after a prompt).
    mutating func newLine() {
        column = 0
        indent = 0
        atLineStart = true
        pendingSpaces = 0
    }

    /// `text` with a line break where a word would run past the limit. Spaces at the end of a piece
    /// are written (a prompt's "…: " waits for the answer after its space).
    mutating func wrap(_ text: String) -> String {
        var out = ""
        var word = ""
        func flushWord() {
            guard !word.isEmpty else { return }
            let width = TextWidth.of(word)
            if !atLineStart, column + pendingSpaces + width > limit {
                out += "\n" + String(repeating: " ", count: indent)
                column = indent
            } else {
                out += String(repeating: " ", count: pendingSpaces)
                column += pendingSpaces
            }
            pendingSpaces = 0
            // A word longer than a row is cut where the row ends.
            for ch in word {
                let w = TextWidth.of(String(ch))
                if column + w > limit, column > indent {
                    out += "\n" + String(repeating: " ", count: indent)
                    column = indent
                }
                out.append(ch)
                column += w
            }
            atLineStart = false
            word = ""
        }
        for ch in text {
            switch ch {
            case "\n", "\r\n":
                flushWord()
                out += "\n"
                newLine()
            case " ":
                flushWord()
                if atLineStart {
                    out += " "
                    column += 1
                    indent = min(column, limit / 2)
                } else {
                    pendingSpaces += 1
                }
            default:
                word.append(ch)
            }
        }
        flushWord()
        if pendingSpaces > 0 {
            out += String(repeating: " ", count: pendingSpaces)
            column += pendingSpaces
            pendingSpaces = 0
        }
        return out
    }
}

/// The line-based prompts on a terminal: standard output broken at spaces to the terminal's width
/// (found from outside: `allin --plain` wrote 80-column lines, some 83 wide, and a 40-column terminal
/// broke them mid-word, "Not enoug / h", half-words for a screen reader). Piped output is not wrapped.
final class WrappingIO: CommandIO, OutputProbe, @unchecked Sendable {
    private let base: any CommandIO
    private let lock = NSLock()
    private var wrapper: LineWrapper

    /// The terminal's width in columns.
    let width: Int

    init(_ base: any CommandIO, width: Int) {
        self.base = base
        self.width = width
        wrapper = LineWrapper(width: width)
    }

    /// `io` wrapped to the terminal's width when it writes to a terminal; otherwise `io` itself.
    static func forTerminal(_ io: any CommandIO) -> any CommandIO {
        guard io is StandardIO, (io as? OutputProbe)?.outputIsTerminal == true else { return io }
        return WrappingIO(io, width: StandardIO.columns)
    }

    var outputIsTerminal: Bool { (base as? OutputProbe)?.outputIsTerminal ?? false }

    func out(_ text: String) { base.out(lock.withLock { wrapper.wrap(text) }) }
    func outChecked(_ text: String) -> Bool { base.outChecked(lock.withLock { wrapper.wrap(text) }) }
    func err(_ text: String) { base.err(text) }
    func readInput(upTo count: Int) -> Data { base.readInput(upTo: count) }
    var inputIsTerminal: Bool { base.inputIsTerminal }

    func readInputLine() -> String? {
        let line = base.readInputLine()
        lock.withLock { wrapper.newLine() }
        return line
    }

    func nextLine(within timeout: Double) -> String? {
        let line = base.nextLine(within: timeout)
        if line != nil { lock.withLock { wrapper.newLine() } }
        return line
    }

    func keepForLater(_ line: String) { base.keepForLater(line) }
}
