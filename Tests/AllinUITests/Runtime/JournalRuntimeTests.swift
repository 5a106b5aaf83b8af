import AllinRuntime
import AllinTestSupport
import Foundation
import Testing
@testable import AllinCore
@testable import AllinUI

@Suite("Journal effects through the runtime")
@MainActor
struct JournalRuntimeTests {
    typealias F = JournalFixtures

    func runtime(_ script: [TerminalEvent?], reader: JournalReader) -> (AppRuntime, MemoryTerminal) {
        let terminal = MemoryTerminal(size: Size(width: 80, height: 24), script: script)
        let rt = AppRuntime(context: TestCatalog.context(), terminal: terminal)
        rt.journalReader = reader
        return (rt, terminal)
    }

    @Test func theRuntimeLoadsSearchesAndDrawsTheJournal() async {
        let script: [TerminalEvent?] = [.key(.char("J")), .key(.enter), nil, .key(.tab), .key(.char("/"))] + TerminalEvent.typing("calmer")
            + [.key(.enter)]
        let (rt, term) = runtime(script, reader: F.reader(F.populated()))
        #expect(await rt.run() == .closed)
        #expect(rt.state.screen == .journal)
        #expect(rt.state.journal?.results?.entries.map(\.note) == ["river walk again, calmer"])
        #expect(term.text.contains("Search: “calmer” · 1 check-in"))
        #expect(term.screen.cells == term.lastCanvas!.cells)
    }

    @Test func thePlanIsReadAtStartShownBySupportAndSavedToTheJournal() async throws {
        let journal = MemoryJournal()
        try journal.saveSafetyPlan(SafetyPlan([.reasons: "my dog Biscuit"]), at: F.now)
        let script: [TerminalEvent?] = [.key(.function(2))]
        let terminal = MemoryTerminal(size: Size(width: 80, height: 24), script: script)
        let rt = AppRuntime(context: TestCatalog.context(), terminal: terminal, journal: journal)
        _ = await rt.run()
        #expect(terminal.text.contains("Your safety plan") && terminal.text.contains("my dog Biscuit"))

        let second = MemoryTerminal(size: Size(width: 80, height: 24), script: [.key(.char("p")), .key(.enter), nil, .key(.down), .key(.enter)]
            + TerminalEvent.typing("a hot shower") + [.key(.enter)])
        let rt2 = AppRuntime(context: TestCatalog.context(), terminal: second, journal: journal)
        _ = await rt2.run()
        #expect(try journal.safetyPlan()[.copingAlone] == "a hot shower")
        #expect(try journal.safetyPlan()[.reasons] == "my dog Biscuit")
        #expect(second.text.contains("Saved."))
    }

    /// Home from the recommendation keeps the check-in, marked not played: one entry, with its visit
    /// to support merged in, as q keeps it.
    @Test func homeFromTheRecommendationKeepsTheCheckInInTheJournal() async throws {
        let journal = MemoryJournal()
        let script: [TerminalEvent?] = [.key(.char("c")), .key(.enter), nil] + TerminalEvent.typing("overw") + [.key(.enter), .key(.tab)]
            + TerminalEvent.typing("i just want to disappear") + [.key(.enter), nil, .key(.escape), nil, .key(.char("y")), .key(.enter), nil,
            .key(.enter), .key(.char("5")), .key(.enter), .key(.char("1")), .key(.char("h")), .key(.enter), nil, nil, .key(.char("y")), .key(.enter), nil]
        let terminal = MemoryTerminal(size: Size(width: 80, height: 24), script: script)
        let rt = AppRuntime(context: TestCatalog.context(), terminal: terminal, journal: journal)
        #expect(await rt.run() == .closed)
        #expect(rt.state.screen == .home)
        #expect(terminal.text.contains("Kept in your journal, its session not played."))
        let entries = try journal.entries(JournalQuery())
        #expect(entries.count == 1, "one entry for the check-in")
        #expect(entries.first?.kind == .audio && entries.first?.playback?.outcome == .notPlayed)
        #expect(entries.first?.checkIn?.triggerText == "i just want to disappear")
        #expect(entries.first?.supportTier != nil, "support shown during it")
    }

    /// The full-screen library took "last played" from check-ins only, while `allin library` counted
    /// plan steps played too: both read the journal's one `lastPlayed` now, on the local day.
    @Test func theLibrarysLastPlayedCountsAPlanStepPlayed() async throws {
        let journal = MemoryJournal()
        let areas = ["work", "money", "health"].map { PlanIntake.Area(area: $0, rating: 4, answers: ["a", "b", "c", "d"]) }
        let steps = (1...10).map { PlanStep(index: $0, area: "work", type: .at($0), slug: $0 == 1 ? "box_breath_reset" : "s\($0)",
                                             fallback: nil) }
        let plan = try journal.savePlan(PlanIntake(areas: areas), steps: steps, at: F.now)
        // 23:30 in UTC is the next day two hours east.
        try journal.recordPlanStepPlayed(plan: plan.id, index: 1, moodBefore: 4, at: Date(timeIntervalSince1970: 1_796_167_800))
        let east = TimeZone(secondsFromGMT: 7200)!
        let terminal = MemoryTerminal(size: Size(width: 80, height: 24), script: [.key(.char("a")), .key(.enter), nil])
        let rt = AppRuntime(context: TestCatalog.context(), terminal: terminal, journal: journal, timeZone: east)
        _ = await rt.run()
        #expect(rt.state.library.lastPlayed == ["box_breath_reset": "2026-12-02"])
        #expect(rt.state.library.lastPlayed == (try journal.lastPlayed(timeZone: east)).mapValues(\.iso), "the command's source")
        #expect(terminal.text.contains("· 2026-12-02"))
    }

    @Test func aJournalThatThrowsShowsItsMessage() async {
        let reader = JournalReader(journal: { throw JournalError.busy(path: "/data/journal.sqlite3") }, now: { F.now },
                                   timeZone: F.zone)
        let (rt, term) = runtime([.key(.char("J")), .key(.enter), nil], reader: reader)
        _ = await rt.run()
        #expect(term.text.contains("Another allin is holding the journal at /data/journal.sqlite3 busy."))
    }

    @Test func theDefaultReaderIsAnEmptyJournal() async {
        let terminal = MemoryTerminal(size: Size(width: 80, height: 24), script: [.key(.char("J")), .key(.enter), nil])
        let rt = AppRuntime(context: TestCatalog.context(), terminal: terminal)
        _ = await rt.run()
        #expect(terminal.text.contains("Nothing here yet."))
    }

    @Test func theReaderAnswersOnlyJournalEffects() {
        let reader = F.reader(MemoryJournal())
        #expect(reader.answer(.quit) == nil)
        #expect(reader.answer(.stopPlayback) == nil)
        if case let .journalLoaded(revision, .success(page))? = reader.answer(.loadJournal(limit: 5, revision: 3)) {
            #expect(revision == 3 && page.entries.isEmpty && page.summary.today == F.today)
        } else {
            Issue.record("expected a loaded page")
        }
    }
}
