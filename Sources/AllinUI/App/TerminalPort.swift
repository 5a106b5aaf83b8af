/// What a terminal reports to the runtime.
public enum TerminalEvent: Equatable, Sendable {
    case key(Key)
    /// A whole bracketed paste.
    case paste(String)
    case resize(Size)
    /// A termination signal arrived (SIGINT, SIGTERM, SIGHUP, SIGQUIT).
    case terminated(signal: Int32)
    /// Input ended (the terminal went away, or a test script ran out).
    case closed
}

/// The port the runtime drives: the ncurses adapter and the in-memory test terminal both conform.
public protocol TerminalPort: AnyObject {
    /// The current size in cells.
    var size: Size { get }
    /// The next event, or nil when `timeoutMilliseconds` passed without one.
    func nextEvent(timeoutMilliseconds: Int) -> TerminalEvent?
    /// Shows a frame: `changes` are the runs that differ from the last frame presented (all cells after
    /// `invalidate`); the canvas carries the cursor and links.
    func present(_ canvas: Canvas, changes: [CellRun])
    /// Gives the terminal back to the shell until the process is continued (Ctrl-Z), then takes it again.
    func suspend()
    /// Drops the keys and pastes already waiting to be read, and those still arriving in the same
    /// burst (the rest of a paste), so a question that has just opened is answered only by a key
    /// pressed after it. Resizes, signals and the end of input are kept. Returns the text the dropped
    /// keys and pastes spell (Enter and Tab as spaces), for the crisis check.
    @discardableResult
    func discardPendingInput() -> String
    /// Whether input is already waiting to be read, or comes within a moment (nothing is read).
    func hasPendingInput() -> Bool
}
