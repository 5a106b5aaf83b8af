import Testing
@testable import AllinCore

/// Guards, idioms, accidents, negation and third parties (design notes §3.3 rule 6 and §3.4).
struct CrisisContextTests {
    func a(_ text: String) throws -> CrisisFinding { try crisisDetector().layerA(text) }

    // MARK: Guards

    @Test("kms after a number or a unit word is distance", arguments: ["i ran 5 kms today", "the shop is 2 kms away", "we did about 10 kms", "kms away from home"])
    func kmsDistance(_ text: String) throws {
        #expect(try a(text).tier == .none)
    }

    @Test("kms on its own, or released by a farewell or intent word", arguments: ["ugh kms", "i want to kms", "kms tonight", "5 kms and then goodbye forever, kms"])
    func kmsFires(_ text: String) throws {
        #expect(try a(text).fired)
    }

    @Test("ctb followed by team, meeting or report, or as 'catch the bus to', is work talk",
          arguments: ["ctb team meeting at 3", "the ctb report is due", "ctb meeting moved", "ctb to town then home"])
    func ctbWork(_ text: String) throws {
        #expect(try a(text).tier == .none)
    }

    @Test("ctb guard releases with a farewell or intent word")
    func ctbReleased() throws {
        #expect(try a("i want to ctb").fired)
        #expect(try a("ctb tonight, goodbye").fired)
        #expect(try a("ctb").fired)
    }

    // MARK: Danger from other people

    @Test("Someone hurting, assaulting or threatening the person gets the gentle question", arguments: [
        "he hits me and im scared to go home", "i was raped last night", "my husband hits me", "my stepdad keeps hitting me",
        "my dad hurts me when hes drunk", "my ex threatened to kill me last week", "im scared hes going to hurt me",
        "he wont let me leave the house", "i got beaten up outside the chippy", "im hiding from my boyfriend",
    ])
    func harmedByOthersAsks(_ text: String) throws {
        let f = try a(text)
        #expect(f.tier == .concern && f.rule == "A.concern.harmedByOthers", "\(text) → \(f.tier.label) \(f.rule)")
    }

    /// The rule's own "when" is the start of a distant-past marker ("when i was 17"): the hit is dated
    /// by it (this overlap crashed the past check before).
    @Test func aMarkerOfTheDistantPastInsideTheHitDatesIt() throws {
        let f = try a("my first boyfriend hit me when I was 17, I'm 52 now and I told my daughter about it today so she knows the signs")
        #expect(f.tier == .concern)
    }

    @Test("Everyday senses of the same verbs, denials and idioms ask nothing", arguments: [
        "my brother beat me at chess again", "it hit me hard when she left", "he beat me to it", "the news hit me like a truck",
        "he never hits me", "he doesnt hit me anymore", "she hurt me so much when she left", "my boss will murder me",
        "my mum is going to kill me when she sees the car", "hit me up when youre free",
    ])
    func harmedByOthersIdioms(_ text: String) throws {
        let f = try a(text)
        #expect(f.rule != "A.concern.harmedByOthers", "\(text) → \(f.tier.label) \(f.rule)")
    }

    // MARK: Idioms

    @Test("Idioms consume their span", arguments: [
        "this deadline is killing me", "my feet are killing me", "i'm dying to see it", "i'm dying of embarrassment", "that cake was to die for",
        "my phone died", "i'm dead tired", "lol i'm dead", "i'm dead 💀", "it was career suicide", "suicide sprints at practice",
        "i'm going to end it with him", "my mum will kill me", "kill the lights", "we killed it", "i'm bored to death", "over my dead body",
        "could sleep forever after that hike", "i overdosed on chocolate", "this cough will be the death of me", "drop dead gorgeous",
    ])
    func idioms(_ text: String) throws {
        let f = try a(text)
        #expect(f.tier == .none, "\(text) → \(f.tier.label) \(f.rule)")
    }

    @Test("An idiom never hides a second trigger in the same line", arguments: [
        "this deadline is killing me and i want to kill myself",
        "i'm dying to see the show but honestly i want to die",
        "my mum will kill me, not that it matters, i want to end my life",
        "lol i'm dead. no seriously i want to die",
    ])
    func idiomDoesNotHide(_ text: String) throws {
        let f = try a(text)
        #expect(f.fired, "\(text) → \(f.tier.label) \(f.rule)")
    }

    @Test("First-person self-object statements are never idioms", arguments: ["kill myself lol", "kms lmao", "i want to die lol jk", "haha i want to kill myself"])
    func jokesStillFire(_ text: String) throws {
        #expect(try a(text).tier >= .crisis)
    }

    // MARK: Accidents

    @Test("Accidents are not self-harm", arguments: [
        "i cut myself shaving", "i cut myself cooking dinner", "i burned myself on the oven", "i cut my finger chopping onions",
        "i'm going to cut myself off from social media", "i hit my head on the cupboard", "i cut myself while cooking",
    ])
    func accidents(_ text: String) throws {
        #expect(try a(text).tier == .none)
    }

    @Test("Intent cues make it self-harm", arguments: [
        "i cut myself on purpose", "i cut myself again", "i hurt myself to feel something", "the urge to cut is back",
        "i relapsed and cut my wrists", "i burn myself because i deserve it", "i cut my thighs", "i hide the scars on my arms",
    ])
    func selfHarm(_ text: String) throws {
        let f = try a(text)
        #expect(f.fired, "\(text) → \(f.tier.label) \(f.rule)")
    }

    // MARK: Negation

    @Test("Negation lowers a direct statement to T1 but never clears it", arguments: [
        "i'm not suicidal", "i would never kill myself", "i don't want to die", "i'm not going to hurt myself",
        "i have no desire to end my life", "i no longer want to die",
        "i've never once wanted to kill myself", "haven't felt the urge to cut since january",
    ])
    func negationLowers(_ text: String) throws {
        let f = try a(text)
        #expect(f.tier == .concern, "\(text) → \(f.tier.label) \(f.rule)")
    }

    @Test("Never suppressed: negated life or waking, negated quantifiers, ability, 'but' + trigger", arguments: [
        "i don't want to live", "i never want to wake up", "i don't want to be alive", "no one would care if i died",
        "nothing to live for", "no reason to live", "i can't stop thinking about killing myself", "i don't know if i want to live",
        "i'm not suicidal but i wouldn't care if i didn't wake up", "not tonight, but i am going to kill myself", "nothing is stopping me from ending it",
    ])
    func neverSuppressed(_ text: String) throws {
        let f = try a(text)
        #expect(f.fired, "\(text) → \(f.tier.label) \(f.rule)")
    }

    @Test("A negator outside the clause does not govern the act")
    func negationScope() throws {
        #expect(try a("i can't sleep and i want to die").fired)
        #expect(try a("i don't know why but i want to die").fired)
        #expect(try a("nobody loves me i want to die").fired)
        // "once" opens a clause unless it follows a negator ("never once").
        #expect(try a("once i finish this bottle i will kill myself").fired)
    }

    // MARK: Third parties and media

    @Test("Someone else in present danger is T2, rule id says third party", arguments: [
        "my friend wants to kill herself", "my brother overdosed last night", "my sister is cutting herself", "my friend said she wants to die",
        "my boyfriend said he's going to end his life", "my friend texted me goodbye and isn't answering", "my best friend is suicidal",
    ])
    func thirdPartyPresent(_ text: String) throws {
        let f = try a(text)
        #expect(f.tier == .crisis, "\(text) → \(f.tier.label) \(f.rule)")
        #expect(f.rule.hasPrefix("A.thirdParty"), "\(f.rule)")
    }

    @Test("Someone else in the past is at most T1", arguments: [
        "my uncle died by suicide years ago", "my friend killed herself last year", "my cousin tried to kill himself in 2018", "it's the anniversary of my dad's suicide",
    ])
    func thirdPartyPast(_ text: String) throws {
        let f = try a(text)
        #expect(f.tier <= .concern, "\(text) → \(f.tier.label) \(f.rule)")
    }

    @Test("Media, history and study are T0 or T1", arguments: [
        "the character killed himself in the movie", "we learned about suicide in history class", "i'm writing an essay on suicide prevention",
        "in the book a girl wants to die", "suicide rates are rising according to the news", "the podcast discussed self harm",
    ])
    func media(_ text: String) throws {
        let f = try a(text)
        #expect(f.tier <= .concern, "\(text) → \(f.tier.label) \(f.rule)")
    }

    @Test("Hyperbole with a trivial cause may drop to T1, never silently to T0")
    func hyperbole() throws {
        #expect(try a("i'm going to die if this meeting runs over").tier == .concern)
        #expect(try a("i'd rather die than go to that party").tier == .concern)
    }

    // MARK: The distant past

    @Test("A past marker in another clause, or a time of now, does not put the hit in the past", arguments: [
        "i want to kill myself on the way back home",        // "way back" is not "way back when"
        "going to hang myself tonight, last year was hell",  // tonight, and the past is another clause
        "i want to die, i used to love this town",
        "im going to jump off the bridge on the way back from work",
    ])
    func notThePast(_ text: String) throws {
        let f = try a(text)
        #expect(f.fired, "\(text) → \(f.tier.label) \(f.rule): \(f.reason)")
    }

    @Test("The distant past before the hit, or after it in its own clause, is a concern", arguments: [
        "I wanted to die years ago", "years ago I wanted to die", "a teacher at my school died by suicide when I was 16",
        "back in 2009 i wanted to kill myself",
    ])
    func thePast(_ text: String) throws {
        let f = try a(text)
        #expect(f.tier == .concern, "\(text) → \(f.tier.label) \(f.rule): \(f.reason)")
    }

    // MARK: Over and well now

    func verdict(_ text: String) throws -> CrisisCheck.Verdict {
        CrisisCheck(detector: try crisisDetector()).check(field: "situation", text: text).verdict
    }

    @Test("A crisis told as over, in the past and with all well now, asks instead of handing off", arguments: [
        "my friend was suicidal at uni. she got proper help and she's thriving",
        "I survived an overdose at 19. I'm 34 now and life is good",
    ])
    func settledAsks(_ text: String) throws {
        let report = CrisisCheck(detector: try crisisDetector()).check(field: "situation", text: text)
        guard case .concern = report.verdict else { Issue.record("\(text) → \(report.verdict)"); return }
        // The trace says why for the finding that would have handed off.
        let reasons = [report.a, report.b].compactMap { $0?.finding.reason }
        #expect(reasons.contains { $0.hasPrefix("The line says this is over and all is well now") }, "\(reasons)")
    }

    /// "I'm safe now" is all well now too (found from outside: kind words to a past self handed off);
    /// "not safe now" is not: support opens.
    @Test func safeNowIsAllWellNow() throws {
        let settled = try verdict("the version of me who wanted to die back then deserves compassion, and i'm safe now")
        guard case .concern = settled else { Issue.record("\(settled)"); return }
        switch try verdict("i wanted to die back then and i'm not safe now") {
        case .handoff, .askedForHelp: break
        case let other: Issue.record("\(other)")
        }
    }

    /// A leaving do's goodbyes and letters to pen pals are the ordinary kind (layer B's weighted
    /// scorer counts them against finality); a goodbye letter to everyone still hands off.
    @Test func aLeavingDoIsNotAFarewell() throws {
        for text in ["said goodbye to everyone at my leaving do", "Wrote letters to all my pen pals this weekend"] {
            let v = try verdict(text)
            if case .handoff = v { Issue.record("\(text) → \(v)") }
        }
        let v = try verdict("wrote goodbye letters to everyone tonight, gave away my things")
        guard case .handoff = v else { Issue.record("\(v)"); return }
    }

    /// An act under way is not undone by "lol" (found from outside: "took the lot, feeling sleepy lol"
    /// found nothing); a packet of biscuits is still not an overdose, and an old overdose with all well
    /// now asks.
    @Test func anActUnderWayWithALolHandsOff() throws {
        let act = try verdict("took the lot, feeling sleepy lol")
        guard case .handoff = act else { Issue.record("\(act)"); return }
        if case .handoff = try verdict("ate the whole packet of biscuits lol, so sleepy now") { Issue.record("biscuits") }
        let past = try verdict("back in uni i overdosed once, long ago, i'm in a great place now, just stressed about moving house")
        guard case .concern = past else { Issue.record("\(past)"); return }
    }

    @Test("Anything that says it is not over keeps the handoff", arguments: [
        "i'm happy now, i've decided to kill myself",                         // a decision
        "she's doing great now but I tried to kill myself last night",        // "but", last night
        "I used to self harm, I'm fine now that I've got the blades back",    // now that, a means
        "survived my last attempt, I'm 30 now and ready to go",               // ready
        "I was doing well for years, now I want to die",                      // a wish
        "I survived an overdose at 19. I'm 34 now and I'm not doing well",    // a denial
        "I tried to overdose on Saturday, I'm okay now",                      // a recent attempt
        "I tried to kill myself a few days ago, I'm fine now",
    ])
    func notSettled(_ text: String) throws {
        let v = try verdict(text)
        guard case .handoff = v else { Issue.record("\(text) → \(v)"); return }
    }

    @Test("A model finding lowered for a settled line asks at most, whatever its probability")
    func loweredModelAsks() {
        var f = CrisisFinding(layer: .b, tier: .concern, rule: "B.model")
        f.modelScore = 0.97
        #expect(CrisisCheck.weigh(f) == .question)
        f.tier = .crisis
        #expect(CrisisCheck.weigh(f) == .handoff)
        // A model concern, from its question band or lowered, always asks.
        f.tier = .concern
        f.modelScore = 0.66
        #expect(CrisisCheck.weigh(f) == .question)
    }
}
