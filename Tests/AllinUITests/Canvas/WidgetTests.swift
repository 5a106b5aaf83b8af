import Testing
@testable import AllinUI

@Suite("Text field and chip list models")
struct WidgetTests {
    @Test func insertRespectsTheLimit() {
        var f = TextField(limit: 5)
        let inserted = f.insert("hello world")
        #expect(inserted)
        #expect(f.text == "hello")
        #expect(f.isFull)
        let more = f.insert("x")
        #expect(!more)
    }

    @Test func cursorMovesAndDeletes() {
        var f = TextField("one two three", limit: 100)
        f.apply(.deleteWordBack)
        #expect(f.text == "one two ")
        f.apply(.home)
        f.apply(.delete)
        #expect(f.text == "ne two ")
        f.apply(.end)
        f.apply(.left)
        f.insert("X")
        #expect(f.text == "ne twoX ")
        f.apply(.deleteToStart)
        #expect(f.text == " " && f.cursor == 0)
        f.apply(.deleteToEnd)
        #expect(f.text.isEmpty)
        let changed = f.apply(.backspace)
        #expect(!changed)
    }

    @Test func wordMoves() {
        var f = TextField("alpha beta gamma", limit: 100)
        f.apply(.wordLeft)
        #expect(f.cursor == 11)
        f.apply(.wordLeft)
        #expect(f.cursor == 6)
        f.apply(.wordRight)
        #expect(f.cursor == 10)
    }

    @Test("pasted text is cleaned: line breaks to spaces, controls visible", arguments: [
        ("a\nb", "a b"), ("a\r\nb", "a b"), ("tab\there", "tab here"), ("esc\u{1B}[2J", "esc␛[2J"),
    ])
    func cleaning(input: String, stored: String) {
        var f = TextField(limit: 100)
        f.insert(input)
        #expect(f.text == stored)
    }

    /// What a field keeps is what was typed: emoji joined with U+200D and direction marks are the
    /// person's words (the canvas escapes what must not reach the terminal when it draws them).
    @Test("a field keeps joined emoji and direction marks as typed", arguments: [
        "work 👩\u{200D}💻 and ❤\u{FE0F}\u{200D}🔥 and 🏳\u{FE0F}\u{200D}🌈 flag 🇬🇧", "👨\u{200D}👩\u{200D}👧",
        "\u{200F}שלום\u{200E} and \u{202B}مرحبا\u{202C} \u{2067}x\u{2069} می\u{200C}خواهم",
    ])
    func joinersAndMarksAreKept(typed: String) {
        var f = TextField(limit: 200)
        f.insert(typed)
        #expect(f.text == typed)
        #expect(TextField(typed, limit: 200).text == typed)
    }

    /// Words scrolled out of a small editor are marked: ▲ above the first row shown, ▼ below the last
    /// (found from outside: a long paste showed its last rows only, with no sign of the rest).
    @Test func wordsOutOfViewAreMarked() {
        var f = TextField(limit: 2000)
        _ = f.insert(String(repeating: "word ", count: 40))
        var canvas = Canvas(size: Size(width: 20, height: 4))
        _ = EditorView(field: f, placeholder: "", focused: true).draw(&canvas, in: Rect(row: 0, col: 0, width: 20, height: 4))
        #expect(canvas.line(0).hasSuffix("▲") && !canvas.text.contains("▼"), "\(canvas.text)")
        _ = f.apply(.home)
        var top = Canvas(size: Size(width: 20, height: 4))
        _ = EditorView(field: f, placeholder: "", focused: true).draw(&top, in: Rect(row: 0, col: 0, width: 20, height: 4))
        #expect(top.line(2).hasSuffix("▼") && !top.text.contains("▲"), "\(top.text)")
    }

    /// Drawn, a joined emoji shows its parts side by side (no joiner reaches the terminal, so
    /// ncurses' columns and the terminal's agree), a direction control shows as a placeholder, and
    /// the cursor lands after what is drawn.
    @Test func aFieldDrawsJoinedEmojiAsTheirPartsAndDirectionControlsAsPlaceholders() {
        var f = TextField(limit: 200)
        f.insert("a 👩\u{200D}💻 b\u{202E}c\u{200F}")
        var canvas = Canvas(size: Size(width: 20, height: 2))
        let cursor = EditorView(field: f, placeholder: "", focused: true).draw(&canvas, in: Rect(row: 0, col: 0, width: 20, height: 2))
        #expect(canvas.line(0) == "a 👩💻 b\u{FFFD}c\u{FFFD}")
        #expect(!canvas.cells.contains { $0.text.unicodeScalars.contains { [0x200D, 0x202E, 0x200F].contains($0.value) } })
        #expect(cursor == Point(row: 0, col: 11))
        #expect(TextWidth.of("a 👩\u{200D}💻 b\u{202E}c\u{200F}") == 11)
    }

    @Test func chipListFiltersAndKeepsOwnWords() {
        let items = [ListItem(id: "a", label: "Anxious"), ListItem(id: "b", label: "Bored", detail: "flat"),
                     ListItem(id: "own", label: "Own", kind: .ownWords)]
        var list = ChipList()
        list.typeFilter("f")
        #expect(list.filtering)
        #expect(list.visible(items).map(\.id) == ["b", "own"])
        list.move(by: 10, in: items)
        #expect(list.current(items)?.id == "own")
        list.deleteFilterCharacter()
        #expect(!list.filtering && list.visible(items).count == 3)
        #expect(ChipList(cursor: 50).top(rows: 10, count: 60) == 45)
        #expect(ChipList(cursor: 2).top(rows: 10, count: 60) == 0)
    }
}

@Suite("Journal charts")
struct JournalChartTests {
    @Test("bars sit on the fixed 1–10 scale, filling in eighths from the bottom", arguments: [
        ([10.0], 1, ["█"]), ([1.0], 1, ["▁"]), ([3.0], 1, ["▃"]), ([5.5], 1, ["▅"]), ([0.1], 1, ["▁"]), ([12.0], 1, ["█"]),
        ([1.0], 2, [" ", "▁"]), ([10.0], 2, ["█", "█"]), ([5.5], 2, ["▁", "█"]),
    ] as [([Double], Int, [String])])
    func bars(values: [Double], height: Int, rows: [String]) {
        let got = BarRows.rows(values.map { Optional($0) }, height: height, columnsPerDay: 1, glyphs: .unicode)
        #expect(got == rows)
    }

    @Test func aValueDrawsTheSameBarWhateverElseIsCharted() {
        // The scale is absolute: 3.0 is a low bar beside 3.5 and beside 9, never stretched to the data.
        let alone = BarRows.rows([3.0], height: 1, columnsPerDay: 1, glyphs: .unicode)[0]
        let low = BarRows.rows([3.0, 3.5], height: 1, columnsPerDay: 1, glyphs: .unicode)[0]
        let high = BarRows.rows([3.0, 9.0], height: 1, columnsPerDay: 1, glyphs: .unicode)[0]
        #expect(alone == "▃" && low.hasPrefix("▃") && high.hasPrefix("▃"))
        #expect((1...10).map { BarRows.eighths(Double($0)) } == [1, 2, 3, 3, 4, 5, 6, 6, 7, 8])
    }

    @Test func theLegendShowsTheScaleAndFitsNarrowRows() {
        #expect(BarRows.legend(glyphs: .unicode, width: 80) == "▁ 1 low  ▄ 5  █ 10 high   · no rating")
        #expect(BarRows.legend(glyphs: .unicode, width: 30) == "▁ 1 low  ▄ 5  █ 10 high")
        #expect(BarRows.legend(glyphs: .ascii, width: 80) == "_ 1 low  - 5  # 10 high   . no rating")
    }

    @Test func daysWithoutAValueSitOnTheBaselineAndColumnsSpread() {
        #expect(BarRows.rows([nil, 10, nil], height: 2, columnsPerDay: 2, glyphs: .unicode)
            == ["  █   ", "· █ · "])
        #expect(BarRows.rows([nil, 10, 1], height: 1, columnsPerDay: 1, glyphs: .ascii) == [".#_"])
    }

    @Test func asciiGlyphsAreAllASCII() {
        let g = ChartGlyphs.ascii
        for s in g.bars + g.heat + [g.noData, g.arrow, g.handoff] { #expect(s.unicodeScalars.allSatisfy { $0.isASCII }, "\(s)") }
        #expect(Set(g.heat).count == 5 && Set(ChartGlyphs.unicode.heat).count == 5)
    }

    @Test func spansSitSideBySideAndFit() {
        let left = [[Span("abc")], [Span("a very long line")]]
        let right = [[Span("R1")]]
        let joined = Spans.beside(left, right, leftWidth: 6, gap: 2).map { $0.map(\.text).joined() }
        #expect(joined == ["abc     R1", "a very long line"])
        #expect(Spans.fit([Span("漢字漢字")], width: 5).map(\.text).joined() == "漢字 ")
    }
}
