import AllinCore
import AllinTestSupport
import Testing
@testable import AllinUI

@Suite("Why this session, in plain words")
struct WhyTextTests {
    let catalog = TestCatalog.real

    func routed(_ c: CheckIn) async -> Recommendation {
        await Router(catalog: catalog).route(c, localHour: 14)
    }

    @Test func saysBackWhatThePersonToldUs() async {
        var c = CheckIn(emotion: "swamped", situation: "work", triggerText: "client moved the deadline up to 9am tomorrow",
                        intensity: 6, intent: "clarity")
        c.claritySubTap = "too_much_on_my_plate"
        let lines = WhyText.lines(await routed(c), catalog: catalog.listing, answers: c)
        #expect(lines.first == "You said you feel swamped (6 out of 10) about work: “client moved the deadline up to 9am tomorrow”.")
        #expect(lines.contains("You asked to get clear on what to do."))
        #expect(lines.last?.hasPrefix("It takes about ") == true)
    }

    /// No to exploring a belief is said back wherever the reasons are: the recommendation, the `t`
    /// screen and the journal's gate line.
    @Test func aDeclinedBeliefIsSaidBack() async {
        let c = CheckIn(emotion: "insecure", intensity: 5, intent: "unblock", consent: false)
        let r = await routed(c)
        let said = "You said not today to exploring a belief, so we chose a session that calms instead of one that works on a belief."
        #expect(WhyText.lines(r, catalog: catalog.listing, answers: c).contains(said))
        #expect(WhyText.steps(r.trace, catalog: catalog.listing, answers: c).contains(said))
        #expect(WhyText.gate(trace: r.trace) == said)
    }

    @Test func wordsAlreadyAnsweredForAreSaidOnceAndRecordedOnce() async {
        // Both layers find something in these words; the person said they are safe about them.
        let words = "i can't do this anymore"
        let c = CheckIn(emotion: "stressed", situation: "work", triggerText: words, intensity: 3, intent: "soothe")
        let r = await Router(catalog: catalog).route(c, answered: [words], localHour: 14)
        let lines = WhyText.lines(r, catalog: catalog.listing, answers: c)
        #expect(lines.filter { $0.contains("sounded heavy") }
            == ["Some of your words (“i can't do this anymore”) sounded heavy, so we checked in with you first."])
        let rule = r.trace.first { $0.gate == "crisisRule" }
        #expect(rule?.detail("answered") == .array([.string("triggerText")]))
        // The `t` screen says what happened: the person said they are safe, not that nothing was found.
        let steps = WhyText.steps(r.trace, catalog: catalog.listing, answers: c)
        #expect(steps.contains("You told us you are safe right now, so the check-in went on to a session."))
        #expect(!steps.contains("Nothing called for crisis support."))
        let calm = CheckIn(emotion: "stressed", situation: "work", triggerText: "three deadlines", intensity: 3, intent: "soothe")
        let calmSteps = WhyText.steps(await routed(calm).trace, catalog: catalog.listing, answers: calm)
        #expect(calmSteps.contains("Nothing called for crisis support."))
        #expect(calmSteps.contains("A second, broader reading of your words found nothing either."))
        // "Either" only when the first reading found nothing too.
        let tired = "im so tired of it all"
        let heavy = CheckIn(emotion: "stressed", situation: "work", triggerText: tired, intensity: 3, intent: "soothe")
        let heavySteps = WhyText.steps(await Router(catalog: catalog).route(heavy, answered: [tired], localHour: 14).trace,
                                       catalog: catalog.listing, answers: heavy)
        #expect(heavySteps.contains("Your words were read for clear signs of danger: some words sounded heavy."))
        #expect(!heavySteps.contains { $0.contains("nothing either") }, "\(heavySteps)")
    }

    @Test func everyFeelingLabelMakesASentence() {
        let firstPerson: Set<String> = ["i", "i'm", "me", "my", "myself", "mine"]
        for emotion in catalog.vocabulary.emotions {
            let line = WhyText.heard(CheckIn(emotion: emotion.id, situation: "work", intensity: 6), catalog: catalog.listing) ?? ""
            let words = line.lowercased().split { !$0.isLetter && $0 != "'" }.map(String.init)
            #expect(words.allSatisfy { !firstPerson.contains($0) }, "said back as 'your': \(line)")
            // "you feel grieving" is not English; "you are grieving" is.
            let verb = words.firstIndex(of: "feel") ?? words.firstIndex(of: "are")
            let next = verb.map { words[$0 + 1] } ?? ""
            #expect(words[verb ?? 0] == (next.count > 4 && next.hasSuffix("ing") ? "are" : "feel"), "\(line)")
            #expect(line.hasSuffix("(6 out of 10) about work."), "\(line)")
        }
        let said = { (id: String) in WhyText.heard(CheckIn(emotion: id, intensity: 6), catalog: self.catalog.listing) }
        #expect(said("sure_of_myself") == "You said you feel sure of yourself (6 out of 10).")
        #expect(said("on_my_own") == "You said you feel on your own (6 out of 10).")
        #expect(said("dreading") == "You said you are dreading something (6 out of 10).")
        #expect(said("grieving") == "You said you are grieving (6 out of 10).")
        #expect(said("missing_someone") == "You said you are missing someone (6 out of 10).")
    }

    @Test func ownWordsAndLongTextAreQuotedAndCutAtAWord() {
        let c = CheckIn(customEmotion: "  kinda\tmeh ", situation: "nothing_in_particular",
                        triggerText: "one two three four five six seven eight nine ten eleven twelve", intensity: 4)
        #expect(WhyText.heard(c, catalog: catalog.listing)
            == "You said you feel kinda meh (4 out of 10): “one two three four five six seven eight nine ten…”.")
    }

    @Test func wordsThePersonAnsweredForAreNotSaidBack() {
        // Words that opened support or the gentle question, which the person then answered for, are not
        // quoted back on the recommendation (the journal keeps what they chose to keep).
        let c = CheckIn(emotion: "nervous", customEmotion: "like i want to disappear", situation: "work",
                        triggerText: "i've been saving up my pills", intensity: 5)
        #expect(WhyText.heard(c, catalog: catalog.listing, unquoted: ["i've been saving up my pills", "like i want to disappear"])
            == "You said you feel nervous (5 out of 10) about work.")
        #expect(WhyText.heard(c, catalog: catalog.listing)?.contains("saving up my pills") == true)
    }

    @Test func noStemsScoresIdsOrLaneJargonOnTheScreen() async {
        var checkIns: [CheckIn] = []
        for (emotion, text, intent) in [("frazzled", "overthinking everything at work", "clarity"),
                                        ("lonely", "", "soothe"), ("not_enough", "passed over again", "unblock"),
                                        ("nervous", "best man speech saturday", "embody")] {
            var c = CheckIn(emotion: emotion, situation: "work", triggerText: text, intensity: 5, intent: intent)
            c.claritySubTap = intent == "clarity" ? "thoughts_going_in_circles" : nil
            c.confidenceSubTap = intent == "embody" ? "a_big_moment" : nil
            checkIns.append(c)
        }
        for c in checkIns {
            let r = await routed(c)
            let text = WhyText.lines(r, catalog: catalog.listing, answers: c).joined(separator: "\n")
            let words = Set(text.lowercased().split { !$0.isLetter && $0 != "-" && $0 != "_" }.map(String.init))
            for jargon in ["everyth", "overthink", "score", "sub-tap", "tier", "valence", "unpleasant", "lane", "bm25", "picker",
                           "soothe", "clarity", "unblock", "embody"] {
                #expect(!words.contains(jargon), "\(jargon) in: \(text)")
            }
            #expect(!text.contains("_"), "an id in: \(text)")
            #expect(!words.contains("my"), "the person's own chip labels are said back as 'your': \(text)")
        }
    }

    @Test func pickerWordsAreOnlyWordsThePersonWrote() {
        let entry = TraceEntry(gate: "choice", decision: "picker", details: [
            ("matched", .array([.string("overthink"), .string("everyth"), .string("work")])),
        ])
        let c = CheckIn(triggerText: "overthinking everything at work", intensity: 5)
        #expect(WhyText.choice(entry, answers: c) == "It speaks to what you wrote: “work”.")
        #expect(WhyText.choice(entry, answers: nil) == "It is the closest match to what you wrote.")
    }

    @Test func wordsFromAChosenChipAreSaidAsChosenNotAsWritten() {
        let entry = TraceEntry(gate: "choice", decision: "picker", details: [
            ("matched", .array([.string("childhood"), .string("deadlin"), .string("work")])),
        ])
        let v = catalog.vocabulary
        // "Childhood" is the origin step's chip: chosen, not typed.
        let chipOnly = CheckIn(intensity: 5, origin: "Childhood")
        #expect(WhyText.choice(entry, answers: chipOnly, vocabulary: v) == "It speaks to what you chose: “Childhood”.")
        let both = CheckIn(triggerText: "deadlines at work", intensity: 5, origin: "Childhood")
        #expect(WhyText.choice(entry, answers: both, vocabulary: v)
            == "It speaks to what you wrote (“work”) and what you chose (“Childhood”).")
        // The same word typed in the person's own words is theirs, and quoted.
        let typed = CheckIn(intensity: 5, origin: "my childhood mostly")
        #expect(WhyText.choice(entry, answers: typed, vocabulary: v) == "It speaks to what you wrote: “childhood”.")
        // Through the recommendation's lines, which pass the catalog's vocabulary.
        let lines = WhyText.lines(trace: [entry], seconds: nil, catalog: catalog.listing, answers: chipOnly)
        #expect(lines.contains("It speaks to what you chose: “Childhood”.") && !lines.joined().contains("wrote"))
    }

    @Test func anIntentLabelIsSaidBackToThePerson() {
        #expect(WhyText.yours("Calm my body and mind") == "calm your body and mind")
        #expect(WhyText.yours("Shift a belief that holds me back") == "shift a belief that holds you back")
    }
}
