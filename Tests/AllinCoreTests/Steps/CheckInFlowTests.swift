import Testing
@testable import AllinCore

@Suite("Check-in step machine")
struct CheckInFlowTests {
    let gates = FlowGates(catalog: realCatalog)
    var vocabulary: Vocabulary { realCatalog.vocabulary }

    @Test("the tail of each lane", arguments: [
        ("soothe", [Step]()),
        ("clarity", [.claritySubTap]),
        ("embody", [.confidenceSubTap, .embodyNew]),
        ("unblock", [.consent, .belief, .pattern, .origin, .kinder]),
    ] as [(String, [Step])])
    func tails(intent: String, tail: [Step]) {
        let flow = CheckInFlow(answers: CheckIn(intent: intent))
        #expect(flow.steps(in: vocabulary) == Step.core + tail)
    }

    @Test func ownWordsItCannotPlaceAskWhichIsClosest() throws {
        var flow = CheckInFlow(answers: CheckIn(customEmotion: "not great"))
        guard case let .askClosest(ids) = flow.next(gates: gates) else {
            Issue.record("'not great' should ask which is closest"); return
        }
        #expect(ids.count == 3)
        #expect(flow.currentStep(in: vocabulary) == .emotion, "the question comes before moving on")
        #expect(vocabulary.emotion(ids[0])?.family == "sad", "nearest first")
        flow.answerClosest(ids[0])
        #expect(flow.answers.emotion == ids[0] && flow.answers.customEmotion == "not great", "both kept")
        #expect(flow.next(gates: gates) == .advanced(.situation))
        // Back to the words and changed: the chip goes with the old words, and the new ones ask again.
        flow.back(in: vocabulary)
        flow.answers.customEmotion = "kinda whatever"
        flow.answers.emotion = nil
        guard case .askClosest = flow.next(gates: gates) else { Issue.record("changed words ask again"); return }
        flow.answerClosest(nil)
        #expect(flow.answers.emotion == nil)
        #expect(flow.next(gates: gates) == .advanced(.situation), "none of these: on with the own words")
    }

    @Test("words it places with confidence, or a chip's own word, don't ask", arguments: ["gutted", "meh", "Nervous", "lonely"])
    func placedWordsDoNotAsk(word: String) {
        var flow = CheckInFlow(answers: CheckIn(customEmotion: word))
        #expect(flow.next(gates: gates) == .advanced(.situation))
    }

    @Test func noIntentMeansUnblockTail() {
        #expect(CheckInFlow().steps(in: vocabulary) == Step.core + [.consent, .belief, .pattern, .origin, .kinder])
        #expect(CheckInFlow().intentLane(in: vocabulary) == .unblock)
    }

    @Test func decliningConsentEndsTheTail() {
        let flow = CheckInFlow(answers: CheckIn(intent: "unblock", consent: false))
        #expect(flow.steps(in: vocabulary) == Step.core + [.consent])
    }

    @Test func indexIsClampedWhenTheListShrinks() {
        var flow = CheckInFlow(answers: CheckIn(intent: "unblock"), index: 8)
        #expect(flow.currentStep(in: vocabulary) == .kinder)
        flow.answers.intent = "soothe"
        #expect(flow.index(in: vocabulary) == 3)
        #expect(flow.currentStep(in: vocabulary) == .intent)
        let far = CheckInFlow(answers: CheckIn(intent: "clarity"), index: 99)
        #expect(far.currentStep(in: vocabulary) == .claritySubTap)
        #expect(CheckInFlow(index: -5).currentStep(in: vocabulary) == .emotion)
    }

    @Test func backKeepsAnswersAndStopsAtTheStart() {
        var flow = CheckInFlow(answers: CheckIn(emotion: "calm", triggerText: "a walk", intensity: 3), index: 2)
        do { let moved = flow.back(in: vocabulary); #expect(moved) }
        do { let moved = flow.back(in: vocabulary); #expect(moved) }
        do { let moved = flow.back(in: vocabulary); #expect(!moved) }
        #expect(flow.currentStep(in: vocabulary) == .emotion)
        #expect(flow.answers.triggerText == "a walk")
        #expect(flow.answers.intensity == 3)
    }

    @Test func nextNeedsAnEmotionAndAnIntensity() {
        var flow = CheckInFlow()
        guard case .needsAnswer = flow.next(gates: gates) else { Issue.record("emotion should be required"); return }
        flow.answers.emotion = "calm"
        do { let outcome = flow.next(gates: gates); #expect(outcome == .advanced(.situation)) }
        do { let outcome = flow.next(gates: gates); #expect(outcome == .advanced(.intensity)) }
        guard case .needsAnswer = flow.next(gates: gates) else { Issue.record("intensity should be required"); return }
        flow.answers.intensity = 11
        guard case .needsAnswer = flow.next(gates: gates) else { Issue.record("11 is out of range"); return }
        #expect(flow.currentStep(in: vocabulary) == .intensity)
    }

    @Test func anOwnWordCountsAsAnEmotion() {
        var flow = CheckInFlow(answers: CheckIn(customEmotion: "  "))
        guard case .needsAnswer = flow.next(gates: gates) else { Issue.record("blank own word is no answer"); return }
        flow.answers.customEmotion = "frazzled"
        do { let outcome = flow.next(gates: gates); #expect(outcome == .advanced(.situation)) }
    }

    /// Walks a whole check-in for each lane and checks every step it passes.
    @Test("a full check-in for every lane", arguments: ["soothe", "clarity", "embody", "unblock"])
    func fullWalk(intent: String) {
        var flow = CheckInFlow(answers: CheckIn(
            emotion: "calm", situation: "work", triggerText: "a normal day at the office", intensity: 4,
            body: ["chest"], intent: intent, claritySubTap: vocabulary.claritySubTaps[0].id,
            confidenceSubTap: vocabulary.confidenceSubTaps[0].id, embodyNew: "I speak slowly and clearly",
            consent: true, belief: vocabulary.beliefs[0].id, pattern: "I rush", origin: "school", kinder: "I am learning"))
        var visited: [Step] = [flow.currentStep(in: vocabulary)]
        var completed = false
        for _ in 0..<20 {
            switch flow.next(gates: gates) {
            case let .advanced(step): visited.append(step)
            case let .complete(done):
                #expect(!done.expressSoothe)
                completed = true
            default: Issue.record("unexpected outcome")
            }
            if completed { break }
        }
        #expect(completed)
        #expect(visited == flow.steps(in: vocabulary))
    }

    @Test func changingTheIntentSwapsTheTailAndKeepsTheCore() {
        var flow = CheckInFlow(answers: CheckIn(emotion: "happy", situation: "work", triggerText: "new role",
                                                intensity: 5, body: ["chest"], intent: "clarity"), index: 4)
        #expect(flow.currentStep(in: vocabulary) == .claritySubTap)
        flow.back(in: vocabulary)
        flow.answers.intent = "embody"
        do { let outcome = flow.next(gates: gates); #expect(outcome == .advanced(.confidenceSubTap)) }
        #expect(flow.steps(in: vocabulary).suffix(2) == [.confidenceSubTap, .embodyNew])
        #expect(flow.answers.emotion == "happy" && flow.answers.triggerText == "new role" && flow.answers.body == ["chest"])
    }

    @Test func crisisTripwireLeavingEmotion() {
        var flow = CheckInFlow(answers: CheckIn(customEmotion: "i want to kill myself"))
        guard case let .crisis(hit) = flow.next(gates: gates) else { Issue.record("should hand off"); return }
        #expect(hit.step == .emotion && hit.field == "customEmotion" && hit.finding.layer == .a)
        #expect(flow.currentStep(in: vocabulary) == .emotion)
    }

    @Test func crisisTripwireLeavingBelief() {
        var flow = CheckInFlow(answers: CheckIn(emotion: "down", intensity: 3, intent: "unblock", consent: true,
                                                customBelief: "everyone would be better off if i killed myself"), index: 5)
        #expect(flow.currentStep(in: vocabulary) == .belief)
        guard case let .crisis(hit) = flow.next(gates: gates) else { Issue.record("should hand off"); return }
        #expect(hit.step == .belief && hit.field == "customBelief")
    }

    @Test func layeredCheckLeavingSituationUsesBothLayers() {
        var flow = CheckInFlow(answers: CheckIn(emotion: "down", triggerText: "i want to kill myself"), index: 1)
        guard case let .crisis(a) = flow.next(gates: gates) else { Issue.record("layer A should fire"); return }
        #expect(a.step == .situation && a.finding.layer == .a)
        let euphemism = "everyone would be better off without me"
        var other = CheckInFlow(answers: CheckIn(emotion: "down", triggerText: euphemism), index: 1)
        guard case let .crisis(hit) = other.next(gates: gates) else { Issue.record("the layered check should fire"); return }
        #expect(hit.finding.fired)
    }

    @Test func ordinaryTextPassesTheGates() {
        var flow = CheckInFlow(answers: CheckIn(customEmotion: "frazzled", triggerText: "this deadline is killing me"))
        do { let outcome = flow.next(gates: gates); #expect(outcome == .advanced(.situation)) }
        do { let outcome = flow.next(gates: gates); #expect(outcome == .advanced(.intensity)) }
    }

    @Test func chipsAreNeverScanned() {
        let answers = CheckIn(emotion: "numb", situation: "health", intensity: 3, intent: "unblock", consent: true,
                              belief: vocabulary.beliefs.last!.id)
        var flow = CheckInFlow(answers: answers)
        for _ in 0..<12 {
            let outcome = flow.next(gates: gates)
            if case .crisis = outcome { Issue.record("a chip fired the tripwire") }
            if case .complete = outcome { break }
        }
    }

    @Test("express gate at intensity >= 7", arguments: [
        (6, "anxious_family_word", false), (7, "unpleasant", true), (10, "unpleasant", true),
        (7, "pleasant", false), (9, "pleasant", false),
    ] as [(Int, String, Bool)])
    func expressGate(intensity: Int, kind: String, completes: Bool) throws {
        let unpleasant = try #require(vocabulary.emotions.first { $0.valence == .unpleasant })
        let pleasant = try #require(vocabulary.emotions.first { $0.valence == .pleasant })
        let emotion = kind == "pleasant" ? pleasant : unpleasant
        var flow = CheckInFlow(answers: CheckIn(emotion: emotion.id, intensity: intensity, intent: "clarity"), index: 2)
        let outcome = flow.next(gates: gates)
        if completes {
            guard case let .complete(done) = outcome else { Issue.record("should complete at once: \(outcome)"); return }
            #expect(done.expressSoothe)
            #expect(done.affect?.valence == .unpleasant)
        } else {
            #expect(outcome == .advanced(.intent))
        }
    }

    /// The journal keeps the answers of the steps taken: the express gate leaves the intent and its
    /// questions behind, a changed intent its old lane's (found from outside: an earlier intent's
    /// answers stayed in the journal after the intensity went up to 10).
    @Test func onlyTheAnswersOfTheStepsTakenAreKept() {
        let answers = CheckIn(emotion: "anxious", situation: "work", triggerText: "a deadline", intensity: 10,
                              intent: "clarity", claritySubTap: vocabulary.claritySubTaps[0].id,
                              confidenceSubTap: vocabulary.confidenceSubTaps[0].id, embodyNew: "speak slowly")
        let flow = CheckInFlow(answers: answers, index: 4)
        let express = flow.answersTaken(expressSoothe: true, in: vocabulary)
        #expect(express == CheckIn(emotion: "anxious", situation: "work", triggerText: "a deadline", intensity: 10))
        let clarity = flow.answersTaken(expressSoothe: false, in: vocabulary)
        #expect(clarity.intent == "clarity" && clarity.claritySubTap == vocabulary.claritySubTaps[0].id)
        #expect(clarity.confidenceSubTap == nil && clarity.embodyNew == nil)
        // The router still reads them all.
        #expect(flow.answers.embodyNew == "speak slowly")
    }

    @Test func helpTypedInAFieldOpensSupport() {
        var flow = CheckInFlow(answers: CheckIn(customEmotion: "help"))
        #expect(flow.next(gates: gates) == .askedForHelp(field: "customEmotion"))
    }

    @Test func everyTextStepReadsBothLayers() {
        // Layer B only (no phrase of layer A): the rule reads B on every step, not just the situation.
        let words = "the tall one near the station would do it"
        for step in [Step.emotion, .situation, .belief, .pattern, .origin, .kinder] {
            var answers = CheckIn(intensity: 4, consent: true)
            StepCopy_setText(step, &answers, words)
            let report = gates.check.check(answers.freeText(leaving: step))
            #expect(report.a?.finding.fired != true, "layer A should not decide this one")
            #expect(report.verdict != .clear, "\(step): \(report.verdict)")
        }
    }

    @Test func answeredWordsDoNotAskAgain() {
        var flow = CheckInFlow(answers: CheckIn(customEmotion: "i want to disappear"))
        let first = flow.next(gates: gates)
        guard case .crisis = first else { Issue.record("should hand off: \(first)"); return }
        // Answered for, the words are no crisis; they are no feeling the app can place either, so it asks
        // which is closest, and then moves on.
        guard case .askClosest = flow.next(gates: gates, answered: ["i want to disappear"]) else {
            Issue.record("answered words go on to the feeling question"); return
        }
        flow.answerClosest(nil)
        #expect(flow.next(gates: gates, answered: ["i want to disappear"]) == .advanced(.situation))
        // Changed words are new words.
        var changed = CheckInFlow(answers: CheckIn(customEmotion: "i want to disappear forever"))
        guard case .crisis = changed.next(gates: gates, answered: ["i want to disappear"]) else {
            Issue.record("changed words must be read again"); return
        }
    }

    /// Words answered for in the crisis check are never read as a good feeling (found from outside:
    /// "everyone would be better off without me" offered Grateful, Confident, Calm, and at intensity 8
    /// went to the lane asked for instead of calming first).
    @Test func heavyWordsAnsweredForReadAsAHardFeeling() async throws {
        let words = "everyone would be better off without me"
        var flow = CheckInFlow(answers: CheckIn(customEmotion: words))
        guard case let .askClosest(ids) = flow.next(gates: gates, answered: [words]) else {
            Issue.record("answered heavy words ask which is closest"); return
        }
        #expect(ids.count == 3)
        for id in ids { #expect(vocabulary.family(vocabulary.emotion(id)?.family ?? "")?.valence == .unpleasant, "\(id)") }
        flow.answerClosest(nil)
        #expect(flow.next(gates: gates, answered: [words]) == .advanced(.situation))
        // The router reads them as hard too: calming first at intensity 8, whatever was asked for.
        let checkIn = CheckIn(customEmotion: words, triggerText: "work", intensity: 8, intent: "embody")
        let routed = await Router(catalog: realCatalog).route(checkIn, answered: [words])
        #expect(routed.valence == .unpleasant && routed.sootheFirst, "\(routed.trace)")
        #expect(routed.trace.first { $0.gate == "affect" }?.detail("rule") == .string(AffectRule.heavyWords.rawValue))
        // The express gate too.
        let express = CheckInFlow(answers: CheckIn(customEmotion: words, triggerText: "work", intensity: 9))
        #expect(express.expressAffect(gates: gates, answered: [words])?.rule == AffectRule.heavyWords.rawValue)
    }

    func StepCopy_setText(_ step: Step, _ a: inout CheckIn, _ text: String) {
        if let field = FreeTextField(step: step) { a[text: field] = text }
    }

    @Test func thePathFollowsTheTail() {
        var flow = CheckInFlow(answers: CheckIn(intent: "embody"), index: 3)
        #expect(flow.path(gates: gates).label == "Step 4 of 6")
        flow.answers.intent = "soothe"
        #expect(flow.path(gates: gates).label == "Step 4 of 4")
        do { let moved = flow.go(to: .situation, in: vocabulary); #expect(moved) }
        do { let moved = flow.go(to: .kinder, in: vocabulary); #expect(!moved) }
    }
}
