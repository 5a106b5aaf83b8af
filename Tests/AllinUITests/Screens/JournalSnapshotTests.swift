import AllinTestSupport
import Foundation
import Testing
@testable import AllinCore
@testable import AllinUI

/// Plain-text snapshots of the journal screen at 40x12, 50x16, 80x24 and 200x60, on journals in memory at a fixed
/// moment. Re-record with ALLIN_RECORD_SNAPSHOTS=1 swift test --filter JournalSnapshotTests.
@Suite("Journal snapshots")
struct JournalSnapshotTests {
    typealias F = JournalFixtures
    static let directory = SnapshotTests.directory

    static func states(width: Int, height: Int) -> [(String, AppState)] {
        let journal = F.populated()
        var list: [(String, AppState)] = []
        list.append(("journal-empty", F.opened(MemoryJournal(), width: width, height: height)))
        let overview = F.opened(journal, width: width, height: height)
        list.append(("journal-overview", overview))
        var scrolled = overview
        press(&scrolled, .end)
        list.append(("journal-overview-end", scrolled))
        var entries = overview
        press(&entries, .tab)
        list.append(("journal-list", entries))
        var typing = entries
        press(&typing, .char("/"))
        type(&typing, "river")
        list.append(("journal-search-box", typing))
        var search = overview
        F.keys(&search, journal, .char("/"))
        F.typing(&search, journal, "river")
        F.keys(&search, journal, .enter)
        list.append(("journal-search", search))
        var detail = entries
        press(&detail, .down, .down, .down, .down, .down, .enter)
        list.append(("journal-detail", detail))
        var handoff = entries
        press(&handoff, .down, .down, .down, .down, .enter)
        list.append(("journal-detail-handoff", handoff))
        list.append(("journal-ascii", F.opened(journal, width: width, height: height, lang: "C")))
        var help = entries
        press(&help, .char("?"))
        list.append(("journal-help", help))
        return list
    }

    @Test("80x24") func standard() {
        for (name, state) in Self.states(width: 80, height: 24) {
            let problem = Snapshot.check(screen(state).text, named: "80x24-\(name)", in: Self.directory)
            #expect(problem == nil, "\(problem ?? "")")
        }
    }

    @Test("50x16") func small() {
        for (name, state) in Self.states(width: 50, height: 16) {
            let problem = Snapshot.check(screen(state).text, named: "50x16-\(name)", in: Self.directory)
            #expect(problem == nil, "\(problem ?? "")")
        }
    }

    @Test("40x12") func smallest() {
        for (name, state) in Self.states(width: 40, height: 12) {
            let problem = Snapshot.check(screen(state).text, named: "40x12-\(name)", in: Self.directory)
            #expect(problem == nil, "\(problem ?? "")")
        }
    }

    @Test("200x60") func large() {
        for (name, state) in Self.states(width: 200, height: 60) {
            let problem = Snapshot.check(screen(state).text, named: "200x60-\(name)", in: Self.directory)
            #expect(problem == nil, "\(problem ?? "")")
        }
    }

    @Test("too small") func tooSmall() {
        var state = F.opened(F.populated())
        _ = App.update(&state, .terminalResized(Size(width: 30, height: 8)))
        let problem = Snapshot.check(screen(state).text, named: "30x8-too-small", in: Self.directory)
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test func theDetailSnapshotsShowWhatTheirNamesSay() {
        let states = Dictionary(uniqueKeysWithValues: Self.states(width: 80, height: 24))
        #expect(states["journal-detail"]?.journal?.detailEntry?.kind == .audio)
        #expect(states["journal-detail-handoff"]?.journal?.detailEntry?.kind == .safetyHandoff)
        #expect(states["journal-search"]?.journal?.results?.entries.count == 2)
        #expect(states["journal-overview"]?.journal?.page?.summary.streak.restDays.count == 1)
    }
}
