import AllinRuntime
import AllinTestSupport
import Foundation
import Testing
@testable import AllinCore
@testable import AllinUI

@Suite("Journal screen: update")
struct JournalScreenTests {
    typealias F = JournalFixtures

    @Test func homeOffersTheJournalAndJOpensItWithALoad() {
        var s = TestCatalog.state()
        #expect(screen(s).contains("J⏎ Your journal"))
        let effects = command(&s, "J")
        #expect(s.screen == .journal)
        #expect(effects == [.loadJournal(limit: JournalState.pageSize, revision: 1)])
        #expect(s.journal?.load == .loading)
        #expect(screen(s).contains("Opening your journal…"))
        #expect(screen(s).contains("allin · Journal"))
    }

    @Test func theHomeMenuReachesTheJournalByCursorToo() {
        var s = TestCatalog.state()
        let effects = press(&s, .down, .enter)
        #expect(s.screen == .journal)
        #expect(effects.count == 1)
    }

    @Test func theLoadedPageCarriesTheSummaryAndTheNewestCheckIns() throws {
        let s = F.opened(F.populated())
        let page = try #require(s.journal?.page)
        #expect(page.summary.total == 13)
        #expect(page.entries.count == 13)
        #expect(page.entries.first?.startedAt == F.at(F.today, 19, 45))
        // Today, 19 and 18 May; 17 May is the rest day; then 16 (a handoff), 15 and 14 May.
        #expect(page.summary.streak.days == 6)
        #expect(page.summary.streak.restDays == [F.today.adding(days: -3)])
        #expect(page.summary.streak.checkedInToday)
        #expect(page.summary.daysLast7 == 6)
        #expect(s.journal?.tab == .overview)
        let text = screen(s).text
        #expect(text.contains("Streak: 6 days with 1 rest day, today included · longest 6 days"))
        #expect(text.contains("One rest day in any 7 keeps a streak alive; rest days aren't counted."))
        #expect(text.contains("Days checked in: 6 of the last 7, 10 of the last 30"))
        #expect(text.contains("Mood, last 30 days"))
        #expect(text.contains("Last 12 weeks"))
        #expect(text.contains("Sessions that raised mood most"))
    }

    @Test("the rule line follows the rules", arguments: [(0, "Rest days are off"), (1, "One rest day in any 7"),
                                                         (2, "Up to 2 rest days in any 7")])
    func restRule(days: Int, text: String) {
        let s = F.opened(F.populated(), rules: StreakRules(restDaysPerWeek: days))
        #expect(screen(s).contains(text))
        #expect(s.journal?.page?.rules.restDaysPerWeek == days)
    }

    @Test func withoutRestDaysTheMissedDayEndsTheStreak() {
        let s = F.opened(F.populated(), rules: StreakRules(restDaysPerWeek: 0))
        #expect(s.journal?.page?.summary.streak.days == 3)
        #expect(screen(s).contains("Streak: 3 days, today included"))
    }

    @Test func aSettingsNoteShowsUnderTheRule() {
        var s = TestCatalog.state()
        let reader = JournalReader(F.populated(), now: F.now, timeZone: F.zone)
        var withNote = reader
        withNote.note = "One rest day a week is used because the config file is odd."
        F.run(&s, command(&s, "J"), withNote)
        #expect(s.journal?.page?.note == withNote.note)
        #expect(screen(s).text.contains("One rest day a week is used because the config file is odd."))
        var empty = TestCatalog.state()
        F.run(&empty, command(&empty, "J"), JournalReader(MemoryJournal(), now: F.now, timeZone: F.zone))
        #expect(empty.journal?.page?.note == nil)
    }

    @Test func anEmptyJournalIsACalmPage() {
        var s = F.opened(MemoryJournal())
        #expect(s.journal?.page?.summary.total == 0)
        var text = screen(s).text
        #expect(text.contains("Nothing here yet."))
        #expect(text.contains("Check-ins (0)"))
        #expect(!text.contains("Last 12 weeks"))
        press(&s, .tab)
        text = screen(s).text
        #expect(s.journal?.tab == .entries)
        #expect(text.contains("Nothing here yet."))
        #expect(press(&s, .enter) == [])
        press(&s, .escape)
        #expect(s.screen == .home && s.journal == nil)
    }

    @Test func theListMovesOpensACheckInAndComesBack() throws {
        let journal = F.populated()
        var s = F.opened(journal)
        press(&s, .tab)
        #expect(s.journal?.tab == .entries)
        #expect(screen(s).contains("› 2024-05-20  19:45"))
        press(&s, .down, .down, .down)
        #expect(s.journal?.cursor == 3)
        press(&s, .up)
        #expect(s.journal?.cursor == 2)
        // Letters are words here (no field has the typing): j and k move nothing.
        type(&s, "jk")
        #expect(s.journal?.cursor == 2 && s.stray?.text == "jk")
        press(&s, .escape)
        press(&s, .enter)
        let shown = try #require(s.journal?.detailEntry)
        #expect(shown.day == F.today.adding(days: -1))
        #expect(screen(s).contains("Sunday 19 May 2024, 09:30"))
        press(&s, .escape)
        #expect(s.journal?.detail == nil && s.screen == .journal && s.journal?.cursor == 2)
        press(&s, .end)
        #expect(s.journal?.cursor == 12)
        press(&s, .home)
        #expect(s.journal?.cursor == 0)
        press(&s, .escape)
        #expect(s.screen == .home && s.journal == nil)
    }

    @Test func handoffsAreMarkedAndCarryOnlyTheirTier() throws {
        var s = F.opened(F.populated())
        press(&s, .tab)
        let list = screen(s).text
        #expect(list.contains("2024-05-16  21:15  ◆ crisis support shown"))
        let index = try #require(s.journal?.listed.firstIndex { $0.kind == .safetyHandoff })
        for _ in 0..<index { press(&s, .down) }
        press(&s, .enter)
        let detail = screen(s).text
        #expect(detail.contains("Crisis support was shown."))
        #expect(detail.contains("never stored"))
        #expect(!detail.contains("Feeling"))
    }

    @Test func theDetailShowsAnswersRouteTraceMoodsAndNote() throws {
        var s = F.opened(F.populated(), height: 60)
        press(&s, .tab)
        let index = try #require(s.journal?.listed.firstIndex { $0.day == F.today.adding(days: -5) })
        for _ in 0..<index { press(&s, .down) }
        press(&s, .enter)
        let e = try #require(s.journal?.detailEntry)
        #expect(e.day == F.today.adding(days: -5))
        let text = screen(s).text
        for needle in ["Feeling         Worried", "What happened   the quarterly review", "Intensity       6 of 10",
                       "Belief          I'm not good enough", "Pattern         I work late", "Kinder words    I am learning, not failing",
                       "Session         Rewrite an Old Story, to shift a belief that holds you back", "Mood            5 before → 7 after (+2)",
                       "Why this session", "• 3 sessions fit what you chose."] {
            #expect(text.contains(needle), "\(needle)")
        }
    }

    /// The list had a "Lane" column of internal ids (soothe, unblock) and the detail a "Route" line
    /// ("unblock lane · …"): a person's journal names the session and what it helps with instead.
    @Test("no lane ids in the journal", arguments: [(40, 12), (80, 24), (200, 60)])
    func noLaneIds(width: Int, height: Int) throws {
        var s = F.opened(F.populated(), width: width, height: height)
        press(&s, .tab)
        var text = screen(s).text
        #expect(!text.contains("Lane") && !text.contains("Route"))
        if width >= 80 { #expect(text.contains("Stressed       Box Breath Reset")) }
        for _ in 0..<5 { press(&s, .down) }
        press(&s, .enter)
        #expect(s.journal?.detailEntry?.lane == .unblock)
        for _ in 0..<20 {
            text += screen(s).text
            press(&s, .down)
        }
        #expect(text.contains("Rewrite an Old Story"))
        if width >= 80 { #expect(text.contains("Rewrite an Old Story, to shift a belief that holds you back")) }
        for lane in Lane.allCases { #expect(!text.contains(lane.rawValue), "\(lane)") }
    }

    @Test func aStoredGateReadsBackAsTheEntryItWasWrittenFrom() {
        let entry = TraceEntry(gate: "candidates", decision: "family", details: [("count", .int(4)), ("family", .string("overwhelmed"))])
        #expect(TraceEntry(json: entry.json) == entry)
        #expect(TraceEntry(json: .object([("decision", .string("clear"))])) == nil)
    }

    @Test func storedTextIsShownThroughVisibleText() throws {
        var s = F.opened(F.populated(), height: 40)
        press(&s, .tab)
        let index = try #require(s.journal?.listed.firstIndex { $0.note?.contains("red") == true })
        for _ in 0..<index { press(&s, .down) }
        press(&s, .enter)
        let canvas = screen(s)
        #expect(canvas.contains("note with ␛[31mred␛[0m in it"))
        #expect(!canvas.cells.contains { $0.text.unicodeScalars.contains { $0.value == 0x1B } })
    }

    @Test func aNoteKeepsItsLineBreaksAsLines() throws {
        var s = F.opened(F.populated(), height: 40)
        press(&s, .tab)
        let index = try #require(s.journal?.listed.firstIndex { $0.note?.contains("Sam") == true })
        for _ in 0..<index { press(&s, .down) }
        press(&s, .enter)
        let text = screen(s).text
        #expect(text.contains("Note            talked to Sam\n"))
        #expect(text.contains("                felt lighter"))
    }

    @Test func searchTypesIntoTheBoxRunsOnEnterAndEscClears() throws {
        let journal = F.populated()
        var s = F.opened(journal)
        press(&s, .char("/"))
        #expect(s.journal?.searching == true && s.journal?.tab == .entries && s.hasTextFocus)
        // Letters that are keys elsewhere (j, k, q, ?, h) are text here.
        type(&s, "jkq?h")
        #expect(s.journal?.search.text == "jkq?h" && s.screen == .journal)
        press(&s, .ctrl("u"))
        type(&s, "river")
        #expect(screen(s).contains("Search: river"))
        let effects = press(&s, .enter)
        #expect(effects == [.searchJournal("river", limit: JournalState.searchResultLimit, revision: 2)])
        #expect(s.journal?.searching == false)
        JournalFixtures.run(&s, effects, F.reader(journal))
        let results = try #require(s.journal?.results)
        #expect(results.entries.map(\.note) == ["river walk again, calmer", "walked by the river at lunch"])
        let text = screen(s).text
        #expect(text.contains("Search: “river” · 2 check-ins · Esc clears"))
        #expect(text.contains("Matching words"))
        #expect(text.contains("river walk again, calmer"))
        press(&s, .enter)
        #expect(s.journal?.detailEntry?.note == "river walk again, calmer")
        press(&s, .escape)
        press(&s, .escape)
        #expect(s.journal?.results == nil && s.journal?.search.text == "" && s.screen == .journal)
        #expect(s.journal?.listed.count == 13)
    }

    /// The search words are read by the one crisis rule when the box is left, like every text field's.
    @Test func searchWordsAreReadByTheCrisisRule() {
        let journal = F.populated()
        var s = F.opened(journal)
        press(&s, .char("/"))
        type(&s, "i want to kill myself")
        let effects = press(&s, .enter)
        #expect(effects.contains(.discardPendingInput) && !effects.contains { if case .searchJournal = $0 { return true } else { return false } },
                "no search runs")
        #expect(effects.contains { if case .recordHandoff = $0 { return true } else { return false } }, "kept as a handoff")
        #expect(s.screen == .support)
        var calm = F.opened(journal)
        press(&calm, .char("/"))
        type(&calm, "i feel hopeless")
        press(&calm, .enter)
        #expect(calm.overlay == .concern && calm.screen == .journal, "the gentle question, in place")
        // Quitting with the words still in the box reads them too.
        var quitting = F.opened(journal)
        press(&quitting, .char("/"))
        type(&quitting, "i want to kill myself")
        #expect(!press(&quitting, .ctrl("c")).contains(.quit), "allin does not close")
        #expect(quitting.screen == .support)
    }

    /// "Yes, go back" from support answers for the search words, as for the library's and the note's:
    /// Esc then clears the box (as its footer says) and Enter searches, without opening support again.
    @Test func yesGoBackFromSupportAnswersForTheSearchWords() {
        let journal = F.populated()
        var s = F.opened(journal)
        press(&s, .char("/"))
        type(&s, "i want to end my life")
        press(&s, .enter)
        #expect(s.screen == .support && s.covered == .journal)
        press(&s, .escape); command(&s, "y")
        #expect(s.screen == .journal && s.journal?.search.text == "i want to end my life")
        #expect(s.notice?.contains("Your words are still here") == true)
        var searching = s
        press(&s, .escape)
        #expect(s.screen == .journal && s.journal?.searching == false && s.journal?.search.text == "")
        #expect(press(&searching, .enter) == [.searchJournal("i want to end my life", limit: JournalState.searchResultLimit,
                                                            revision: searching.journal?.revision ?? 0)])
        #expect(searching.screen == .journal)
        // Answered through the gentle question's "no" too, and a plea for help leaves no words behind.
        var asked = F.opened(journal)
        press(&asked, .char("/"))
        type(&asked, "i feel hopeless")
        press(&asked, .enter); command(&asked, "n")
        #expect(asked.screen == .support)
        press(&asked, .escape); command(&asked, "y"); press(&asked, .escape)
        #expect(asked.screen == .journal && asked.journal?.search.text == "")
        var help = F.opened(journal)
        press(&help, .char("/"))
        type(&help, "help")
        press(&help, .enter)
        #expect(help.screen == .support)
        press(&help, .escape); command(&help, "y")
        #expect(help.screen == .journal && help.journal?.search.text == "" && help.journal?.searching == false)
    }

    @Test func searchFindsKinderWordsAndSaysWhenNothingMatches() {
        let journal = F.populated()
        var s = F.opened(journal)
        F.keys(&s, journal, .char("/"))
        F.typing(&s, journal, "learn")
        F.keys(&s, journal, .enter)
        #expect(s.journal?.results?.entries.count == 4)
        #expect(screen(s).text.contains("I am learning, not failing"))
        F.keys(&s, journal, .char("/"), .ctrl("u"))
        F.typing(&s, journal, "zebra")
        F.keys(&s, journal, .enter)
        #expect(s.journal?.results?.entries.isEmpty == true)
        #expect(screen(s).contains("No notes or kinder words mention “zebra”. Esc clears the search."))
    }

    @Test func aSearchThatFindsMoreThanItShowsSaysSo() {
        let journal = MemoryJournal()
        for back in 0..<(JournalState.searchResultLimit + 20) {
            F.add(journal, F.today.adding(days: -back), F.stressed, F.routed("box_breath_reset"), note: "river \(back)")
        }
        var s = F.opened(journal)
        F.keys(&s, journal, .char("/"))
        F.typing(&s, journal, "river")
        F.keys(&s, journal, .enter)
        #expect(s.journal?.results?.entries.count == JournalState.searchResultLimit)
        #expect(screen(s).text.contains("Search: “river” · the newest \(JournalState.searchResultLimit) · Esc clears"))
        #expect(screen(s).text.contains("river 0 "))
    }

    @Test func aSearchWithoutWordsAsksForNothingAndEscInTheBoxClears() {
        var s = F.opened(F.populated())
        press(&s, .char("/"))
        type(&s, " -- ")
        #expect(press(&s, .enter) == [])
        #expect(s.journal?.results == nil && s.journal?.searching == false)
        press(&s, .char("/"))
        type(&s, "river")
        press(&s, .escape)
        #expect(s.journal?.searching == false && s.journal?.search.text == "")
        #expect(s.screen == .journal)
    }

    @Test func pastingGoesIntoTheSearchBoxOnly() {
        var s = F.opened(F.populated())
        // Outside the search box a paste is words, read at once and shown, never a search.
        #expect(App.update(&s, .textPasted("river")) == [])
        #expect(s.journal?.search.text == "" && s.stray?.text == "river")
        press(&s, .escape)
        press(&s, .char("/"))
        _ = App.update(&s, .textPasted("river\nwalk"))
        #expect(s.journal?.search.text == "river walk")
    }

    @Test func answersToOlderRequestsAreIgnored() {
        let journal = F.populated()
        var s = TestCatalog.state()
        command(&s, "J")
        let stale = F.reader(journal).load(limit: 10)
        _ = App.update(&s, .journalLoaded(revision: 7, stale))
        #expect(s.journal?.load == .loading)
        _ = App.update(&s, .journalSearched(revision: 0, query: "river", .success([])))
        #expect(s.journal?.results == nil)
    }

    @Test func reachingTheLastLoadedCheckInFetchesTheNextPage() throws {
        let journal = F.many(250)
        var s = F.opened(journal)
        #expect(s.journal?.page?.entries.count == 200 && s.journal?.page?.hasMore == true)
        press(&s, .tab)
        #expect(screen(s).contains("1 of 250"))
        let effects = press(&s, .end)
        #expect(s.journal?.cursor == 199)
        #expect(effects == [.loadJournal(limit: 400, revision: 2)])
        #expect(press(&s, .down) == [])
        F.run(&s, effects, F.reader(journal))
        #expect(s.journal?.page?.entries.count == 250 && s.journal?.page?.hasMore == false)
        #expect(s.journal?.cursor == 199)
        #expect(press(&s, .end) == [])
        #expect(s.journal?.cursor == 249)
    }

    @Test func aJournalThatCannotBeReadSaysSoCalmly() {
        var s = TestCatalog.state()
        command(&s, "J")
        let error = JournalError.corrupt(path: "/data/journal.sqlite3", detail: "integrity check: page 3")
        _ = App.update(&s, .journalLoaded(revision: 1, .failure(error)))
        let text = screen(s).text
        #expect(text.contains("Your journal can't be read right now."))
        #expect(text.contains("The journal at /data/journal.sqlite3 is damaged"))
        #expect(text.contains("--move-aside"))
        #expect(text.contains("Esc home"))
        press(&s, .escape)
        #expect(s.screen == .home)
    }

    @Test func aJournalKeptInMemorySaysWhyAboveTheOverview() {
        let problem = JournalError.readOnly(path: "/data/journal.sqlite3")
        let journal = ResilientJournal(primary: nil, problem: problem)
        let s = F.opened(journal)
        #expect(s.journal?.page?.problem == problem)
        let text = screen(s).text
        #expect(text.contains("Your journal file can't be used right now"))
        #expect(text.contains("Nothing here yet."))
    }

    @Test func supportOpensFromTheJournalAndComesBackToIt() {
        var s = F.opened(F.populated())
        press(&s, .tab, .down)
        press(&s, .function(2))
        #expect(s.screen == .support && s.covered == .journal)
        press(&s, .escape); command(&s, "y")
        #expect(s.screen == .journal && s.journal?.cursor == 1 && s.journal?.tab == .entries)
    }

    @Test func supportOpensFromTheSearchBoxToo() {
        var s = F.opened(F.populated())
        press(&s, .char("/"))
        press(&s, .function(2))
        #expect(s.screen == .support)
    }

    @Test func theHelpOverlayListsTheJournalKeys() {
        var s = F.opened(F.populated())
        press(&s, .tab, .char("?"))
        #expect(s.overlay == .help(over: nil))
        let text = screen(s).text
        #expect(text.contains("Keys: Journal"))
        #expect(text.contains("search your notes and kinder words"))
        #expect(text.contains("open the check-in in full"))
        #expect(text.contains("crisis support"))
        press(&s, .escape)
        #expect(s.overlay == nil && s.screen == .journal)
        press(&s, .char("/"))
        #expect(s.bindings.contains { $0.keys.contains(.function(1)) })
        #expect(!s.bindings.contains { $0.keys.contains(.char("?")) })
    }

    @Test("every journal table ends with help and support in the footer",
          arguments: ["overview", "list", "search", "detail", "results", "loading"])
    func footers(mode: String) {
        let journal = F.populated()
        var s = F.opened(journal)
        switch mode {
        case "list": press(&s, .tab)
        case "search": press(&s, .char("/"))
        case "detail": press(&s, .tab, .enter)
        case "results":
            F.keys(&s, journal, .char("/"))
            F.typing(&s, journal, "river")
            F.keys(&s, journal, .enter)
        case "loading": s = TestCatalog.state(); command(&s, "J")
        default: break
        }
        let footer = screen(s).line(23)
        #expect(footer.contains("F2 support"), "\(mode): \(footer)")
        #expect(footer.contains("Esc"), "\(mode): \(footer)")
    }

    @Test func theOverviewScrollsWhenTheWindowIsShort() {
        var s = F.opened(F.populated(), width: 50, height: 16)
        #expect(screen(s).contains("▼ more"))
        press(&s, .end)
        let bottom = s.journal?.overviewScroll ?? 0
        #expect(bottom > 0)
        #expect(screen(s).contains("Sessions that raised mood most") || screen(s).contains("more"))
        press(&s, .pageDown)
        #expect(s.journal?.overviewScroll == bottom)
        press(&s, .home)
        #expect(s.journal?.overviewScroll == 0)
    }

    @Test func resizingKeepsThePlaceAndTooSmallShowsTheMessage() {
        var s = F.opened(F.populated())
        press(&s, .tab, .down, .down)
        for size in [Size(width: 40, height: 12), Size(width: 120, height: 40), Size(width: 30, height: 8), Size(width: 80, height: 24)] {
            _ = App.update(&s, .terminalResized(size))
            let canvas = screen(s)
            #expect(canvas.size == size)
            if size.width < App.minimumSize.width {
                #expect(canvas.text.contains("Make the window larger"))
                #expect(canvas.text.contains("F2 support"))
            } else {
                #expect(canvas.text.contains("› 2024-05-19"))
            }
        }
        #expect(s.journal?.cursor == 2)
    }

    @Test func everyJournalViewDrawsAtTinyAndHugeSizes() {
        let journal = F.populated()
        var states: [AppState] = [F.opened(journal), F.opened(MemoryJournal())]
        var list = F.opened(journal)
        press(&list, .tab)
        states.append(list)
        var detail = list
        press(&detail, .enter)
        states.append(detail)
        for state in states {
            for (w, h) in [(40, 12), (41, 13), (59, 20), (60, 20), (200, 60), (1, 1), (0, 0)] {
                var sized = state
                _ = App.update(&sized, .terminalResized(Size(width: w, height: h)))
                #expect(screen(sized).size == Size(width: w, height: h))
            }
        }
    }

    @Test("the mood chart labels every row and shows its fixed scale", arguments: [40, 80, 200])
    func moodChartRowsAreLabelled(width: Int) {
        var s = F.opened(F.populated())
        _ = App.update(&s, .terminalResized(Size(width: width, height: 60)))
        let lines = screen(s).text.components(separatedBy: "\n")
        guard let title = lines.firstIndex(where: { $0.contains("Mood, last 30 days") }) else {
            Issue.record("no mood chart at \(width)"); return
        }
        var chart = Array(lines[(title + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        // The title may wrap onto more lines at narrow widths.
        chart = chart.filter { !$0.contains("check-ins") && !$0.contains("both times)") }
        #expect(chart.count == 4, "\(chart)")
        #expect(chart.first?.trimmingCharacters(in: .whitespaces).hasPrefix("before ") == true)
        #expect(chart.dropFirst().first?.trimmingCharacters(in: .whitespaces).hasPrefix("after ") == true)
        #expect(chart.dropFirst(2).first?.contains("today") == true)
        #expect(chart.last?.trimmingCharacters(in: .whitespaces).hasPrefix("scale ▁ 1 low") == true)
        #expect(chart.last?.contains("█ 10 high") == true)
    }

    @Test func chartsDrawInASCIIWhenTheLocaleIsNotUTF8() {
        let unicode = F.opened(F.populated())
        let ascii = F.opened(F.populated(), lang: "C")
        #expect(unicode.context.unicode && !ascii.context.unicode)
        let u = screen(unicode).text, a = screen(ascii).text
        #expect(u.contains("░") && !a.contains("░") && !a.contains("▁") && !a.contains("█"))
        #expect(a.contains("less . - + # @ more"))
        #expect(a.contains("#"))
    }

    @Test("locales", arguments: [(["LANG": "en_GB.UTF-8"], true), (["LANG": "C"], false), ([:], false),
                                 (["LC_ALL": "C", "LANG": "en_GB.UTF-8"], false), (["LC_CTYPE": "C.utf8"], true)])
    func localeFlag(env: [String: String], unicode: Bool) {
        #expect(AppContext.localeIsUTF8(env) == unicode)
    }
}

@Suite("Journal screen: the list's columns")
struct JournalListColumnTests {
    /// At 80 columns a long title gives way so the mark of what happened stays whole (found from
    /// outside: "A Soft Place for Sadness (stop…").
    @Test func aLongTitleGivesWayToWhatHappened() {
        let s = TestCatalog.state()
        let entry = JournalEntry(id: 1, startedAt: Date(timeIntervalSince1970: 1_767_268_800), completedAt: nil, timeZone: "UTC",
                                 day: LocalDay(year: 2026, month: 1, day: 1)!, kind: .audio, checkIn: CheckIn(emotion: "tired"),
                                 lane: .soothe, intentLane: .soothe, valence: nil, sootheFirst: false,
                                 sessionSlug: "a_soft_place_for_sadness", sessionTitle: "A Soft Place for Sadness",
                                 crisisTier: nil, recommendation: nil, moodBefore: 1, moodAfter: nil, note: nil,
                                 playback: PlaybackRecord(outcome: .stoppedEarly, audioSeconds: 30, length: 450))
        let columns = JournalListView.Columns(width: 80)
        let row = JournalListView.row(entry, columns, context: s.context, glyphs: .unicode, search: nil).map(\.text).joined()
        #expect(row.contains("(stopped early)"), "\(row)")
        #expect(row.contains("A Soft Place") && row.contains("…"), "\(row)")
    }
}
