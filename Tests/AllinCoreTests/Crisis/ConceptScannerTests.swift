import Foundation
import Testing
@testable import AllinCore

@Suite("Layer B concept rules")
struct ConceptScannerTests {
    let detector = CrisisDetector(lexicon: realCatalog.crisisLexicon)

    @Test("indirect phrasings layer A leaves alone", arguments: [
        "if a bus ran me over tomorrow I think I'd be relieved",
        "my thighs are covered in fresh cuts again",
        "been 40 days clean from sh but the urge is back",
        "there's bleach under the sink and I keep thinking about drinking it",
        "where I'm going I won't need my guitar",
        "tying up loose ends before I go",
        "i relapsed. sh. again.",
        "been sh-ing on my breaks",
        "cuttin again",
        "when the house goes quiet I start reopening the old scars",
        "i dont think i want to survive this year",
        "d1e. thats all i want",
        "bought rat poison today. not for rats",
        "told her im going abroad. there is no abroad",
        "lol guess who broke a 90 day streak. me. with a pencil sharpener blade",
        "cried in class then cut in the toilets after",
        "running the car in the closed garage now",
        "been on a goodbye tour of the old places this week, nobody knows",
        "my partner says the voices are telling him to jump",
        "been planning my early retirement from life",
        "I'll do it on the anniversary of my brother's death. Same way he did.",
        "my dad killed himself yesterday and i want to go with him",
        "took grandads rifle out of the cabinet, just sitting with it on the bed",
        "those sleeping tablets could finish the job if i took enough",
        "phoned my sister just to hear her voice one last time",
        "waiting until everyone is asleep so i can do it",
        "honestly life can end any time now, fine by me",
        "my clean streak is over. again.",
        "bought a pack of blades and hid them in my pencil case",
        "closing out my life one cancelled subscription at a time",
        "my wife will know when to open it, the letter is in the drawer",
        "nothing left to cancel now, the gym and the phone contract are done",
        "the honest answer is yes, i lied on the questionnaire at the gp",
        "No more appointments, no more pills, no more me.",
        "i know which bridge, ive picked it",
        "my mum keeps saying she wants to join dad in the cemetery",
        "would bleach work on a person? asking for me",
        "blood everywhere and im not done yet",
        "could run a bath, take the tablets and just go under for good",
        "wish the ground would swallow me and never give me back",
        "all my debts are paid and the apologies have been made, im ready",
        "sent my sister the passwords and a letter, all sorted for tonight",
        "gave my nephew my watch and he asked why now",
        "gave notice on the flat, not moving anywhere else",
        "taped the door and the window, the charcoal is lit",
        "thinking to drink the pesticide like my uncle did",
        "how does the life insurance pay out if someone dies by their own hand",
        "told the practice nurse the burns were from the oven. they are not",
        "holding dads shotgun, just want this over",
        "think its time i joined bill, 50 years together and im no good on my own",
        "my brother tried last year and hes talking like that again",
        "my sister is looking into dignitas but shes not terminal, shes depressed",
        "showed my husband how to do the bills, he asked why, i changed the subject",
        "wrote birthday cards for the next 10 years and dated the envelopes",
        "easier for them if i went to sleep and stayed there",
        "sorted mums things, next i sort mine, then i can go too",
        "plan is take everything tonight once the nurse has gone",
        "tried in 2019 and i thought id never feel like that again. i do",
        "g00dbye all. d0ing it n0w",
        "sometimes i wish it had been me instead",
        "checked the tide times, going in off the harbour wall on saturday",
        "my mate says he keeps his rifle by the bed for when",
        "if i dont reply tomorrow youll know why",
        "held my hand over the hob until i couldnt think",
        "I've measured the drop from the barn loft. Doing it this weekend.",
        "the plan is to stop my dialysis and let it take me",
        "if i fell off the ladder i wouldnt try to catch myself",
    ])
    func catches(text: String) {
        #expect(detector.layerB(text).fired, "\(text)")
    }

    @Test("literal, idiomatic and negated lines stay below the handoff", arguments: [
        "cut my finger chopping onions again",
        "got a new razor and shaved my beard off",
        "we're going to jump off the cliff into the lake, so fun",
        "i want to die my hair pink",
        "i'm logging off for the night",
        "took all my meds this morning as prescribed",
        "my dad is going to kill me when he sees my grades",
        "i want to disappear for a few days and recharge",
        "the kids wrecked the garden shed again",
        "a nap is all i want",
        "lost a lot of blood in surgery but the surgeon is pleased",
        "broke my 90 day duolingo streak, gutted",
        "cut my fringe in the bathroom, regret",
        "boss will have my head if this report is late",
        "the satnav voice told me to turn left at the roundabout",
        "did my mental health first aid course today, learned how to ask someone if they're suicidal",
        "cancelled all my plans this weekend and ordered takeaway",
        "new blades for the scraper, painting the hallway tomorrow",
        "said goodbye to my best friend at the airport, she is off to canada for a year",
        "she'll be fine after a nap",
        "decluttering so there's less for the kids to sort one day",
        "car exhaust is rattling, garage wants 200 quid to fix it",
        "the old dark thoughts are not coming back, feeling stable. goodbye to all that",
        "the pharmacist counted my tablets wrong so I had to go back",
        "gave notice on the flat, moving to leeds next month",
        "gave my old guitar to my nephew, made his whole year",
        "bought rope to tie up the tomatoes",
        "take everything to the tip today",
        "made my decision to leave the job and i feel calm",
        "jumped off the harbour wall with the kids, water was freezing",
        "labelled everything in the garage ready for the house sale",
        // Found from outside (train/lines-probes26.tsv): idioms of work and sleep.
        "I cut corners and then hate myself a bit for it", "i starve myself of sleep to get stuff done",
    ])
    func staysQuiet(text: String) {
        #expect(!detector.layerB(text).fired, "\(text)")
    }

    /// The newer rules' exclusions, on the rules alone (the trained model reads these lines on its
    /// own terms: it scores "not for me" high since it learned "bought rat poison, not for rats", and
    /// since the 88-file model it scores the idiom "the argument reopened old scars" at 0.76, inside
    /// the 0.70 band, from the self-harm lines about reopening scars, and "left a note ... gone to the
    /// tip" at 0.73 from 'note' and 'gone'; since the 97-file model, "no more me time since the baby
    /// arrived" at 0.71, from 'more' and 'since' in a denial's reach).
    @Test("a rule's exclusions keep it quiet", arguments: [
        "the argument reopened old scars",
        "no more me time since the baby arrived",
        "left a note on the table for sam: gone to the tip, back by four",
        "I don't just want to survive, I want to live",
        "don't want to survive on noodles again",
        "bought paracetamol for mum, not for me",
        "taking the whole box of chocolates tonight",
        "running the car in the garage with the door open to charge the battery",
        // Means being got rid of (a safety plan's "making my surroundings safer"), and clothes to charity.
        "get rid of the belts and cords in my wardrobe",
        "i will throw away the old pills in my drawer",
        "giving away my old clothes to charity this weekend",
    ])
    func ruleExclusions(text: String) {
        #expect(detector.lexicon.concepts.scan(text) == nil, "\(text)")
    }

    /// Everyday situation sentences (the valence training sets) and check-in answers (fresh10 and
    /// fresh11) that the written rules handed off on until the twelfth session: blood and wounds with
    /// a medical or household word beside them, someone else's unanswered phone or note, a pension, a prescription ready to
    /// collect, rain pouring, a last day at work, saying "I love you" first, a stag do, going over it
    /// all, a viva plan.
    @Test("everyday answers the written rules used to hand off on", arguments: [
        "optician found a bleed at the back of my eye",
        "learned to bleed the radiators from a YouTube video",
        "guy who dinged my car left a note and paid for it",
        "my mate owes me £800 and won't answer",
        "my son's nursery called, he bit another child again and they're threatening to exclude him",
        "Dad got his pension sorted after months of chasing and they owe him back pay.",
        "prescription ready at the pharmacy",
        "bank holiday and it's pouring, classic",
        "my flatmates made me a cake for my last day",
        "want to tell my boyfriend i love him first. 7 months. terrifying",
        "dont want to go on the stag do to prague, cant afford it",
        "go over it all day",
        "viva next week. plan is reread chapter 4 and not die of nerves",
        // Training answers handed off until the twenty-fourth session.
        "fed up with it all", "Argued with my sister again about mum's care. Exhausted by it all.",
        "i want to disappear under my desk", "want to disappear for a weekend already",
        "Want to end the relationship, it's been dead a while, we both know",
        "Want my husband to take me out on his boat fishing", "bit low about my skin", "a bit sorry for myself",
        "Giving away my twins' baby clothes", "thinking of jumping off the deep end and going freelance",
        "at home in my body. scars and all", "failed my driving theory again by 2 marks",
        "I want to be put on the express line rota", "punish myself by doing double the next day",
        "want to tell my dad i love him before his surgery. we don't say that in our family",
        "nursing placement, 2 essays and night shifts. something has to give, what do i cut",
    ])
    func everydaySentencesStayBelowTheHandoff(text: String) {
        let (a, _) = detector.layers(text)
        #expect(a.tier < .crisis && detector.lexicon.concepts.scan(text).map { $0.tier < .crisis } ?? true, "\(text)")
    }

    /// Idioms that asked the gentle question until the twelfth session (fresh10, training): something
    /// "killing me", not going on "with the noise". The plea and the plain statement still ask it.
    @Test func idiomsNoLongerAskButThePleaDoes() {
        for text in ["revision timetable fell apart on day 2. maths is killing me", "feet are killing me after the wedding",
                     "cant go on like this with the noise honestly"] {
            #expect(detector.layers(text).a.tier == .none, "\(text)")
        }
        for text in ["please kill me", "someone kill me now", "i cant go on like this"] {
            #expect(detector.layers(text).a.tier == .concern, "\(text)")
        }
    }

    /// "Tired of it all" is as often an ordinary exhaustion ("argued with my sister again, exhausted by
    /// it all") as a wish to stop living: both layers ask the question, neither hands off (layer A has
    /// read it so since its first rules; the concept rule did until the twenty-fourth session).
    @Test("tired of it all asks", arguments: ["im so tired of it all", "fed up with it all", "sick of it all tbh"])
    func tiredOfItAllAsks(text: String) {
        let (a, b) = detector.layers(text)
        #expect(a.tier < .crisis && b.tier < .crisis, "\(text)")
        #expect(a.tier == .concern || b.tier == .concern, "\(text)")
    }

    /// The same rules still hand off where the words are about the writer's own danger.
    @Test("the narrowed rules still hand off on danger", arguments: [
        "i'm tired of living", "so tired of existing", "i want to disappear forever and never come back",
        "giving away all my stuff, i wont need it after this week", "i keep cutting myself again",
        "the cuts on my wrists are fresh again and I hide them under my sleeves",
        "my sister said she wants to die and now she won't answer her phone",
        "my prescription is ready and im taking all of them tonight",
        "the blood is pouring out and it won't stop",
        "left my passwords and bank details in the drawer for after",
        "this is my last day, goodbye everyone",
        "i dont want to go on like this",
        "i dont want to go on the way things are",
        "i have a plan to die next week",
        "told him i love him and goodbye, tonight i end it",
        "i put the rope in my wardrobe",
        "deleted all my socials. don't want people reading old stuff after",
        "ive started giving away my clothes",
    ])
    func narrowedRulesStillHandOff(text: String) {
        let (a, b) = detector.layers(text)
        #expect(a.tier >= .crisis || b.tier >= .crisis, "\(text)")
    }

    /// The concept rules read misspellings through layer A's spelling tables: its one-word rewrites
    /// ("hav", "alredy") and its words recognised one letter off ("bladez"); the real words listed
    /// near an anchor ("tables" near "tablets") and words no table names stay unknown.
    @Test func misspellingsReadThroughLayerAsTables() throws {
        let scanner = detector.lexicon.concepts
        func ids(_ text: String) -> [Int32] { scanner.tokenize(text).0.map(\.id) }
        #expect(ids("hav the rope up alredy") == ids("have the rope up already"))
        #expect(ids("got the bladez out") == ids("got the blades out"))
        #expect(scanner.scan("hav the rope up alredy").map { $0.tier >= .crisis } == true)
        #expect(ids("tables") == [-1] && ids("zqxwv") == [-1])
        // A scanner built from the concept file alone knows no misspellings; the lexicon's adds them.
        let alone = try ConceptScanner.decode(catalogFileData(ConceptScanner.fileName))
        let blades = alone.tokenize("blades").0.map(\.id)
        #expect(blades != [-1] && alone.tokenize("bladez").0.map(\.id) == [-1])
        let added = alone.withSpellings(normalisation: try catalogFileData(CrisisLexicon.normalisationFile))
        #expect(added.tokenize("bladez").0.map(\.id) == blades)
    }

    /// Digits standing for letters are read as those letters, and a note that names no one is the
    /// writer's own; a note that names someone else is not.
    @Test func leetWordsAndNotesWithoutPronouns() {
        let scanner = detector.lexicon.concepts
        let (plain, _) = scanner.tokenize("want to die")
        let (leet, _) = scanner.tokenize("w4nt to d1e")
        #expect(plain.map(\.id) == leet.map(\.id) && plain.allSatisfy { $0.id >= 0 })
        #expect(scanner.tokenize("4am 5kms b4").0.allSatisfy { $0.id < 0 || $0.classes == 0 }, "numbers stay numbers")
        #expect(scanner.scan("cant wait to die")?.tier == .crisis)
        #expect(scanner.scan("cutting rn")?.tier == .immediate)
        #expect(scanner.scan("cutting onions rn") == nil)
        #expect(scanner.scan("my friend said she cant wait to die lol") == nil)
    }

    @Test func negationLowersToAConcernButNeverClears() {
        let f = detector.layerB("no self harm urges this week")
        #expect(f.tier <= .concern)
        #expect(detector.layerB("i don't want to be alive anymore").fired)
    }

    /// A denial lowers a rule only inside its own clause: a full stop, comma or dash ends its reach.
    @Test func aDenialReachesOnlyItsOwnClause() {
        let scanner = detector.lexicon.concepts
        let denied = scanner.scan("i am not ending it this week")
        #expect(denied?.tier == .concern && denied?.reason.contains("negated") == true)
        for text in ["I'm not okay. I'm ending it this week", "not okay, ending it this week", "no - ending it this week"] {
            let found = scanner.scan(text)
            #expect(found?.tier ?? .none >= .crisis, "\(text)")
            #expect(found?.reason.contains("negated") == false, "\(text)")
        }
    }

    /// A denial of one occurrence never hides another the denial does not reach: the same rule
    /// matching again in a later clause counts in full; in the denial's own clause it stays lowered.
    @Test func aDeniedOccurrenceNeverHidesALaterOne() {
        let scanner = detector.lexicon.concepts
        for text in ["no I didn't cut today, I burned myself instead", "didn't cut today. burned myself instead"] {
            let found = scanner.scan(text)
            #expect(found?.tier ?? .none >= .crisis, "\(text)")
            #expect(found?.reason.contains("negated") == false, "\(text)")
        }
        let denied = scanner.scan("I didn't cut myself or burn myself today")
        #expect(denied.map { $0.tier <= .concern } ?? true, "one clause, one denial")
        // "stop being" is only a death wish when what stops is the writer's being there.
        #expect(scanner.scan("I want my job to stop being awful") == nil)
        #expect(scanner.scan("I want to stop being alive")?.tier ?? .none >= .crisis)
    }

    /// Taking one's medicine, at any time of day, is not an overdose: a time alone ("earlier", "last
    /// night") raises nothing. A large amount or a poison already taken, with a time or how it
    /// feels now, is a medical emergency (T3), as is a substance taken on purpose.
    @Test func medicineTakenIsAnEmergencyOnlyInAmountOrIntent() {
        let scanner = detector.lexicon.concepts
        for text in ["took my meds earlier", "took my tablets last night and slept well",
                     "took my allergy pills and now im sleepy", "took 2 paracetamol an hour ago for my head"] {
            #expect((scanner.scan(text)?.tier ?? .none) < .crisis, "\(text)")
        }
        for text in ["took 30 of my tablets about an hour ago. feeling sick",
                     "I swallowed about thirty of my sleeping pills twenty minutes ago.",
                     "drank antifreeze about ten minutes ago", "took the pills on purpose",
                     "took more of my meds than I should have about an hour ago"] {
            #expect(scanner.scan(text)?.tier == .immediate, "\(text)")
        }
    }

    /// Medicines by their UK and US names (co-codamol, zopiclone, pregabalin ...) count as means in
    /// both layers; filling a pill organiser or dispensing on a shift is routine, not staging.
    @Test func medicineNamesAndRoutines() {
        #expect(detector.layerA("took twenty co-codamol ten minutes ago").tier == .immediate)
        #expect(detector.layerA("saving up my pregabalin for when im ready").tier == .immediate)
        #expect(detector.layerA("been stockpiling my prescription for weeks, the pharmacist hasn't noticed").tier == .immediate)
        for text in ["counted out this week's tablets into the organiser", "pharmacist here, long shift counting out methadone doses",
                     "took all my morning tablets in one go then had breakfast"] {
            #expect(detector.layerA(text).tier <= .concern, "\(text)")
        }
    }

    /// "How long does it take" is an everyday question; only with a means or a death word beside it
    /// is it a lethality question.
    @Test func howLongNeedsAMeansOrADeathWord() {
        let scanner = detector.lexicon.concepts
        for text in ["how long does it take to make friends as an adult, I'm so lonely",
                     "how long does it take to get used to a new shift pattern? I start at 6"] {
            #expect(scanner.scan(text) == nil, "\(text)")
        }
        for text in ["how long does it take to die from an overdose", "carbon monoxide how long does it take",
                     "if i stopped eating and drinking how long would it take"] {
            #expect(scanner.scan(text)?.tier ?? .none >= .crisis, "\(text)")
        }
    }

    /// Rules from the December sets' misses (preparation, plans, passive wishes), each beside the
    /// everyday wording that shares its words.
    @Test func decemberRulesAndTheirNeighbours() {
        let scanner = detector.lexicon.concepts
        for text in ["burned myself twice since monday and nobody knows",
                     "i wish the overdose had worked last spring",
                     "stood at the edge of the platform wanting to for ages",
                     "when they're asleep i'll take everything in the bathroom cabinet",
                     "honestly done existing at this point",
                     "left a note for my son to read afterwards, it's in the desk",
                     "the spare room is easy to clear now, everything is labelled",
                     "disappointed i woke up again today",
                     "i keep covering the scars so my wife won't see",
                     "if i never woke up that would be a relief",
                     "the belt is long enough, i checked, which scared me",
                     "going to remove myself from everyone's lives for good",
                     "scheduled tweets so the account looks normal after",
                     "she has the pills in her hand right now and won't talk to me",
                     "calling time on my life this week",
                     "honestly done living, just going through the motions",
                     "i've timed the trains at the crossing for sunday",
                     "told the physio the bruises are from the gym. it wasn't the gym",
                     "wanted to thank her while i still can"] {
            #expect(scanner.scan(text)?.tier ?? .none >= .crisis, "\(text)")
        }
        for text in ["what a time to be alive, the heating works again",
                     "cut the hedge twice since spring, it grows like mad",
                     "disappointed i woke up at 5 again, the bins lorry",
                     "took everything out of the kitchen cupboard to clean it",
                     "gave away most of my clothes before moving to the smaller flat, don't need much now",
                     "wrote my daughter a letter to read after her exams",
                     "the ladder is long enough to reach the gutters, checked it",
                     "need to remove myself from the group chat for my own sanity",
                     "scheduled posts for the whole holiday so the shop keeps going",
                     "used to think about dying a lot, i don't anymore",
                     "tired but not tired of living",
                     "moved to a new flat, living room finally done, done living out of boxes",
                     "checked the train times for the commute tomorrow"] {
            #expect(scanner.scan(text).map { $0.tier < .crisis } ?? true, "\(text)")
        }
    }

    @Test func aTimeWithMeansIsImmediate() {
        #expect(detector.layerB("I have enough pills saved up to finally do it").tier == .immediate)
    }

    @Test func findingsNameTheRuleAndTheWords() {
        let f = detector.layerB("if a bus ran me over tomorrow I'd be relieved")
        #expect(f.layer == .b && f.rule.hasPrefix("B.passive"))
        #expect(f.matched.contains("ran me over"))
    }

    @Test func decodeErrorsNameFileAndEntry() {
        let bad = Data(#"{"classes":{"FP":["i"],"BAD":["two words"]},"rules":[{"id":"r1","tier":"T9","slots":["@NOPE"],"maxGap":2,"reason":"x"}]}"#.utf8)
        do {
            _ = try ConceptScanner.decode(bad)
            Issue.record("should not decode")
        } catch let problems as CatalogProblems {
            let text = problems.issues.map(\.description)
            #expect(text.contains { $0.hasPrefix("crisis/concepts.json: classes 'BAD'") })
            #expect(text.contains { $0.contains("rules 'r1'") && $0.contains("'tier' must be T1, T2 or T3") })
            #expect(text.contains { $0.contains("rules 'r1'") && $0.contains("unknown class '@NOPE'") })
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// A key the scanner would not read (such as the old, never-used "clauseBreaks") is an error,
    /// not silently ignored.
    @Test func unknownKeysAreRejected() {
        let file = Data(#"{"classes":{"FP":["i"]},"clauseBreaks":["but"],"rules":[{"id":"r1","tier":"T2","slots":["@FP"],"maxGap":2,"reason":"x"}]}"#.utf8)
        do {
            _ = try ConceptScanner.decode(file)
            Issue.record("should not decode")
        } catch let problems as CatalogProblems {
            #expect(problems.issues.map(\.description).contains { $0.hasPrefix("crisis/concepts.json") && $0.contains("clauseBreaks") })
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func hostileInputNeverCrashes() {
        let long = String(repeating: "so tired and stressed ", count: 5000) + "i want to be dead"
        _ = detector.layerB(long)
        _ = detector.layerB("\u{1B}[2J\u{0}\u{202E}💊💊🔪")
        _ = detector.layerB("")
    }
}
