import AllinCore
import Testing
@testable import AllinCLI

@Suite("Play display and key decoding (no terminal)")
struct PlayDisplayTests {
    @Test func progressBars() {
        #expect(ProgressLine.bar(0.5, width: 10, unicode: false) == "[#####-----]")
        #expect(ProgressLine.bar(1.7, width: 4, unicode: true) == "[████]")
        #expect(ProgressLine.bar(-1, width: 4, unicode: false) == "[----]")
        #expect(ProgressLine.bar(.nan, width: 2, unicode: false) == "[--]")
        #expect(ProgressLine.render(slug: "calm", fraction: 0.45, step: "speaking line 4 of 9", columns: 80, unicode: false)
                == "calm [#########-----------]  45%  speaking line 4 of 9")
    }

    @Test func theStatusLineFitsTheTerminal() {
        let line = ProgressLine.playing(paused: false, position: 83, duration: 340, title: "Box Breath Reset",
                                        hints: "Space pause  q stop", columns: 80, unicode: false)
        #expect(line == "> 1:23 / 5:40 [###-------------] Box Breath Reset  Space pause  q stop")
        let narrow = ProgressLine.playing(paused: true, position: 5, duration: nil, title: String(repeating: "x", count: 50),
                                          hints: "", columns: 30, unicode: true)
        #expect(narrow.count == 29 && narrow.hasPrefix("⏸ 0:05 xx") && narrow.hasSuffix("…"))
        // Read along, the line says so: it never looks like playback (found from outside).
        let reading = ProgressLine.playing(paused: false, reading: true, position: 16, duration: 186, title: "Five Senses Anchor",
                                           hints: "", columns: 80, unicode: true)
        #expect(reading.hasPrefix("▶ Reading 0:16 / 3:06"), "\(reading)")
    }

    @Test(arguments: [
        ([UInt8](" pPqsc".utf8), [PlayControl.togglePause, .togglePause, .togglePause, .stop, .stop, .toggleCaptions], [UInt8]()),
        ([0x1B, 0x5B, 0x43, 0x1B, 0x5B, 0x44], [.forward, .back], []),
        ([0x1B, 0x4F, 0x43], [.forward], []),
        ([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x43], [.forward], []),        // Ctrl-Right: still forward
        ([0x1B, 0x5B, 0x41, 0x7A], [], []),                            // Up and an unknown key: nothing
        ([0x78, 0x58], [.stop, .stop], []),                            // x stops, as on the full screen
        ([0x71, 0x1B, 0x5B], [.stop], [0x1B, 0x5B]),                   // an unfinished sequence waits
        ([0x1B], [], [0x1B]),
        ([0x1B, 0x71], [.stop], []),                                   // a lone Esc is dropped
    ])
    func keys(bytes: [UInt8], controls: [PlayControl], rest: [UInt8]) {
        let (got, left) = PlayControls.decode(bytes)
        #expect(got == controls && left == rest)
    }

    /// `allin --plain` (on a terminal too, TERM=dumb or not): captions as lines and a plain progress
    /// line after 30 s without a line; no status line redrawn, no control characters.
    @Test func thePlainDisplayWritesLinesOnly() {
        let io = BufferIO()
        let display = PlayDisplay.plain(io: io, columns: 80, unicode: true)
        #expect(!display.live)
        var t = 0.0
        while t <= 75 {
            if t == 10 { display.caption(CaptionCue(index: 0, sourceLine: 1, text: "Breathe in slowly.", start: 10, end: 14)) }
            display.status(paused: false, position: t, duration: 260, title: "Box Breath Reset", hints: "Space pause  q stop")
            t += 0.5
        }
        display.status(paused: true, position: 75, duration: 260, title: "Box Breath Reset", hints: "")
        display.clearStatus()
        #expect(io.stdout == "[0:10] Breathe in slowly.\n[0:40 of 4:20]\n[1:10 of 4:20]\n")
        #expect(!io.stdout.contains("\r") && !io.stdout.contains("\u{1B}"))
    }

    @Test func readAlongClockPausesAndSeeks() {
        var c = ReadAlongClock(offset: 10, speed: 2, now: 100)
        #expect(c.position(now: 101) == 12)
        c.pause(now: 101)
        #expect(c.paused && c.position(now: 150) == 12)
        c.resume(now: 150)
        #expect(c.position(now: 151) == 14)
        c.seek(by: -15, now: 151, upper: 60)
        #expect(c.position(now: 151) == 0)
        c.seek(by: 100, now: 151, upper: 60)
        #expect(c.position(now: 151) == 60)
    }
}
