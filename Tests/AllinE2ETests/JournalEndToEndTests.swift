import Foundation
import Testing

/// The journal screen in the real binary: a journal seeded with `allin journal record` in a private
/// data directory, then read, browsed and searched in tmux.
@Suite("Journal screen end to end (tmux)", .enabled(if: Paths.tmuxAvailable, "tmux is not installed"))
struct JournalEndToEndTests {
    /// A private data directory with check-ins on today, yesterday (plus a handoff) and three days
    /// ago: a streak of 3 days that used 1 rest day.
    final class SeededJournal {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("allin-e2e-journal-\(UUID().uuidString.prefix(8))")
        var data: String { root.appendingPathComponent("data").path }
        var env: [String: String] { ["ALLIN_DATA_DIR": data, "TZ": "Europe/London"] }

        init() {
            try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let worried = write("worried.json", #"{"emotion":"worried","triggerText":"the quarterly review","intensity":6,"intent":"unblock","consent":true,"belief":"not_good_enough","kinder":"I am learning, not failing"}"#)
            let stressed = write("stressed.json", #"{"emotion":"stressed","situation":"work","triggerText":"three deadlines","intensity":5,"intent":"soothe"}"#)
            let handoff = write("handoff.json", #"{"emotion":"worried","triggerText":"I want to kill myself","intensity":8}"#)
            record(stressed, daysAgo: 3, ["--mood-before", "3", "--mood-after", "6", "--note", "walked by the river"])
            record(handoff, daysAgo: 1, [])
            record(worried, daysAgo: 1, ["--mood-before", "4", "--mood-after", "5"])
            record(stressed, daysAgo: 0, ["--mood-before", "5", "--mood-after", "8", "--note", "slept well"])
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func write(_ name: String, _ json: String) -> String {
            let url = root.appendingPathComponent(name)
            try? Data(json.utf8).write(to: url)
            return url.path
        }

        func record(_ file: String, daysAgo: Int, _ extra: [String]) {
            let f = DateFormatter()
            f.timeZone = TimeZone(identifier: "Europe/London")
            f.dateFormat = "yyyy-MM-dd"
            f.locale = Locale(identifier: "en_US_POSIX")
            let day = f.string(from: Date().addingTimeInterval(Double(-daysAgo) * 86_400))
            var env = env
            env["PATH"] = "/usr/bin:/bin"
            env["ALLIN_CATALOG"] = Paths.root.appendingPathComponent("catalog").path
            let r = spawn([Paths.allin, "journal", "record", "--file", file, "--at", day] + extra, env: env)
            #expect(r.status == 0, "\(r.output)")
        }
    }

    @Test func browseTheStreakTheListADetailAndASearch() {
        let journal = SeededJournal()
        let t = TmuxSession(appEnv: journal.env.merging(["LANG": "en_GB.UTF-8"]) { $1 })
        t.waitFor("J⏎ Your journal", "F2 support")
        t.keys("J", "Enter")
        t.waitFor("Streak: 3 days with 1 rest day", "One rest day in any 7 keeps a streak alive",
                  "Days checked in: 3 of the last 7", "Last 12 weeks", "Check-ins (4)")
        t.keys("Tab")
        t.waitFor("◆ crisis support shown", "Stressed", "Worried", "1 of 4")
        t.keys("Down", "Down", "Enter")
        t.waitFor("Crisis support was shown.")
        t.keys("Escape", "Up", "Enter")
        t.waitFor("Kinder words", "I am learning, not failing", "Why this session")
        t.keys("Escape", "/")
        t.waitFor("Search:")
        t.type("river")
        t.keys("Enter")
        t.waitFor("Search: “river” · 1 check-in", "walked by the river")
        t.keys("F2")
        t.waitFor("Support is here whenever you need it")
        t.keys("Escape")
        t.waitFor("Are you safe right now?")
        t.keys("y", "Enter")
        t.waitFor("Search: “river”")
        t.keys("Escape")
        t.waitFor("1 of 4")
        t.keys("Escape")
        t.waitFor("J⏎ Your journal")
        t.keys("q", "Enter")
        t.waitFor("EXIT=0", "TTY=same")
        #expect(!t.screen().contains("allin ·"))
    }

    @Test func restDaysSetToOffInTheConfigFile() throws {
        let journal = SeededJournal()
        let config = journal.root.appendingPathComponent("config/allin")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("rest_days = 0\n".utf8).write(to: config.appendingPathComponent("config"))
        let env = journal.env.merging(["LANG": "en_GB.UTF-8", "XDG_CONFIG_HOME": journal.root.appendingPathComponent("config").path]) { $1 }
        let t = TmuxSession(appEnv: env)
        t.waitFor("J⏎ Your journal")
        t.keys("J", "Enter")
        t.waitFor("Streak: 2 days, today included", "Rest days are off: a streak needs a check-in every day.")
        t.keys("C-c")
        t.waitFor("EXIT=130", "TTY=same")
    }

    @Test func anEmptyJournalIsCalmAndCreatesNoFile() {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("allin-e2e-empty-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let data = root.appendingPathComponent("data").path
        let t = TmuxSession(width: 50, height: 16, appEnv: ["LANG": "en_GB.UTF-8", "ALLIN_DATA_DIR": data])
        t.waitFor("J⏎ Your journal")
        t.keys("J", "Enter")
        t.waitFor("Nothing here yet.", "Check-ins (0)")
        t.resize(width: 30, height: 8)
        t.waitFor("Make the window larger")
        t.resize(width: 80, height: 24)
        t.waitFor("Nothing here yet.")
        #expect(!FileManager.default.fileExists(atPath: data))
        t.keys("C-c")
        t.waitFor("EXIT=130", "TTY=same")
    }
}
