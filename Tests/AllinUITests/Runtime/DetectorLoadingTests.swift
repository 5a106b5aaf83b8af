import AllinRuntime
import AllinTestSupport
import Testing
@testable import AllinCore
@testable import AllinUI

/// A door a test opens: whoever waits on it goes on once it is open.
private actor Door {
    private var open = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func pass() async {
        if open { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func openIt() {
        open = true
        for w in waiting { w.resume() }
        waiting = []
    }
}

/// The full-screen app paints before the crisis detector has loaded; nothing that reads a person's
/// words runs until it has (the message waits, it is never skipped).
@Suite("Painting first while the detectors load")
@MainActor
struct DetectorLoadingTests {
    /// A state whose detectors are still loading.
    static func loadingState(width: Int = 80, height: Int = 24) -> AppState {
        AppState(context: AppContext(listing: TestCatalog.real.listing, environment: ["LANG": "en_GB.UTF-8"]),
                 size: Size(width: width, height: height))
    }

    static let gates = FlowGates(catalog: TestCatalog.real)

    @Test func theHelpSupportAndQuitWorkAtOnce() {
        var s = Self.loadingState()
        #expect(press(&s, .char("?")).isEmpty)
        #expect(s.overlay == .help(over: nil))
        #expect(App.view(s, size: s.size).text.contains("crisis support"))
        press(&s, .escape)
        #expect(s.overlay == nil)
        press(&s, .down, .down, .up)
        #expect(s.home.cursor == 1)
        press(&s, .function(2))
        #expect(s.screen == .support)
        #expect(App.view(s, size: s.size).text.contains("999"))

        var q = Self.loadingState()
        #expect(press(&q, .ctrl("c")) == [.quit])
        // A letter is words there: typing them works at once; Enter reads them, so it waits.
        #expect(press(&q, .char("q")).isEmpty && q.stray?.text == "q")
        #expect(press(&q, .enter) == [.waitForDetectors(.keyPressed(.enter))])
        #expect(press(&q, .ctrl("c")) == [.waitForDetectors(.keyPressed(.ctrl("c")))], "Ctrl-C reads them first")
    }

    @Test func anythingThatCouldReadWordsWaitsAndChangesNothing() {
        var s = Self.loadingState()
        for msg in [Msg.keyPressed(.enter), .textPasted("i want to die")] {
            let before = s.model
            #expect(App.update(&s, msg) == [.waitForDetectors(msg)])
            #expect(s.model == before)
        }
        // Letters are words on home: they show at once; what reads them waits.
        var typed = s
        #expect(type(&typed, "cl").isEmpty && typed.stray?.text == "cl")
        for msg in [Msg.keyPressed(.enter), .keyPressed(.escape), .keyPressed(.tab)] {
            #expect(App.update(&typed, msg) == [.waitForDetectors(msg)])
        }
        // On support the same: letters are words (never the country search's 'r'); Enter waits.
        press(&s, .function(2))
        #expect(type(&s, "r").isEmpty && s.support?.picker == nil)
        #expect(App.update(&s, .keyPressed(.enter)) == [.waitForDetectors(.keyPressed(.enter))])
    }

    @Test func onceLoadedTheSameKeysRunAsAlways() {
        var s = Self.loadingState()
        _ = App.update(&s, .detectorsLoaded(LoadedDetectors(Self.gates)))
        #expect(s.context.gates != nil)
        #expect(command(&s, "c").isEmpty)
        #expect(s.screen == .checkIn)
        #expect(App.view(s, size: s.size).text.contains("Step 1"))
    }

    @Test func theRuntimePaintsFirstAndHoldsKeysUntilTheLoadEnds() async {
        let started = Door(), door = Door()
        let gates = Self.gates
        let terminal = MemoryTerminal(size: Size(width: 80, height: 24),
                                      script: [.key(.char("?")), .key(.escape), .key(.enter)]
                                        + TerminalEvent.typing("overw") + [.key(.enter)])
        let runtime = AppRuntime(context: Self.loadingState().context, terminal: terminal, loadingDetectors: {
            await started.openIt()
            await door.pass()
            return .success(gates)
        })
        let run = Task { await runtime.run() }
        // The load begins only after the first frame; the runtime then runs the help and stops at Enter (check in).
        await started.pass()
        #expect(terminal.framesPresented >= 2)
        #expect(runtime.state.screen == .home && runtime.state.context.gates == nil)
        #expect(terminal.script.count == 6)   // "overw" and Enter still wait in the input
        #expect(terminal.text.contains("One moment: getting ready."))
        await door.openIt()
        #expect(await run.value == .closed)
        #expect(runtime.state.screen == .checkIn)
        #expect(runtime.state.checkIn?.flow.answers.emotion != nil)
        #expect(runtime.state.notice == nil && !terminal.text.contains("One moment"))
    }

    /// While the load runs, words typed on support show at once; Enter, which reads them, waits for
    /// the load, then does what they say ("g": breathe).
    @Test func whileTheLoadRunsTypingShowsAndEnterWaits() async {
        let started = Door(), door = Door()
        let gates = Self.gates
        let terminal = MemoryTerminal(size: Size(width: 80, height: 24),
                                      script: [.key(.function(2)), nil, .key(.char("g")), nil, .key(.enter)])
        let runtime = AppRuntime(context: Self.loadingState().context, terminal: terminal, loadingDetectors: {
            await started.openIt()
            await door.pass()
            return .success(gates)
        }, clock: terminal.clock)
        let run = Task { await runtime.run() }
        await started.pass()
        #expect(runtime.state.context.gates == nil && runtime.state.screen == .support)
        #expect(terminal.script.isEmpty && runtime.state.support?.breathing == nil)
        await door.openIt()
        #expect(await run.value == .closed)
        #expect(runtime.state.stray == nil && runtime.state.support?.breathing != nil)
    }

    @Test func aFailedLoadEndsTheRunWithTheCatalogsWords() async {
        let terminal = MemoryTerminal(size: Size(width: 80, height: 24), script: [.key(.char("c")), .key(.enter), nil])
        let runtime = AppRuntime(context: Self.loadingState().context, terminal: terminal, loadingDetectors: {
            .failure(DetectorLoadFailure(message: "allin: catalog/crisis/model.tsv: line 3: bad weight\n", status: 1))
        })
        let exit = await runtime.run()
        #expect(exit == .detectorsFailed(message: "allin: catalog/crisis/model.tsv: line 3: bad weight\n", status: 1))
        #expect(exit.status == 1)
        #expect(runtime.state.screen == .home && runtime.state.checkIn == nil)
    }
}
