import Foundation
import Testing
@testable import AllinCore

/// The shipped vocabulary, for family checks.
private func shippedVocabulary() throws -> Vocabulary {
    try Vocabulary.decode(try affectCatalogData(Catalog.vocabularyFile), file: Catalog.vocabularyFile)
}

@Suite("Own words: the VADER and feelings files")
struct AffectOwnWordsLoaderTests {
    private func problems(_ files: [String: Data]) -> [String] {
        do {
            _ = try AffectLexicon.decode(files: files)
            return []
        } catch let error as CatalogProblems {
            return error.issues.map(\.description)
        } catch {
            return ["unexpected \(error)"]
        }
    }

    @Test func shippedFilesLoadWithVaderWords() throws {
        let lexicon = try AffectShipped.lexicon()
        #expect(lexicon.count >= 7000)
        #expect(lexicon.familyIDs.count == 13)
        #expect(AffectLexicon.crossCheck(familyIDs: lexicon.familyIDs, vocabulary: try shippedVocabulary()).isEmpty)
    }

    @Test func badVaderValenceNamesFileAndEntry() throws {
        let files = try affectEditedFiles("lexicon/vader.json") { root in
            var words = root["words"] as? [[Any]] ?? []
            words[0] = ["forlornish", 9, 0.5]
            root["words"] = words
        }
        #expect(problems(files) == ["lexicon/vader.json: words 'forlornish': valence 9 is outside -4...4"])
    }

    @Test func malformedVaderRowIsNamedByPosition() throws {
        let files = try affectEditedFiles("lexicon/vader.json") { root in
            var words = root["words"] as? [Any] ?? []
            words[2] = ["gloomy"]
            root["words"] = words
        }
        #expect(problems(files) == ["lexicon/vader.json: words #3: must be [word, valence, spread]"])
    }

    @Test func vaderWithoutLicenceIsRejected() throws {
        let files = try affectEditedFiles("lexicon/vader.json") { root in root["source"] = ["name": "VADER"] }
        #expect(problems(files) == ["lexicon/vader.json: source: must name the lexicon's version and licence"])
    }

    @Test func wordInTwoFamiliesIsNamed() throws {
        let files = try affectEditedFiles("lexicon/feelings.json") { root in
            var families = root["families"] as? [String: Any] ?? [:]
            var calm = families["calm"] as? [String: Any] ?? [:]
            calm["words"] = (calm["words"] as? [String] ?? []) + ["forlorn"]
            families["calm"] = calm
            root["families"] = families
        }
        #expect(problems(files).contains("lexicon/feelings.json: families 'sad': 'forlorn': 'forlorn' is already in family 'calm'"))
    }

    @Test func badFamilyFieldsAreNamed() throws {
        let files = try affectEditedFiles("lexicon/feelings.json") { root in
            var families = root["families"] as? [String: Any] ?? [:]
            var sad = families["sad"] as? [String: Any] ?? [:]
            sad["arousal"] = 2
            sad["colour"] = "blue"
            families["sad"] = sad
            root["families"] = families
            root["shortTextOnly"] = ["not-a-family-word"]
        }
        let found = problems(files)
        #expect(found.contains("lexicon/feelings.json: families 'sad': arousal 2 is outside 0...1"))
        #expect(found.contains("lexicon/feelings.json: families 'sad': unknown field 'colour'"))
        #expect(found.contains("lexicon/feelings.json: shortTextOnly 'not-a-family-word': is in no family's words"))
    }

    @Test func spellingListedInBothFilesIsNamed() throws {
        let files = try affectEditedFiles("lexicon/feelings.json") { root in
            var spellings = root["spellings"] as? [String: String] ?? [:]
            spellings["tierd"] = "tired"
            root["spellings"] = spellings
        }
        #expect(problems(files) == ["lexicon/feelings.json: spellings 'tierd': is already listed in lexicon/affect-rules.json"])
    }

    @Test func situationPhraseAlreadyInTheLexiconIsNamed() throws {
        let files = try affectEditedFiles("lexicon/feelings.json") { root in
            var phrases = root["situationWords"] as? [String: Any] ?? [:]
            phrases["fired"] = -2
            root["situationWords"] = phrases
        }
        #expect(problems(files) == ["lexicon/feelings.json: situationWords 'fired': 'fired' is already listed under words 'fired'"])
    }

    @Test func familyMissingFromVocabularyIsNamed() throws {
        let vocabulary = try shippedVocabulary()
        let issues = AffectLexicon.crossCheck(familyIDs: vocabulary.families.map(\.id).dropLast() + ["giddy"], vocabulary: vocabulary)
        #expect(issues.map(\.description) == [
            "lexicon/feelings.json: families 'giddy': is not a family in vocabulary.json",
            "lexicon/feelings.json: families: has no entry for 'wistful' from vocabulary.json",
        ])
    }
}

@Suite("Own words: valence, morphology, negation, modifiers, spelling")
struct AffectOwnWordsValenceTests {
    private func score(_ text: String) throws -> Double {
        try AffectShipped.classifier().classifyText(text).score
    }

    @Test(arguments: [
        ("forlornness", "forlorn", 1.0), ("sadly", "sad", 1), ("frazzledness", "frazzled", 1), ("dejectedly", "dejected", 1),
        ("joyless", "joy", -1), ("fearless", "fear", -1), ("unexcited", "excited", -1), ("overtired", "tired", 1),
        ("displeased", "pleased", -1), ("despondently", "despondent", 1), ("grumpiness", "grumpy", 1), ("stressy", "stress", 1),
    ])
    func derivationsReadAsTheirWord(text: String, word: String, direction: Double) throws {
        let lexicon = try AffectShipped.lexicon()
        let derived = lexicon.feeling(of: text)
        let plain = lexicon.feeling(of: word)
        #expect(derived.valence * plain.valence * direction > 0, "\(text) \(derived.valence) vs \(word) \(plain.valence)")
    }

    @Test(arguments: ["my therapist called", "my career", "the meeting ran late", "I dropped the kids off"])
    func ordinaryWordsAreNotReadAsFeelings(text: String) throws {
        let result = try AffectShipped.classifier().classifyText(text)
        #expect(!result.contributions.contains { $0.note.contains("read as") }, "\(result.contributions)")
    }

    @Test func compoundsReadAsTheirFeelingHalf() throws {
        #expect(try score("brokenhearted") < 0)
        #expect(try score("panicstricken") < 0)
    }

    @Test func everyCaseReadsTheSame() throws {
        #expect(try score("FORLORN") == score("forlorn"))
        #expect(try score("Irate") == score("irate"))
    }

    @Test func negationTurnsAndSoftens() throws {
        #expect(try score("not great") < 0)
        #expect(try score("not sad") > 0)
        #expect(try abs(score("not sad")) < abs(score("sad")))
        #expect(try score("I'm not happy at all") < score("I'm not happy"))
    }

    @Test func intensifiersAndHedgesScale() throws {
        #expect(try score("so tired") < score("tired"))
        #expect(try score("a bit down") > score("down"))
        #expect(try score("a bit down") < 0)
        #expect(try score("kinda meh") < 0)
        #expect(try score("really excited") > score("excited"))
    }

    @Test func contrastWeighsTheClauseAfterBut() throws {
        let classifier = try AffectShipped.classifier()
        #expect(classifier.classifyText("I was nervous but it went great").valence == .pleasant)
        #expect(classifier.classifyText("it went great but now I feel awful").valence == .unpleasant)
        // A short one is the lexicon's contrast rule; a longer one the sentence reading's (it weighs
        // the halves itself).
        #expect(classifier.classifyText("nervous but fine now").rule == AffectRule.butClause.rawValue)
        #expect(classifier.classifyText("nervous but fine now").valence == .pleasant)
        #expect(classifier.classifyText("I was nervous but it went great").rule == AffectRule.sentenceReading.rawValue)
    }

    @Test(arguments: ["anxous", "stressy", "lonley", "exhuasted", "greatfull", "anxoius", "frustraed", "dejcted"])
    func misspellingsAreMended(text: String) throws {
        let feeling = try AffectShipped.lexicon().feeling(of: text)
        #expect(feeling.family != nil, "\(text)")
        #expect(feeling.valence != 0, "\(text)")
    }

    @Test func typingSlipsAreMendedOnlyInOneOrTwoWords() throws {
        let classifier = try AffectShipped.classifier()
        #expect(classifier.classifyText("dejcted").valence == .unpleasant)
        #expect(classifier.classifyText("so dejcted").valence == .unpleasant)
        let sentence = classifier.classifyText("the dejcted report was sent")
        #expect(!sentence.contributions.contains { $0.word == "dejected" })
        // "called" is one slip from "calmed", but a sentence is not mended (the sentence reading may still find it pleasant).
        #expect(!classifier.classifyText("my best friend called").contributions.contains { $0.word.hasPrefix("calm") })
        // A real word is never a slip (found from outside: "hello" read as "hell", a sad feeling).
        for text in ["hello", "hello there"] {
            #expect(classifier.classifyText(text).contributions.allSatisfy { $0.word != "hell" }, "\(text)")
        }
    }

    @Test func shortTextOnlyWordsNeedAModifierInASentence() throws {
        let classifier = try AffectShipped.classifier()
        #expect(classifier.classifyText("down").valence == .unpleasant)
        #expect(!classifier.classifyText("I sat down with my coffee and read the paper").contributions.contains { $0.word == "down" })
        #expect(classifier.classifyText("a bit down since my friend moved away").valence == .unpleasant)
    }
}

@Suite("Own words: families and the three closest")
struct AffectOwnWordsFamilyTests {
    @Test(arguments: [
        ("forlorn", "sad"), ("dejected", "sad"), ("gutted", "sad"), ("irate", "angry"), ("apprehensive", "anxious"),
        ("frazzled", "overwhelmed"), ("knackered", "tired"), ("wistful", "wistful"), ("homesick", "lonely"),
        ("mortified", "ashamed"), ("chuffed", "joyful"), ("serene", "calm"), ("thankful", "grateful"), ("empowered", "confident"),
        ("in limbo", "unsettled"), ("so stressed", "overwhelmed"), ("a bit down", "sad"), ("anxous", "anxious"),
    ])
    func curatedWordsMapToTheirFamily(text: String, family: String) throws {
        let feeling = try AffectShipped.lexicon().feeling(of: text)
        #expect(feeling.family == family, "\(text): \(String(describing: feeling.family))")
        #expect(feeling.basis == .familyWord)
        #expect(!feeling.asks)
        #expect(feeling.closest.first == family)
    }

    @Test func everyVocabularyEmotionReadsAsItsOwnFamily() throws {
        let lexicon = try AffectShipped.lexicon()
        for emotion in try shippedVocabulary().emotions {
            let feeling = lexicon.feeling(of: emotion.label)
            #expect(feeling.family == emotion.family, "\(emotion.label): \(String(describing: feeling.family))")
        }
    }

    @Test func negatedWordTakesTheOppositeFamilyAndAsks() throws {
        let feeling = try AffectShipped.lexicon().feeling(of: "not happy")
        #expect(feeling.basis == .opposite)
        #expect(feeling.family == "sad")
        #expect(feeling.asks)
        #expect(feeling.closest.count == 3)
    }

    @Test func wordInNoListGetsTheNearestFamilyByValenceAndAsks() throws {
        let lexicon = try AffectShipped.lexicon()
        let feeling = lexicon.feeling(of: "dismal") // in the sad list: a control
        #expect(feeling.basis == .familyWord)
        let guessed = lexicon.feeling(of: "catastrophic")
        #expect(guessed.basis == .nearest)
        #expect(guessed.asks)
        #expect(guessed.arousal == nil)
        let unpleasant = Set(["anxious", "sad", "angry", "overwhelmed", "lonely", "ashamed", "tired"])
        #expect(unpleasant.contains(guessed.family ?? ""))
    }

    @Test func twoFeelingsOfferBothFirst() throws {
        let feeling = try AffectShipped.lexicon().feeling(of: "sad and tired")
        #expect(feeling.asks)
        #expect(Array(feeling.closest.prefix(2)) == ["sad", "tired"])
    }

    @Test func noFeelingAsksWithThreeFamilies() throws {
        let feeling = try AffectShipped.lexicon().feeling(of: "the bus")
        #expect(feeling.family == nil)
        #expect(feeling.basis == .noFeeling)
        #expect(feeling.asks)
        #expect(feeling.closest.count == 3)
    }

    @Test func closestAreThreeDistinctKnownFamilies() throws {
        let lexicon = try AffectShipped.lexicon()
        for text in ["forlorn", "not great", "meh", "joyless", "catastrophic", "", "sad and tired", "over the moon"] {
            let feeling = lexicon.feeling(of: text)
            #expect(feeling.closest.count == 3, "\(text)")
            #expect(Set(feeling.closest).count == 3, "\(text)")
            #expect(feeling.closest.allSatisfy(lexicon.familyIDs.contains), "\(text)")
            #expect(feeling.asks == (feeling.confidence < 0.6), "\(text)")
        }
    }
}
