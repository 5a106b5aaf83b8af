import Testing
@testable import AllinCore

/// The step counter counts only the path actually ahead: the chosen lane's steps, no total while the
/// intent is open, and the steps up to intensity when the express gate will end the check-in there.
@Suite("Step path and counter")
struct StepPathTests {
    let gates = FlowGates(catalog: realCatalog)
    var vocabulary: Vocabulary { realCatalog.vocabulary }

    /// A calm feeling at a low intensity, so the express gate stays out of the way.
    func flow(intent: String?, consent: Bool? = nil, at step: Step) -> CheckInFlow {
        var flow = CheckInFlow(answers: CheckIn(emotion: "calm", intensity: 3, intent: intent, consent: consent))
        let moved = flow.go(to: step, in: vocabulary)
        #expect(moved, "\(step) is not on the \(intent ?? "open") path")
        return flow
    }

    @Test("each lane counts its own steps, optional ones included", arguments: [
        ("soothe", Step.intent, "Step 4 of 4"),
        ("clarity", .claritySubTap, "Step 5 of 5"),
        ("embody", .confidenceSubTap, "Step 5 of 6"),
        ("embody", .embodyNew, "Step 6 of 6"),
        ("unblock", .consent, "Step 5 of 9"),
        ("unblock", .kinder, "Step 9 of 9"),
    ] as [(String, Step, String)])
    func lanes(intent: String, step: Step, label: String) {
        let path = flow(intent: intent, at: step).path(gates: gates)
        #expect(path.label == label)
        #expect(!path.open)
        #expect(path.steps == flow(intent: intent, at: step).steps(in: vocabulary))
    }

    @Test func theSoothePathEndsAtTheIntent() {
        let path = flow(intent: "soothe", at: .situation).path(gates: gates)
        #expect(path.steps == [.emotion, .situation, .intensity, .intent])
        #expect(path.label == "Step 2 of 4")
    }

    @Test func theClarityPathHasFiveSteps() {
        let path = flow(intent: "clarity", at: .emotion).path(gates: gates)
        #expect(path.steps == Step.core + [.claritySubTap])
        #expect(path.total == 5)
    }

    @Test func theUnblockPathHasNineStepsAndFiveOnceConsentIsDeclined() {
        #expect(flow(intent: "unblock", at: .intent).path(gates: gates).label == "Step 4 of 9")
        let declined = flow(intent: "unblock", consent: false, at: .consent).path(gates: gates)
        #expect(declined.label == "Step 5 of 5")
        #expect(declined.steps == Step.core + [.consent])
    }

    @Test("before the intent is chosen there is no total", arguments: [Step.emotion, .situation, .intensity, .intent])
    func beforeTheIntent(step: Step) {
        let path = flow(intent: nil, at: step).path(gates: gates)
        #expect(path.open)
        #expect(path.total == nil)
        #expect(path.steps == Step.core)
        #expect(path.label == "Step \(path.number)")
        #expect(path.number == Step.core.firstIndex(of: step)! + 1)
        #expect(!path.label.contains("of"))
    }

    @Test func anIntentTheCatalogDoesNotKnowLeavesThePathOpen() {
        #expect(flow(intent: "no_such_intent", at: .situation).path(gates: gates).open)
    }

    @Test func leavingTheIntentStepWithoutAChoiceGoesOnTheUnblockPath() {
        let path = flow(intent: nil, at: .consent).path(gates: gates)
        #expect(!path.open)
        #expect(path.label == "Step 5 of 9")
    }

    @Test("the express gate ends the path at intensity", arguments: [Step.emotion, .situation, .intensity])
    func express(step: Step) throws {
        let unpleasant = try #require(vocabulary.emotions.first { $0.valence == .unpleasant })
        for intent in [nil, "clarity", "unblock"] as [String?] {
            var flow = CheckInFlow(answers: CheckIn(emotion: unpleasant.id, intensity: 8, intent: intent))
            _ = flow.go(to: step, in: vocabulary)
            let path = flow.path(gates: gates)
            #expect(path.steps == [.emotion, .situation, .intensity], "\(intent ?? "open")")
            #expect(path.label == "Step \(path.number) of 3")
            #expect(flow.expressAffect(gates: gates)?.valence == .unpleasant)
        }
    }

    @Test("below the threshold or with a pleasant feeling the gate does not shorten the path", arguments: [
        (6, EmotionValence.unpleasant), (9, .pleasant),
    ])
    func noExpress(intensity: Int, valence: EmotionValence) throws {
        let emotion = try #require(vocabulary.emotions.first { $0.valence == valence })
        var flow = CheckInFlow(answers: CheckIn(emotion: emotion.id, intensity: intensity, intent: "clarity"))
        _ = flow.go(to: .intensity, in: vocabulary)
        #expect(flow.expressAffect(gates: gates) == nil)
        #expect(flow.path(gates: gates).label == "Step 3 of 5")
    }

    @Test func theCounterAgreesWithWhereNextGoes() throws {
        // Walk a clarity check-in with next(): the counter's total is the number of screens shown.
        var flow = CheckInFlow(answers: CheckIn(emotion: "calm", intensity: 3, intent: "clarity"))
        var shown = 1
        while case .advanced = flow.next(gates: gates) { shown += 1 }
        #expect(flow.path(gates: gates).total == shown)
        let unpleasant = try #require(vocabulary.emotions.first { $0.valence == .unpleasant })
        var express = CheckInFlow(answers: CheckIn(emotion: unpleasant.id, intensity: 9, intent: "unblock"))
        var seen = 1
        while case .advanced = express.next(gates: gates) { seen += 1 }
        #expect(seen == 3)
        #expect(express.path(gates: gates).total == 3)
    }
}
