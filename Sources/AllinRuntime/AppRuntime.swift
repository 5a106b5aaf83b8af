import AllinCore
import AllinUI
import Foundation
import Synchronization

/// How the loop ended.
public enum RuntimeExit: Equatable, Sendable {
    case quit
    /// Quit with Ctrl-C (exit status 130, as if interrupted, as `--plain` gives).
    case interrupted
    case signal(Int32)
    case closed
    /// The crisis detector could not be loaded (the catalog's problems, already worded for a person;
    /// `status` is the exit status the command line gives them).
    case detectorsFailed(message: String, status: Int32)

    /// The process exit status for this ending (128 + signal, as shells expect).
    public var status: Int32 {
        switch self {
        case .quit: return 0
        case .interrupted: return 128 + SIGINT
        case let .signal(sig): return 128 + sig
        case .closed: return 0
        case let .detectorsFailed(_, status): return status
        }
    }
}

/// The imperative shell around `App`: reads terminal events, runs `update`, performs effects (routing
/// with the core router, the player, the journal), and presents each new frame as a diff. It owns the
/// player: whatever way the loop ends, the player is stopped and reaped before `run` returns.
@MainActor
public final class AppRuntime {
    public private(set) var state: AppState
    let terminal: any TerminalPort
    /// The router over the loaded detectors (nil until they are).
    private var router: Router?
    /// The background load of the detectors, when the context started without them (begun once the
    /// first frame is up, so it does not compete with it for the processor).
    private var loading: DetectorLoad?
    private var loadWork: DetectorLoad.Work?
    let journal: any JournalStoring
    let player: any SessionPlayerClient
    let now: () -> Date
    let timeZone: TimeZone
    let renderExecutor: PreparationJob.Executor
    var previous: Canvas?
    private var nextTick: ContinuousClock.Instant?
    private var nextPoll: ContinuousClock.Instant?
    /// Paces the ticks and the player's polls (passed in, so tests move time by hand).
    private let clock: any LoopClock
    /// A render running off the loop, for the session that waits for it.
    var preparation: PreparationJob?
    /// True while the player client runs a session (until it is stopped, ends or fails).
    var playing = false
    public private(set) var framesPresented = 0

    /// How often the player is polled while a session runs.
    public static let pollMilliseconds = 200

    /// When the first frame was presented (for the startup report); nil before it has been.
    public private(set) var firstFrameAt: ContinuousClock.Instant?
    /// Where the journal screen reads from; an empty journal until the executable sets the real one.
    public var journalReader = JournalReader.empty
    /// Builds a beliefs plan's ten steps from an intake (the library's search index lives outside the
    /// pure core; the executable sets this). Nil: plans can't be made here, and the screen says so.
    public var planBuilder: (@Sendable (PlanIntake) throws -> [PlanStep])?
    /// The library's full-text search: matching slugs, best first (nil: it could not run). Set by the executable.
    public var librarySearch: (@Sendable (String) -> [String]?)?

    /// `journal` defaults to one in memory and `player` to read-along text of the descriptions; the
    /// executable passes the SQLite journal and the audio adapter. `now` and `timeZone` date the journal;
    /// `clock` paces the ticks and polls. With `rendersInline` a render runs inside the poll that starts
    /// it (tests), not on a queue.
    public init(context: AppContext, terminal: any TerminalPort, router: Router? = nil,
                journal: (any JournalStoring)? = nil, player: (any SessionPlayerClient)? = nil,
                now: @escaping () -> Date = Date.init, timeZone: TimeZone = .current,
                clock: any LoopClock = SystemLoopClock(), rendersInline: Bool = false) {
        self.clock = clock
        self.renderExecutor = rendersInline ? PreparationJob.inline : PreparationJob.background
        self.terminal = terminal
        self.router = router ?? context.gates.map(Self.router)
        self.journal = journal ?? MemoryJournal()
        self.player = player ?? TextOnlyPlayer()
        self.now = now
        self.timeZone = timeZone
        self.state = AppState(context: context, size: terminal.size)
    }

    /// A runtime that paints at once while `load` builds the detectors off the main actor (the
    /// context starts without them). Messages that could read a person's words wait for the load.
    /// A failed load ends `run` with `RuntimeExit.detectorsFailed`.
    public convenience init(context: AppContext, terminal: any TerminalPort, loadingDetectors load: @escaping DetectorLoad.Work,
                            journal: (any JournalStoring)? = nil, player: (any SessionPlayerClient)? = nil,
                            now: @escaping () -> Date = Date.init, timeZone: TimeZone = .current,
                            clock: any LoopClock = SystemLoopClock()) {
        self.init(context: context, terminal: terminal, journal: journal, player: player, now: now, timeZone: timeZone,
                  clock: clock)
        if context.gates == nil { loadWork = load }
    }

    /// The router sharing the context's detector and classifier (one of each per run).
    private static func router(_ gates: FlowGates) -> Router {
        Router(catalog: gates.catalog, detector: gates.detector, classifier: gates.classifier)
    }

    /// What the background load came to: the message that installs the detectors, or how the run ends.
    private enum LoadOutcome {
        case loaded(Msg)
        case failed(RuntimeExit)
    }

    /// Waits for the background load (at once when it has finished).
    private func loadOutcome() async -> LoadOutcome {
        guard let loading else { return .failed(.closed) }
        switch await loading.result() {
        case let .success(gates):
            router = router ?? Self.router(gates)
            return .loaded(.detectorsLoaded(LoadedDetectors(gates)))
        case let .failure(f):
            return .failed(.detectorsFailed(message: f.message, status: f.status))
        }
    }

    /// Runs until quit, a termination signal, or the end of input; the player never outlives it, and
    /// the journal keeps what it should of a check-in under way (`Msg.appClosing`).
    public func run() async -> RuntimeExit {
        present()
        if let loadWork { loading = DetectorLoad(loadWork) }
        // Read once: crisis support shows the person's own plan first. No plan (or no journal) is none.
        if let plan = try? journal.safetyPlan(), !plan.isEmpty {
            _ = await send(.safetyPlanLoaded(plan))
            present()
        }
        let exit = await loop()
        _ = await send(.appClosing)
        stopPlayer()
        return exit
    }

    private func loop() async -> RuntimeExit {
        while true {
            let wantsTicks = state.wantsTicks
            if wantsTicks, nextTick == nil { nextTick = clock.now() + .seconds(1) }
            if !wantsTicks { nextTick = nil }
            let polls = state.wantsPlayerPolls
            if polls, nextPoll == nil { nextPoll = clock.now() + .milliseconds(Self.pollMilliseconds) }
            if !polls { nextPoll = nil }
            var wait = [nextTick, nextPoll].compactMap { $0 }.min().map { max(0, milliseconds(until: $0)) } ?? 500
            // While the detectors load, look every 50 ms whether they are ready (or failed).
            if state.context.gates == nil, let loading {
                if loading.isFinished {
                    switch await loadOutcome() {
                    case let .loaded(msg): if let exit = await send(msg) { return exit }
                    case let .failed(exit): return exit
                    }
                } else {
                    wait = min(wait, 50)
                }
            }
            let event = terminal.nextEvent(timeoutMilliseconds: wait)
            var msgs: [Msg] = []
            // A tick only when a second has passed on the clock (a wait can end early: a key, the
            // detectors' 50 ms look, a poll). A late loop owes ticks: the next one is due at once.
            if wantsTicks, let due = nextTick, clock.now() >= due {
                nextTick = due + .seconds(1)
                msgs.append(.clockTicked)
            }
            switch event {
            case nil: break
            case let .key(key): msgs.append(.keyPressed(key))
            case let .paste(text): msgs.append(.textPasted(text))
            case let .resize(size):
                previous = nil
                msgs.append(.terminalResized(size))
            case let .terminated(sig): return .signal(sig)
            case .closed: return .closed
            }
            if polls, event == nil || (nextPoll.map { clock.now() >= $0 } ?? true) {
                nextPoll = clock.now() + .milliseconds(Self.pollMilliseconds)
                msgs += pollPlayer()
            }
            guard !msgs.isEmpty else { continue }
            for msg in msgs {
                if let exit = await send(msg) { return exit }
            }
            present()
        }
    }

    /// Applies a message and performs its effects (and theirs). Returns an exit when one asked to quit.
    public func send(_ msg: Msg) async -> RuntimeExit? {
        var queue = [msg]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            let typingAt = next == .keyPressed(.enter) && state.hasTextFocus ? App.focusPlace(state) : nil
            let effects = App.update(&state, next)
            // Enter that left a text field: keys already waiting came in its burst, the rest of a
            // paste in a terminal that does not mark pastes. They are read as text, not pressed.
            if let typingAt, App.focusPlace(state) != typingAt, !effects.contains(.discardPendingInput),
               !effects.contains(.quit), terminal.hasPendingInput() {
                let rest = terminal.discardPendingInput()
                if !rest.allSatisfy(\.isWhitespace) { queue.append(.typedAheadDropped(rest, afterLineBreak: true)) }
            }
            for effect in effects {
                switch effect {
                case let .waitForDetectors(msg):
                    if let loading, !loading.isFinished {
                        _ = App.update(&state, .detectorsLoading)
                        present()
                    }
                    switch await loadOutcome() {
                    case let .loaded(loaded): queue.insert(contentsOf: [loaded, msg], at: 0)
                    case let .failed(exit): return exit
                    }
                case let .routeCheckIn(checkIn, answered):
                    present()
                    // The local hour lets sleep sessions fit late in the evening.
                    var calendar = Calendar(identifier: .gregorian)
                    calendar.timeZone = timeZone
                    let hour = calendar.component(.hour, from: now())
                    // A check-in is reached only once the detectors are loaded, so the router exists.
                    guard let router else { break }
                    queue.append(.checkInRouted(await router.route(checkIn, answered: answered, localHour: hour)))
                case let .routeLab(checkIn, revision):
                    guard let router else { break }
                    queue.append(.labRouted(revision: revision, await router.route(checkIn)))
                case let .recordConsent(granted):
                    recordConsent(granted)
                case .checkPlayability:
                    queue.append(.playabilityChecked(player.availability(of: state.context.catalog.sessions)))
                    // A session started from a plan or the library may come before any recommendation.
                    if state.measuredLengths == nil { queue.append(.lengthsMeasured(player.lengths(of: state.context.catalog.sessions))) }
                case .measureLengths:
                    queue.append(.lengthsMeasured(player.lengths(of: state.context.catalog.sessions)))
                case let .forgetResume(slug): player.forgetResume(slug)
                case let .startPlayback(plan): queue += startPlayback(plan)
                case let .continuePlayback(plan, at): queue += startPlayback(plan, from: at)
                case let .continueReadAlong(slug, place): queue += continueReadAlong(slug, from: place)
                case .pausePlayback: if playing { player.pause() }
                case .resumePlayback: if playing { player.resume() }
                case let .seekPlayback(delta): if playing { player.seek(by: delta) }
                case .stopPlayback: stopPlayer()
                case let .beginJournal(checkIn, recommendation, moodBefore):
                    queue.append(beginJournal(checkIn, recommendation, moodBefore: moodBefore))
                case let .keepCheckIn(checkIn, recommendation, moodBefore, record, handoff):
                    queue.append(keepCheckIn(checkIn, recommendation, moodBefore: moodBefore, record, mergingHandoff: handoff))
                case let .completeJournal(id, moodAfter, note):
                    queue.append(completeJournal(id, moodAfter: moodAfter, note: note))
                case let .recordPlayback(id, record):
                    // Best effort: a failure here changes nothing on screen (the check-in itself is kept).
                    try? journal.recordPlayback(id, record)
                case let .recordHandoff(checkIn, recommendation):
                    // Only the tier and the time are kept (the store's rule); a failure changes nothing on screen.
                    let id = try? journal.begin(checkIn, recommendation: recommendation, moodBefore: nil, at: now(),
                                                timeZone: timeZone)
                    queue.append(.handoffRecorded(id: id))
                case let .recordSupport(id, tier):
                    // Best effort, like the handoff itself.
                    try? journal.recordSupport(id, tier: tier)
                case let .mergeHandoff(handoff, id):
                    if let kept = try? journal.mergeHandoff(handoff, into: id), kept != id {
                        queue.append(.journalRenumbered(from: id, to: kept))
                    }
                case .loadJournal, .searchJournal:
                    if case .loadJournal = effect { present() }
                    if let answer = journalReader.answer(effect) { queue.append(answer) }
                case let .saveSafetyPlanPart(part, text):
                    do {
                        // Kept in memory only when the disk failed: the problem goes with the plan (the screen says so).
                        queue.append(.safetyPlanSaved(try journal.saveSafetyPlanParts([part: text], at: now()), problem: journalProblem))
                    } catch {
                        let problem = (error as? JournalError) ?? .other(path: "(journal)", detail: "\(error)")
                        queue.append(.safetyPlanSaved(SafetyPlan(), problem: problem))
                    }
                case .loadLibrary:
                    queue.append(.libraryLoaded(((try? journal.lastPlayed(timeZone: timeZone)) ?? [:]).mapValues(\.iso),
                                                favourites: (try? journal.favourites()) ?? []))
                case let .setFavourite(slug, on):
                    do {
                        try journal.setFavourite(slug, on, at: now())
                        if let kept = journalProblem {
                            queue.append(.favouriteKeptUntilQuit(slug, on, problem: kept))
                        } else {
                            queue.append(.favouriteSaved(slug, on, problem: nil))
                        }
                    } catch let error as JournalError {
                        queue.append(.favouriteSaved(slug, on, problem: error))
                    } catch {
                        queue.append(.favouriteSaved(slug, on, problem: .other(path: "", detail: String(describing: error))))
                    }
                case let .searchLibrary(text, revision):
                    queue.append(.librarySearched(revision: revision, librarySearch?(text)))
                case .loadPlan:
                    queue.append(.planLoaded(try? journal.activePlan()))
                case let .makePlan(intake):
                    do {
                        guard let build = planBuilder else { throw PlanBuildUnavailable() }
                        let plan = try journal.savePlan(intake, steps: try build(intake), at: now())
                        queue.append(.planMade(plan, problem: journalProblem.map(JournalCopy.cause)))
                    } catch let error as JournalError {
                        queue.append(.planMade(nil, problem: error.message))
                    } catch {
                        queue.append(.planMade(nil, problem: "\(error)"))
                    }
                case let .recordPlanStepPlayed(step, moodBefore):
                    // Best effort, like a check-in's playback record: the screen goes on either way.
                    try? journal.recordPlanStepPlayed(plan: step.plan, index: step.index, moodBefore: moodBefore, at: now())
                case let .recordPlanStepReflection(step, moodAfter, note):
                    do {
                        try journal.recordPlanStepReflection(plan: step.plan, index: step.index, moodAfter: moodAfter,
                                                             note: note, at: now())
                        queue.append(.planStepSaved(problem: journalProblem))
                    } catch {
                        queue.append(.planStepSaved(problem: (error as? JournalError) ?? .other(path: "(journal)", detail: "\(error)")))
                    }
                    queue.append(.planLoaded(try? journal.activePlan()))
                case .discardPendingInput:
                    // Before the question is drawn: a key that answers it came after it was seen. What
                    // the dropped keys spell is read by the crisis rule, never acted on as keys.
                    let dropped = terminal.discardPendingInput()
                    if !dropped.allSatisfy(\.isWhitespace) { queue.append(.typedAheadDropped(dropped)) }

                case .suspend:
                    suspend()
                    if terminal.size != state.size { queue.append(.terminalResized(terminal.size)) }
                case .quit:
                    // Enter that quits ("q" read clear), with more keys already behind it, came in a
                    // burst with words (found from outside: "quit living, i have the pills counted out"
                    // on home quit at its 'q'): they are read as words, and allin stays. (No letter
                    // quits alone: where a key's letter quits, letters are words, `StrayWords`.)
                    if next == .keyPressed(.enter), terminal.hasPendingInput() {
                        let rest = terminal.discardPendingInput()
                        if !rest.allSatisfy(\.isWhitespace) {
                            queue.append(.textPasted(rest))
                            continue
                        }
                    }
                    return next == .keyPressed(.ctrl("c")) ? .interrupted : .quit
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
        if framesPresented == 1 { firstFrameAt = clock.now() }
    }

    /// Stops whatever plays (and forgets a render in progress). Safe to call at any time.
    public func stopPlayer() {
        preparation = nil
        playing = false
        player.stop()
    }

    private func milliseconds(until instant: ContinuousClock.Instant) -> Int {
        let c = (instant - clock.now()).components
        return Int(c.seconds * 1000 + c.attoseconds / 1_000_000_000_000_000)
    }
}

/// No plan builder was given to the runtime.
struct PlanBuildUnavailable: Error, CustomStringConvertible {
    var description: String { "the library's search is not available here" }
}

/// The detectors loading off the main actor: the loop asks whether they are ready without waiting,
/// and waits for them when a message needs them.
public final class DetectorLoad: Sendable {
    /// Builds the detectors, or says why it could not (the failure's words and exit status end the run).
    public typealias Work = @Sendable () async -> Result<FlowGates, DetectorLoadFailure>

    /// Set when the work has finished (read by the loop without waiting).
    private final class Flag: Sendable {
        let value = Mutex(false)
    }

    private let task: Task<Result<FlowGates, DetectorLoadFailure>, Never>
    private let done = Flag()

    init(_ work: @escaping Work) {
        let done = self.done
        task = Task.detached(priority: .userInitiated) {
            let result = await work()
            done.value.withLock { $0 = true }
            return result
        }
    }

    var isFinished: Bool { done.value.withLock { $0 } }

    func result() async -> Result<FlowGates, DetectorLoadFailure> { await task.value }
}

/// Why the detectors could not be loaded, worded for a person, and the exit status to give.
public struct DetectorLoadFailure: Error, Sendable {
    public let message: String
    public let status: Int32

    public init(message: String, status: Int32) {
        self.message = message
        self.status = status
    }
}
