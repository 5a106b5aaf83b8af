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
