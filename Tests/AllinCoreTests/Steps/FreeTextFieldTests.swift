import Testing
@testable import AllinCore

@Suite("Free-text answers")
struct FreeTextFieldTests {
    /// The key each answer has in `allin route`, and the step that asks for it.
    static let expected: [(FreeTextField, String, Step)] = [
        (.customEmotion, "customEmotion", .emotion), (.triggerText, "triggerText", .situation),
        (.embodyNew, "embodyNew", .embodyNew), (.customBelief, "customBelief", .belief),
        (.pattern, "pattern", .pattern), (.origin, "origin", .origin), (.kinder, "kinder", .kinder),
    ]

    @Test func eachFieldHasItsKeyAndStepInOrder() {
        #expect(FreeTextField.allCases == Self.expected.map(\.0))
        for (field, key, step) in Self.expected {
            #expect(field.rawValue == key)
            #expect(field.step == step)
            #expect(FreeTextField(step: step) == field)
        }
        for step in [Step.intensity, .intent, .consent, .claritySubTap, .confidenceSubTap] {
            #expect(FreeTextField(step: step) == nil, "\(step)")
        }
    }

    @Test func theSubscriptReadsAndWritesTheNamedProperty() {
        var c = CheckIn()
        for (i, field) in FreeTextField.allCases.enumerated() { c[text: field] = "answer \(i)" }
        #expect(c.customEmotion == "answer 0" && c.triggerText == "answer 1" && c.embodyNew == "answer 2")
        #expect(c.customBelief == "answer 3" && c.pattern == "answer 4" && c.origin == "answer 5" && c.kinder == "answer 6")
        #expect(c.freeText.map(\.field) == FreeTextField.allCases.map(\.rawValue))
        c[text: .pattern] = nil
        #expect(c.pattern == nil)
    }

    @Test func freeTextSkipsBlankAnswersAndTheTripwireReadsOneStep() {
        var c = CheckIn()
        c.triggerText = "  \n"
        c.customBelief = "nobody would notice"
        c.kinder = "be gentle"
        #expect(c.freeText.map(\.field) == ["customBelief", "kinder"])
        #expect(c.freeText(leaving: .belief).map(\.text) == ["nobody would notice"])
        #expect(c.freeText(leaving: .situation).isEmpty)
        #expect(c.freeText(leaving: .intensity).isEmpty)
    }
}
