import Testing
@testable import AllinCore

@Suite("Router gates and choice paths")
struct RouterTests {
    static let audioGates = ["crisisA", "crisisB", "affect", "crisisRule", "sootheGate", "candidates", "choice"]
    var v: Vocabulary { realCatalog.vocabulary }

    func unpleasant(family: String? = nil) -> Emotion {
        v.emotions.first { $0.valence == .unpleasant && (family == nil || $0.family == family) }!
    }
    var pleasant: Emotion { v.emotions.first { $0.valence == .pleasant }! }

    @Test func audioTraceHasEveryGateInOrder() async {
        let r = await Router(catalog: realCatalog).route(CheckIn(
            emotion: pleasant.id, triggerText: "planning my week", intensity: 4, intent: "clarity",
            claritySubTap: v.claritySubTaps[0].id))
        #expect(r.kind == .audio)
        #expect(r.trace.map(\.gate) == Self.audioGates)
        #expect(r.session != nil && r.crisis == nil)
        #expect(r.lane == .clarity && r.intentLane == .clarity)
    }

    /// "May we explore a belief?" answered no: every belief-lane session explores one, so the check-in
    /// goes to a calming session chosen by the feeling, and the trace says why. Yes, or no answer yet,
    /// stays in the belief lane.
    @Test func declinedConsentLeavesTheBeliefLane() async {
        let router = Router(catalog: realCatalog)
        let feeling = unpleasant(family: "anxious")
        let declined = await router.route(CheckIn(emotion: feeling.id, intensity: 5, intent: "unblock", consent: false))
        #expect(declined.kind == .audio && declined.lane == .soothe && declined.intentLane == .unblock && !declined.sootheFirst)
        #expect(declined.session?.lane == .soothe)
        #expect(declined.trace.first { $0.gate == "sootheGate" }?.decision == "consentDeclined")
        for consent in [true, nil] as [Bool?] {
            let r = await router.route(CheckIn(emotion: feeling.id, intensity: 5, intent: "unblock", consent: consent))
            #expect(r.lane == .unblock && r.session?.lane == .unblock, "\(String(describing: consent))")
        }
        // Soothe first still names its own gate.
        let strong = await router.route(CheckIn(emotion: feeling.id, triggerText: "awful day", intensity: 9, intent: "unblock", consent: false))
        #expect(strong.trace.first { $0.gate == "sootheGate" }?.decision == "sootheFirst")
    }

    @Test func layerAStopsEverythingElse() async {
        let r = await Router(catalog: realCatalog).route(CheckIn(emotion: pleasant.id, triggerText: "i want to kill myself",
                                                                  intensity: 2, intent: "clarity"))
        #expect(r.kind == .safetyHandoff)
        #expect(r.trace.map(\.gate) == ["crisisA", "crisisRule"])
        #expect(r.crisis?.finding.layer == .a && r.crisis?.field == "triggerText")
        #expect(r.session == nil && r.valence == nil && r.lane == nil)
    }

    @Test func everyFreeTextFieldIsScanned() async {
        let router = Router(catalog: realCatalog)
        let phrase = "i want to kill myself"
        let variants: [(String, CheckIn)] = [
            ("customEmotion", CheckIn(customEmotion: phrase, intensity: 3)),
            ("embodyNew", CheckIn(intensity: 3, intent: "embody", embodyNew: phrase)),
            ("customBelief", CheckIn(intensity: 3, consent: true, customBelief: phrase)),
            ("pattern", CheckIn(intensity: 3, pattern: phrase)),
            ("origin", CheckIn(intensity: 3, origin: phrase)),
            ("kinder", CheckIn(intensity: 3, kinder: phrase)),
        ]
        for (field, c) in variants {
            let r = await router.route(c)
            #expect(r.kind == .safetyHandoff, "\(field) was not scanned")
            #expect(r.crisis?.field == field)
        }
    }

    @Test func layerBHandsOffAfterAffect() async {
        let r = await Router(catalog: realCatalog).route(CheckIn(
            emotion: unpleasant().id, triggerText: "everyone would be better off without me", intensity: 5))
        #expect(r.kind == .safetyHandoff)
        let gates = r.trace.map(\.gate)
        #expect(gates.starts(with: ["crisisA"]))
        #expect(r.crisis?.finding.fired == true)
        if r.crisis?.finding.layer == .b { #expect(gates == ["crisisA", "crisisB", "affect"]) }
    }

    @Test("soothe gate: intensity >= 7 and unpleasant", arguments: [
        (6, false, false), (7, false, true), (10, false, true), (7, true, false), (10, true, false),
    ] as [(Int, Bool, Bool)])
    func sootheGate(intensity: Int, isPleasant: Bool, soothe: Bool) async {
        let emotion = isPleasant ? pleasant : unpleasant()
        let r = await Router(catalog: realCatalog).route(CheckIn(emotion: emotion.id, triggerText: "work", intensity: intensity,
                                                                  intent: "embody"))
        #expect(r.sootheFirst == soothe)
        #expect(r.lane == (soothe ? .soothe : .embody))
        #expect(r.intentLane == .embody)
        #expect(r.trace.first { $0.gate == "sootheGate" }?.decision == (soothe ? "sootheFirst" : "intentLane"))
    }

    @Test func noIntentRoutesToUnblock() async {
        let r = await Router(catalog: realCatalog).route(CheckIn(emotion: pleasant.id, triggerText: "", intensity: 3))
        #expect(r.lane == .unblock && r.intentLane == .unblock)
        #expect(r.session?.slug == realCatalog.laneDefaults[.unblock])
    }

    @Test func sleepTextNarrowsSootheToSleepSessions() async throws {
        let r = await Router(catalog: realCatalog).route(CheckIn(
            emotion: unpleasant().id, triggerText: "I can't sleep, lying awake again", intensity: 8, intent: "clarity"))
        let candidates = try #require(r.trace.first { $0.gate == "candidates" })
        #expect(candidates.decision == "sleep")
        #expect(r.session?.needs.contains("sleep") == true)
    }

    @Test func sootheNarrowsByEmotionFamily() async throws {
        let emotion = unpleasant(family: "angry")
        let r = await Router(catalog: realCatalog).route(CheckIn(emotion: emotion.id, triggerText: "my flatmate ate my food",
                                                                  intensity: 9, intent: "soothe"))
        let candidates = try #require(r.trace.first { $0.gate == "candidates" })
        #expect(candidates.decision == "family")
        guard case let .array(slugs)? = candidates.detail("slugs") else { Issue.record("no slugs"); return }
        for case let .string(slug) in slugs { #expect(realCatalog.session(slug)?.families.contains("angry") == true) }
    }

    /// The trace names twelve candidates at most and counts the rest, so the list never looks complete
    /// when it is not (found from outside: 16 fit and the chosen one was not among the 12 named).
    @Test func candidatesNotNamedAreCounted() async throws {
        let r = await Router(catalog: realCatalog).route(CheckIn(intensity: 5))
        let candidates = try #require(r.trace.first { $0.gate == "candidates" })
        guard case let .number(n)? = candidates.detail("count"), case let .array(slugs)? = candidates.detail("slugs") else {
            Issue.record("no count or slugs"); return
        }
        let count = Int(n)
        #expect(count > Router.listedCandidates && slugs.count == Router.listedCandidates)
        #expect(candidates.detail("notListed") == .int(count - Router.listedCandidates))
    }

    @Test("clarity and embody narrow by the sub-tap's need", arguments: ["clarity", "embody"])
    func subTapNeed(intent: String) async throws {
        let tap = intent == "clarity" ? v.claritySubTaps[1] : v.confidenceSubTaps[2]
        var c = CheckIn(emotion: pleasant.id, triggerText: "a choice at work", intensity: 3, intent: intent)
        if intent == "clarity" { c.claritySubTap = tap.id } else { c.confidenceSubTap = tap.id }
        let r = await Router(catalog: realCatalog).route(c)
        let candidates = try #require(r.trace.first { $0.gate == "candidates" })
        #expect(candidates.decision == "need")
        #expect(r.session.map { $0.needs.contains(tap.need) || $0.slug == realCatalog.laneDefaults[r.lane!] } == true)
    }

    @Test func unblockUsesTheWholeLane() async throws {
        let r = await Router(catalog: realCatalog).route(CheckIn(emotion: pleasant.id, triggerText: "I always put things off",
                                                                  intensity: 3, intent: "unblock"))
        let candidates = try #require(r.trace.first { $0.gate == "candidates" })
        #expect(candidates.detail("count") == .int(realCatalog.sessions.filter { $0.lane == .unblock }.count))
    }

    // MARK: choice paths on hand-made catalogs

    let anxious = "anxious"

    @Test func singleCandidate() async {
        let cat = catalog(sessions: [session("only_one", .soothe, families: ["anxious"]), session("other", .soothe, families: ["sad"])],
                          defaults: [.soothe: "other"])
        let r = await Router(catalog: cat).route(CheckIn(emotion: unpleasant(family: "anxious").id, triggerText: "x", intensity: 9))
        #expect(r.trace.last?.decision == "single")
        #expect(r.session?.slug == "only_one")
    }

    @Test func aFamilyWithNoSessionWidensToTheLaneAndTheDefaultFits() async throws {
        let cat = catalog(sessions: [session("sad_one", .soothe, families: ["sad"]), session("sad_two", .soothe, families: ["sad"])],
                          defaults: [.soothe: "sad_two"])
        let r = await Router(catalog: cat).route(CheckIn(emotion: unpleasant(family: "anxious").id, triggerText: "x", intensity: 9))
        let candidates = try #require(r.trace.first { $0.gate == "candidates" })
        #expect(candidates.decision == "lane" && candidates.detail("count") == .int(2))
        #expect(r.trace.last?.decision == "bestFit")
        #expect(r.session?.slug == "sad_two")
    }

    @Test func noOwnWordsSkipThePickerAndStayWithTheCandidates() async {
        let picker = FixedPicker(answer: "a_two")
        let cat = catalog(sessions: [session("a_one", .unblock), session("a_two", .unblock)], defaults: [.unblock: "a_one"])
        // Blank, or only filler: nothing of the person's own to rank by.
        for text in ["   ", "just kinda cant really"] {
            let r = await Router(catalog: cat, picker: picker).route(CheckIn(emotion: pleasant.id, triggerText: text, intensity: 3))
            #expect(r.trace.last?.decision == "bestFit")
            #expect(r.session?.slug == "a_one")
        }
        #expect(picker.calls == 0)
    }

    @Test func withoutAMatchTheCandidateMadeForTheFeelingWinsOverTheLaneDefault() async {
        let cat = catalog(sessions: [
            session("default_elsewhere", .soothe, families: ["angry"]),
            session("broad", .soothe, families: ["anxious", "sad"]),
            session("for_sad", .soothe, families: ["sad", "lonely"]),
        ], defaults: [.soothe: "default_elsewhere"])
        let r = await Router(catalog: cat).route(CheckIn(emotion: unpleasant(family: "sad").id, triggerText: "  ", intensity: 9))
        #expect(r.trace.last?.decision == "bestFit")
        #expect(r.session?.slug == "for_sad", "the lane default is not a candidate; 'sad' comes first in for_sad")
    }

    @Test func sleepSessionsFitOnlyWhenSleepIsMentionedOrItIsLate() async throws {
        let cat = catalog(sessions: [
            session("calm", .soothe, families: ["anxious"]),
            session("night", .soothe, families: ["anxious"], needs: ["sleep"]),
        ], defaults: [.soothe: "calm"])
        let c = CheckIn(emotion: unpleasant(family: "anxious").id, triggerText: "big presentation at 5", intensity: 9)
        for (hour, count) in [(17, 1), (nil, 1), (22, 2), (2, 2)] as [(Int?, Int)] {
            let r = await Router(catalog: cat).route(c, localHour: hour)
            let candidates = try #require(r.trace.first { $0.gate == "candidates" })
            #expect(candidates.detail("count") == .int(count), "hour \(String(describing: hour))")
        }
        var sleepy = c
        sleepy.triggerText = "cant sleep before the presentation"
        let r = await Router(catalog: cat).route(sleepy, localHour: 12)
        #expect(r.session?.slug == "night")
    }

    @Test func ownWordsTheVocabularyDoesNotKnowStillFindTheirFamily() async throws {
        // "gutted" is no chip and no chip's word: the feeling lexicon reads it as sad, sure enough not to ask.
        #expect(realCatalog.vocabulary.emotion(matchingWord: "gutted") == nil)
        let c = CheckIn(customEmotion: "gutted", triggerText: "she ended it over text", intensity: 8, intent: "soothe")
        let r = await Router(catalog: realCatalog).route(c, localHour: 15)
        let candidates = try #require(r.trace.first { $0.gate == "candidates" })
        #expect(candidates.decision == "family")
        #expect(candidates.detail("family") == .string("sad"))
        // Words it is unsure of are not guessed: the whole lane.
        let unsure = CheckIn(customEmotion: "kinda whatever", triggerText: "", intensity: 8, intent: "soothe")
        let wide = await Router(catalog: realCatalog).route(unsure, localHour: 15)
        #expect(wide.trace.first { $0.gate == "candidates" }?.decision == "lane")
    }

    @Test func aWeakPickerMatchGivesWayToTheBestFit() async throws {
        let sessions = [
            session("for_sad", .soothe, families: ["sad"], tags: ["grief"], description: "For a heavy day."),
            session("for_work", .soothe, families: ["anxious", "sad"], tags: ["work"], description: "For the first week back at work."),
        ]
        var cat = catalog(sessions: sessions, defaults: [.soothe: "for_sad"])
        let c = CheckIn(emotion: unpleasant(family: "sad").id, triggerText: "work", intensity: 9)
        let before = await Router(catalog: cat).route(c)
        #expect(before.trace.last?.decision == "picker" && before.session?.slug == "for_work")
        let score = try #require(before.trace.last?.detail("score").flatMap { if case let .number(n) = $0 { n } else { nil } })
        cat.routing.pickerMinScore = score + 0.01
        let after = await Router(catalog: cat).route(c)
        #expect(after.trace.last?.decision == "bestFit")
        #expect(after.session?.slug == "for_sad", "the lane's starting session")
    }

    @Test func aSessionForOneSituationIsTheBestFitOnlyWhenNothingGeneralFits() async {
        // The exam plan lists the feeling's family and the general session does not: still the general one.
        let exam = session("exam_plan", .clarity, families: ["anxious"], needs: ["plan_next_step"], situational: true)
        let general = session("first_step", .clarity, needs: ["plan_next_step"])
        var c = CheckIn(emotion: unpleasant(family: "anxious").id, triggerText: "", intensity: 4, intent: "clarity")
        c.claritySubTap = "dont_know_where_to_start"
        let both = await Router(catalog: catalog(sessions: [exam, general], defaults: [:])).route(c)
        #expect(both.trace.last?.decision == "bestFit")
        #expect(both.session?.slug == "first_step")
        let onlyExam = session("exam_two", .clarity, needs: ["plan_next_step"], situational: true)
        let alone = await Router(catalog: catalog(sessions: [exam, onlyExam], defaults: [:])).route(c)
        #expect(alone.session?.slug == "exam_plan", "no general candidate: the situational ones compete as before")
    }

    @Test func theWordsMustNameASituationClearlyToChooseItsSession() async throws {
        let sessions = [
            session("exam_plan", .clarity, needs: ["prioritise"], tags: ["exam", "school"], situational: true),
            session("sort_it", .clarity, needs: ["prioritise"]),
        ]
        var cat = catalog(sessions: sessions, defaults: [.clarity: "sort_it"])
        var c = CheckIn(emotion: unpleasant(family: "anxious").id, triggerText: "moving sat, kids off school", intensity: 5,
                        intent: "clarity")
        c.claritySubTap = "too_much_on_my_plate"
        cat.routing.situationalMinScore = 0
        let faint = await Router(catalog: cat).route(c)
        #expect(faint.trace.last?.decision == "picker" && faint.session?.slug == "exam_plan")
        let score = try #require(faint.trace.last?.detail("score").flatMap { if case let .number(n) = $0 { n } else { nil } })
        cat.routing.situationalMinScore = score + 0.01
        let r = await Router(catalog: cat).route(c)
        #expect(r.trace.last?.decision == "bestFit")
        #expect(r.session?.slug == "sort_it")
        // With no general candidate the usual threshold is all it takes.
        let alone = await Router(catalog: catalog(sessions: [sessions[0]], defaults: [:])).route(c)
        #expect(alone.session?.slug == "exam_plan")
        #expect(realCatalog.routing.situationalMinScore > realCatalog.routing.pickerMinScore)
    }

    @Test func aSubTapsOwnSessionsComeBeforeThoseThatAlsoServeItsNeed() async throws {
        let sessions = [
            session("speak_up", .embody, families: ["anxious"], needs: ["voice", "courage"]),
            session("begin", .embody, needs: ["courage"]),
        ]
        var c = CheckIn(emotion: unpleasant(family: "anxious").id, triggerText: "", intensity: 4, intent: "embody")
        c.confidenceSubTap = "taking_a_risk"
        let r = await Router(catalog: catalog(sessions: sessions, defaults: [:])).route(c)
        #expect(r.session?.slug == "begin")
        #expect(r.trace.last?.detail("how") == .string("the first candidate, made first for 'courage'"))
    }

    @Test func withoutAMatchABeliefsOwnClusterComesFirst() async throws {
        // 'too_late_to_start' lists direction first; the lane default (another cluster) is no candidate.
        var c = CheckIn(emotion: pleasant.id, triggerText: "", intensity: 4, intent: "unblock")
        c.consent = true
        c.belief = "too_late_to_start"
        let r = await Router(catalog: realCatalog).route(c)
        #expect(r.trace.first { $0.gate == "candidates" }?.decision == "belief")
        #expect(r.trace.last?.decision == "bestFit")
        #expect(r.session?.cluster == realCatalog.routing.beliefClusters["too_late_to_start"]?.first)
    }

    @Test func aChosenBeliefNarrowsTheUnblockLane() async throws {
        var c = CheckIn(emotion: pleasant.id, triggerText: "my friend got the job i wanted", intensity: 4, intent: "unblock")
        c.belief = "never_enough_money"
        let r = await Router(catalog: realCatalog).route(c)
        let candidates = try #require(r.trace.first { $0.gate == "candidates" })
        #expect(candidates.decision == "belief")
        #expect(r.session?.cluster == "money_worries")
    }

    @Test func chipLabelsAreNotThePersonsWords() async {
        // The picker reads only free text: a chosen chip's label can't outweigh what was typed.
        let router = Router(catalog: realCatalog)
        var c = CheckIn(emotion: unpleasant(family: "anxious").id, situation: "work", triggerText: "best man speech on saturday",
                        intensity: 4, intent: "embody")
        c.confidenceSubTap = realCatalog.vocabulary.confidenceSubTaps.first { $0.need == "performance" }?.id
        #expect(router.pickerText(c) == "best man speech on saturday")
    }

    @Test func pickerAnswerInTheCandidateSetIsAccepted() async {
        let picker = FixedPicker(answer: "a_two")
        let cat = catalog(sessions: [session("a_one", .unblock), session("a_two", .unblock)], defaults: [.unblock: "a_one"])
        let r = await Router(catalog: cat, picker: picker).route(CheckIn(emotion: pleasant.id, triggerText: "stuck", intensity: 3))
        #expect(r.trace.last?.decision == "picker")
        #expect(r.session?.slug == "a_two")
        #expect(picker.calls == 1)
    }

    @Test("picker answers outside the candidates are rejected", arguments: ["c_soothe", "no_such_slug", nil] as [String?])
    func pickerRejected(answer: String?) async {
        let picker = FixedPicker(answer: answer)
        let cat = catalog(sessions: [session("a_one", .unblock), session("a_two", .unblock), session("c_soothe", .soothe)],
                          defaults: [.unblock: "a_one", .soothe: "c_soothe"])
        let r = await Router(catalog: cat, picker: picker).route(CheckIn(emotion: pleasant.id, triggerText: "stuck", intensity: 3))
        #expect(r.trace.last?.decision == "bestFit")
        guard case let .string(reason)? = r.trace.last?.detail("reason") else { Issue.record("no reason"); return }
        #expect(reason.contains("picker"))
        #expect(r.session?.slug == "a_one")
    }

    @Test func bm25PicksTheSessionThatMatchesTheText() async {
        let cat = catalog(sessions: [
            session("money_talk", .unblock, tags: ["money", "debt"], description: "For worries about bills and debt."),
            session("exam_nerves", .unblock, tags: ["exam", "study"], description: "For the night before an exam."),
        ], defaults: [.unblock: "money_talk"])
        let r = await Router(catalog: cat).route(CheckIn(emotion: pleasant.id, triggerText: "my exams start monday", intensity: 3))
        #expect(r.session?.slug == "exam_nerves")
        #expect(r.trace.last?.detail("matched") == .array([.string("exam")]))
    }

    @Test func layerCWhenNothingResolves() async {
        let cat = catalog(sessions: [session("a_one", .unblock), session("b_one", .clarity)], defaults: [.unblock: "a_one"])
        let r = await Router(catalog: cat).route(CheckIn(emotion: unpleasant(family: "anxious").id, triggerText: "x", intensity: 9))
        #expect(r.kind == .safetyHandoff)
        #expect(r.crisis?.finding.layer == .c)
        #expect(r.trace.map(\.gate) == Self.audioGates + ["crisisC"])
    }

    @Test func layerCWhenTheDefaultIsMissing() async {
        let cat = catalog(sessions: [session("a_one", .unblock)], defaults: [.clarity: "gone"])
        let r = await Router(catalog: cat).route(CheckIn(emotion: pleasant.id, triggerText: "x", intensity: 2, intent: "clarity"))
        #expect(r.kind == .safetyHandoff && r.crisis?.finding.layer == .c)
    }

    @Test func routingIsDeterministic() async {
        let router = Router(catalog: realCatalog)
        let c = CheckIn(emotion: unpleasant().id, triggerText: "big presentation tomorrow and I feel sick", intensity: 6,
                        intent: "embody", confidenceSubTap: v.confidenceSubTaps[0].id)
        let first = await router.route(c)
        for _ in 0..<5 { #expect(await router.route(c) == first) }
    }

    @Test func concernIsReportedWithoutHandoff() async {
        let r = await Router(catalog: realCatalog).route(CheckIn(emotion: pleasant.id, triggerText: "I'm not suicidal, just tired",
                                                                  intensity: 3, intent: "soothe"))
        #expect(r.kind == .audio)
    }
}
