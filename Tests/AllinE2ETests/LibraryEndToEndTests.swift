import Foundation
import Testing

/// The audio library through the real binary in tmux: search as a new user would, play, reflect.
@Suite("The audio library end to end (tmux)", .enabled(if: Paths.tmuxAvailable, "tmux is not installed"))
struct LibraryEndToEndTests {
    @Test func searchPlayAndReflect() {
        let place = SessionPlace()
        let t = TmuxSession(appEnv: place.env(player: "none"))
        t.waitFor("Start a check-in")
        t.keys("a", "Enter")
        t.waitFor("Search every session", "Box Breath Reset")
        t.type("exa")
        t.waitFor("found, best first", "Steady on Exam Morning")
        t.keys("Enter")
        t.waitFor("Before you start")
        t.keys("5", "Enter")
        t.waitFor("▶ Reading", timeout: 30)
        #expect(!t.screen().contains("Playing"), "read-along is not playing")
        // Sound switched off (ALLIN_PLAYER=none) is said plainly, naming no setting.
        t.waitFor("can’t be played here (sound is turned off")
        #expect(!t.screen().contains("ALLIN_PLAYER"))
        t.keys("x", "Enter")
        t.waitFor("Stop the session now?")
        t.keys("y", "Enter")
        t.waitFor("And now? How do you feel")
        t.keys("6", "Enter")
        t.type("steadier")
        t.keys("Enter")
        // Stopped before any of it was heard or read: not called complete.
        t.waitFor("Session not played", "5 before, 6 after (+1)", "Saved to your journal")
        let journal = spawn([Paths.allin, "journal", "--json"], env: place.env())
        #expect(journal.output.contains("steady_on_exam_morning") && journal.output.contains("steadier"))
        t.keys("Enter")
        t.waitFor("Start a check-in")
        t.keys("a", "Enter")
        t.waitFor("found, best first")
        // Stopped before any of it was heard or read: the library doesn't call it played.
        #expect(!t.screen().contains("last played"))
        // Tab marks the session under the cursor; the mark is in the journal, for allin library too.
        t.keys("Tab")
        t.waitFor("is one of your favourites", "★ ")
        let listed = spawn([Paths.allin, "library", "--json"], env: place.env())
        #expect(listed.output.components(separatedBy: "\"favourite\": true").count == 2, "one session marked")
        #expect(spawn([Paths.allin, "export"], env: place.env()).output.contains("\"favourites\""))
        t.keys("Tab")
        t.waitFor("is no longer marked")
    }
}
