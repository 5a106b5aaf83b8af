@testable import AllinCLI
import Testing

/// `allin --plain` on a terminal breaks its lines at spaces to the terminal's width.
@Suite("The line-based prompts wrap at spaces")
struct LineWrapperTests {
    @Test func wordsMoveWholeToTheNextRowIndentedAsTheirLine() {
        var w = LineWrapper(width: 21)
        let out = w.wrap("  Ashamed or guilty: 40 Ashamed, 41 Guilty\n")
        #expect(out == "  Ashamed or guilty:\n  40 Ashamed, 41\n  Guilty\n")
        #expect(out.split(separator: "\n").allSatisfy { $0.count <= 20 })
    }

    @Test func aPromptKeepsItsSpaceAndTheNextLineStartsAfterTheAnswer() {
        var w = LineWrapper(width: 41)
        #expect(w.wrap("Type a number: ") == "Type a number: ")
        w.newLine()
        #expect(w.wrap("Step 2: What is it about?\n") == "Step 2: What is it about?\n")
    }

    @Test func piecesWrittenApartWrapAsOneLine() {
        var w = LineWrapper(width: 21)
        let out = w.wrap("one two three ") + w.wrap("four five six\n")
        #expect(out == "one two three four\nfive six\n")
    }

    @Test func aWordLongerThanARowIsCutAtItsEnd() {
        var w = LineWrapper(width: 11)
        #expect(w.wrap("https://findahelpline.com\n") == "https://fi\nndahelplin\ne.com\n")
    }
}

/// Tables on a terminal: the last column wraps under itself so no row runs past the edge (found from
/// outside: `allin where` and `allin journal` broke words at 80 columns); a pipe gets whole rows.
@Suite("Text tables fit the terminal")
struct TextTableWidthTests {
    let table = TextTable(header: ["what", "notes"], rows: [
        ["player log", "the player's messages about the last session; XDG_STATE_HOME or ~/.local/state"],
        ["data", "short"],
    ], maxCell: 400)

    @Test func theLastColumnWrapsUnderItselfAtSpaces() {
        let text = table.render(width: 50)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.allSatisfy { $0.count <= 49 }, "\(text)")
        let column = "  what        ".count
        let continued = lines.filter { $0.hasPrefix(String(repeating: " ", count: column)) }
        #expect(!continued.isEmpty && continued.allSatisfy { $0.dropFirst(column).first != " " })
        // Every word is there, whole and in order.
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("the player's messages about the last session; XDG_STATE_HOME or ~/.local/state"))
    }

    @Test func withoutAWidthOrWithTooLittleRoomRowsAreWhole() {
        #expect(table.render() == table.render(width: nil))
        #expect(table.render().contains("session; XDG_STATE_HOME"))
        #expect(table.render(width: 30) == table.render(), "under 20 columns left: whole rows")
    }
}
