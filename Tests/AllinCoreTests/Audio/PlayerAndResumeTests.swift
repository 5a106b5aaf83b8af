import Testing
@testable import AllinCore

@Suite("Player argument templates")
struct PlayerTemplateTests {
    @Test func discoveryOrder() {
        #expect(PlayerTemplate.all.map(\.name) == ["mpv", "ffplay", "play", "paplay", "aplay"])
    }

    @Test func mpvGetsItsSocketAndStart() throws {
        let mpv = try #require(PlayerTemplate.named("/usr/bin/mpv"))
        #expect(mpv.pause == .ipc && mpv.seek == .ipc && mpv.canStartAtPosition)
        #expect(mpv.arguments(file: "/a/b.ogg", socket: "/run/s.sock", start: 0) == [
            "--no-config", "--no-terminal", "--no-video", "--really-quiet", "--idle=no", "--keep-open=no",
            "--input-ipc-server=/run/s.sock", "--", "/a/b.ogg",
        ])
        #expect(mpv.arguments(file: "/a/b.ogg", socket: nil, start: 97.5).suffix(3) == ["--start=97.5", "--", "/a/b.ogg"])
        // With --no-terminal mpv says nothing on stderr: its own log tells a missing sound device apart.
        #expect(mpv.arguments(file: "/a/b.ogg", socket: nil, start: 0, log: "/s/player.log").suffix(3)
            == ["--log-file=/s/player.log", "--", "/a/b.ogg"])
    }

    @Test(arguments: [
        ("ffplay", 12.0, ["-nodisp", "-autoexit", "-hide_banner", "-loglevel", "error", "-ss", "12", "-i", "/f.ogg"]),
        ("play", 12.0, ["-q", "/f.ogg", "trim", "12"]),
        ("paplay", 12.0, ["/f.ogg"]),
        ("aplay", 0.0, ["-q", "/f.ogg"]),
    ])
    func otherPlayers(name: String, start: Double, expected: [String]) throws {
        #expect(try #require(PlayerTemplate.named(name)).arguments(file: "/f.ogg", socket: "/s", start: start) == expected)
    }

    @Test func formatsAndSeeking() throws {
        #expect(try #require(PlayerTemplate.named("aplay")).plays(extension: "WAV"))
        #expect(!(try #require(PlayerTemplate.named("aplay")).plays(extension: "ogg")))
        #expect(!(try #require(PlayerTemplate.named("play")).plays(extension: "opus")))
        #expect(try #require(PlayerTemplate.named("paplay")).seek == .none)
        #expect(try #require(PlayerTemplate.named("ffplay")).seek == .restart)
    }

    @Test func userCommandsWithExtraWordsAndUnknownPrograms() throws {
        let c = try PlayerCommand.parse("mpv --ao=null").get()
        #expect(c.program == "mpv" && c.extraArguments == ["--ao=null"] && c.template.name == "mpv")
        #expect(c.arguments(file: "/f.ogg", socket: nil, start: 0).prefix(2) == ["--ao=null", "--no-config"])
        let quoted = try PlayerCommand.parse(#"'/opt/my player/bin/vlc' -I "dummy x" a\ b"#).get()
        #expect(quoted.program == "/opt/my player/bin/vlc" && quoted.extraArguments == ["-I", "dummy x", "a b"])
        #expect(quoted.template.name == "vlc" && quoted.template.seek == .none && quoted.template.plays(extension: "ogg"))
        #expect(quoted.arguments(file: "/f.ogg", socket: "/s", start: 30) == ["-I", "dummy x", "a b", "/f.ogg"])
        #expect(PlayerCommand.parse("   ") == .failure(.empty))
        #expect(PlayerCommand.parse("mpv 'oops") == .failure(.unclosedQuote))
        #expect(PlayerCommand.parse("mpv\u{1B}") == .failure(.controlCharacter))
    }
}

@Suite("Resume on the same day")
struct ResumePolicyTests {
    let today = "2026-11-30"

    @Test func sameDayResumesALittleBefore() {
        let records = [ResumeRecord(slug: "a", day: today, position: 100)]
        #expect(ResumePolicy.startPosition(slug: "a", today: today, records: records, duration: 300) == 97)
        #expect(ResumePolicy.startPosition(slug: "b", today: today, records: records, duration: 300) == 0)
        #expect(ResumePolicy.startPosition(slug: "a", today: "2026-12-01", records: records, duration: 300) == 0)
    }

    @Test func tooEarlyOrTooNearTheEndStartsOver() {
        #expect(ResumePolicy.startPosition(slug: "a", today: today, records: [ResumeRecord(slug: "a", day: today, position: 8)],
                                           duration: 300) == 0)
        #expect(ResumePolicy.startPosition(slug: "a", today: today, records: [ResumeRecord(slug: "a", day: today, position: 290)],
                                           duration: 300) == 0)
    }

    @Test func whatIsRememberedAfterAStop() {
        let existing = [ResumeRecord(slug: "a", day: "2026-11-29", position: 50), ResumeRecord(slug: "b", day: today, position: 40),
                        ResumeRecord(slug: "c", day: today, position: 60)]
        let kept = ResumePolicy.records(afterStopping: "c", at: 123.456, duration: 300, finished: false, today: today,
                                        existing: existing)
        #expect(kept == [ResumeRecord(slug: "b", day: today, position: 40), ResumeRecord(slug: "c", day: today, position: 123.5)])
        let finished = ResumePolicy.records(afterStopping: "c", at: 300, duration: 300, finished: true, today: today, existing: kept)
        #expect(finished == [ResumeRecord(slug: "b", day: today, position: 40)])
        let early = ResumePolicy.records(afterStopping: "b", at: 5, duration: 300, finished: false, today: today, existing: kept)
        #expect(early.map(\.slug) == ["c"])
    }
}

@Suite("Config file format")
struct KeyValueConfigTests {
    @Test func keysValuesCommentsAndOverrides() throws {
        let c = try KeyValueConfig.parse("# allin\nplayer = mpv --ao=null\r\n\n  Rate=120  \nrate = 125\n", file: "cfg")
        #expect(c.value("player")?.value == "mpv --ao=null")
        #expect(c.value("rate")?.value == "125" && c.value("rate")?.line == 5)
        #expect(c.value("missing") == nil)
        let commented = try KeyValueConfig.parse("player = mpv --ao=null   # for tests\nvoice = en#1\n", file: "cfg")
        #expect(commented.value("player")?.value == "mpv --ao=null")
        #expect(commented.value("voice")?.value == "en#1")
    }

    @Test func badLinesNameTheLine() {
        #expect(throws: ScriptProblems([ScriptProblem(file: "cfg", line: 2, "expected 'key = value'")])) {
            _ = try KeyValueConfig.parse("a = 1\njust words\n", file: "cfg")
        }
        #expect(throws: ScriptProblems([ScriptProblem(file: "cfg", line: 1, "the key must be a lower-case word, found 'my key'")])) {
            _ = try KeyValueConfig.parse("my key = 1\n", file: "cfg")
        }
    }
}
