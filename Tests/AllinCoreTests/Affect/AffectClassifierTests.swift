import Testing
@testable import AllinCore

@Suite("Affect classifier: paths and rules")
struct AffectClassifierTests {
    let classifier: AffectClassifier
    init() throws { classifier = try AffectShipped.classifier() }

    // MARK: Chip path

    @Test func chipDecidesEvenAgainstTheText() {
        let r = classifier.classify(AffectInput(emotionLabel: "Anxious", emotionValence: .unpleasant,
                                                situationText: "Lovely day at the beach with friends"))
        #expect(r.valence == .unpleasant)
        #expect(r.rule == AffectRule.chip.rawValue)
        #expect(r.explanation == "The chosen word 'Anxious' is unpleasant.")
        #expect(r.contributions == [AffectContribution(word: "Anxious", weight: -1, note: "chosen chip")])
    }

    @Test func pleasantChipWithoutText() {
        let r = classifier.classify(AffectInput(emotionLabel: "Grateful", emotionValence: .pleasant))
        #expect(r.valence == .pleasant)
        #expect(r.rule == "chip")
        #expect(r.score == 1)
    }

    @Test func mixedChipLetsTheTextDecide() {
        let sad = classifier.classify(AffectInput(emotionLabel: "Bittersweet", emotionValence: .mixed,
                                                  situationText: "My best friend moved away and I feel so lonely"))
        #expect(sad.valence == .unpleasant)
        #expect(sad.rule == "mixedChip")
        #expect(sad.explanation.hasPrefix("The chosen word 'Bittersweet' is mixed, so the text decides:"))
        let glad = classifier.classify(AffectInput(emotionLabel: "Bittersweet", emotionValence: .mixed,
                                                   situationText: "Graduation day, so proud of myself"))
        #expect(glad.valence == .pleasant)
        let none = classifier.classify(AffectInput(emotionLabel: "Bittersweet", emotionValence: .mixed))
        #expect(none.valence == .neutral)
        #expect(none.rule == "mixedChip")
        #expect(none.explanation.contains("no feeling words"))
    }

    @Test(arguments: [
        ("Happy", EmotionValence.pleasant, "not happy", Valence.unpleasant),
        ("Happy", .pleasant, "not happy at all", .unpleasant),
        ("Anxious", .unpleasant, "not really anxious", .pleasant),
        ("Worried", .unpleasant, "not worried anymore", .pleasant),
        ("Happy", .pleasant, "not really", .neutral),
    ])
    func customWordNegatesTheChip(label: String, chip: EmotionValence, custom: String, expected: Valence) {
        let r = classifier.classify(AffectInput(emotionLabel: label, emotionValence: chip, customEmotion: custom))
        #expect(r.rule == AffectRule.negatedChip.rawValue, "\(custom): \(r.explanation)")
        #expect(r.valence == expected, "\(custom): \(r.explanation)")
        #expect(r.explanation.hasPrefix("The chosen word '\(label)' is negated"))
    }

    @Test func situationNegatesTheChipThroughAnotherForm() {
        let r = classifier.classify(AffectInput(emotionLabel: "Calm", emotionValence: .pleasant,
                                                situationText: "I am not calm at all, my chest is tight"))
        #expect(r.rule == "negatedChip")
        #expect(r.valence == .unpleasant)
        let worry = classifier.classify(AffectInput(emotionLabel: "Worry", emotionValence: .unpleasant,
                                                    situationText: "For once I'm not worrying about anything"))
        #expect(worry.rule == "negatedChip")
        #expect(worry.valence == .pleasant)
    }

    @Test func chipStillDecidesWhenTheTextMerelyMentionsIt() {
        let r = classifier.classify(AffectInput(emotionLabel: "Anxious", emotionValence: .unpleasant,
                                                customEmotion: "anxious and jittery"))
        #expect(r.rule == "chip")
        #expect(r.valence == .unpleasant)
    }

    @Test(arguments: [
        ("Ashamed or guilty", EmotionValence.unpleasant, "I'm not guilty about it, I did my part", "negatedChip"),
        ("On edge", .unpleasant, "not on edge anymore, calmer now", "negatedChip"),
        ("Dreading something", .unpleasant, "I'm not dreading it", "negatedChip"),
        ("Not enough", .unpleasant, "I feel like I'm not enough", "chip"),
        ("Heavy-hearted", .unpleasant, "heavy hearted since the funeral", "chip"),
    ])
    func multiWordLabels(label: String, chip: EmotionValence, text: String, rule: String) {
        let r = classifier.classify(AffectInput(emotionLabel: label, emotionValence: chip, situationText: text))
        #expect(r.rule == rule, "\(label) / \(text): \(r.explanation)")
    }

    @Test func labelOutsideTheLexiconIsStillFoundNegated() {
        let r = classifier.classify(AffectInput(emotionLabel: "Zoomy", emotionValence: .pleasant,
                                                situationText: "not zoomy today, just exhausted"))
        #expect(r.rule == "negatedChip")
        #expect(r.valence == .unpleasant)
    }

    // MARK: Custom word

    @Test(arguments: [
        ("drained", Valence.unpleasant),
        ("over the moon", .pleasant),
        ("not great", .unpleasant),
        ("not happy at all", .unpleasant),
        ("sooo tired", .unpleasant),
        ("kinda hopeful", .pleasant),
    ])
    func customWordIsScored(custom: String, expected: Valence) {
        let r = classifier.classify(AffectInput(customEmotion: custom))
        #expect(r.rule == AffectRule.customWord.rawValue)
        #expect(r.valence == expected, "\(custom): \(r.explanation)")
        #expect(r.contributions.allSatisfy { $0.note.contains("own word x1.5") })
    }

    @Test func customWordOutweighsAMildSituation() {
        let r = classifier.classify(AffectInput(customEmotion: "drained", situationText: "nice dinner with my parents"))
        #expect(r.valence == .unpleasant)
        #expect(r.rule == "customWord")
    }

    @Test func unknownCustomWordFallsBackToTheSituation() {
        let r = classifier.classify(AffectInput(customEmotion: "blorpy", situationText: "I failed the exam"))
        #expect(r.valence == .unpleasant)
        // "failed" alone is too weak to decide, so the sentence reading reads the situation.
        #expect(r.rule == "sentenceReading")
        #expect(r.explanation.hasPrefix("The feeling words were not strong enough to decide alone, so the sentence as a whole was read"))
    }

    // MARK: Negation

    @Test(arguments: [
        ("I'm not happy", Valence.unpleasant),
        ("I don't feel good about it", .unpleasant),
        ("I dont feel good", .unpleasant),
        ("I didn’t enjoy the party", .unpleasant),
        ("nobody cares about me", .unpleasant),
        ("I'm not worried", .pleasant),
        ("never felt this lonely", .unpleasant),
        ("no stress today", .pleasant),
        ("I'm not stressed at all", .pleasant),
        ("I wish I could relax", .unpleasant),
        ("Nothing I do is ever good enough", .unpleasant),
        ("I'm not unhappy", .pleasant),
        ("I can't wait for the weekend", .pleasant),
        ("I can't stop crying", .unpleasant),
        ("It wasn't bad", .pleasant),
    ])
    func negation(text: String, expected: Valence) {
        let r = classifier.classifyText(text)
        #expect(r.valence == expected, "\(text): \(r.explanation)")
    }

    @Test func negationFlipsAndNamesTheNegator() {
        let r = classifier.classifyText("I am not happy")
        #expect(r.rule == "negation")
        #expect(r.contributions.count == 1)
        #expect(r.contributions[0].word == "happy")
        #expect(r.contributions[0].weight < 0)
        #expect(r.contributions[0].note.contains("negated by 'not'"))
        #expect(r.explanation.contains("'not' negates 'happy'"))
    }

    @Test func negationScopeEndsAtTheClauseBoundary() {
        let comma = classifier.classifyText("I'm not sad, I'm happy")
        #expect(comma.valence == .pleasant)
        #expect(comma.contributions.first { $0.word == "happy" }?.note.contains("negated") == false)
        let and = classifier.classifyText("I didn't sleep and I'm exhausted")
        #expect(and.contributions.first { $0.word == "exhausted" }?.note.contains("negated") == false)
        #expect(and.valence == .unpleasant)
        let sentence = classifier.classifyText("Not today. Happy now.")
        #expect(sentence.contributions.first?.note.contains("negated") == false)
    }

    @Test func negationScopeIsThreeWordsNotCountingLittleWords() {
        let near = classifier.classifyText("not feeling it was a happy day")
        #expect(near.contributions.first?.note.contains("negated") == true)
        let far = classifier.classifyText("not sure which plan, dinner, movie night happy")
        #expect(far.contributions.first { $0.word == "happy" }?.note.contains("negated") == false)
        let beyond = classifier.classifyText("I didn't know the new office building would feel happy")
        #expect(beyond.contributions.first { $0.word == "happy" }?.note.contains("negated") == false)
    }

    // MARK: Intensity

    @Test func intensifiersAndDowntonersScaleTheWord() throws {
        let plain = classifier.classifyText("I am tired").score
        let very = classifier.classifyText("I am very tired").score
        let bit = classifier.classifyText("I am a bit tired").score
        let double = classifier.classifyText("I am so very tired").score
        #expect(very < plain && plain < bit && bit < 0)
        #expect(double < very)
        let note = try #require(classifier.classifyText("extremely anxious").contributions.first?.note)
        #expect(note == "x1.8 'extremely'")
        #expect(classifier.classifyText("pretty good").score > classifier.classifyText("good").score)
        #expect(classifier.classifyText("that was pretty").valence == .pleasant)
    }

    @Test func intensifierAfterNegationSoftensItAndBeforeStrengthensIt() {
        let notHappy = classifier.classifyText("not happy").score
        let notVeryHappy = classifier.classifyText("not very happy")
        let reallyNotHappy = classifier.classifyText("really not happy")
        #expect(notHappy < notVeryHappy.score && notVeryHappy.score < 0)
        #expect(reallyNotHappy.score < notHappy)
        #expect(notVeryHappy.contributions.first?.note == "x0.67 'very', negated by 'not' x-0.75")
        #expect(reallyNotHappy.contributions.first?.note == "x1.4 'really', negated by 'not' x-0.75")
    }

    // MARK: Contrast

    @Test(arguments: [
        ("I got the job but I'm terrified", Valence.unpleasant),
        ("rough morning but I feel proud now", .pleasant),
        ("The trip was lovely. However, I'm exhausted and miserable.", .unpleasant),
        ("It was stressful, though I'm relieved it's over", .pleasant),
        ("Although I passed, I feel empty", .unpleasant),
        ("I feel calm despite the awful news", .pleasant),
    ])
    func butRule(text: String, expected: Valence) {
        let r = classifier.classifyText(text)
        #expect(r.valence == expected, "\(text): \(r.explanation)")
        // Longer than four words and weaker than the lexicon's gate, the sentence reading decides
        // (it weighs a contrast's halves itself); a strong score keeps the lexicon's contrast rule.
        let rules = [AffectRule.butClause.rawValue, AffectRule.sentenceReading.rawValue]
        #expect(rules.contains(r.rule), "\(text): \(r.explanation)")
    }

    @Test(arguments: [("tired but proud", Valence.pleasant), ("fine but lonely", .unpleasant)])
    func aShortContrastIsTheLexiconsRule(text: String, expected: Valence) {
        let r = classifier.classifyText(text)
        #expect(r.valence == expected, "\(text): \(r.explanation)")
        #expect(r.rule == AffectRule.butClause.rawValue, "\(text): \(r.explanation)")
        #expect(r.explanation.contains("after 'but'"), "\(text): \(r.explanation)")
    }

    @Test func butRuleWeighsTheAfterPartMore() throws {
        let r = classifier.classifyText("I got the job but I'm terrified")
        let job = try #require(r.contributions.first { $0.word == "got the job" })
        let fear = try #require(r.contributions.first { $0.word == "terrified" })
        #expect(job.note == "before 'but' x0.5")
        #expect(fear.note == "after 'but' x1.5")
        #expect(r.valence == .unpleasant)
    }

    @Test func butWithNothingAfterItChangesNothing() {
        let r = classifier.classifyText("I'm happy but")
        #expect(r.valence == .pleasant)
        #expect(r.contributions.first?.word == "happy")
        #expect(r.contributions.first?.note == "")
    }

    // MARK: Evidence, words and symbols

    @Test(arguments: ["", "   ", "Meeting at 3pm, then the dentist", "🚗 🏠", "10:30 http://example.com/a:b"])
    func noEvidenceIsNeutral(text: String) {
        let r = classifier.classifyText(text)
        #expect(r.valence == .neutral)
        #expect(r.rule == AffectRule.noEvidence.rawValue)
        #expect(r.contributions.isEmpty)
        #expect(r.score == 0)
        #expect(r.explanation == "No feeling words found, so neutral.")
    }

    /// A plain report has no feeling word; the sentence reading may still lean one way, and then
    /// it names the words it leaned on (never only little words such as "the" or "to").
    @Test func aPlainReportIsReadOnlyByItsWords() {
        let r = classifier.classifyText("I went to the shop.")
        #expect(r.contributions.allSatisfy { $0.note == "learned from everyday sentences" })
        if r.valence != .neutral {
            #expect(r.rule == AffectRule.sentenceReading.rawValue)
            #expect(!r.contributions.isEmpty)
            #expect(!r.contributions.contains { ["the", "to", "i"].contains($0.word) })
        }
    }

    @Test(arguments: [
        ("happy", Valence.pleasant), ("happier", .pleasant), ("happiest", .pleasant), ("happily", .pleasant),
        ("worry", .unpleasant), ("worries", .unpleasant), ("worried", .unpleasant), ("worrying", .unpleasant),
        ("stressed", .unpleasant), ("stressful", .unpleasant), ("overwhelmed", .unpleasant), ("overwhelming", .unpleasant),
        ("lonely", .unpleasant), ("loneliness", .unpleasant), ("grieving", .unpleasant), ("ashamed", .unpleasant),
        ("exhausted", .unpleasant), ("calmer", .pleasant), ("grateful", .pleasant), ("proudest", .pleasant),
        ("excited", .pleasant), ("relieved", .pleasant), ("deadline", .unpleasant), ("fought", .unpleasant),
        ("broke up", .unpleasant), ("promoted", .pleasant), ("holidays", .pleasant), ("arguing", .unpleasant),
        ("diagnosed", .unpleasant), ("funeral", .unpleasant), ("failed", .unpleasant), ("passed", .pleasant),
        ("won", .pleasant), ("lost", .unpleasant), ("passed away", .unpleasant), ("HAPPYYYY", .pleasant),
    ])
    func inflectionsAndEventWords(word: String, expected: Valence) {
        #expect(classifier.classifyText(word).valence == expected, "\(word)")
    }

    @Test(arguments: [
        ("Feeling great :)", Valence.pleasant), ("ugh :(", .unpleasant), ("😊", .pleasant), ("😢😢", .unpleasant),
        ("love this ❤️", .pleasant), ("👍🏽", .pleasant), ("meh :/", .unpleasant), ("<3", .pleasant),
    ])
    func emojiAndEmoticons(text: String, expected: Valence) {
        #expect(classifier.classifyText(text).valence == expected, "\(text)")
    }

    @Test func emojiIsNotNegated() {
        let r = classifier.classifyText("I'm not ok 😢")
        #expect(r.contributions.first { $0.word == "😢" }?.weight == -2)
        #expect(r.valence == .unpleasant)
    }

    @Test func phrasesWinOverTheirWords() {
        // The lexicon's words (the sentence reading adds its own, marked as learned).
        #expect(classifier.classifyText("my grandfather passed away").contributions
            .filter { $0.note != "learned from everyday sentences" }.map(\.word) == ["passed away"])
        // "best friend" holds no feeling of its own; only the sentence reading may weigh the words.
        #expect(classifier.classifyText("my best friend called").contributions.allSatisfy { $0.note == "learned from everyday sentences" })
        #expect(classifier.classifyText("this deadline is killing me").valence == .unpleasant)
    }

    @Test func neutralBandIsExplained() {
        let r = classifier.classifyText("I'm happy but also sad and tired and glad")
        #expect(r.explanation.contains("→"))
        let mild = classifier.classifyText("glad and sad")
        #expect(mild.valence == .neutral)
        #expect(mild.rule == "lexicon")
        #expect(mild.explanation.contains("is between -0.5 and 0.5"))
    }

    @Test func explanationNamesAtMostFourWords() {
        let r = classifier.classifyText("sad, tired, angry, lonely, anxious, scared")
        #expect(r.contributions.count == 6)
        #expect(r.explanation.contains("2 more"))
    }

    @Test func classifyTextMatchesTheSituationPath() {
        let text = "I'm so anxious about tomorrow"
        #expect(classifier.classifyText(text) == classifier.classify(AffectInput(situationText: text)))
    }
}
