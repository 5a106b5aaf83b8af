import AllinUI

/// A terminal in memory: plays a script of events and keeps what a real screen would show, built only
/// from the runs the runtime presents (so the diff is tested too).
public final class MemoryTerminal: TerminalPort {
    public private(set) var size: Size
    /// The cells "on the glass".
    public private(set) var screen: Canvas
    /// What is left to play; `nil` entries are timeouts: the whole wait the runtime asked for passes
    /// on `clock`.
    public var script: [TerminalEvent?]
    /// The time the runtime reads (give the same clock to the runtime).
    public let clock: ManualClock
    public private(set) var framesPresented = 0
    public private(set) var suspensions = 0
    /// Keys and pastes dropped by `discardPendingInput`.
    public private(set) var discarded: [TerminalEvent] = []
    /// The last canvas presented (to compare with what the runs built).
    public private(set) var lastCanvas: Canvas?

    public init(size: Size, script: [TerminalEvent?] = [], clock: ManualClock = ManualClock()) {
        self.size = size
        self.clock = clock
        self.screen = Canvas(size: size)
        self.script = script
    }

    public func nextEvent(timeoutMilliseconds: Int) -> TerminalEvent? {
        guard !script.isEmpty else { return .closed }
        let event = script.removeFirst()
        if event == nil { clock.advance(by: .milliseconds(timeoutMilliseconds)) }
        if case let .resize(newSize) = event { size = newSize }
        return event
    }

    public func present(_ canvas: Canvas, changes: [CellRun]) {
        if screen.size != canvas.size { screen = Canvas(size: canvas.size) }
        screen.apply(changes)
        screen.adoptOverlays(of: canvas)
        lastCanvas = canvas
        framesPresented += 1
    }

    public func suspend() { suspensions += 1 }

    /// Input "already waiting" is the keys and pastes before the script's next timeout (`nil`): they
    /// are dropped, as a paste or typing ahead would be. Anything else stops the discarding.
    /// Whether the keys after an Enter count as already waiting when it is read (`hasPendingInput`),
    /// as the rest of a paste in a terminal that does not mark pastes would. Off by default: a script
    /// is a person typing, whose next key comes after the screen has answered the last.
    public var enterArrivesWithWhatFollows = false

    /// Input "already waiting" is a key or paste before the script's next timeout (`nil`), when
    /// `enterArrivesWithWhatFollows`.
    public func hasPendingInput() -> Bool {
        guard enterArrivesWithWhatFollows else { return false }
        switch script.first {
        case .some(.some(.key)), .some(.some(.paste)): return true
        default: return false
        }
    }

    @discardableResult
    public func discardPendingInput() -> String {
        var typed = ""
        while let first = script.first, let event = first {
            switch event {
            case let .key(key):
                if case let .char(c) = key { typed.append(c) } else if key == .enter || key == .tab { typed.append(" ") }
                discarded.append(event)
                script.removeFirst()
            case let .paste(text):
                typed += text + " "
                discarded.append(event)
                script.removeFirst()
            case .resize, .terminated, .closed:
                return typed
            }
        }
        return typed
    }

    /// The screen as plain text.
    public var text: String { screen.text }
}

extension TerminalEvent {
    /// Key events for each character of `text`, as typing would send them.
    public static func typing(_ text: String) -> [TerminalEvent?] {
        text.map { TerminalEvent.key(.char($0)) }
    }
}
