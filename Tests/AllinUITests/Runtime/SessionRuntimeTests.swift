import AllinRuntime
import AllinTestSupport
import Foundation
import Testing
@testable import AllinCore
@testable import AllinUI

/// The runtime with the player's test double and a journal in memory: effects reach the player and
/// the journal, ticks poll the player, and every way out stops it.
@Suite("Runtime: the session, the player and the journal")
@MainActor
struct SessionRuntimeTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let noon = Date(timeIntervalSince1970: 1_700_049_600)

    /// A soothe check-in routed, then Enter on the recommendation and mood 4.
    static let toSession: [TerminalEvent?] = RuntimeTests.toIntent + [.key(.char("1")), .key(.enter), .key(.char("4")), .key(.enter)]

    func runtime(_ script: [TerminalEvent?], player: FakeSessionPlayer = FakeSessionPlayer(),
                 journal: any JournalStoring = MemoryJournal()) -> (AppRuntime, MemoryTerminal) {
        let terminal = MemoryTerminal(size: Size(width: 80, height: 24), script: script)
        let rt = AppRuntime(context: TestCatalog.context(), terminal: terminal, journal: journal, player: player,
                            now: { Self.noon }, timeZone: Self.utc, clock: terminal.clock, rendersInline: true)
        return (rt, terminal)
    }

    @Test func aWholeSessionPlaysAndLandsCompletedInTheJournal() async throws {
        let player = FakeSessionPlayer()
        let journal = MemoryJournal()
        let script: [TerminalEvent?] = Self.toSession + [nil, .key(.char(" ")), nil, .key(.char(" ")), .key(.right), nil,
                                                          .key(.char("x")), .key(.enter), .key(.char("y")), .key(.enter), nil, .key(.char("7")), .key(.enter)]
            + TerminalEvent.typing("lighter") + [.key(.enter)]
        let (rt, term) = runtime(script, player: player, journal: journal)
        let exit = await rt.run()
        #expect(exit == .closed)
        #expect(rt.state.screen == .done)
        let slug = rt.state.session!.player.session.slug
        let calls = player.calls.filter { $0 != "stop" && $0 != "poll" }
        #expect(calls == ["availability", "start \(slug)", "pause", "resume", "seek 15"])
        #expect(player.calls.filter { $0 == "poll" }.count == 3)
        #expect(!player.running, "the player was stopped")
        let entries = try journal.entries(JournalQuery())
        #expect(entries.count == 1)
        let entry = try #require(entries.first)
        #expect(entry.isComplete && entry.moodBefore == 4 && entry.moodAfter == 7 && entry.note == "lighter")
        #expect(entry.sessionSlug == slug && entry.startedAt == Self.noon)
        #expect(entry.recommendation?["trace"] != nil)
        #expect(term.text.contains("Streak: 1 day."))
        #expect(term.text.contains("Saved to your journal"))
    }

    @Test func ticksMoveTheProgressAndTheEndOfTheAudioLeadsToTheReflection() async {
        let player = FakeSessionPlayer()
        let (rt, term) = runtime(Self.toSession + [nil], player: player)
        _ = await rt.run()
        #expect(rt.state.session?.player.playback == .playing(position: 0))
        player.position = 8
        #expect(await rt.send(.playerTicked(player.poll())) == nil)
        rt.present()
        #expect(term.text.contains("› Breathe in for four."))
        player.phase = .finished
        _ = await rt.send(.playerTicked(player.poll()))
        #expect(rt.state.screen == .moodAfter)
    }

    @Test func aRenderRunsOffTheLoopWithProgressThenPlays() async {
        let player = FakeSessionPlayer()
        let routed = "deadline_pressure_valve"
        player.unrendered = [routed]
        let (rt, _) = runtime(Self.toSession + [nil], player: player)
        _ = await rt.run()
        #expect(player.calls.contains("prepare \(routed)"))
        #expect(player.calls.contains("start \(routed)"))
        #expect(rt.state.session?.player.playback == .playing(position: 0))
    }

    @Test func aFailingPlayerFallsBackToReadAlongWithTheTrace() async {
        let player = FakeSessionPlayer()
        player.failing = ["deadline_pressure_valve": .player]
        let (rt, term) = runtime(Self.toSession, player: player)
        _ = await rt.run()
        #expect(player.calls.contains("readAlong deadline_pressure_valve"))
        #expect(rt.state.session?.player.isReadAlong == true)
        #expect(rt.state.result!.recommendation.trace.contains { $0.gate == "player" && $0.decision == "failed" })
        #expect(term.text.contains("read along: no sound"))
    }

    @Test("every way out stops the player", arguments: [TerminalEvent.key(.ctrl("c")), .terminated(signal: 15),
                                                       .terminated(signal: 1), .closed])
    func waysOut(event: TerminalEvent) async {
        let player = FakeSessionPlayer()
        let (rt, _) = runtime(Self.toSession + [nil, event], player: player)
        let exit = await rt.run()
        #expect(player.calls.contains { $0.hasPrefix("start ") })
        #expect(!player.running)
        #expect(player.calls.last == "stop")
        switch event {
        case .key: #expect(exit == .interrupted && exit.status == 130)
        case let .terminated(sig): #expect(exit == .signal(sig))
        default: #expect(exit == .closed)
        }
    }

    @Test func crisisSupportStopsTheAudioAtOnce() async {
        let player = FakeSessionPlayer()
        let (rt, _) = runtime(Self.toSession + [nil, .key(.function(2))], player: player)
        _ = await rt.run()
        #expect(rt.state.screen == .support)
        let calls = player.calls
        let started = calls.lastIndex { $0.hasPrefix("start ") }!
        #expect(calls[(started + 1)...].contains("stop"))
    }

    /// Ctrl-C at the mood after says what was kept: the check-in with its session, no mood after
    /// (found from outside: it closed without a word).
    @Test func ctrlCAtTheMoodAfterSaysTheSessionIsKept() async throws {
        let journal = MemoryJournal()
        let script: [TerminalEvent?] = Self.toSession + [nil, .key(.char("x")), .key(.enter), .key(.char("y")),
                                                         .key(.enter), nil, .key(.ctrl("c"))]
        let (rt, _) = runtime(script, journal: journal)
        #expect(await rt.run() == .interrupted)
        #expect(rt.state.screen == .moodAfter)
        #expect(rt.state.noteOnExit == "This check-in is kept in your journal with its session, without how you felt after.")
        let entry = try #require(try journal.entries(JournalQuery()).first)
        #expect(entry.moodAfter == nil)
    }

    /// Space after support starts the audio again where support stopped it (the player is told where),
    /// not at the saved place for reopening a session, which keeps only stops of 10 s or more.
    @Test func spaceAfterSupportStartsTheAudioWhereItStopped() async {
        let player = FakeSessionPlayer()
        let (rt, _) = runtime(Self.toSession + [nil, .key(.right), nil, .key(.function(2)), nil, .key(.escape), nil,
                                                .key(.char("y")), .key(.enter), nil, .key(.char(" ")), nil], player: player)
        _ = await rt.run()
        let slug = rt.state.session?.player.plan?.slug ?? "?"
        #expect(player.calls.contains("start \(slug) from 15 s"), "\(player.calls)")
        #expect(rt.state.session?.player.playback.position == 15)
        #expect(rt.state.notice == "Playing again from 0:15, where it stopped when support opened.")
    }

    @Test func ctrlZPausesThePlayerWhileSuspended() async {
        let player = FakeSessionPlayer()
        let (rt, term) = runtime(Self.toSession + [nil, .key(.ctrl("z"))], player: player)
        _ = await rt.run()
        #expect(term.suspensions == 1)
        #expect(Array(player.calls.filter { $0 == "pause" || $0 == "resume" }) == ["pause", "resume"])
    }

    @Test func consentIsRecordedWithItsTimeAndANoIsNotConsent() async throws {
        let journal = MemoryJournal()
        let (rt, _) = runtime(RuntimeTests.toIntent + [.key(.char("4")), .key(.char("y")), .key(.enter), nil], journal: journal)
        _ = await rt.run()
        let consents = try journal.consents()
        #expect(consents.count == 1)
        #expect(consents.first?.grantedAt == Self.noon && consents.first?.isActive == true)

        let declined = MemoryJournal()
        let (rt2, _) = runtime(RuntimeTests.toIntent + [.key(.char("4")), .key(.char("n")), .key(.enter), nil], journal: declined)
        _ = await rt2.run()
        #expect(try declined.consents().isEmpty)

        // Saying no later withdraws a consent in force, keeping the record of when it was given.
        let (rt3, _) = runtime(RuntimeTests.toIntent + [.key(.char("4")), .key(.char("y")), .key(.enter), nil, .key(.escape), .key(.char("n")), .key(.enter), nil],
                               journal: journal)
        _ = await rt3.run()
        let after = try journal.consents()
        #expect(after.count == 1 && after.first?.revokedAt == Self.noon)
    }

    @Test func aHandoffFromTheCheckInKeepsOnlyTheTierAndTime() async throws {
        let journal = MemoryJournal()
        let (rt, _) = runtime([.key(.char("c")), .key(.enter), nil, .key(.tab)] + TerminalEvent.typing("I want to kill myself") + [.key(.enter)],
                              journal: journal)
        _ = await rt.run()
        #expect(rt.state.screen == .support)
        let entry = try #require(try journal.entries(JournalQuery()).first)
        #expect(entry.kind == .safetyHandoff && entry.crisisTier == .crisis)
        #expect(entry.checkIn == nil && entry.recommendation == nil && entry.note == nil)
    }

    @Test func aJournalThatCannotOpenStillCompletesTheCheckInInMemory() async throws {
        let journal = ResilientJournal(primary: nil, problem: .readOnly(path: "/ro/journal.sqlite3"))
        let (rt, term) = runtime(Self.toSession + [nil, .key(.char("x")), .key(.enter), nil, .key(.char("y")), .key(.enter), nil, .key(.char("s")), .key(.enter), nil, .key(.enter)], journal: journal)
        _ = await rt.run()
        #expect(rt.state.screen == .done)
        #expect(rt.state.session?.save == .inMemory(.readOnly(path: "/ro/journal.sqlite3")))
        #expect(term.text.contains("Not saved: the journal's folder is read-only."))
        let entry = try #require(try journal.entries(JournalQuery()).first)
        #expect(entry.isComplete && entry.moodBefore == 4)
    }

    /// With the journal in memory only, the safety plan and a favourite say they last until allin
    /// closes (found from outside: "Saved." and "is one of your favourites", and nothing was stored).
    @Test func aJournalInMemorySaysThePlanAndMarksAreNotSaved() async throws {
        let journal = ResilientJournal(primary: nil, problem: .readOnly(path: "/ro/journal.sqlite3"))
        let (rt, _) = runtime([.key(.char("p")), .key(.enter), nil, .key(.enter)] + TerminalEvent.typing("call my sister") + [.key(.enter), nil],
                              journal: journal)
        _ = await rt.run()
        #expect(rt.state.notice == "Not saved: the journal's folder is read-only. Your plan is kept only until you quit.")
        #expect(rt.state.safetyPlan.isEmpty == false, "support still shows it until allin closes")
        var state = rt.state
        _ = App.update(&state, .favouriteKeptUntilQuit("box_breath_reset", true, problem: .readOnly(path: "/ro/journal.sqlite3")))
        #expect(state.library.favourites.contains("box_breath_reset"))
        #expect(state.notice == "Not saved: the journal's folder is read-only. The mark lasts until you quit.")
    }

    @Test("a signal during the render keeps the check-in, not played", arguments: [Int32(2), 15, 1])
    func aSignalDuringTheRenderKeepsTheCheckIn(signal: Int32) async throws {
        let player = FakeSessionPlayer()
        player.unrendered = ["deadline_pressure_valve"]
        let journal = MemoryJournal()
        let terminal = MemoryTerminal(size: Size(width: 80, height: 24), script: Self.toSession + [.terminated(signal: signal)])
        // The render runs on a queue that never gets to it: the signal comes while it is under way.
        let rt = AppRuntime(context: TestCatalog.context(), terminal: terminal, journal: journal, player: player,
                            now: { Self.noon }, timeZone: Self.utc, clock: terminal.clock, rendersInline: false)
        #expect(await rt.run() == .signal(signal))
        let entry = try #require(try journal.entries(JournalQuery()).first)
        #expect(entry.moodBefore == 4 && !entry.isComplete)
        #expect(entry.playback?.outcome == .notPlayed)
        #expect(!player.running)
    }
}
