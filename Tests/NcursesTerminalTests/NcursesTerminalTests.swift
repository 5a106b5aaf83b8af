import AllinCore
import AllinUI
import CTermSupport
import Glibc
import Testing
@testable import NcursesTerminal

@Suite("ncurses adapter: key decoding, link support, widths")
struct NcursesTerminalTests {
    @Test("characters as raw mode delivers them", arguments: [
        (UInt32(13), Key.enter), (10, .enter), (9, .tab), (27, .escape), (127, .backspace), (8, .backspace),
        (1, .ctrl("a")), (3, .ctrl("c")), (7, .ctrl("g")), (26, .ctrl("z")), (0x61, .char("a")), (0xE9, .char("é")),
        (0x4E2D, .char("中")), (0x1F600, .char("😀")),
    ])
    func characters(value: UInt32, key: Key) {
        #expect(KeyDecoder.decode(status: KeyDecoder.ok, value: value) == key)
    }

    @Test("key codes", arguments: [
        ("up", Key.up), ("down", .down), ("left", .left), ("right", .right), ("home", .home), ("end", .end),
        ("pageUp", .pageUp), ("pageDown", .pageDown), ("backspace", .backspace), ("delete", .delete),
        ("backTab", .backTab), ("enter", .enter), ("f1", .function(1)), ("f2", .function(2)), ("f12", .function(12)),
    ])
    func codes(name: String, key: Key) {
        #expect(KeyDecoder.decode(status: KeyDecoder.keyCodeYes, value: KeyDecoder.codes[name]!) == key)
    }

    @Test func ignoredInput() {
        #expect(KeyDecoder.decode(status: KeyDecoder.ok, value: 0) == nil)
        #expect(KeyDecoder.decode(status: KeyDecoder.ok, value: 0x9B) == nil)
        #expect(KeyDecoder.decode(status: KeyDecoder.ok, value: 0x1C) == nil)
        #expect(KeyDecoder.decode(status: -1, value: 65) == nil)
        #expect(KeyDecoder.decode(status: KeyDecoder.keyCodeYes, value: KeyDecoder.codes["resize"]!) == nil)
    }

    @Test("OSC 8 links only where the terminal shows them", arguments: [
        (["TERM": "xterm-256color", "VTE_VERSION": "7200"], true),
        (["TERM": "xterm-kitty"], true),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], true),
        (["TERM": "screen-256color", "TERM_PROGRAM": "iTerm.app"], false),
        (["TERM": "xterm-256color", "TMUX": "/tmp/x", "VTE_VERSION": "7200"], false),
        (["TERM": "xterm-256color"], false),
        (["TERM": "xterm-256color", "ALLIN_LINKS": "1"], true),
        (["TERM": "xterm-kitty", "ALLIN_LINKS": "0"], false),
    ])
    func links(env: [String: String], supported: Bool) {
        #expect(LinkSupport.detect(env) == supported)
    }

    /// Layout measures what the canvas draws: a hidden control (a direction override, say) is drawn
    /// as a placeholder, so it takes the placeholder's width.
    @Test func layoutWidthsAgreeWithGlibcEverywhere() {
        _ = setlocale(LC_CTYPE, "C.UTF-8")
        var disagreements: [String] = []
        for v in UInt32(0x20)...0x10FFFF where !(0xD800...0xDFFF).contains(v) && !(0x7F...0x9F).contains(v) {
            let c = ts_wcwidth(Visible.isHiddenControl(v) ? 0xFFFD : v)
            guard c >= 0, let scalar = Unicode.Scalar(v) else { continue }
            if TextWidth.of(scalar) != Int(c) { disagreements.append(String(v, radix: 16)) }
        }
        #expect(disagreements.isEmpty, "differ at \(disagreements.prefix(10))")
    }
}
