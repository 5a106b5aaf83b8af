import AllinCore
import AllinUI

/// How the loop ended.
public enum RuntimeExit: Equatable, Sendable {
    case quit
    case signal(Int32)
    case closed

    /// The process exit status for this ending (128 + signal, as shells expect).
    public var status: Int32 {
        switch self {
        case .quit: return 0
        case let .signal(sig): return 128 + sig
        case .closed: return 0
        }
    }
}

/// The imperative shell around `App`: reads terminal events, runs `update`, performs effects (routing
/// with the core router, handing sessions on), and presents each new frame as a diff.
@MainActor
public final class AppRuntime {
    public private(set) var state: AppState
    private let terminal: any TerminalPort
    private let router: Router
    private var previous: Canvas?
    private var nextTick: ContinuousClock.Instant?
    private let clock = ContinuousClock()
    public private(set) var framesPresented = 0

    /// Called with the slug when the person starts a session (the player's seam).
    public var onStartSession: ((String) -> Void)?
    /// Called when the consent question is answered (the journal's seam).
    public var onConsent: ((Bool) -> Void)?
    /// Called once, after the first frame is presented.
    public var onFirstFrame: (() -> Void)?
    /// Where the journal screen reads from; an empty journal until the executable sets the real one.
    public var journalReader = JournalReader.empty

    public init(context: AppContext, terminal: any TerminalPort, router: Router? = nil) {
        self.terminal = terminal
        self.router = router ?? Router(catalog: context.catalog)
        self.state = AppState(context: context, size: terminal.size)
    }

    /// Runs until quit, a termination signal, or the end of input.
    public func run() async -> RuntimeExit {
        present()
        while true {
            let wantsTicks = state.wantsTicks
            if wantsTicks, nextTick == nil { nextTick = clock.now + .seconds(1) }
            if !wantsTicks { nextTick = nil }
            let wait = nextTick.map { max(0, milliseconds(until: $0)) } ?? 500
            let event = terminal.nextEvent(timeoutMilliseconds: wait)
            var msg: Msg?
            switch event {
            case nil:
                // The requested time passed: that is the tick.
                if wantsTicks {
                    nextTick = clock.now + .seconds(1)
                    msg = .clockTicked
                }
            case let .key(key): msg = .keyPressed(key)
            case let .paste(text): msg = .textPasted(text)
            case let .resize(size):
                previous = nil
                msg = .terminalResized(size)
            case let .terminated(sig): return .signal(sig)
            case .closed: return .closed
            }
            guard let msg else { continue }
            if let exit = await send(msg) { return exit }
            present()
        }
    }

    /// Applies a message and performs its effects (and theirs). Returns an exit when one asked to quit.
    public func send(_ msg: Msg) async -> RuntimeExit? {
        var queue = [msg]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            for effect in App.update(&state, next) {
                switch effect {
                case let .routeCheckIn(checkIn):
                    present()
                    queue.append(.checkInRouted(await router.route(checkIn)))
                case let .routeLab(checkIn, revision):
                    queue.append(.labRouted(revision: revision, await router.route(checkIn)))
                case let .startSession(slug): onStartSession?(slug)
                case let .recordConsent(granted): onConsent?(granted)
                case .loadJournal, .searchJournal:
                    if case .loadJournal = effect { present() }
                    if let answer = journalReader.answer(effect) { queue.append(answer) }
                case .suspend:
                    terminal.suspend()
                    previous = nil
                    if terminal.size != state.size { queue.append(.terminalResized(terminal.size)) }
                case .quit: return .quit
                }
            }
        }
        return nil
    }

    /// Draws the state and presents the cells that changed since the last frame.
    public func present() {
        let canvas = App.view(state, size: state.size)
        terminal.present(canvas, changes: canvas.changes(from: previous))
        previous = canvas
        framesPresented += 1
        if framesPresented == 1 { onFirstFrame?() }
    }

    private func milliseconds(until instant: ContinuousClock.Instant) -> Int {
        let c = (instant - clock.now).components
        return Int(c.seconds * 1000 + c.attoseconds / 1_000_000_000_000_000)
    }
}
