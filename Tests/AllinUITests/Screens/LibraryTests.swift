import AllinTestSupport
import Testing
@testable import AllinCore
@testable import AllinUI

/// The audio library screen: browse, search as you type, play any session with the same reflection.
@Suite("The audio library screen")
struct LibraryTests {
    static func open(width: Int = 80, height: Int = 24) -> AppState {
        var s = TestCatalog.state(width: width, height: height)
        #expect(command(&s, "a") == [.loadLibrary, .measureLengths])
        _ = App.update(&s, .libraryLoaded(["box_breath_reset": "2026-12-01"], favourites: []))
        return s
    }

    @Test func everySessionShowsWithLengthAndLastPlayed() {
        let s = Self.open()
        #expect(s.screen == .library && s.hasTextFocus)
        let text = screen(s).text
        #expect(text.contains("Box Breath Reset") && text.contains("4:24 · 2026-12-01") && text.contains("last played"))
        #expect(text.contains("Helps with: Calm my body and mind"))
        #expect(LibraryUpdate.sessions(s).count == s.context.catalog.sessions.count)
    }

    /// At 40 columns a long title still has its length beside it: a length takes only the columns it
    /// needs, not a third of the row.
    @Test func atFortyColumnsLongTitlesKeepTheirLength() throws {
        var s = TestCatalog.state(width: 40, height: 12)
        command(&s, "a")
        _ = App.update(&s, .libraryLoaded([:], favourites: []))
        let sessions = LibraryUpdate.sessions(s)
        let long = try #require(sessions.max { $0.title.count < $1.title.count })
        let index = try #require(sessions.firstIndex { $0.slug == long.slug })
        for _ in 0..<index { press(&s, .down) }
        let row = try #require(screen(s).text.split(separator: "\n").first { $0.contains(long.title) })
        #expect(row.contains(TimeText.clock(s.length(of: long))), "\(row)")
    }

    /// Tab marks the session under the cursor; the mark shows only once the journal kept it, and a
    /// journal that fails says so and shows no mark.
    @Test func tabMarksAFavouriteOnceTheJournalKeepsIt() throws {
        var s = Self.open()
        let first = try #require(LibraryUpdate.sessions(s).first)
        #expect(press(&s, .tab) == [.setFavourite(first.slug, true)])
        #expect(s.library.favourites.isEmpty == true, "nothing shows before the journal answers")
        _ = App.update(&s, .favouriteSaved(first.slug, true, problem: .diskFull(path: "/j")))
        #expect(s.library.favourites.isEmpty == true && s.notice?.contains("Couldn't keep that mark") == true)
        _ = App.update(&s, .favouriteSaved(first.slug, true, problem: nil))
        #expect(s.library.favourites == [first.slug])
        #expect(screen(s).text.contains("★ \(first.title)"))
        // Typing still searches; Tab again takes the mark away.
        #expect(press(&s, .tab) == [.setFavourite(first.slug, false)])
        _ = App.update(&s, .favouriteSaved(first.slug, false, problem: nil))
        #expect(s.library.favourites.isEmpty == true && !screen(s).text.contains("★ \(first.title)"))
        #expect(s.bindings.contains { $0.label == "Tab" && $0.action == .toggle })
    }

    @Test func typingSearchesAndTheNewestAnswerWins() {
        var s = Self.open()
        let effects = type(&s, "ex")
        #expect(effects.last == .searchLibrary("ex", revision: 2))
        _ = App.update(&s, .librarySearched(revision: 1, ["box_breath_reset"]))
        #expect(s.library.hits == nil, "an older answer is not shown")
        _ = App.update(&s, .librarySearched(revision: 2, ["steady_on_exam_morning", "plan_before_an_exam"]))
        #expect(screen(s).text.contains("2 found, best first") && screen(s).text.contains("Steady on Exam Morning"))
        press(&s, .escape)
        #expect(s.library.query.text == "" && s.library.hits == nil && s.screen == .library)
        press(&s, .escape)
        #expect(s.screen == .home)
    }

    /// Enter plays the session through mood, player and note, kept in the journal as a session with no
    /// check-in answers; the end says "Session complete".
    @Test func enterPlaysAnySessionWithTheSameReflection() {
        var s = Self.open()
        press(&s, .down, .enter)
        #expect(s.screen == .moodBefore && s.session?.fromLibrary == true)
        #expect(s.session?.player.routed.slug == "five_senses_anchor")
        guard case let .beginJournal(answers, r, _)? = SessionUpdate.beginJournal(&s).first else {
            Issue.record("no journal entry begun"); return
        }
        #expect(answers == CheckIn() && r.session?.slug == "five_senses_anchor")
        s.model.goTo(.note)
        type(&s, "steadier")
        press(&s, .enter)
        #expect(screen(s).text.contains("Session complete") && screen(s).text.contains("Note: kept with this session."))
        press(&s, .enter)
        #expect(s.screen == .home)
    }

    /// Closing allin (Ctrl-C, a signal) mid-session keeps how far a library session got, as a
    /// check-in's session does.
    @Test func closingMidSessionKeepsWhatWasPlayed() {
        var s = Self.open()
        press(&s, .down, .enter, .char("4"), .enter)
        for effect in App.update(&s, .playabilityChecked(ScreenStates.allPlayable)) {
            guard case let .startPlayback(plan) = effect else { continue }
            _ = App.update(&s, .playbackStarted(ScreenStates.start(plan)))
        }
        _ = App.update(&s, .journalBegun(id: 9, problem: nil))
        _ = App.update(&s, .playerTicked(PlayerStatus(position: 8, phase: .playing)))
        #expect(s.screen == .player && s.session?.fromLibrary == true)
        let effects = App.update(&s, .appClosing)
        let recorded = effects.contains { if case let .recordPlayback(id, _) = $0 { return id == 9 } else { return false } }
        #expect(recorded, "\(effects)")
        #expect(s.noteOnExit == "This session is kept in your journal, with how far it got.")
    }

    /// With no check-in, the note's answers are remembered too: "yes, I'm safe" goes on, and "yes, go
    /// back" from support returns to the note, which then keeps the words.
    @Test func aNoteWithNoCheckInIsNotAskedAboutTwice() {
        var s = Self.open()
        press(&s, .down, .enter)
        s.model.goTo(.note)
        type(&s, "i feel hopeless about everything lately")
        press(&s, .enter)
        #expect(s.overlay == .concern)
        command(&s, "y")
        #expect(s.overlay == nil && s.screen == .done)
        var support = Self.open()
        press(&support, .down, .enter)
        support.model.goTo(.note)
        type(&support, "i want to kill myself")
        press(&support, .enter)
        #expect(support.screen == .support && support.covered == .note)
        press(&support, .escape)
        command(&support, "y")
        #expect(support.screen == .note && support.session?.note.text == "i want to kill myself")
        press(&support, .enter)
        #expect(support.screen == .done)
    }

    @Test func wordsInTheSearchAreChecked() {
        var s = Self.open()
        type(&s, "i want to kill myself")
        press(&s, .enter)
        #expect(s.screen == .support && s.covered == .library)
        press(&s, .escape); command(&s, "y")
        #expect(s.screen == .library && s.library.query.text == "i want to kill myself")
        #expect(s.notice?.contains("Your words are still here") == true)
    }

    @Test func moodBeforeGoesBackToTheLibrary() {
        var s = Self.open()
        press(&s, .enter, .escape)
        #expect(s.screen == .library && s.session == nil)
    }
}
