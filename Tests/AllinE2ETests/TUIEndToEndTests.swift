import Foundation
import Testing

/// The real binary in tmux at 80x24: a new user's paths through the full-screen front.
@Suite("Full-screen front end to end (tmux)", .enabled(if: Paths.tmuxAvailable, "tmux is not installed"))
struct TUIEndToEndTests {
    static let gb = ["LANG": "en_GB.UTF-8"]

    func start(_ env: [String: String] = gb, width: Int = 80, height: Int = 24) -> TmuxSession {
        let t = TmuxSession(width: width, height: height, appEnv: env)
        t.waitFor("Start a check-in", "F2 support")
        return t
    }

    /// Feeling "Stressed" by filter, situation "Work" plus text, intensity 5, then the intent fork.
    func toIntent(_ t: TmuxSession) {
        t.keys("c", "Enter")
        t.waitFor("How are you feeling")
        t.type("overw")
        t.waitFor("Filter: overw")
        t.keys("Enter")
        t.waitFor("What is it about?")
        t.keys("Enter")
        t.waitFor("Enter for next")
        t.type("three deadlines this week")
        t.waitFor("three deadlines this week")
        t.keys("Enter")
        t.waitFor("How strong is it")
        t.keys("5", "Space", "Enter")
        t.waitFor("What would help most")
    }

    /// On home a letter is words, never a key: `q` alone only shows what was typed; Enter reads it
    /// and, read clear, quits.
    @Test func quitLeavesTheTerminalRestored() {
        let t = start()
        t.keys("q")
        t.waitFor("You typed: q", "Enter: quit")
        #expect(t.screen().contains("allin ·") && !t.screen().contains("EXIT="))
        t.keys("Enter")
        t.waitFor("EXIT=0", "TTY=same")
        #expect(!t.screen().contains("allin ·"))
    }

    @Test("one full check-in per lane", arguments: ["soothe", "clarity", "embody", "unblock"])
    func lane(_ lane: String) {
        let t = start(["LANG": "en_GB.UTF-8", "ALLIN_PLAYER": "none"])
        toIntent(t)
        switch lane {
        case "soothe":
            t.keys("1")
        case "clarity":
            t.keys("2")
            t.waitFor("What feels most tangled", "Step 5 of 5")
            t.keys("3")
        case "embody":
            t.keys("3")
            t.waitFor("more confident", "Step 5 of 6")
            t.keys("1")
            t.waitFor("Picture it going well")
            t.type("I speak slowly and clearly")
            t.keys("Enter")
        default:
            t.keys("4")
            t.waitFor("explore a belief", "Step 5 of 9")
            t.keys("y", "Enter")
            t.waitFor("Which belief feels closest")
            t.keys("Enter")
            t.waitFor("What do you tend to do")
            t.keys("Enter")
            t.waitFor("Where do you think it comes from")
            t.keys("Tab")
            t.type("school")
            t.keys("Enter")
            t.waitFor("kinder voice")
            t.keys("Enter")
        }
        // What the session is for, in the intent's words (never the lane's name).
        let aims = ["soothe": "to calm your body and mind", "clarity": "to get clear on what to do",
                    "embody": "to feel confident and grounded", "unblock": "to shift a belief that holds you back"]
        t.waitFor("Why this session", aims[lane] ?? lane)
        t.keys("t", "Enter")
        t.waitFor("Step by step", "clear signs of danger: none found")
        t.keys("PageDown", "PageDown")
        t.waitFor("routing lab")
        t.keys("Escape", "Enter")
        t.waitFor("How do you feel right now")
        t.keys("s", "Enter")
        t.waitFor("read along: no sound")
        // In the player a letter is words too: s (which just skipped the mood) stops nothing and
        // does nothing but say so; x alone does not stop either; x then Enter asks before it stops,
        // and y alone does not answer.
        t.keys("s")
        t.waitFor("You typed: s")
        t.keys("Enter")
        t.waitFor("Those words weren't used here")
        t.keys("x")
        t.waitFor("You typed: x", "Enter: stop")
        #expect(!t.screen().contains("Stop the session now?"))
        t.keys("Enter")
        t.waitFor("Stop the session now? y then Enter stops; Esc keeps going.")
        #expect(!t.screen().contains("And now? How do you feel"))
        t.keys("y")
        t.waitFor("You typed: y")
        #expect(!t.screen().contains("And now? How do you feel"))
        t.keys("Enter")
        t.waitFor("And now? How do you feel")
        t.keys("s", "Enter")
        t.waitFor("A note for your journal")
        t.keys("Enter")
        t.waitFor("Check-in complete", "Saved to your journal")
        t.keys("Enter")
        t.waitFor("Start a check-in")
        t.keys("q", "Enter")
        t.waitFor("EXIT=0", "TTY=same")
    }

    /// In a filter every letter is text, j and k as the first letter too; the highlighted chip is the
    /// one Tab takes, as Enter does; the counter has no total before the intent; the optional situation
    /// step names its skip key.
    @Test func inAFilterLettersAreTextAndTabTakesTheHighlightedChip() {
        let t = start()
        t.keys("c", "Enter")
        t.waitFor("How are you feeling", "Step 1")
        t.type("j")
        t.waitFor("Filter: j")
        t.keys("BSpace")
        t.waitFor("Type to filter")
        t.type("k")
        t.waitFor("Filter: k", "Keyed up")
        t.keys("BSpace")
        t.type("an")
        t.waitFor("Filter: an", "Nervous")
        t.keys("Down")
        // The highlighted row is the one marked "›".
        t.waitFor("›  Uneasy")
        t.keys("Tab")
        t.waitFor("What is it about?", "Step 2", "→ skip")
        #expect(!t.screen().contains("of 9"))
        t.keys("Escape")
        t.waitFor("How are you feeling", "● Uneasy")
    }

    @Test func theExpressGateSoothesFirst() {
        let t = start()
        t.keys("c", "Enter")
        t.waitFor("How are you feeling")
        t.type("overw")
        t.keys("Enter")
        t.waitFor("What is it about?")
        t.keys("Right")
        t.waitFor("How strong is it")
        t.keys("8", "Enter")
        t.waitFor("Soothe first, because your intensity is 8", "to calm your body and mind")
    }

    @Test func crisisHandoffInGreatBritain() {
        let t = start(["LANG": "en_GB.UTF-8"])
        t.keys("c", "Enter")
        t.waitFor("How are you feeling")
        t.keys("Tab")
        t.type("I want to kill myself")
        t.keys("Enter")
        t.waitFor("116 123", "85258", "Call 999", "Lines for United Kingdom")
        t.keys("Escape")
        t.waitFor("Are you safe right now?")
        t.keys("n", "Enter")
        t.waitFor("Staying here with you")
        t.keys("g", "Enter")
        t.waitFor("Breathe in")
        t.keys("Escape")
        t.waitFor("116 123")
        t.keys("r", "Enter")
        t.waitFor("Which country's lines?")
        t.type("japan")
        t.keys("Enter")
        t.waitFor("Lines for Japan, as you chose", "0120-279-338", "Call 119")
    }

    /// `region = XX` in the config file chooses the lines support shows, and support says so in words.
    @Test func theConfigFileChoosesTheRegion() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-e2e-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("allin"), withIntermediateDirectories: true)
        try Data("region = DE\n".utf8).write(to: dir.appendingPathComponent("allin/config"))
        let t = start(["LANG": "en_GB.UTF-8", "XDG_CONFIG_HOME": dir.path])
        t.keys("F2")
        t.waitFor("Lines for Germany, as set in your allin settings", "TelefonSeelsorge", "Call 112")
    }

    @Test func crisisHandoffInTheUnitedStates() {
        let t = start(["LANG": "en_US.UTF-8"])
        t.keys("c", "Enter")
        t.waitFor("How are you feeling")
        t.keys("Tab")
        t.type("i will kill myself")
        t.keys("Enter")
        t.waitFor("call 988", "Lines for United States", "Call 911")
    }

    @Test func theSupportKeyWorksMidCheckInAndTheWayBackKeepsAnswers() {
        let t = start()
        t.keys("c", "Enter")
        t.waitFor("How are you feeling")
        t.type("overw")
        t.keys("Enter")
        t.waitFor("What is it about?")
        t.keys("F2")
        t.waitFor("116 123")
        t.keys("Escape")
        t.waitFor("Are you safe right now?")
        t.keys("y", "Enter")
        t.waitFor("What is it about?", "Step 2")
        t.keys("Escape")
        t.waitFor("● Stressed")
    }

    @Test func theRoutingLab() {
        let t = start(["LANG": "en_GB.UTF-8"], width: 120, height: 40)
        t.keys("l", "Enter")
        t.waitFor("Router trace", "In-flow gates")
        t.keys("Down")
        t.type("kill myself")
        t.waitFor("A (phrases): T2", "\"kill myself\"", "CRISIS SUPPORT", "Handoff for United Kingdom")
        t.keys("C-r")
        t.waitFor("the rule: clear", "C (nothing resolved): not needed")
        t.keys("Up", "Up", "Right")
        t.waitFor("If it handed off: lines for")
    }

    @Test func aResizeMidCheckInKeepsTheAnswers() {
        let t = start()
        t.keys("c", "Enter")
        t.waitFor("How are you feeling")
        t.type("overw")
        t.keys("Enter")
        t.waitFor("What is it about?")
        t.keys("Tab")
        t.type("half typed")
        t.waitFor("half typed")
        t.resize(width: 60, height: 18)
        t.waitFor("Step 2", "half typed")
        t.type(" more")
        t.waitFor("half typed more")
        t.resize(width: 30, height: 8)
        t.waitFor("Make the window")
        t.resize(width: 80, height: 24)
        t.waitFor("half typed more", "What is it about?")
    }

    @Test func bracketedPasteGoesIntoTheField() {
        let t = start()
        t.keys("c", "Enter")
        t.waitFor("How are you feeling")
        t.type("overw")
        t.keys("Enter", "Tab")
        t.waitFor("Enter for next")
        t.paste("first line\nsecond line", marked: true)
        t.waitFor("first line second line")
        #expect(t.screen().contains("What is it about?"))
    }

    @Test func unicodeTypingKeepsWidths() {
        let t = start()
        t.keys("c", "Enter")
        t.waitFor("How are you feeling")
        t.type("overw")
        t.keys("Enter", "Tab")
        t.waitFor("Enter for next")
        t.type("café 中文 ok")
        t.waitFor("café 中文 ok")
        // Three backspaces take three characters (the counter shows only near the 2,000 limit).
        t.keys("BSpace", "BSpace", "BSpace")
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, t.screen().contains("中文 ok") || t.screen().contains("中文 o") { usleep(50_000) }
        t.waitFor("café 中文")
        #expect(!t.screen().contains("中文 "))
        // An escape sequence arriving in a paste is shown as text, never obeyed.
        t.paste("\u{1B}[31mred", marked: true)
        t.waitFor("café 中文␛[31mred")
    }

    /// Emoji joined with U+200D and direction marks typed into a field reach the journal (SQLite)
    /// and every export as typed. On screen the joiner is not drawn (the parts show side by side)
    /// and a direction control shows as a placeholder; `allin journal show` keeps the emoji whole.
    @Test func joinedEmojiAndDirectionMarksAreKeptAsTyped() throws {
        let place = SessionPlace()
        let t = TmuxSession(appEnv: place.env(player: "none"))
        t.waitFor("Start a check-in")
        t.keys("c", "Enter")
        t.waitFor("How are you feeling")
        t.type("overw")
        t.keys("Enter", "Tab")
        t.waitFor("Enter for next")
        let words = "work 👩\u{200D}💻 and ❤\u{FE0F}\u{200D}🔥 and 👨\u{200D}👩\u{200D}👧 \u{200F}שלום\u{200E} x\u{202E}y\u{202C} end"
        t.paste(words, marked: true)
        t.waitFor("work 👩💻 and", "x\u{FFFD}y\u{FFFD} end")
        #expect(!t.screen().contains("\u{FFFD}💻"))
        t.keys("Enter")
        t.readAlongAndStop(intensity: "5", "Space", "Enter")
        t.keys("s", "Enter")
        t.waitFor("A note for your journal")
        t.keys("Enter")
        t.waitFor("Check-in complete", "Saved to your journal")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(spawn([Paths.allin, "export"], env: place.env()).output.utf8))
            as? [String: Any])
        let entry = try #require((json["entries"] as? [[String: Any]])?.first)
        #expect((entry["answers"] as? [String: Any])?["triggerText"] as? String == words)
        for format in ["md", "csv"] {
            let out = spawn([Paths.allin, "export", "--format", format], env: place.env()).output
            #expect(out.contains(words), "\(format)")
            #expect(!out.contains("\u{FFFD}"), "\(format)")
        }
        let shown = spawn([Paths.allin, "journal", "show", "1"], env: place.env()).output
        #expect(shown.contains("work 👩\u{200D}💻 and") && shown.contains("x\u{FFFD}y\u{FFFD} end"))
        #expect(!shown.unicodeScalars.contains { [0x200E, 0x200F, 0x202E, 0x202C].contains($0.value) })
    }

    /// A paste far over the limit is one event (found from outside: past 20,000 characters the rest
    /// arrived as typed keys, each refused and checked again, and 50,000 held every key, F2 included,
    /// for 30 s): it is cut once, says how much was left out, F2 answers at once, and crisis words at
    /// its very end still open support.
    @Test func aHugePasteIsCutOnceAndNothingWaits() {
        let place = SessionPlace()
        let t = TmuxSession(appEnv: place.env(player: "none"))
        t.waitFor("Start a check-in")
        t.keys("c", "Enter")
        t.waitFor("How are you feeling")
        t.type("overw")
        t.keys("Enter", "Tab")
        t.waitFor("Enter for next")
        t.paste(String(repeating: "word ", count: 12_000), marked: true)
        t.waitFor("the last 58,000 were not added", timeout: 15)
        t.keys("F2")
        t.waitFor("allin · Support", timeout: 5)
        t.keys("Escape")
        t.waitFor("Are you safe right now?")
        t.keys("y", "Enter")
        t.waitFor("limit reached 2000/2000")
        t.keys("C-u")
        t.paste(String(repeating: "word ", count: 12_000) + "and honestly i want to kill myself tonight", marked: true)
        t.waitFor("What you wrote sounds really hard", timeout: 15)
    }

    /// A key the terminal type does not know is not Esc plus typing (found from outside: Home under a
    /// mismatched TERM, "Esc [1~", went back to step 1 and typed "[1~" into its filter); Esc then a key
    /// at once is still both keys.
    @Test func anUnknownKeySequenceIsNotEscapePlusTyping() {
        let place = SessionPlace()
        let t = TmuxSession(appEnv: place.env(player: "none"))
        t.waitFor("Start a check-in")
        t.keys("c", "Enter")
        t.waitFor("How are you feeling")
        t.type("overw")
        t.keys("Enter", "Tab")
        t.waitFor("Enter for next")
        t.type("abc")
        t.waitFor("abc")
        t.type("\u{1B}[99~")
        t.type("d")
        t.waitFor("abcd", "Step 2")
        #expect(!t.screen().contains("[99~"))
        t.keys("Escape")
        t.waitFor("Step 1")
    }

    @Test func colourWithoutNoColorAndMonochromeWithIt() {
        let colour = start(["LANG": "en_GB.UTF-8"])
        #expect(colour.screen(escapes: true).range(of: "\u{1B}\\[[0-9;]*(3[0-7]|4[0-7])[;m]", options: .regularExpression) != nil)
        let mono = start(["LANG": "en_GB.UTF-8", "NO_COLOR": "1"])
        let escapes = mono.screen(escapes: true)
        #expect(escapes.range(of: "\u{1B}\\[[0-9;]*(3[0-7]|4[0-7])[;m]", options: .regularExpression) == nil)
        #expect(escapes.contains("\u{1B}[7m") || escapes.contains(";7m"))
        mono.keys("q", "Enter")
        mono.waitFor("EXIT=0", "TTY=same")
    }

    @Test func ctrlCQuitsAndRestores() {
        let t = start()
        t.keys("c", "Enter")
        t.waitFor("How are you feeling")
        t.keys("C-c")
        t.waitFor("EXIT=130", "TTY=same")
    }

    @Test("termination signals restore the terminal", arguments: [(Int32(15), 143), (1, 129), (2, 130)])
    func signals(signal: Int32, status: Int) {
        let t = start()
        guard let pid = t.appPID() else { Issue.record("no allin process in the pane"); return }
        kill(pid, signal)
        t.waitFor("EXIT=\(status)", "TTY=same")
        #expect(!t.screen().contains("allin ·"))
    }

    @Test func ctrlZSuspendsAndFgResumesWithAnswersKept() {
        let t = TmuxSession(interactiveShellWith: ["LANG": "en_GB.UTF-8"])
        t.waitFor("Start a check-in")
        t.keys("c", "Enter")
        t.waitFor("How are you feeling")
        t.type("overw")
        t.waitFor("Filter: overw")
        t.keys("C-z")
        t.waitFor("Stopped")
        #expect(!t.screen().contains("Filter: overw"))
        t.type("fg")
        t.keys("Enter")
        t.waitFor("Filter: overw", "Step 1")
        t.keys("C-c")
        t.type("echo EXIT=$?")
        t.keys("Enter")
        t.waitFor("EXIT=130")
    }

    /// A crash (here SIGILL, the signal a Swift runtime trap such as fatalError raises on this
    /// platform, sent from outside so no test hook lives in the app) still restores the terminal.
    @Test func aFatalErrorRestoresTheTerminal() throws {
        let t = TmuxSession(appEnv: ["LANG": "en_GB.UTF-8"])
        t.waitFor("Start a check-in")
        let app = try #require(t.appPID())
        kill(app, SIGILL)
        t.waitFor("TTY=same", "EXIT=132")
        #expect(!t.screen().contains("allin ·"))
    }

    @Test func dumbTerminalIsRefusedWithAHint() {
        let t = TmuxSession(appEnv: ["TERM": "dumb"])
        t.waitFor("EXIT=2", "allin --plain")
    }
}
