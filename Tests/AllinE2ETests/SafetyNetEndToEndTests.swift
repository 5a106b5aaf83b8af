import Foundation
import Testing

/// The safety net as a person walks it, in the real binary under tmux: every way a crisis statement
/// can be typed reaches support, a hard day gets the gentle question and goes on, the way back from
/// support never traps, and support shows numbers from 40×12 up.
@Suite("Safety net end to end (tmux)", .enabled(if: Paths.tmuxAvailable, "tmux is not installed"))
struct SafetyNetEndToEndTests {
    func start(width: Int = 80, height: Int = 24, extra: [String: String] = [:]) -> TmuxSession {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("allin-e2e-data-\(UUID().uuidString.prefix(8))")
        var env = ["LANG": "en_GB.UTF-8", "ALLIN_PLAYER": "none", "ALLIN_DATA_DIR": data.path]
        env.merge(extra) { $1 }
        let t = TmuxSession(width: width, height: height, appEnv: env)
        t.waitFor("Start a check-in", "F2 support")
        return t
    }

    /// To the situation step with "Stressed" chosen.

    @Test func aLongSituationWithTheWordsAtTheVeryEnd() {
        let t = toSituationWords()
        // Over 280 characters (the old silent limit) before the words that matter.
        let long = String(repeating: "work ran late again and the train was cancelled so i walked. ", count: 6)
            + "and honestly i want to kill myself"
        t.type(long)
        t.waitFor("kill myself")
        t.keys("Enter")
        t.waitFor("116 123", "Call 999")
    }

    @Test func anOwnWordFeelingLongerThanFortyCharacters() {
        let t = start()
        t.keys("c", "Enter")
        t.waitFor("How are you feeling")
        t.keys("Tab")
        t.type("flat and tired and fed up with everything, honestly i just want to end my life")
        t.waitFor("78/200")
        t.keys("Enter")
        t.waitFor("116 123", "Call 999")
    }

    /// Own words the app can't place with confidence get "Which is closest?" with three feelings; a
    /// number chooses one and the check-in goes on.
    @Test func ownWordsItCannotPlaceAskWhichIsClosest() {
        let t = start()
        t.keys("c", "Enter")
        t.waitFor("How are you feeling")
        t.keys("Tab")
        t.type("not great")
        t.keys("Enter")
        t.waitFor("Which is closest?", "You wrote “not great”", "none of these")
        t.keys("1")
        t.waitFor("What is it about?")
        #expect(!t.screen().contains("Which is closest?"))
    }

    @Test func aStatementTypedIntoTheListFilter() {
        let t = start()
        t.toSituation()
        t.type("i want to die")
        t.waitFor("Filter: i want to die")
        t.keys("Enter")
        t.waitFor("116 123", "Call 999")
    }

    /// Words typed on a short numbered list (here "what would help") are read, never pressed as keys
    /// (found from outside: on the consent step "i wanna die lol" reached nothing, its 'n' answered no).
    @Test func aStatementTypedOnAShortList() {
        let t = start()
        t.toSituation()
        t.keys("Right")
        t.waitFor("How strong is it")
        t.keys("5", "Enter")
        t.waitFor("What would help")
        t.type("i wanna die lol")
        t.waitFor("You typed: i wanna die lol")
        t.keys("Enter")
        t.waitFor("116 123", "Call 999")
    }

    /// Where there is no text box, a letter is words: a sentence typed key by key on home (its first
    /// letter the safety plan's key) and on support (its 'r' the country list's) is read whole, and the
    /// lines support shows never change by typing (found from outside).
    @Test func aSentenceTypedKeyByKeyOnHomeAndSupportIsRead() {
        let t = start()
        for ch in "please help me i want to die" { t.type(String(ch)) }
        t.waitFor("You typed: please help me i want to die")
        #expect(!t.screen().contains("allin · Your safety plan"))
        t.keys("Enter")
        t.waitFor("116 123", "Call 999")
        for ch in "really tired of all this" { t.type(String(ch)) }
        t.waitFor("You typed: really tired of all this")
        t.keys("Enter")
        t.waitFor("Thank you for writing it", "116 123", "Call 999")
        #expect(!t.screen().contains("Which country"))
    }

    @Test func typingThatMatchesNoChipBecomesOwnWords() {
        let t = start()
        t.toSituation()
        t.type("the boiler broke")
        t.keys("Enter")
        t.waitFor("your words are kept here")
        t.keys("Enter")
        t.waitFor("How strong is it")
    }

    /// One bad line in the config file never keeps the full screen, and F2 in it, from a person (found
    /// from outside: 'region = XX' stopped allin before it drew anything).
    @Test func aBadConfigLineStillOpensTheFullScreen() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("allin-e2e-cfg-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home.appendingPathComponent("allin"), withIntermediateDirectories: true)
        try Data("region = XX\n".utf8).write(to: home.appendingPathComponent("allin/config"))
        let t = start(extra: ["XDG_CONFIG_HOME": home.path])
        t.keys("F2")
        t.waitFor("116 123", "999")
    }

    /// A new check-in at the situation's own words (the list passed over with Tab).
    func toSituationWords() -> TmuxSession {
        let t = start()
        t.toSituation()
        t.keys("Tab")
        t.waitFor("Enter for next")
        return t
    }

    /// A hard day typed as the situation, in the ambiguous band: Enter opens the gentle question.
    func toGentleQuestion() -> TmuxSession {
        let t = start()
        t.toSituation()
        t.keys("Tab")
        t.type("i feel hopeless about everything lately")
        t.keys("Enter")
        return t
    }

    /// A hard day in the ambiguous band: the question in place, "yes" goes on with the words kept.
    /// A letter over the question is words: y alone answers nothing; y then Enter is yes.
    @Test func aHardDayGetsTheGentleQuestionAndGoesOn() {
        let t = toGentleQuestion()
        t.waitFor("Are you safe right now?", "Yes, I'm safe", "Esc back to your words")
        // Esc goes back to the words, answering nothing; leaving the field asks again.
        t.keys("Escape")
        t.waitFor("Your words are still here", "i feel hopeless about everything lately")
        #expect(!t.screen().contains("Are you safe right now?"))
        t.keys("Enter")
        t.waitFor("Are you safe right now?")
        t.keys("y")
        t.waitFor("You typed: y", "Enter: yes, I'm safe")
        #expect(t.screen().contains("Are you safe right now?") && !t.screen().contains("How strong is it"))
        t.keys("Enter")
        t.waitFor("How strong is it")
        #expect(!t.screen().contains("116 123"))
    }

    /// A typed answer is words: its 'y' answers nothing, and on Enter the words are read by the crisis
    /// rule, not taken as yes ("yes but i have taken all the pills" opens support, emergency number first).
    @Test func wordsTypedAfterYesAreRead() {
        let t = toGentleQuestion()
        t.waitFor("Are you safe right now?", "Yes, I'm safe")
        t.type("yes but i have taken all the pills")
        t.waitFor("You typed: yes but i have taken all the pills")
        #expect(!t.screen().contains("How strong is it"))
        t.keys("Enter")
        t.waitFor("116 123", "999")
        #expect(!t.screen().contains("How strong is it"))
    }

    /// F1 over the gentle question shows its keys; closing help shows the question again, unanswered
    /// (it used to be gone, the check skipped).
    @Test func helpOverTheGentleQuestionKeepsIt() {
        let t = toGentleQuestion()
        t.waitFor("Are you safe right now?", "Yes, I'm safe")
        t.keys("F1")
        t.waitFor("Keys:", "yes, I'm safe: go on", "not sure: show support now")
        t.keys("Escape")
        t.waitFor("Are you safe right now?", "Yes, I'm safe", "Esc back to your words")
        #expect(!t.screen().contains("Keys:") && !t.screen().contains("How strong is it"))
        t.keys("y", "Enter")
        t.waitFor("How strong is it")
    }

    /// Ctrl-C over support, or over the unanswered question, closes the full screen and leaves the
    /// lines on the terminal (found from outside: nothing was left, and the question never showed support).
    @Test(arguments: ["support", "question"])
    func closingOverSupportLeavesTheLinesOnTheTerminal(_ over: String) {
        let t: TmuxSession
        if over == "support" {
            t = start()
            t.keys("F2")
            t.waitFor("116 123")
        } else {
            t = toGentleQuestion()
            t.waitFor("Are you safe right now?")
        }
        t.keys("C-c")
        t.waitFor("EXIT=130", "Support is still here whenever you need it", "116 123", "999")
        // Quitting anywhere else leaves nothing behind.
        let home = start()
        home.keys("q", "Enter")
        home.waitFor("EXIT=")
        #expect(!home.screen().contains("Support is still here"))
    }

    /// A paste without bracketed paste (tmux paste-buffer without -p, as many terminals send it): its
    /// line break is Enter and opens the gentle question; the rest of the paste ("yes, …") must not
    /// answer it, nor act on the screens after it.
    @Test func aPasteDoesNotAnswerTheGentleQuestion() {
        let t = toSituationWords()
        t.paste("i'm a burden to everyone\nyes, the kids were loud again", marked: false)
        t.waitFor("Are you safe right now?", "i'm a burden to everyone")
        // The question showed only once the paste was over; it is still there, unanswered.
        let screen = t.screen()
        #expect(screen.contains("Are you safe right now?") && !screen.contains("kids were loud"))
        #expect(!screen.contains("How strong is it"))
        t.keys("y", "Enter")
        t.waitFor("How strong is it")
        // In the first step's filter, the same.
        let first = start()
        first.keys("c", "Enter")
        first.waitFor("How are you feeling")
        first.paste("i can't go on\nyesterday was hard", marked: false)
        first.waitFor("Are you safe right now?")
        #expect(!first.screen().contains("Which is closest?"))
        first.keys("n", "Enter")
        first.waitFor("116 123", "Call 999")
    }

    /// A two-line paste whose first line is clear: its line break leaves the field, and its second
    /// line is read as text, never pressed as keys on the next step (found from outside: "and honestly
    /// i want to kill myself tonight" set the intensity to 8 and ticked "Head", unread).
    @Test func theSecondLineOfAPasteIsReadNotPressed() {
        let t = toSituationWords()
        t.paste("work was awful today\nand honestly i want to kill myself tonight", marked: false)
        t.waitFor("116 123", "999")
        // A clear second line is not used, and the screen says so.
        let clear = toSituationWords()
        clear.paste("work was awful today\nand then the bus was late 8", marked: false)
        clear.waitFor("How strong is it", "was not used")
        #expect(!clear.screen().contains("8 of 10"))
    }

    /// A byte that is not UTF-8 (a Latin-1 "é" from an old file or a terminal set to ISO-8859-1) shows
    /// as "�" and the rest of the paste is kept and read (found from outside: the field kept "caf").
    @Test func aByteThatIsNotUTF8LosesNothingAfterIt() throws {
        let t = toSituationWords()
        let file = t.dir.appendingPathComponent("latin1.txt")
        try Data([0x63, 0x61, 0x66, 0xE9] + Array(" was closed and i want to kill myself tonight".utf8)).write(to: file)
        t.tmux(["load-buffer", "-b", "l", file.path])
        t.tmux(["paste-buffer", "-p", "-b", "l", "-t", "e2e"])
        t.waitFor("caf\u{FFFD} was closed and i want to kill myself tonight")
        t.keys("Enter")
        t.waitFor("116 123", "999")
    }

    /// The way back from support returns to the words, and Enter goes on after "yes, go back".
    /// From the situation step (a chip highlighted) through intensity 4, soothe, the session read
    /// along and stopped, both moods skipped, to the reflection note.
    func toNote(_ t: TmuxSession) {
        t.keys("Right")
        t.readAlongAndStop(intensity: "4", "Enter")
        t.keys("s", "Enter")
        t.waitFor("A note for your journal")
    }

    @Test func theWayBackFromSupportDoesNotTrap() {
        let t = start()
        t.keys("c", "Enter")
        t.waitFor("How are you feeling")
        t.keys("Tab")
        t.type("i want to disappear")
        t.keys("Enter")
        t.waitFor("116 123")
        t.keys("Escape")
        t.waitFor("Are you safe right now?")
        t.keys("y", "Enter")
        t.waitFor("i want to disappear", "edit them, or press Enter to go on")
        t.keys("Enter")
        // Words that are no feeling the app can place: it asks which is closest; n then Enter keeps them.
        t.waitFor("Which is closest?")
        t.keys("n", "Enter")
        t.waitFor("What is it about?")
    }

    /// A check-in that opened support, came back and went on to its session is one journal entry,
    /// which says support was shown.
    @Test func aCheckInThatWentOnAfterSupportIsOneJournalEntry() throws {
        let place = SessionPlace()
        let t = TmuxSession(appEnv: ["LANG": "en_GB.UTF-8", "ALLIN_PLAYER": "none", "ALLIN_DATA_DIR": place.data])
        t.waitFor("Start a check-in", "F2 support")
        t.keys("c", "Enter")
        t.waitFor("How are you feeling")
        t.keys("Tab")
        t.type("i want to disappear")
        t.keys("Enter")
        t.waitFor("116 123")
        t.keys("Escape")
        t.waitFor("Are you safe right now?")
        t.keys("y", "Enter")
        t.waitFor("edit them, or press Enter to go on")
        t.keys("Enter")
        t.waitFor("Which is closest?")
        t.keys("n", "Enter")
        t.waitFor("What is it about?")
        toNote(t)
        t.keys("Enter")
        t.waitFor("Saved to your journal")
        t.keys("q", "Enter")
        t.waitFor("EXIT=0")
        let journal = try #require(place.journal())
        let entries = try #require(journal["entries"] as? [[String: Any]])
        #expect(entries.count == 1, "one entry for the check-in")
        #expect(entries.first?["kind"] as? String == "audio")
        #expect(entries.first?["supportDuringCheckIn"] as? String == "Crisis support was shown during this check-in.")
    }

    /// A note that opened support goes back to the note after "yes, I'm safe", its words there to
    /// change or keep, as every field does; the check-in stays one journal entry.
    @Test func aNoteThatOpenedSupportComesBackToEdit() throws {
        let place = SessionPlace()
        let t = TmuxSession(appEnv: ["LANG": "en_GB.UTF-8", "ALLIN_PLAYER": "none", "ALLIN_DATA_DIR": place.data])
        t.waitFor("Start a check-in", "F2 support")
        t.toSituation()
        toNote(t)
        t.type("everyone would be better off without me")
        t.keys("Enter")
        t.waitFor("116 123")
        t.keys("Escape")
        t.waitFor("Are you safe right now?")
        t.keys("y", "Enter")
        t.waitFor("A note for your journal", "everyone would be better off without me", "Your note is still here")
        t.keys("BSpace", "BSpace", "BSpace")
        #expect(eventually { !t.screen().contains("without me") })
        t.type(" it all")
        t.keys("Enter")
        t.waitFor("116 123")
        t.keys("Escape")
        t.waitFor("Are you safe right now?")
        t.keys("y", "Enter")
        t.waitFor("better off without it all")
        t.keys("Enter")
        t.waitFor("Saved to your journal", "Note: kept with this check-in.")
        t.keys("q", "Enter")
        t.waitFor("EXIT=0")
        let journal = try #require(place.journal())
        let entries = try #require(journal["entries"] as? [[String: Any]])
        #expect(entries.count == 1, "one entry for the check-in")
        #expect(entries.first?["note"] as? String == "everyone would be better off without it all")
        #expect(entries.first?["supportDuringCheckIn"] as? String == "Crisis support was shown during this check-in.")
    }

    /// The reflection note is read by both layers: a statement only layer B sees is never "kept".
    @Test func aLayerBStatementAsTheReflectionNote() {
        let t = start()
        t.toSituation()
        toNote(t)
        t.type("the tall one near the station would do it")
        t.keys("Enter")
        let deadline = Date().addingTimeInterval(15)
        var screen = ""
        while Date() < deadline {
            screen = t.screen()
            if screen.contains("Are you safe right now?") || screen.contains("116 123") { break }
            usleep(50_000)
        }
        if screen.contains("Are you safe right now?") { t.keys("s", "Enter") }
        t.waitFor("116 123")
        #expect(!t.history().contains("kept with this check-in"))
    }

    @Test func supportAtFortyByTwelveShowsANumberAndTheEmergencyNumber() {
        let t = start(width: 40, height: 12)
        t.keys("s", "Enter")
        t.waitFor("call 116 123", "Call 999")
    }

    /// `allin --plain` is the whole loop on a terminal: the session reads along (no player here) until
    /// x stops it, then both moods, a note and the journal. The read-along is lines only, with no
    /// status line redrawn every second (a screen reader reads each redraw), whatever TERM says.
    @Test(arguments: ["xterm-256color", "dumb"])
    func plainModeIsTheWholeLoop(term: String) throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("allin-e2e-data-\(UUID().uuidString.prefix(8))")
        let t = TmuxSession(width: 80, height: 24, appEnv: ["LANG": "en_GB.UTF-8", "ALLIN_PLAYER": "none", "TERM": term,
                                                          "ALLIN_DATA_DIR": data.path], args: ["--plain"])
        t.waitFor("Type a number or your own word")
        t.type("20"); t.keys("Enter")
        t.waitFor("Type a number, or press Enter to skip")
        t.type("1"); t.keys("Enter")
        t.waitFor("Say a little more")
        t.type("exam tomorrow"); t.keys("Enter")
        t.waitFor("from 1 to 10?")
        t.type("5"); t.keys("Enter")
        t.waitFor("Numbers separated by spaces")
        t.keys("Enter")
        t.waitFor("What would help most")
        t.type("1"); t.keys("Enter")
        t.waitFor("Before you start: how do you feel")
        t.type("4"); t.keys("Enter")
        t.waitFor("Press Enter to start")
        let raw = t.dir.appendingPathComponent("raw-\(term)")
        t.tmux(["pipe-pane", "-o", "-t", "e2e", "cat > " + TmuxSession.quote(raw.path)])
        t.keys("Enter")
        // Said plainly, with no variable's name; the line breaks at a space where the title's length
        // puts it, so the words are waited for apart.
        t.waitFor("along instead")
        let said = t.screen().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(said.contains("no audio: sound is turned off for allin; reading along instead") && !said.contains("ALLIN_PLAYER"),
                "\(said)")
        t.waitFor("] ")   // the first caption, a line of its own: "[0:00] …"
        usleep(1_500_000)   // a redrawn status line would have been drawn more than once by now
        t.tmux(["pipe-pane", "-t", "e2e"])
        let bytes = try String(decoding: Data(contentsOf: raw), as: UTF8.self)
        #expect(!bytes.contains("q stop") && !bytes.contains("\r\u{1B}[2K") && !bytes.contains("\r "), "\(bytes.debugDescription)")
        t.type("x"); t.keys("Enter")
        t.waitFor("And now? How do you feel")
        t.type("6"); t.keys("Enter")
        t.waitFor("A note for your journal")
        t.type("steadier"); t.keys("Enter")
        t.waitFor("Saved to your journal", "EXIT=0", "TTY=same")
    }

    /// `allin --plain` on a terminal reads what is typed while the session plays as lines, never as
    /// keys: the line shown before it names every word that acts; a word like "s" does nothing (and
    /// says so); a crisis statement (whose letters once stopped and paused it unread) opens support.
    @Test func plainModeReadsWordsTypedDuringTheSession() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("allin-e2e-data-\(UUID().uuidString.prefix(8))")
        let t = TmuxSession(width: 100, height: 60, appEnv: ["LANG": "en_GB.UTF-8", "ALLIN_PLAYER": "none",
                                                           "ALLIN_DATA_DIR": data.path], args: ["--plain", "--region", "GB"])
        t.waitFor("Type a number or your own word")
        for (answer, next) in [("20", "press Enter to skip"), ("1", "Say a little more"), ("exam tomorrow", "from 1 to 10?"),
                               ("5", "Numbers separated by spaces"), ("", "What would help most"),
                               ("1", "Before you start: how do you feel"), ("4", "Press Enter to start"), ("", "] ")] {
            if !answer.isEmpty { t.type(answer) }
            t.keys("Enter")
            t.waitFor(next)
        }
        t.waitFor("q, x, quit or stop ends it; p", "help opens crisis support")
        t.type("s"); t.keys("Enter")
        t.waitFor("That line does nothing while the session plays")
        #expect(!t.screen().contains("Stopped at"))
        t.type("I want to kill myself"); t.keys("Enter")
        t.waitFor("Stopped at", "116 123", "type 'continue'")
        t.type("quit"); t.keys("Enter")
        t.waitFor("Take care", "EXIT=0", "TTY=same")
    }
}
