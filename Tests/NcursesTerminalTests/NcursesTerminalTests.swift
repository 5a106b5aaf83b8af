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

    /// Input read as bytes: UTF-8 decodes, and what is not UTF-8 is U+FFFD with nothing after it lost
    /// (ncurses' own decoding swallowed the rest of a paste after a Latin-1 "é").
    @Test("bytes decoded as UTF-8", arguments: [
        ([0xC3, 0xA9], 0xE9, 0), ([0xF0, 0x9F, 0x98, 0x80], 0x1F600, 0), ([0xE9, 0x20], 0xFFFD, 1),
        ([0x80], 0xFFFD, 0), ([0xC0, 0xAF], 0xFFFD, 0), ([0xE0, 0x80, 0x80], 0xFFFD, 0), ([0xED, 0xA0, 0x80], 0xFFFD, 0),
        ([0xE2, 0x82], 0xFFFD, 0), ([0x41], 0x41, 0),
    ] as [([UInt8], UInt32, Int)])
    func utf8(_ bytes: [UInt8], _ expected: UInt32, _ putBack: Int) {
        var rest = bytes.dropFirst()
        var back: [UInt8] = []
        let value = KeyDecoder.utf8(lead: bytes[0], next: { rest.popFirst() }, putBack: { back.append($0) })
        #expect(value == expected)
        #expect(back.count == putBack, "a byte that starts something else goes back: \(back)")
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
