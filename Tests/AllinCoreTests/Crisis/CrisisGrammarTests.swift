import Testing
@testable import AllinCore

/// The token grammar and rules of design notes §3.3.
struct CrisisGrammarTests {
    func a(_ text: String) throws -> CrisisFinding { try crisisDetector().layerA(text) }

    @Test("SELF + MODAL + ACT is a crisis (T2)",
          arguments: [
              "i want to die", "I'm going to kill myself", "i need to end it all", "i am planning to take my own life",
              "i keep thinking about ending my life", "i wish i could just die", "i'm ready to die", "i want to not exist",
              "i would rather be dead", "i've decided to end my life", "thinking of ending it all", "want to die",
              "i really really want to die", "i want to go to sleep and not wake up", "im about to off myself",
          ])
    func selfModalAct(_ text: String) throws {
        let f = try a(text)
        #expect(f.fired, "\(text) → \(f.tier.label) \(f.rule)")
    }

    @Test("Up to three skipped words and lemma folding")
    func skipsAndLemmas() throws {
        #expect(try a("i have been seriously thinking about killing myself").fired)
        #expect(try a("she killed herself").tier >= .concern)
        #expect(try a("i want to kill me").fired)
        #expect(try a("I'm going to hang myself").rule == "A.selfAct")
    }

    @Test("A wish to die in another language the app's users write in",
          arguments: ["je veux mourir", "ich will nicht mehr leben", "quiero morir", "me quiero matar", "quero morrer",
                      "voglio morire", "ik wil dood"])
    func otherLanguages(_ text: String) throws {
        #expect(try a(text).tier == .crisis, "\(text)")
    }

    @Test("Dying of laughter is not a wish to die; a denial before it lowers it to a concern")
    func otherLanguageIdiomsAndDenials() throws {
        #expect(try !a("je veux mourir de rire").fired)
        #expect(try !a("quiero morir de risa con este video").fired)
        #expect(try a("nunca pense en quitarme la vida").tier == .concern)
    }

    @Test("'Take me' with a place or 'on' is not a wish to be taken",
          arguments: ["who's going to take me on at my age", "can someone take me to the station", "i want him to take me seriously"])
    func takeMeOn(_ text: String) throws {
        #expect(try !a(text).fired, "\(text)")
        #expect(try a("i wish god would take me").fired)
        #expect(try a("i wish a bus would take me out").fired)
    }

    @Test("Someone else's death already told is past, even on an anniversary; an attempt is not a death")
    func someoneElsesDeath() throws {
        #expect(try a("my uncle took his own life when I was a kid and today is the anniversary").tier == .concern)
        #expect(try a("our team lost a colleague to suicide last year and today we planted a tree").tier == .concern)
        #expect(try a("my friend nearly killed himself last night").tier >= .crisis)
        #expect(try a("my brother tried to kill himself today").tier >= .crisis)
        #expect(try a("my friend is going to take his own life tonight").tier >= .crisis)
    }

    @Test("A self-harm-free milestone gets the gentle question; an urge beside it still hands off")
    func recoveryMilestone() throws {
        #expect(try a("1 year self harm free today").tier == .concern)
        #expect(try a("2 years selfharm free but the urges are back").tier >= .crisis)
    }

    @Test("A milestone told the other way round ('clean from self-harm') is the same milestone")
    func milestoneBefore() throws {
        #expect(try a("three years clean from self harm today").tier == .concern)
        #expect(try a("five years free of self harm, bought myself a ring").tier == .concern)
        #expect(try a("no more self harm. 3 years on the 12th").tier == .concern)
        #expect(try a("no more self harm for me, the urges are back and i hate it").tier >= .crisis)
    }

    @Test("Idioms: someone's anger, a chore that will finish me off, death warmed up, dying to a boss")
    func moreIdioms() throws {
        for text in ["my mums gonna kill me, i scratched the car", "my sisters going to kill me, i forgot her card",
                     "this essay is going to finish me off", "feel like death warmed up today",
                     "died to the final boss again lol"] {
            #expect(try !a(text).fired, "\(text)")
        }
        // An idiom never hides a second trigger.
        #expect(try a("this essay is going to finish me off, honestly i want to die").fired)
    }

    @Test("Possessives without an apostrophe name a relation: a relative's suicide is a bereavement")
    func possessiveRelations() throws {
        #expect(try a("20 years since my brothers suicide, we planted a tree").tier == .concern)
        #expect(try a("my sisters would be better off without me").tier >= .crisis)
        #expect(try a("my brothers been cutting himself again").tier >= .crisis)
    }

    @Test("Abbreviations and respellings", arguments: ["idwtl", "iwtd tonight", "suey slide again tonight", "sooicide thoughts again"])
    func abbreviations(_ text: String) throws {
        #expect(try a(text).fired, "\(text)")
    }

    @Test("A wish to die in Polish, Tagalog and romanised Hindi; a denial in the same language lowers it",
          arguments: ["chce się zabić", "nie chcę już żyć", "gusto ko nang mamatay", "sana hindi na lang ako magising",
                      "kaash main mar jaata", "mar jaana hai yaar"])
    func moreLanguages(_ text: String) throws {
        #expect(try a(text).fired, "\(text)")
    }

    @Test("A first responder's work and other people named by their state are not a disclosure")
    func respondersAndOthers() throws {
        #expect(try a("attended a suicide at work today, rough shift").tier <= .concern)
        #expect(try a("the suicidal caller from last week rang back to say thanks").tier <= .concern)
        #expect(try a("sarge is going to kill me when he sees the van").tier == .none)
        #expect(try a("i feel suicidal tonight").tier >= .crisis)
    }

    @Test("Someone else's attempt decades ago is the distant past")
    func decadesAgo() throws {
        #expect(try a("grandma tried to end her life back in the 60s and lived to 94").tier <= .concern)
        #expect(try a("my cousin tried to hang himself when we were teenagers, hes a youth worker now").tier <= .concern)
        #expect(try a("my brother tried to hang himself last night").tier >= .crisis)
    }

    @Test("A screening answer in the negative ('thoughts of suicide: no') is a concern, not a handoff")
    func screeningAnswers() throws {
        #expect(try a("stressed yes, suicidal no").tier == .concern)
        #expect(try a("self harm: none").tier == .concern)
        #expect(try a("i feel suicidal, no one cares").tier >= .crisis)
    }

    @Test("Rule ids are stable and the match is a short span of normalised words")
    func ruleAndSpan() throws {
        let f = try a("Honestly, after today I just want to die.")
        #expect(f.rule == "A.selfModalDie")
        #expect(f.matched == "want to die")
        #expect(f.reason.hasSuffix("."))
        #expect(f.layer == .a)
        #expect(f.score == nil)
    }

    @Test("A time marker or means raises intent to T3",
          arguments: ["i'm going to kill myself tonight", "i want to die tonight", "i want to die, i have the pills right here",
                      "i'm going to end it all this weekend", "going to kill myself right now"])
    func timeAndMeansRaiseTier(_ text: String) throws {
        #expect(try a(text).tier == .immediate)
    }

    @Test("Recent past act with a time word is T3 for overdose and bleeding",
          arguments: ["i overdosed an hour ago", "i took an overdose last night", "i cut too deep and it won't stop bleeding",
                      "i swallowed 30 tablets an hour ago", "i just took all of my pills"])
    func recentAct(_ text: String) throws {
        #expect(try a(text).tier == .immediate)
    }

    @Test("A past attempt without a time word is T2")
    func pastAttempt() throws {
        #expect(try a("i tried to kill myself").tier == .crisis)
        #expect(try a("i tried to kill myself last night").tier == .immediate)
    }

    @Test("Passive ideation templates are T2",
          arguments: [
              "everyone would be better off without me", "no one would care if i died", "nobody would notice if i disappeared",
              "i never want to wake up", "i want to sleep and never wake up", "i wish i was never born", "i'm tired of being alive",
              "there's no reason to live", "life is not worth living", "i want to stop existing", "i'm waiting to die",
              "i hope i don't wake up", "i hope a car hits me", "i don't want to live anymore", "nothing left to live for",
              "i won't be around much longer", "i just want it all to end",
          ])
    func passiveIdeation(_ text: String) throws {
        let f = try a(text)
        #expect(f.fired, "\(text) → \(f.tier.label) \(f.rule)")
    }

    @Test("Wanting to be rid of oneself is T2; ridding a life of other things is not",
          arguments: [("i want to get rid of myself", true), ("i should just get rid of myself", true),
                      ("thinking about getting rid of myself", true), ("i want to rid the world of myself", true),
                      ("i got rid of my old sofa", false), ("i want to get rid of my anxiety", false)])
    func ridOfOneself(_ text: String, fires: Bool) throws {
        let f = try a(text)
        #expect(f.fired == fires, "\(text) → \(f.tier.label) \(f.rule)")
        if fires { #expect(f.tier >= .crisis, "\(text) → \(f.tier.label)") }
    }

    @Test("A method word alone is T1; with quantity, intent, staging or a lethality question it is T3")
    func methods() throws {
        #expect(try a("took an ibuprofen for my back").tier == .concern)
        #expect(try a("i took a whole bottle of paracetamol").tier == .immediate)
        #expect(try a("i've been saving up my sleeping pills").tier == .immediate)
        #expect(try a("the pills are lined up on my desk").tier == .immediate)
        #expect(try a("how many pills would it take").tier == .immediate)
        #expect(try a("what's the lethal dose of tylenol").tier == .immediate)
        #expect(try a("i tied a noose").tier == .immediate)
        #expect(try a("what is the tallest bridge near me").tier == .immediate)
        #expect(try a("i took 20 advil").tier == .immediate)
        #expect(try a("i need to take my meds before bed").tier < .crisis)
        #expect(try a("i took the train to work").tier == .none)
    }

    @Test("Preparation without a method is T2",
          arguments: ["i wrote my note", "i wrote letters to my family", "i've been giving my things away", "this is my last entry, goodbye everyone",
                      "i've said my goodbyes", "i picked a date to do it"])
    func preparation(_ text: String) throws {
        #expect(try a(text).fired)
    }

    /// Swallowing a poison or cutting off one's air, told as done (found missing from outside: "i drank
    /// bleach" went to a breathing session); someone else's pet, an accident or the distant past only ask.
    @Test("Poison swallowed or air cut off is T3",
          arguments: ["i drank bleach", "i took rat poison", "i put a plastic bag over my head", "i drank weedkiller",
                      "i inhaled the car exhaust", "i swallowed some batteries", "i drank antifreeze", "just drank some bleach",
                      "i'm drinking bleach right now", "i lit a disposable bbq in my bedroom", "i ate some slug pellets"])
    func poisonOrAirCutOff(_ text: String) throws {
        let f = try a(text)
        #expect(f.tier == .immediate, "\(text) → \(f.tier.label) \(f.rule)")
    }

    /// Many pills said to be in the body now, with no verb of taking (found from outside: "i have 100
    /// pills in me now" was read as nothing); pills flushed away, or a course of antibiotics, are not.
    @Test("Many pills in me now is T3",
          arguments: ["i have 100 pills in me now", "100 pills in me now", "40 tablets in me already",
                      "30 sleeping pills down, feeling drowsy", "60 co-codamol down", "i have a hundred pills in me",
                      "20 paracetamol in me"])
    func manyPillsInMe(_ text: String) throws {
        let f = try a(text)
        #expect(f.tier == .immediate, "\(text) → \(f.tier.label) \(f.rule)")
    }

    @Test("Pills that are not in a person now",
          arguments: ["flushed 30 pills down the toilet", "3 pills down, 2 to go for my course", "my vitamins are in me now",
                      "the antibiotics are in my system now"])
    func pillsNotInMe(_ text: String) throws {
        let f = try a(text)
        #expect(f.tier < .crisis, "\(text) → \(f.tier.label) \(f.rule)")
    }

    @Test("Poison words that are not a person swallowing one",
          arguments: [("my dog ate rat poison", false), ("i accidentally drank bleach", true), ("when i was 4 i drank bleach", true),
                      ("i never drank bleach", true), ("i took the rat poison to the bin", false), ("i swallowed my pride", false),
                      ("i drank the poison they call office coffee", false), ("breathing in exhaust fumes on my cycle commute", false)])
    func poisonLookalikes(_ text: String, asks: Bool) throws {
        let f = try a(text)
        #expect(f.tier == (asks ? .concern : .none), "\(text) → \(f.tier.label) \(f.rule)")
    }

    /// Acts and plans found missing from outside (twenty-third session): a jump, traffic or fire done
    /// to oneself, pills eaten or consumed, gas in a shut room, a poison to drink, a gun in position.
    @Test("Acts and plans with other verbs are T3", arguments: [
        "i jumped off the balcony", "i walked into traffic earlier", "i stepped in front of a bus",
        "i set fire to my room with me in it", "poured petrol on myself", "i'm going to set myself on fire",
        "i threw myself down the stairs", "i held my head under the water in the bath",
        "i ate all my pills", "i consumed 30 tablets", "just had 40 paracetamol", "i took too many",
        "i chugged the whole bottle of cough syrup", "it's too late i already took them",
        "i turned the gas on and shut the windows", "gonna leave the gas on and go to sleep",
        "i'm going to drink weed killer", "going to drink the oven cleaner", "i took rat kill",
        "my finger is on the trigger", "i've got the barrel under my chin",
    ])
    func actsWithOtherVerbs(_ text: String) throws {
        let f = try a(text)
        #expect(f.tier == .immediate, "\(text) → \(f.tier.label) \(f.rule)")
    }

    @Test("Plans said another way, and danger from others now, hand off", arguments: [
        "i'm going to wrap my car round a lamppost", "gonna do meself in", "me want end life",
        "not injecting tonight, let the sugar take me", "i ordered nitrogen and an exit bag",
        "he's outside my door with a knife", "someone is trying to break into my house", "i'm going to shoot up my school",
    ])
    func plansAndDangerFromOthers(_ text: String) throws {
        let f = try a(text)
        #expect(f.tier == .crisis || f.tier == .immediate, "\(text) → \(f.tier.label) \(f.rule)")
    }

    @Test("The same words in ordinary life", arguments: [
        ("jumped off the cliff into the lake with the team, tradition after finals", CrisisTier.none),
        ("jumped off the ledge at the skatepark, landed it", .none), ("our cat jumped off the shed roof", .none),
        ("if the packers lose again i'm jumping off the garage roof haha", .none), ("i'm just going to jump in the shower", .none),
        ("i threw myself onto the sofa after work", .none), ("lay under the car fixing the exhaust", .none),
        ("i nearly walked into traffic looking at my phone", .concern), ("i took too much on this term", .none),
        ("i ate too much at dinner", .none), ("bought weed killer for the garden", .none),
        ("i have thoughts of hurting my baby", .concern), ("i'm gonna kill my brother he ate my chips", .none),
        ("i'm going to shoot him a message later", .none),
    ])
    func actLookalikes(_ text: String, tier: CrisisTier) throws {
        let f = try a(text)
        #expect(f.tier == tier, "\(text) → \(f.tier.label) \(f.rule)")
    }

    /// Missed by both layers on the training sets' crisis lines (twenty-fourth session): a plan or an
    /// act told in other words, a goodbye, self-harm made light of, anger at having survived.
    @Test("Plans, acts and goodbyes in other words hand off", arguments: [
        ("I want to walk out into the traffic on the way home", CrisisTier.crisis),
        ("part of me is trying to talk myself into ending things tonight", .immediate),
        ("lol my way of coping is planning my death, very healthy", .crisis),
        ("I have take all medicine of my mother this morning", .immediate),
        ("Just washed the whole lot down with vodka. It's already starting", .immediate),
        ("It's round my neck now.", .immediate),
        ("I'm going to let the car run in the shut garage on Saturday", .immediate),
        ("I'm not going to see my 18th birthday", .crisis), ("lol imagine me making it to 25", .crisis),
        ("remember me as i was before all this", .crisis),
        ("dw it's just a bit of cutting, everyone does it", .crisis), ("lol the cutting's back. it's fine", .crisis),
        ("i'm angry i survived", .crisis), ("they saved me and i hate them for it", .crisis),
        ("why did they have to find me", .crisis),
    ])
    func otherWordsHandOff(_ text: String, tier: CrisisTier) throws {
        let f = try a(text)
        #expect(f.tier == tier, "\(text) → \(f.tier.label) \(f.rule)")
    }

    /// Care after what may have been an attempt asks "are you safe right now?"; the same words about
    /// work, someone else, or a past that is over find nothing.
    @Test("Care after an attempt asks", arguments: [
        ("they pumped my stomach on saturday", CrisisTier.concern), ("spent the weekend on a 72 hour hold", .concern),
        ("i'm on the ward, they took my shoelaces", .concern), ("crisis team came round again today", .concern),
        ("they said another hour and it wouldve been too late", .concern),
        ("ate the whole cake and washed the whole lot down with wine", .concern), ("it's nearly over now, don't worry", .none),
        ("i was on a 72 hour hold back in 2009. it saved my life and i'm grateful", .none),
        ("crisis team asked me to check in. all fine, no risk", .none),
        ("long shift on the ward, a patient on a 72 hour hold kicked off", .none),
        ("planning my death metal playlist", .none), ("spent the morning doing a bit of cutting", .none),
        ("i'm cutting back on sugar", .none), ("angry i survived that boss fight with 1 hp", .none),
        ("got the locket from nan, it's round my neck now", .none),
    ])
    func careAfterAnAttempt(_ text: String, tier: CrisisTier) throws {
        let f = try a(text)
        #expect(f.tier == tier, "\(text) → \(f.tier.label) \(f.rule)")
    }

    /// Danger from someone told as happening now, and something done that frightens (the outside
    /// probes' misses, now in train/lines-probes23.tsv): the question, so "no" or "not sure" opens
    /// support; the same words about a repair, a feed, a film or hurt feelings find nothing. Violence
    /// under way ("is hurting me", "outside with a knife") opens support itself (thirty-first session).
    @Test("Abuse told now and something done ask", arguments: [
        ("my partner is hurting me", CrisisTier.crisis), ("i'm being abused at home", .concern),
        ("i'm being sexually abused", .concern), ("i'm scared for my life", .concern),
        ("someone is following me home and i'm scared", .concern), ("there's a man in my house", .concern),
        ("i did something really stupid and i'm scared", .concern), ("i've done something i can't undo", .concern),
        ("there's a man in my house fixing the boiler", .none), ("someone keeps following me on instagram", .none),
        ("my partner is hurting me by ignoring my texts", .none), ("i did something stupid at work today", .none),
        ("i jumped but i'm still alive and my legs hurt", .immediate), ("i took double my dose, then triple", .immediate),
        ("took double my dose by mistake", .concern),
    ])
    func abuseNowAndSomethingDone(_ text: String, tier: CrisisTier) throws {
        let f = try a(text)
        #expect(f.tier == tier, "\(text) → \(f.tier.label) \(f.rule)")
    }

    /// Danger in the body now, the dead joined, voices that command, threats made now (a second round
    /// of outside probes, train/lines-probes24.tsv): each reaches support or the question; the same
    /// words at the gym, at a funeral planned with laughter or in a game find nothing or ask.
    @Test("Danger in the body, the dead, voices and threats", arguments: [
        ("did too many lines, chest is tight and my left arm hurts", CrisisTier.immediate),
        ("combined oxys and benzos to sleep and now my breathing feels weird", .immediate),
        ("my mate's lips are going blue, he took fent", .immediate), ("did ghb and drank, keep passing out", .immediate),
        ("relapsed on heroin after 2 years clean, used my old dose", .immediate),
        ("havent eaten in 5 days and i fainted in the shower", .crisis), ("taking 40 laxatives a day", .crisis),
        ("i'm fasting till i disappear", .crisis), ("my potassium was low at the doctor and i still keep purging", .crisis),
        ("my baby died and i want to go be with her", .crisis), ("i visit his grave every day and ask him to take me with him", .crisis),
        ("if i die i get to see my twin again", .crisis),
        ("hearing a man's voice telling me to walk into traffic", .crisis), ("god is telling me to sacrifice myself", .crisis),
        ("my dad came home drunk and has a knife and is shouting at mum", .crisis),
        ("he said next time he'd put me in the ground", .concern), ("they said theyll come back for me tomorrow", .concern),
        ("numb all day. would rather be nothing at all", .crisis), ("the burn from the kettle wasn't an accident", .crisis),
        ("woke up and realised it hadn't worked", .concern),
        ("ran for the bus and my chest is tight", .none), ("haven't eaten since breakfast, starving lol", .none),
        ("my nan died and i want to be with her family at the funeral", .none),
        ("the spin instructor's voice telling me to jump off the bike", .none),
        ("Coworker dramatically said end me when the printer jammed", .none),
        ("the dent in the car wasn't an accident", .none),
    ])
    func dangerInTheBodyTheDeadVoicesThreats(_ text: String, tier: CrisisTier) throws {
        let f = try a(text)
        #expect(f.tier == tier, "\(text) → \(f.tier.label) \(f.rule)")
    }

    /// The distant past, well now: layer B's written rules read no tense, so where layer A dated the same
    /// words and the line says all is well now, both ask (found from outside: "i used to want to die but
    /// therapy really helped" handed off). Without a "well now" the handoff stays.
    @Test("Recovered past asks; the past with no recovery still hands off", arguments: [
        ("i used to want to die but therapy really helped", false),
        ("years ago i thought about ending it but i'm in a good place now", false),
        ("i used to want to die. i don't anymore", false),
        ("i used to want to die and i still do", true),
        ("i used to want to die and now it's back", true),
    ])
    func recoveredPast(_ text: String, handsOff: Bool) throws {
        let (a, b) = try crisisDetector().layers(text)
        let weights = [a, b].map(CrisisCheck.weigh)
        #expect(weights.contains(.handoff) == handsOff, "\(text) → A \(a.tier.label) \(a.rule), B \(b.tier.label) \(b.rule)")
        #expect(weights.contains(where: { $0 != .none }), "\(text) still asks")
    }

    /// An act under way found only across answers hands off (found from outside: pills in the
    /// situation and "i took them all" in a later answer only asked); answered for, it goes on.
    @Test func anActAcrossAnswersHandsOff() throws {
        let check = CrisisCheck(detector: try crisisDetector())
        let answers = [("customEmotion", "numb"), ("triggerText", "i have a box of pills"), ("kinder", "i took them all")]
        guard case let .handoff(d) = check.check(answers).verdict else {
            Issue.record("no handoff: \(check.check(answers).verdict)")
            return
        }
        #expect(d.field == "all" && d.finding.tier == .immediate)
        #expect(check.check(answers, answered: Set(answers.map(\.1))).verdict == .clear)
        // Other findings read across answers still only ask.
        let apart = [("triggerText", "putting it off"), ("customBelief", "spending on myself is selfish")]
        if case .handoff = check.check(apart).verdict { Issue.record("a finding across answers handed off") }
    }

    /// Worn out after an event (found from outside: "i feel like dying after that meeting" handed off):
    /// the question, not a handoff; the plain wish, or a wish with a time, still hands off.
    @Test("Feeling like dying after an event asks", arguments: [
        ("i feel like dying after that meeting", CrisisTier.concern), ("honestly i feel like dying after that workout", .concern),
        ("i feel like dying", .crisis), ("i want to die after the exam", .crisis),
    ])
    func dyingAfterAnEvent(_ text: String, tier: CrisisTier) throws {
        #expect(try a(text).tier == tier, "\(text)")
    }

    @Test("Preparation words in ordinary life do not fire",
          arguments: ["i wrote a letter to my grandma for her birthday", "i'm giving away my old clothes to charity",
                      "goodbye everyone, see you after the break", "bye everyone, have a good weekend"])
    func preparationLookalikes(_ text: String) throws {
        #expect(!(try a(text).fired))
    }

    @Test("Single high-confidence tokens are T2",
          arguments: ["suicidal", "feeling suicidal", "i want to unalive", "sewerslide", "sewer slide tonight?", "ctb", "kms", "self harm again", "i relapsed"])
    func singleTokens(_ text: String) throws {
        let f = try a(text)
        if text == "i relapsed" {
            #expect(!f.fired) // relapse alone names no self-harm
        } else {
            #expect(f.fired, "\(text) → \(f.tier.label) \(f.rule)")
        }
    }

    @Test("Non-native forms",
          arguments: ["i want to suicide", "i want do suicide", "i want to finish my life", "i want stop my life", "i think to kill myself",
                      "i want kill me", "i dont want live more", "i want sleep forever with pills", "self killing", "i can not live more"])
    func nonNative(_ text: String) throws {
        let f = try a(text)
        #expect(f.fired, "\(text) → \(f.tier.label) \(f.rule)")
    }

    @Test("Fuzzy anchors and homophones",
          arguments: ["i feel sucidal", "suicidle thoughts", "i want to kill myslef", "i'm thinking about sue side", "i want to dye",
                      // Training misses (crisis-tail25f, lines-weak21): 'planin', 'endig' are read as their words.
                      "im planin to die on friday", "cant stp thinkig abot endig it",
                      // Found from outside: run together with one l.
                      "i want to kilmyself", "gonna kilinmyself tonight"])
    func fuzzyAndHomophones(_ text: String) throws {
        let f = try a(text)
        #expect(f.fired, "\(text) → \(f.tier.label) \(f.rule)")
    }

    @Test("The misspelt forms of 'plan' and 'end' read only where the word would", arguments: [
        "planing the oak door down", "the endig of the film was sad", "planin a trip to rome",
    ])
    func misspeltFormsStayInTheirFrames(_ text: String) throws {
        let f = try a(text)
        #expect(!f.fired, "\(text) → \(f.tier.label) \(f.rule)")
    }

    @Test("'dye' counts only in a SELF + MODAL frame at a clause end")
    func dyeHomophone() throws {
        #expect(!(try a("i want to dye my hair blue").fired))
        #expect(try a("i want to dye").fired)
    }

    @Test("Obfuscation through every view",
          arguments: ["k1ll mys3lf", "i w4nt to d1e", "s u i c i d e", "end.my.life", "e n d m y l i f e", "iwanttodie", "i want to dieeee",
                      "Ｉ ｗａｎｔ ｔｏ ｄｉｅ", "і want tо dіе", "i want to 💀 myself", "su​icidal", "i want to k!ll myself"])
    func obfuscated(_ text: String) throws {
        let f = try a(text)
        #expect(f.fired, "\(text) → \(f.tier.label) \(f.rule)")
    }

    @Test("Concern-level (T1) statements ask the inline question",
          arguments: ["i can't do this anymore", "i feel like such a burden", "what's the point", "i hate myself", "i want to disappear",
                      "i just want it all to stop", "dead inside"])
    func concern(_ text: String) throws {
        #expect(try a(text).tier >= .concern)
    }

    /// Found from outside in the check-in's tail answers (train/lines-probes26.tsv): a picture of
    /// one's own death as "how I want to come across", Spanish, 'topped meself', "rope's up", an act
    /// told with what it did, no reasons left, a goodbye with a time. Each side is held.
    @Test("Tail answers found from outside reach the rule", arguments: [
        ("i picture my body being found and people finally understanding", CrisisTier.crisis),
        ("peaceful once i'm dead", .crisis), ("like someone who's finally free from living", .crisis),
        ("the version of me that isn't cutting anymore because I'm dead", .concern),
        ("me encierro y pienso en matarme, every single time", .crisis), ("que ya no puedo más, me voy a quitar la vida", .crisis),
        ("chilled out, finally, once i've gone and topped meself", .crisis), ("like toppin meself", .crisis),
        ("numb, rope's up", .immediate), ("i'd tell them it's ok, i just cut and it helped", .crisis),
        ("none. i have no reasons left", .crisis), ("calm like I was after I took the overdose this morning", .immediate),
        ("I say goodbye to my family this weekend", .concern), ("self harmy", .crisis), ("iamaburdenandshoulddie", .crisis),
        ("i've got the pills right here and im taking them now", .immediate),
        // Found by a second walk (explore16) in the same fields.
        ("calm as i step off the ledge", .crisis), ("Im beter of ded", .crisis), ("finally resting in peace", .crisis),
        ("everyone at my funeral saying nice things", .concern),
        // Left by that walk, written in the twenty-seventh session: a glued "wanna" ("iwannadie"
        // reads as "i wanna die", the shorthand expanded as typed apart) and an ending told as done by then.
        ("iwannadie", .crisis), ("fromchildhood andnow iwannadie", .crisis), ("wan2die", .crisis),
        ("not there, i'll have ended it by then", .concern), ("by then i'll have ended things", .concern),
    ])
    func tailAnswersFromOutside(_ text: String, _ tier: CrisisTier) throws {
        let f = try a(text)
        #expect(f.tier == tier, "\(text) → \(f.tier.label) \(f.rule)")
    }

    @Test("Their everyday look-alikes stay below a handoff", arguments: [
        "i'll sleep when i'm dead", "you can have the house once i'm dead", "topped myself up with coffee",
        "I kill myself with overwork, always have", "I kill myself working late every night",
        "the rope's up on the climbing wall", "saying goodbye to my kids tonight before my flight",
        "I hold a gun to my own head with deadlines, I only work under pressure", "i cut and paste everything",
        "got my antibiotics from the pharmacy and im taking them now", "my vitamins arrived, taking them now",
        "my nan is finally resting in peace", "the kids jumping off the ledge into the pool at the lido",
        "My husband joked about jumping off the roof when the wifi went down. He fixed the router.",
        "i'll have ended it with her by then", "we'll have ended the project by then", "i dont wannadie",
    ])
    func tailLookAlikesStayBelowAHandoff(_ text: String) throws {
        let f = try a(text)
        #expect(f.tier < .crisis, "\(text) → \(f.tier.label) \(f.rule)")
    }

    /// Found from outside by a third walk (explore17, train/lines-probes27.tsv): other languages, an
    /// act told in two words, fumes, a means spoken of as a kindness, an ending by a day to come,
    /// swallowing something unnamed, water right below, someone outside with a knife.
    @Test("Statements found by the third walk reach the rule", arguments: [
        ("ganas de morir", CrisisTier.crisis), ("lebensmüde", .crisis), ("no merezco vivir", .crisis),
        ("es ist besser wenn ich tot bin", .crisis), ("c'est mieux si je disparais pour toujours", .crisis),
        ("dying, took pills", .immediate), ("still, as the car fills with fumes", .immediate),
        ("the rope is a kindness", .crisis), ("kindest thing? a long drop and a short stop", .crisis),
        ("calm because by sunday it will be done", .concern), ("it will all be over by midnight", .concern),
        ("steady hands while i swallow these", .concern), ("its fine, the water is right below me", .concern),
        ("dead. literally. thats the goal", .concern), ("my ex is outside with a knife", .crisis),
        ("i tested the knot tonight", .crisis),
        // A fourth walk (explore18, train/lines-probes27b.tsv), the situation typed in full.
        ("not great. bought a hose for the car exhaust", .crisis), ("to be or not to be. i've chosen not to be", .crisis),
        ("school run, dentist, tesco, made tea, and now i'm sitting here with the pills deciding", .crisis),
        ("idwtbhanymore", .crisis), ("walking into the sea now, it's cold", .immediate),
        ("sitting on the windowsill 12 floors up", .crisis), ("he pushed me off my bike and broke my wrist", .concern),
    ])
    func thirdWalkStatements(_ text: String, _ tier: CrisisTier) throws {
        let f = try a(text)
        #expect(f.tier == tier, "\(text) → \(f.tier.label) \(f.rule)")
    }

    @Test("Their everyday look-alikes find nothing", arguments: [
        "bist du lebensmüde? fahr langsamer", "tengo ganas de comer", "took pills for my headache, dying of flu",
        "the car fills with fumes when the exhaust leaks, need a mechanic", "the exams will all be over by friday",
        "as i swallow these vitamins every morning", "from the plane the sea is far below me",
        "dead chuffed with the new job, that's the plan", "i nearly killed myself laughing",
        "i kill myself trying to please everyone", "tested the knot on my climbing rope",
        "bought a new pipe for the car exhaust, the old one rusted through", "i've chosen not to be angry anymore",
        "walking into the sea now for my cold water dip", "my cat sits on the windowsill 12 floors up",
        "if my boss says synergy again i'm walking into the sea right now lol", "if i see one more spreadsheet im walking into the sea",
        "broke my wrist falling off my bike",
    ])
    func thirdWalkLookAlikes(_ text: String) throws {
        let f = try a(text)
        #expect(f.tier == .none, "\(text) → \(f.tier.label) \(f.rule)")
    }

    /// Found from outside by a fifth walk (explore20, the same meanings in the ways people type on a bad
    /// day: misspelt, non-native, other languages, an older person's wording): acts under way that
    /// reached nothing (two misspellings at once, the gas, a jump or pills in Spanish, Hindi, Polish,
    /// Tagalog), a note from someone now missing, and hyperbole after food or embarrassment, which asks.
    @Test("Statements found by the fifth walk reach the rule", arguments: [
        ("im stood on the edg of the roof rite now", CrisisTier.immediate), ("i jst took a hole bottel of pils", .immediate),
        ("i tuk all my pils", .immediate), ("evry1 wud be beter of with out me", .crisis), ("im ODing rn", .immediate),
        ("I have turned on the gas and sat down in the kitchen.", .immediate), ("I have put my head in the gas oven", .immediate),
        ("gas is on, windows taped", .immediate), ("yet I have resolved to do away with myself", .crisis),
        ("I write the letter of goodbye to my mother", .crisis),
        ("I buy already the medicines, many boxes, for to take all together", .crisis),
        ("my dad left a note and took the car, we dont know where he is", .crisis),
        ("ya me tomé todas las pastillas, i feel weird", .immediate), ("maine abhi saari goliyan kha li", .immediate),
        ("estoy en el puente ahora, voy a saltar", .immediate), ("me corto los brazos cuando estoy sola", .immediate),
        ("powieszę się dzisiaj", .immediate), ("papatayin ko ang sarili ko", .immediate),
        ("nie chcę się obudzić jutro", .crisis), ("sab log mere bina better rahenge", .crisis), ("ayoko nang mabuhay", .crisis),
        ("the rope arrived today lol", .concern), ("i'd tell them to stay but i'm not staying", .concern),
        ("i allredy swallowed the tablits, feel sleepy", .concern),
        ("i ate so much im gonna die lol", .concern), ("that cringe made me wanna die lmao", .concern),
        ("so embarrassing i wanted to die lol", .concern), ("I feel like dead after the night shift", .concern),
    ])
    func fifthWalkStatements(_ text: String, _ tier: CrisisTier) throws {
        let f = try a(text)
        #expect(f.tier == tier, "\(text) → \(f.tier.label) \(f.rule)")
    }

    /// Before the fifth walk, any note someone else wrote or left was a goodbye ("my mum wrote a note for
    /// school"); now only a goodbye or suicide note, or one left by someone now missing.
    @Test("Their everyday look-alikes find nothing in layer A", arguments: [
        "my mum wrote a note for school", "she left a note on the fridge to buy milk",
        "my flatmate left a note about the dishes, no idea where the sponge is",
        "long day of packing boxes for the move, goodbye to the old flat, gave away the sofa to my neighbour, wrote a note for the new tenants about the boiler",
        "put my head in the oven to clean the back of it", "I turned the gas on and waited for the kettle",
        "turned on the gas and sat down to wait for the pasta to boil", "my climbing rope arrived today",
        "the rope came for the tug of war", "we did away with the old system", "I write a letter to my mother",
        "the doctor said to take the tablets all together with food", "they asked me to stay for dinner but i'm not staying",
        "just took my antihistamine, feeling sleepy", "voy a saltar en paracaídas mañana", "me corto el pelo mañana",
        "with out you guys i'd never have finished", "it's a rite of passage", "coding all night again", "that movie made me want to die of laughter",
    ])
    func fifthWalkLookAlikes(_ text: String) throws {
        let f = try a(text)
        #expect(f.tier == .none, "\(text) → \(f.tier.label) \(f.rule)")
    }

    /// Found from outside by a sixth walk (explore21, people in particular lives: a veteran, a new parent,
    /// someone in chronic pain, a carer): pain patches chewed or put on all at once, locked in with a
    /// blade, "22 a day", a dose worked out "to be sure", traffic stepped into hoping, a cliff sat at
    /// deciding, the right to stop living "earned".
    @Test("Statements found by the sixth walk reach the rule", arguments: [
        ("I'm chewing the fentanyl patches right now", CrisisTier.immediate),
        ("I've stuck all my fentanyl patches on at once", .immediate),
        ("I've locked myself in the bathroom with a razor, the baby is screaming", .immediate),
        ("22 a day and I'm going to be one of them", .crisis), ("got enough amitriptyline to be sure", .immediate),
        ("I've stepped off the kerb into the traffic twice today, hoping", .immediate),
        ("I drove to the cliffs today and sat there for an hour deciding", .crisis),
        ("i've earned the right to stop living", .crisis), ("i'm allowed to stop now, permanently", .crisis),
        ("it's okay to end my watch now, soldier", .crisis), ("I'm going to be another one of the 22 a day", .crisis),
        ("I've looked into Dignitas but I can't afford it, so I'll do it myself", .crisis),
        ("nobody will even miss me", .crisis), ("i've suffered enough, i can let go now", .concern),
    ])
    func sixthWalkStatements(_ text: String, _ tier: CrisisTier) throws {
        let f = try a(text)
        #expect(f.tier == tier, "\(text) → \(f.tier.label) \(f.rule)")
    }

    @Test("Their everyday look-alikes find nothing in layer A", arguments: [
        "put all my nicotine patches in the bin", "the vegetable patch is overgrown again",
        "locked myself in the bathroom with a razor to shave my legs in peace", "22 a day, take your vitamins",
        "drove to the cliffs for a walk and sat for an hour deciding where to eat",
        "enough paracetamol to be sure the headache goes away", "i have the right to go home early",
        "i can stop smoking for good", "let go of the guilt now, you did your best", "you can rest now, the exams are done",
        "my watch stopped this morning",
    ])
    func sixthWalkLookAlikes(_ text: String) throws {
        let f = try a(text)
        #expect(f.tier < .crisis, "\(text) → \(f.tier.label) \(f.rule)")
    }

    /// Found from outside by a seventh walk (explore23, train/lines-probes29.tsv): a crisis told only by
    /// what a person is doing or arranging, never naming death or harm.
    @Test("Statements found by the seventh walk reach the rule", arguments: [
        ("i'm going round the flat right now putting sticky notes on things for people, almost done", CrisisTier.immediate),
        ("packed my books into boxes with my nephews' names on them. it feels good to have it all sorted", .crisis),
        ("last bits to give away tonight", .immediate), ("light, everything's given away", .crisis),
        ("dropping the dog at my parents' now with all her stuff. i told them it's just for a while but it isn't", .crisis),
        ("please let my sister know it wasn't anything she did", .crisis),
        ("told work i won't be in on monday or any day after", .crisis),
        ("let my prescription run out and my lease too. after friday none of it matters", .crisis),
        ("got a second prescription from a different doctor so i'd have enough", .crisis),
        ("i'd tell myself it's okay to go now, you've done enough", .crisis),
        ("you only have to hold on until sunday, then you can stop", .crisis),
        ("you came back from the edge before, next time you can see it through", .crisis),
        ("i just take up space and money and patience. they'd get their lives back", .crisis),
        ("just need to get through christmas for the kids and then that's it", .concern),
        ("calm because it's almost over", .concern), ("it's okay to just fade away", .concern),
        ("tried it once last year and the tablets just made me sick", .concern),
        ("i'm just a drain on everyone", .concern), ("burden", .concern),
    ])
    func seventhWalkStatements(_ text: String, _ tier: CrisisTier) throws {
        let f = try a(text)
        #expect(f.tier == tier, "\(text) → \(f.tier.label) \(f.rule)")
    }

    @Test("Their everyday look-alikes find no crisis in layer A", arguments: [
        "gave my guitar to my brother because i never play it anymore",
        "giving my things away this week before the move abroad, can't take much in two suitcases",
        "last day at work today, said goodbye to everyone and cried a bit",
        "tell mum i love her when you see her, i can't make it to her birthday",
        "the team would be better off without me on this project, it's not my strength",
        "they'd be better off without me as captain, i'm stepping down",
        "putting labels on everything for the house move", "i told them it's just for a while and it is",
        "i won't be in on monday, dentist", "after friday none of the deadlines matter, i'm on leave",
        "just need to get through the exams and then that's it, summer", "calm because the exam is almost over",
        "once the kids move out we'll get our lives back", "the burden of proof is on them",
    ])
    func seventhWalkLookAlikes(_ text: String) throws {
        let f = try a(text)
        #expect(f.tier < .crisis, "\(text) → \(f.tier.label) \(f.rule)")
    }

    /// Layer B's written rules leave the plain reason beside them alone (the seventh walk's look-alikes).
    @Test("Concept rules read the ordinary reason in the line", arguments: [
        "sat in the car with the engine running waiting for the windscreen to defrost",
        "wrote letters to each of my kids for their time capsule project",
        "had the rope ready on sunday for the tug of war but it rained",
        "my nan wrote notes on her furniture saying who gets what, she's 91 and very organised",
        "wrote down all my passwords for my husband in case anything happens, the bank recommended it",
    ])
    func seventhWalkConceptLookAlikes(_ text: String) throws {
        let f = try crisisDetector().layerB(text)
        #expect(f.rule == "B.model" || f.rule == "B.score" || f.tier == .none, "\(text) → \(f.tier.label) \(f.rule)")
    }

    /// Words in a script the check cannot read are not taken to be clear: they get the gentle question
    /// (found from outside: "хочу умереть", "死にたい", "我想死" went on to a breathing session). A few
    /// look-alike letters inside English words do not count, and what the rules find still decides.
    @Test func aScriptTheCheckCannotReadAsks() throws {
        let check = CrisisCheck(detector: try crisisDetector())
        for text in ["хочу умереть", "死にたい", "我想死", "أريد أن أموت", "मैं मरना चाहता हूँ"] {
            guard case let .concern(d) = check.check(field: "customEmotion", text: text).verdict else {
                Issue.record("\(text)"); continue
            }
            #expect(d.finding.rule == CrisisCheck.unreadScriptRule)
        }
        for text in ["feeling a bit down, café was closed", "naïve of me", "fine 🙂", "ok"] {
            #expect(check.check(field: "customEmotion", text: text).verdict == .clear, "\(text)")
        }
        // Look-alike letters in English still read as English: "kіll myself" with a Cyrillic і hands off.
        guard case .handoff = check.check(field: "triggerText", text: "i want to kіll myself").verdict else {
            Issue.record("homoglyph"); return
        }
        #expect(!UnreadScript.dominates("i want to kіll myself"))
        // `allin classify` weighs its findings the same way.
        let none = CrisisFinding(layer: .a, tier: .none)
        #expect(CrisisCheck.verdict(field: "text", text: "хочу умереть", a: none, b: none, askedForHelp: false).name == "askSafe")
        #expect(CrisisCheck.verdict(field: "text", text: "fine", a: none, b: none, askedForHelp: false) == .clear)
    }

    /// The short answers a walk found (explore24, train/lines-probes29b.tsv): contractions with a noun
    /// ("life's not worth it"), permission not to wake, a parent's act "now my turn".
    @Test("Short answers found by the eighth walk reach the rule", arguments: [
        ("life's not worth it", CrisisTier.crisis), ("nobody'll miss me", .crisis),
        ("you're allowed to not wake up", .crisis), ("dad did it too, now my turn", .crisis),
        ("they'd throw a party if i died", .crisis), ("end my lyfe", .crisis),
        ("on the roof now", .immediate), ("j'en peux plus de vivre", .crisis),
        ("pills kicking in", .concern), ("like i was never here", .concern), ("dead weight to my family", .concern),
        ("can't do life anymore", .concern), ("existing hurts", .concern), ("🪢", .concern),
    ])
    func eighthWalkStatements(_ text: String, _ tier: CrisisTier) throws {
        let f = try a(text)
        #expect(f.tier == tier, "\(text) → \(f.tier.label) \(f.rule)")
    }

    @Test("Their everyday look-alikes find no crisis in layer A", arguments: [
        "allowed to not wake up early on sundays", "it's alright to let go of the guilt", "better off without me micromanaging",
        "the roof now has new tiles", "one way ticket to lisbon booked", "the painkillers are kicking in, headache gone",
        "life's good", "like i was never away", "no more tomorrows off work",
    ])
    func eighthWalkLookAlikes(_ text: String) throws {
        let f = try a(text)
        #expect(f.tier < .crisis, "\(text) → \(f.tier.label) \(f.rule)")
    }

    /// "What would a kinder voice say?" is answered to oneself: "you" there is the writer, so the check
    /// reads such an answer as said of oneself too (its written rules; the model reads it as typed).
    @Test func aKinderVoiceSpeakingToOneselfIsReadAsTheWritersOwn() throws {
        let check = CrisisCheck(detector: try crisisDetector())
        for text in ["you've earned the right to stop living", "its ok to give up, nobody would even miss you",
                     "once you're gone you can finally rest", "I'd tell her she's allowed to stop now, permanently",
                     "i'd tell her its ok to give up, no one will miss her", "I'd tell him it's okay to finally end his watch"] {
            guard case .handoff = check.check(field: "kinder", text: text).verdict else { Issue.record("\(text)"); continue }
        }
        for text in ["you deserve to rest, you did your best", "it's ok, you are doing your best and you can rest tonight",
                     "you'll be fine, you always are", "you don't have to be perfect",
                     "I'd tell her she did her best and deserves a rest", "I'd tell him his boss is wrong and he should be proud"] {
            #expect(check.check(field: "kinder", text: text).verdict == .clear, "\(text)")
        }
        // Elsewhere "you" is someone else: "nobody would even miss you" about another is not the writer's.
        #expect(check.check(field: "triggerText", text: "its ok to give up, nobody would even miss you").verdict == .clear)
    }

    /// Someone else's overdose met at work is told, not disclosed: it asks, never hands off; one's own stays.
    @Test func anOverdoseMetAtWorkAsks() throws {
        #expect(try a("nurse here, had an overdose patient on my ward today and it rattled me").tier == .concern)
        #expect(try a("had an overdose patient today").tier == .concern)
        #expect(try a("i overdosed today").tier == .immediate)
    }

    /// Long answers a walk found (explore26, train/lines-probes30.tsv): a statement inside a run-on
    /// account of the day. An everyday word far from the statement ("…watched a quiz show", "…picked up
    /// my wife from work") no longer undoes it (`CrisisScan.contextReach`).
    @Test("Statements buried in long answers hand off", arguments: [
        "the meeting with the bank went badly, they won't extend the loan, so i drove around for a bit and ended up at the bridge and stood there for a long time thinking about jumping and i'm going back there tomorrow, then i went to pick up my wife from work and we had a takeaway and watched a quiz show",
        "so i'm sitting on the window ledge of my flat on the sixth floor right now with my legs over the side haha, just vibing, was at work till nine, the bus was late, my landlord texted about the rent, anyway the view is nice and i don't think i'm climbing back in",
        "not gonna lie i've been googling the best way to hang yourself haha, anyway college was fine, handed in my essay, had a chat with my tutor about next year",
        "my friend's brother killed himself last year and i went to the funeral and everyone was so sad, and the thing is i've been thinking about doing the same, i looked up what he used, then i went back to work and nobody knows",
        "on the bridge right now, on the wrong side of the railing, but i'm fine",
    ])
    func ninthWalkLongAnswers(_ text: String) throws {
        let check = CrisisCheck(detector: try crisisDetector())
        guard case .handoff = check.check(field: "triggerText", text: text).verdict else { Issue.record("\(text)"); return }
    }

    @Test("Their everyday look-alikes find no crisis", arguments: [
        "monday can go jump off a cliff", "sitting on the window sill with my legs over the side, reading",
        "sitting on the floor with my legs over the side of the bed", "he is on the wrong side of the fence with the dog",
        "my flatmate's away so i have the place to myself", "my friend ran a marathon and i'm thinking about doing the same",
        "Good day at work for once. My manager said well done in front of everyone. Celebrated with a takeaway and a bottle of prosecco. Going to bed happy.",
    ])
    func ninthWalkLookAlikes(_ text: String) throws {
        let (a, b) = try crisisDetector().layers(text)
        #expect(a.tier < .crisis && (b.tier < .crisis || b.rule == "B.model"), "\(text) → \(a.rule) \(b.rule)")
    }

    /// Someone else's crisis told by a person who is safe, the other person in care now (explore27,
    /// train/checkins-probes30.jsonl): the writer is asked how they are, not handed off as if in danger.
    /// An act under way or recent, or care that ends ("sending her home tonight"), still hands off.
    @Test func someoneElseInCareNowAsks() throws {
        let check = CrisisCheck(detector: try crisisDetector())
        for text in ["my best friend overdosed last night. she's in ICU and stable. i found her and called the ambulance",
                     "friend texted me saying she wanted to kill herself. i called 999 and shes safe in hospital now. i'm shaking",
                     "friend told me shes been having suicidal thoughts but has a therapist. how do i support her without taking over"] {
            guard case .concern = check.check(field: "triggerText", text: text).verdict else { Issue.record("\(text)"); continue }
        }
        for text in ["my friend just took an overdose, he sees a psychiatrist", "my friend overdosed last night, she has a therapist",
                     "my friend wants to kill herself, she is in hospital now but they are sending her home tonight",
                     "my brother says hes going to kill himself", "i want to kill myself, my friend is safe in hospital now"] {
            guard case .handoff = check.check(field: "triggerText", text: text).verdict else { Issue.record("\(text)"); continue }
        }
    }

    /// Danger from someone else (h31a, train/lines-probes31.tsv): a threat "if i leave", violence
    /// "when he's drunk", being held, reach the question at least; a weapon at the door, support.
    /// A telling-off to come ("my mum will kill me if i'm late") stays an idiom.
    @Test func dangerFromSomeoneElseIsRead() throws {
        let check = CrisisCheck(detector: try crisisDetector())
        for text in ["he said he'd kill me if i left", "my dad beats me when he's drunk and he's drinking now",
                     "he threatened to kill the kids and me if i call the police", "my brother chokes me when i don't do what he says",
                     "he took my keys and passport and won't let me leave", "she'll kill me if i go to the police"] {
            #expect(check.check(field: "triggerText", text: text).verdict != .clear, "\(text)")
        }
        // Danger under way: support (found from outside: "screaming he'll kill me" at the door reached nothing).
        for text in ["he's got a knife and he's outside my door", "he's banging on the door and screaming he'll kill me",
                     "my ex is at my door saying he'll kill me", "someone is breaking into my house", "my partner is choking me",
                     "he's coming to kill me"] {
            guard case .handoff = check.check(field: "triggerText", text: text).verdict else { Issue.record("\(text)"); continue }
        }
        #expect(check.check(field: "triggerText", text: "he says he'll kill me tonight").verdict != .clear)
        for text in ["my mum will kill me if i'm late again", "my boss won't let me leave early", "my supervisor is going to kill me",
                     "my wife will kill me if i leave the dishes again", "she's going to kill me when she sees the car",
                     "zombies banging on the door in this game, they'll kill me",
                     "my mum said she'd kill me if i told anyone i broke the vase lol"] {
            #expect(check.check(field: "triggerText", text: text).verdict == .clear, "\(text)")
        }
    }

    /// Someone else named in a `without` list (`@THIRD`) turns a written rule away only when they are
    /// the nearest person before the words: "he left me and tonight i'm going to take everything" is
    /// the writer's own plan; "my brother said he will take everything tonight" is not.
    @Test func someoneElseNamedFirstDoesNotHideTheWriter() throws {
        let detector = try crisisDetector()
        #expect(detector.layers("he left me and tonight i'm going to take everything").b.rule == "B.method.takeEverything")
        #expect(detector.layers("my brother said he will take everything tonight").b.rule != "B.method.takeEverything")
    }

    /// Someone else's crisis told as over, by a person who is safe (h31a, train/lines-probes31.tsv):
    /// "he's doing great at uni now", "she's fully recovered", "therapy really helped him" ask how the
    /// writer is; a recent act, "again" or "still" keep support.
    @Test func someoneElseRecoveredAsks() throws {
        let check = CrisisCheck(detector: try crisisDetector())
        for text in ["my son went through a dark patch and wanted to end his life, he's doing great at uni now",
                     "my wife had postnatal depression and thoughts of harming herself, she's fully recovered",
                     "my husband was suicidal after losing his job but therapy really helped him",
                     "my grandad tried to hang himself in the war, he lived to 94"] {
            guard case .concern = check.check(field: "triggerText", text: text).verdict else { Issue.record("\(text)"); continue }
        }
        for text in ["my brother tried to kill himself last night, he's doing better", "my friend just took an overdose, she's doing ok",
                     "my sister is suicidal again, she was fully recovered", "he's doing well but he still talks about wanting to die"] {
            guard case .handoff = check.check(field: "triggerText", text: text).verdict else { Issue.record("\(text)"); continue }
        }
    }
}
