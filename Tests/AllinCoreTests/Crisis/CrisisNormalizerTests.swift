import Testing
@testable import AllinCore

/// Each normalisation step of design notes §3.2, on the normaliser's views.
struct CrisisNormalizerTests {
    @Test("Unicode cleanup: NFKC folds, format characters go, case folds, confusables and diacritics map",
          arguments: [
              ("ＫＩＬＬ ＭＹＳＥＬＦ", "kill myself"),            // fullwidth
              ("𝓈𝓊𝒾𝒸𝒾𝒹𝑒", "suicide"),                         // mathematical script
              ("su\u{200B}ic\u{00AD}ide", "suicide"),            // zero-width space, soft hyphen
              ("I WANT TO DIE", "i want to die"),                // case
              ("і want tо dіе", "i want to die"),                // Cyrillic і о е
              ("ѕυιcιdε", "suicide"),                            // Cyrillic ѕ, Greek υ ι ε
              ("suıcıde", "suicide"),                            // Turkish dotless ı
              ("kïll mýsélf", "kill myself"),                    // diacritics
              ("ﬁne", "fine"),                                   // ligature
              ("die\u{FE0F}", "die"),                            // variation selector
          ])
    func unicodeCleanup(_ input: String, _ expected: String) throws {
        #expect(try normalizedWords(input).joined(separator: " ") == expected)
    }

    @Test("Apostrophes unify and contractions expand",
          arguments: [
              ("I’m done", ["i", "am", "done"]),
              ("im done", ["i", "am", "done"]),
              ("I don't want to", ["i", "do", "not", "want", "to"]),
              ("dont", ["do", "not"]),
              ("i cant", ["i", "cannot"]),
              ("i won`t", ["i", "will", "not"]),
              ("ive had enough", ["i", "have", "had", "enough"]),
              ("id rather", ["i", "would", "rather"]),
              ("i wanna", ["i", "want", "to"]),
              ("gonna", ["going", "to"]),
              ("u r", ["you", "are"]),
              ("ur life", ["your", "life"]),
              ("idk", ["i", "do", "not", "know"]),
              ("tbh im tired", ["i", "am", "tired"]),
              ("i want 2", ["i", "want", "to"]),
          ])
    func contractions(_ input: String, _ expected: [String]) throws {
        #expect(try normalizedWords(input) == expected)
    }

    @Test("Ambiguous contractions expand only with an apostrophe")
    func apostropheOnlyContractions() throws {
        #expect(try normalizedWords("we were ill") == ["we", "were", "ill"])
        #expect(try normalizedWords("we're ill") == ["we", "are", "ill"])
        #expect(try normalizedWords("i'll go") == ["i", "will", "go"])
    }

    @Test("Possessive 's is dropped, but 's contractions expand")
    func possessives() throws {
        #expect(try normalizedWords("my friend's dad") == ["my", "friend", "dad"])
        #expect(try normalizedWords("it's over") == ["it", "is", "over"])
        #expect(try normalizedWords("she's gone") == ["she", "is", "gone"])
    }

    @Test("De-leet is a separate view: digits inside words map, plain numbers stay")
    func deleetView() throws {
        #expect(try anyViewReads("k1ll mys3lf", "kill myself"))
        #expect(try anyViewReads("su1c1d3", "suicide"))
        #expect(try anyViewReads("i w@nt to d!e", "want to die"))
        #expect(try anyViewReads("$uicidal", "suicidal"))
        #expect(try anyViewReads("s*icide", "suicide"))
        // The main view keeps "5 kms" intact, and "1ife" tries l after i.
        #expect(try normalizedWords("i ran 5 kms") == ["i", "ran", "5", "kms"])
        #expect(try anyViewReads("end my 1ife", "end my life"))
    }

    @Test("A capital I inside a small-letter word may be a small L, kept only when that makes a word")
    func capitalIAsSmallL() throws {
        #expect(try normalizedWords("i wanna kiII myseIf") == ["i", "want", "to", "kill", "myself"])
        #expect(try normalizedWords("i feeI so aIone") == ["i", "feel", "so", "alone"])
        // The same when the line also holds other scripts (it is cleaned first, keeping ASCII case).
        #expect(try normalizedWords("kiII myseIf ɪ ᴡᴀɴᴛ") == ["kill", "myself", "i", "want"])
        // Ordinary capitals, and an I that makes no word as an l, stay as they were.
        #expect(try normalizedWords("I Im iPhone") == ["i", "i", "am", "iphone"])
        #expect(try normalizedWords("hIs") == ["his"])
    }

    @Test("Repeated letters collapse to two, then to one")
    func repeatedLetters() throws {
        #expect(try normalizedWords("dieeeee") == ["die"])
        #expect(try normalizedWords("killll myselfff") == ["kill", "myself"])
        #expect(try normalizedWords("sooooo tired") == ["so", "tired"])
        #expect(try normalizedWords("cool") == ["cool"])
    }

    @Test("Punctuation between letters splits words without ending the sentence")
    func punctuation() throws {
        #expect(try normalizedWords("end.my.life") == ["end", "my", "life"])
        #expect(try normalizedWords("end-my-life") == ["end", "my", "life"])
        #expect(try normalizedWords("self-harm") == ["selfharm"])
        let view = try crisisDetector().normalizer.mainView("i'm fine. i want to die")
        #expect(view.words == ["i", "am", "fine", "i", "want", "to", "die"])
        #expect(view.tokens[3].has(CrisisToken.hardBefore))
        #expect(!view.tokens[2].has(CrisisToken.hardBefore))
    }

    @Test("An ellipsis trails off; it does not split the phrase into two sentences")
    func ellipsis() throws {
        let view = try crisisDetector().normalizer.mainView("i want to... die")
        #expect(view.words == ["i", "want", "to", "die"])
        #expect(view.tokens.allSatisfy { !$0.has(CrisisToken.hardBefore) || $0 == view.tokens[0] })
    }

    @Test("Fillers are flagged and skipped by the filler-removal view",
          arguments: [
              ("i just really want to die", ["i", "want", "to", "die"]),
              ("i literally kinda want to die", ["i", "want", "to", "die"]),
              ("i sort of want to die", ["i", "want", "to", "die"]),
              ("honestly i lowkey want to die", ["i", "want", "to", "die"]),
          ])
    func fillers(_ input: String, _ expected: [String]) throws {
        #expect(try crisisDetector().normalizer.mainView(input).wordsWithoutFillers == expected)
    }

    @Test("Despaced view reads long keys across spaced letters and glued words only")
    func despaced() throws {
        #expect(try anyViewReads("e n d m y l i f e", "end my life"))
        #expect(try anyViewReads("s e l f h a r m", "selfharm"))
        #expect(try anyViewReads("#killmyself", "kill myself"))
        #expect(try anyViewReads("iwanttodie", "i want to die"))
        #expect(try anyViewReads("s u i c i d e", "suicide"))
        // A key must start and end on word edges: no Scunthorpe matches.
        #expect(try !anyViewReads("the weekend my life changed", "end my life"))
        #expect(try !anyViewReads("i taught the skill myself", "kill myself"))
        // One word per sentence spells a key too ("kill. my. self."), and so do the key's own words
        // split into sentences; a full stop between two ordinary sentences does not.
        #expect(try anyViewReads("kill. my. self.", "kill myself"))
        #expect(try anyViewReads("Kill. Myself. Now.", "kill myself"))
        #expect(try !crisisDetector().layerA("I had to kill. Myself and two friends fixed the bug").fired)
    }

    /// The despaced view skips a known word no key begins with, deciding from the word's spelling
    /// at load; that holds only if every token of a known word carries its own spelling, whichever
    /// rewrite made it (contraction, repeat, de-leet, dropped g, misspelling, letters spaced out).
    @Test("Every token of a known word carries the word's own spelling, in every view")
    func knownTokensCarryTheirSpelling() throws {
        let detector = try crisisDetector()
        var texts = try LabelledSetTests.rows("train/crisis-holdout62.tsv").map(\.text)
        texts += ["I'm gonna k1ll mys3lf", "diiieee", "burnin myself", "sucidal thoughts", "s u i c i d e",
                  "kiII myseIf", "800mg of it", "my friend's pills", "killmyself tonight", "e n d my l1fe"]
        var checked = 0
        for text in texts {
            for view in detector.normalizer.views(text) {
                for t in view.tokens where t.id >= 0 {
                    let spelled = Array(view.text[Int(t.start)..<Int(t.end)])
                    #expect(spelled == Array(detector.normalizer.vocabulary.bytes(of: t.id)), "\(text)")
                    checked += 1
                }
            }
        }
        #expect(checked > 1000)
    }

    @Test("Vocabulary lookups agree on words around the eight bytes packed for the first comparison")
    func packedHeadLookups() {
        var vocabulary = CrisisVocabulary()
        let words = ["a", "abcdefg", "abcdefgh", "abcdefghi", "abcdefgz", "abcdefghij", "abcdefghiz"]
        let ids = words.map { vocabulary.intern($0) }
        for (word, id) in zip(words, ids) { #expect(vocabulary.id(of: word) == id) }
        for unknown in ["", "ab", "abcdefgy", "abcdefghy", "abcdefghijk", "abcdefgh\u{0}"] {
            #expect(vocabulary.id(of: unknown) == nil, "\(unknown)")
        }
        #expect(Set(ids).count == words.count)
    }

    @Test("A dropped final g is put back only when that makes a known word")
    func droppedG() throws {
        #expect(try normalizedWords("burnin myself") == ["burning", "myself"])
        #expect(try normalizedWords("slashin my arms") == ["slashing", "my", "arms"])
        #expect(try normalizedWords("the cabin margin") == ["the", "cabin", "margin"])
    }

    @Test("Meaningful emoji become words; others are separators")
    func emoji() throws {
        #expect(try normalizedWords("💊💊 tonight") == ["pills", "pills", "tonight"])
        #expect(try normalizedWords("🔪") == ["knife"])
        #expect(try normalizedWords("🪢") == ["rope"])
        #expect(try normalizedWords("i want to 💀 myself") == ["i", "want", "to", "skullemoji", "myself"])
        #expect(try normalizedWords("great day 😊🎉") == ["great", "day"])
    }

    @Test("Fuzzy matching corrects only the anchors",
          arguments: [
              ("sucidal", "suicidal"), ("suicidle", "suicide"), ("myslef", "myself"), ("mysekf", "myself"),
              ("overdoes", "overdoes"), ("putting", "putting"), ("paracetemol", "paracetamol"), ("sucide", "suicide"),
          ])
    func fuzzy(_ input: String, _ expected: String) throws {
        #expect(try normalizedWords(input) == [expected])
    }

    @Test("Misspellings of the crisis word classes are read as the words; the real words near them are not",
          arguments: [
              ("killng", "killing"), ("pillz", "pills"), ("suicidel", "suicidal"), ("tdoay", "today"),
              ("exsist", "exist"), ("agian", "again"), ("strangel", "strangle"), ("knfe", "knife"), ("bein", "being"),
              // real words one letter from an anchor stay as they are
              ("tables", "tables"), ("fridge", "fridge"), ("kills", "kills"), ("dyeing", "dyeing"), ("pilot", "pilot"),
          ])
    func crisisClassMisspellings(_ input: String, _ expected: String) throws {
        #expect(try normalizedWords(input) == [expected])
    }

    @Test("One edit away: a letter changed, added, dropped or two side by side swapped")
    func withinOne() {
        func d(_ a: String, _ b: String) -> Int? {
            Array(b.utf8).withUnsafeBufferPointer { CrisisFuzzy.withinOne(Array(a.utf8), $0) }
        }
        #expect(d("myself", "myself") == 0)
        #expect(d("myself", "myslef") == 1)
        #expect(d("myself", "mysef") == 1)
        #expect(d("myself", "myyself") == 1)
        #expect(d("myself", "nyself") == 1)
        #expect(d("myself", "mysefl") == 1)
        #expect(d("myself", "msyelf") == 1)
        #expect(d("myself", "ymslef") == nil)
        #expect(d("myself", "mself") == 1)
        #expect(d("myself", "yourself") == nil)
        #expect(d("overdose", "ovredsoe") == nil)
    }

    @Test("An anchor is found by either end: a misspelling at the start or the end of the word")
    func anchorsByEitherEnd() {
        var anchors = CrisisFuzzy.Anchors()
        anchors.append(.init(word: "tonight", id: 1))
        anchors.append(.init(word: "paracetamol", id: 2))
        anchors.append(.init(word: "tonights", id: 3))
        let again = anchors.append(.init(word: "tonight", id: 4))
        #expect(!again)
        func find(_ w: String) -> Int32? { Array(w.utf8).withUnsafeBufferPointer { CrisisFuzzy.anchor(for: $0, in: anchors) } }
        #expect(find("ronight") == 1)          // first letter changed
        #expect(find("tonighy") == 1)          // last letter changed
        #expect(find("tonigth") == 1)          // swapped
        #expect(find("paracetemol") == 2)      // two edits allowed from nine letters
        #expect(find("parcetemol") == 2)
        #expect(find("barecetamox") == nil)    // two edits that change both ends
        #expect(find("tonighs") == 1)          // equally near two anchors: the first listed
        #expect(find("tomorrow") == nil)
        #expect(find("tonit") == nil)
    }

    @Test("Short words are never fuzzed")
    func shortWordsNotFuzzed() throws {
        #expect(try normalizedWords("dye kiln") == ["dye", "kiln"])
    }

    @Test("Homophones and split words join")
    func joins() throws {
        #expect(try normalizedWords("sue side") == ["suicide"])
        #expect(try normalizedWords("sewer slide") == ["sewerslide"])
        #expect(try normalizedWords("kill my self") == ["kill", "myself"])
        #expect(try normalizedWords("un alive") == ["unalive"])
    }

    @Test("Pure ASCII and Unicode paths agree on plain text")
    func asciiFastPathAgrees() throws {
        let ascii = try normalizedWords("I want to go home")
        let unicode = try normalizedWords("I want to go home ✨")
        #expect(ascii == unicode)
    }
}

@Suite("Second person read as first")
struct SecondPersonTests {
    @Test("you becomes i or me by its place", arguments: [
        ("you've earned the right to stop living", "i've earned the right to stop living"),
        ("its ok to give up, nobody would even miss you", "its ok to give up, nobody would even miss me"),
        ("once you're gone you can finally rest", "once i'm gone i can finally rest"),
        ("You are allowed to rest. Your body is tired", "i am allowed to rest. my body is tired"),
        ("be kind to yourself, you did what you could", "be kind to myself, i did what i could"),
        ("you were doing your best", "i was doing my best"),
        ("I'd tell her she's allowed to stop now", "I'd tell her i'm allowed to stop now"),
        ("i'd tell him his kids need him", "i'd tell him my kids need me"),
    ])
    func turned(_ text: String, _ expected: String) {
        #expect(SecondPerson.asFirstPerson(text) == expected)
    }

    @Test func withoutASecondPersonThereIsNothingToTurn() {
        #expect(SecondPerson.asFirstPerson("i did my best today") == nil)
        #expect(SecondPerson.asFirstPerson("") == nil)
        #expect(SecondPerson.asFirstPerson("youth club was fun") == nil)
    }
}
