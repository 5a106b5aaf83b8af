import Testing
@testable import AllinUI

@Suite("Canvas: clipping, wide characters, safety, diff")
struct CanvasTests {
    @Test func putClipsAtTheEdgeAndReturnsWidth() {
        var c = Canvas(size: Size(width: 10, height: 2))
        #expect(c.put("hello world", row: 0, col: 3) == 7)
        #expect(c.line(0) == "   hello w")
        #expect(c.put("x", row: 5, col: 0) == 0)
        #expect(c.put("abc", row: 1, col: 0, maxWidth: 2) == 2)
        #expect(c.line(1) == "ab")
    }

    @Test func wideCharactersTakeTwoCellsAndAreNeverSplit() {
        var c = Canvas(size: Size(width: 5, height: 1))
        #expect(c.put("中文字", row: 0, col: 0) == 4)
        #expect(c.line(0) == "中文")
        #expect(c[0, 1].isContinuation)
        c.put("x", row: 0, col: 1)
        #expect(c.line(0) == " x文")
        #expect(!c[0, 1].isContinuation)
    }

    @Test func zeroWidthMarksJoinThePreviousCell() {
        var c = Canvas(size: Size(width: 4, height: 1))
        #expect(c.put("e\u{301}a", row: 0, col: 0) == 2)
        #expect(c[0, 0].text == "e\u{301}")
        #expect(c[0, 1].text == "a")
    }

    @Test("control characters and escapes become visible placeholders", arguments: [
        ("a\u{1B}[31mb", "a␛[31mb"), ("x\u{7}y", "x␇y"), ("\u{9B}2J", "\u{FFFD}2J"), ("l\u{202E}r", "l\u{FFFD}r"),
    ])
    func controlsAreVisible(input: String, shown: String) {
        var c = Canvas(size: Size(width: 20, height: 1))
        c.put(input, row: 0, col: 0)
        #expect(c.line(0) == shown)
        #expect(!c.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
    }

    @Test func emptyAndOneCellCanvasesDrawWithoutTrapping() {
        var empty = Canvas(size: Size(width: 0, height: 0))
        empty.put("x", row: 0, col: 0)
        empty.fill(Rect(row: 0, col: 0, width: 5, height: 5), role: .dim)
        empty.box(Rect(row: 0, col: 0, width: 3, height: 3))
        #expect(empty.text == "")
        var one = Canvas(size: Size(width: 1, height: 1))
        one.put("中", row: 0, col: 0)
        #expect(one.line(0) == "")
        one.put("ab", row: 0, col: 0)
        #expect(one.line(0) == "a")
    }

    @Test func everyScreenDrawsAtEverySizeFromZeroUp() {
        for s in ScreenStates.allScreens() {
            for size in [Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 12, height: 3),
                         Size(width: 39, height: 11), Size(width: 40, height: 12), Size(width: 200, height: 60)] {
                let canvas = App.view(s, size: size)
                #expect(canvas.size == size)
                if size.width >= App.minimumSize.width, size.height >= App.minimumSize.height {
                    // On support itself the way back comes before the support key.
                    let footer = canvas.line(size.height - 1)
                    let onSupport = s.screen == .support && s.model.support?.picker == nil
                        && s.model.support?.breathing == nil && s.model.support?.confirmingLeave != true
                    #expect(onSupport ? footer.contains("Esc back") && footer.contains("scroll")
                                      : footer.contains("F2 support"), "footer of \(s.screen) at \(size): \(footer)")
                }
            }
        }
    }

    @Test func applyingTheDiffRebuildsTheCanvas() {
        var glass = Canvas(size: Size(width: 80, height: 24))
        var previous: Canvas?
        for s in ScreenStates.allScreens() {
            let frame = App.view(s, size: Size(width: 80, height: 24))
            glass.apply(frame.changes(from: previous))
            #expect(glass.cells == frame.cells, "screen \(s.screen)")
            previous = frame
        }
        #expect(previous!.changes(from: previous).isEmpty)
    }

    @Test func diffOfOneChangedCellIsOneShortRun() {
        var a = Canvas(size: Size(width: 20, height: 3))
        a.put("hello", row: 1, col: 2)
        var b = a
        b.put("J", row: 1, col: 2)
        #expect(b.changes(from: a) == [CellRun(row: 1, col: 2, role: .normal, text: "J", width: 1)])
    }

    @Test func aChangedWideCharacterIsRewrittenWhole() {
        var a = Canvas(size: Size(width: 6, height: 1))
        a.put("ab中", row: 0, col: 0)
        var b = a
        b.put("文", row: 0, col: 2)
        var glass = a
        glass.apply(b.changes(from: a))
        #expect(glass.cells == b.cells)
        #expect(glass.line(0) == "ab文")
    }

    @Test("widths follow glibc wcwidth in C.UTF-8", arguments: [
        ("a", 1), ("é", 1), ("中", 2), ("😀", 2), ("e\u{301}", 1), ("\u{200D}", 0), ("❤️", 1), ("ｱ", 1), ("Ａ", 2),
    ])
    func widths(text: String, width: Int) {
        #expect(TextWidth.of(text) == width)
    }

    @Test func wrapBreaksAtSpacesAndCutsLongWords() {
        #expect(Wrap.lines("one two three", width: 7) == ["one two", "three"])
        #expect(Wrap.lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(Wrap.clipped("one two three four", width: 8, maxLines: 1) == ["one two…"])
        #expect(Wrap.clipped("one two three four", width: 12, maxLines: 1) == ["one two …"])
        // Indented text keeps its indent on every row, the indent counted in the width.
        #expect(Wrap.indented("  Daily 16:00-21:00; 10th of each month", width: 16)
            == ["  Daily", "  16:00-21:00;", "  10th of each", "  month"])
        #expect(Wrap.indented("no indent here", width: 20) == ["no indent here"])
    }

    /// The editor's rows keep words whole (found from outside: at 40×12 "12 floors up" showed as
    /// "12 floors u" over "p"), break a word longer than a row where the row ends, and put every
    /// character on exactly one row, so the cursor's offset maps as typed.
    @Test func editorRowsKeepWordsWhole() {
        func rows(_ text: String, _ width: Int) -> [String] { Wrap.editorRows(Array(text), width: width).map(\.text) }
        #expect(rows("sitting on the sill 12 floors up", 12) == ["sitting on ", "the sill 12 ", "floors up"])
        #expect(rows("abcdefghij", 4) == ["abcd", "efgh", "ij"])
        #expect(rows("one abcdefghij", 6) == ["one ", "abcdef", "ghij"])
        #expect(rows("abc def", 3) == ["abc ", "def"])
        #expect(rows("", 5) == [""])
        for (text, width) in [("sitting on the sill 12 floors up", 12), ("a  b   c    d", 2), ("中文 中文字 x", 5)] {
            let r = Wrap.editorRows(Array(text), width: width)
            #expect(r.map(\.text).joined() == text)
            #expect(zip(r, r.dropFirst()).allSatisfy { $0.start + $0.text.count == $1.start })
        }
    }

    @Test func aClippedLineEndsAfterAWholeWord() {
        let hint = "Choose the word that fits best, or use your own words."
        #expect(Wrap.clipped(hint, width: 38, maxLines: 1) == ["Choose the word that fits best, or …"])
        #expect(Wrap.clipped(hint, width: 38, maxLines: 2) == ["Choose the word that fits best, or use", "your own words."])
        #expect(Wrap.fitting(["a long wording", "short"], width: 10) == "short")
        #expect(Wrap.fitting(["a long wording", "shorter wording"], width: 10) == "shorter w…")
    }
}

@Suite("Narrow screens: nothing cut where it can wrap")
struct NarrowLayoutTests {
    @Test("the 1–10 slider keeps a space between every number", arguments: [38, 48, 76, 196])
    func sliderNumbersStandApart(width: Int) {
        var canvas = Canvas(size: Size(width: width, height: 2))
        Slider.draw(&canvas, value: 8, row: 0, col: 0, width: width)
        let bar = canvas.line(0)
        #expect(!bar.contains("910"), "\(bar)")
        #expect(bar.contains("9") && bar.contains(" 10"))
        #expect(canvas.text.contains("8 of 10"))
    }

    @Test func aLongLabelWrapsWhenTheListHasRoomAndNoDetailColumnCrowdsIt() {
        let items = [ListItem(id: "a", label: "Calm down", detail: "soothe"),
                     ListItem(id: "b", label: "Shift a belief that holds me back", detail: "unblock")]
        var roomy = Canvas(size: Size(width: 36, height: 4))
        ListView(items: items, cursor: 0, chosen: [], focused: true, numbered: true).draw(&roomy, in: Rect(row: 0, col: 0, width: 36, height: 4))
        #expect(roomy.line(0).contains("Calm down") && roomy.line(0).contains("soothe"))
        #expect(roomy.line(1).contains("Shift a belief that holds me") && !roomy.line(1).contains("unblock"))
        #expect(roomy.line(2).trimmingCharacters(in: .whitespaces) == "back")
        // Without spare rows the label is cut after a whole word, and the detail column gives way first.
        var tight = Canvas(size: Size(width: 36, height: 2))
        ListView(items: items, cursor: 0, chosen: [], focused: true, numbered: true).draw(&tight, in: Rect(row: 0, col: 0, width: 36, height: 2))
        #expect(tight.line(1).contains("Shift a belief that holds me …") && !tight.line(1).contains("unblock"))
    }

    /// A list that scrolls keeps its last column for ▲/▼: the detail beside it is whole ("Sad", not "Sa▼").
    @Test func scrollMarksNeverCoverAListsDetail() {
        let items = (0..<10).map { ListItem(id: "\($0)", label: "Feeling \($0)", detail: "Sad") }
        var canvas = Canvas(size: Size(width: 30, height: 4))
        ListView(items: items, cursor: 5, chosen: [], focused: false).draw(&canvas, in: Rect(row: 0, col: 0, width: 30, height: 4))
        #expect(canvas.line(0).hasSuffix("Sad▲"), "\(canvas.text)")
        #expect(canvas.line(3).hasSuffix("Sad▼"), "\(canvas.text)")
        for row in 0..<4 { #expect(canvas.line(row).contains("Sad"), "\(canvas.text)") }
    }

    /// A mark over text ends that text in "…" instead of cutting it silently; over blanks it is just drawn.
    @Test func aScrollMarkOverTextSaysTheTextGoesOn() {
        var canvas = Canvas(size: Size(width: 20, height: 2))
        canvas.put("call your local emergency", row: 0, col: 0)
        canvas.putMark("▼ more", row: 0, right: 20)
        #expect(canvas.line(0) == "call your lo… ▼ more")
        canvas.put("short", row: 1, col: 0)
        canvas.putMark("▼", row: 1, right: 20)
        #expect(canvas.line(1) == "short              ▼")
    }
}
