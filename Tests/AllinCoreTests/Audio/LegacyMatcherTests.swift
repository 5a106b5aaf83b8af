import Testing
@testable import AllinCore

@Suite("Legacy keyword matcher")
struct LegacyMatcherTests {
    let matcher = LegacyMatcher(catalog: realCatalog)
    let all = Set(realCatalog.sessions.map(\.slug))

    @Test func sameLaneSessionSharingTheMostKeywords() throws {
        let m = try #require(matcher.match(text: "a deadline at work and my boss is angry", lane: .soothe,
                                           excluding: ["deadline_pressure_valve"], isPlayable: all.contains))
        #expect(m.slug == "after_a_mistake_at_work")
        #expect(m.sameLane && m.lane == .soothe)
        #expect(m.matched == ["work", "boss"])
        #expect(m.score == 4)
        #expect(m.reason == "same lane (soothe); shares the words 'work', 'boss'")
    }

    @Test func isDeterministic() {
        let a = matcher.match(text: "worried about money and bills", lane: .unblock, excluding: [], isPlayable: all.contains)
        let b = LegacyMatcher(catalog: realCatalog).match(text: "worried about money and bills", lane: .unblock,
                                                          excluding: [], isPlayable: all.contains)
        #expect(a == b && a?.slug == "loosening_money_fear")
    }

    @Test func noOverlapInTheLaneTakesTheLaneDefault() throws {
        let m = try #require(matcher.match(text: "zzz qqq", lane: .clarity, excluding: [], isPlayable: all.contains))
        #expect(m.slug == realCatalog.laneDefaults[.clarity])
        #expect(m.score == 0 && m.reason.contains("so the lane default"))
        let noDefault = try #require(matcher.match(text: "zzz", lane: .clarity, excluding: [realCatalog.laneDefaults[.clarity]!],
                                                   isPlayable: all.contains))
        #expect(noDefault.slug == realCatalog.sessions.first { $0.lane == .clarity && $0.slug != realCatalog.laneDefaults[.clarity] }?.slug)
        #expect(noDefault.reason.contains("first playable session of the lane"))
    }

    @Test func otherLanesOnlyWithOverlapAndOnlyWhenAllowed() throws {
        let clarity = Set(realCatalog.sessions.filter { $0.lane == .clarity }.map(\.slug))
        let m = try #require(matcher.match(text: "deadline", lane: .soothe, excluding: [], isPlayable: clarity.contains))
        #expect(m.slug == "sort_the_pile" && !m.sameLane)
        #expect(m.reason == "no other playable session in lane soothe; lane clarity shares the words 'deadline'")
        #expect(matcher.match(text: "zzz", lane: .soothe, excluding: [], isPlayable: clarity.contains) == nil)
        #expect(matcher.match(text: "deadline", lane: .soothe, excluding: [], sameLaneOnly: true, isPlayable: clarity.contains) == nil)
    }

    @Test func readsChipLabelsAndFreeText() {
        let v = realCatalog.vocabulary
        let emotion = v.emotions[0]
        let text = LegacyMatcher.text(of: CheckIn(emotion: emotion.id, triggerText: "my inbox", intensity: 3, kinder: "be gentle"),
                                      vocabulary: v)
        #expect(text == "\(emotion.label) my inbox be gentle")
    }
}

@Suite("Playability: play, legacy matcher, read-along")
struct PlayabilityTests {
    let routed = realCatalog.session("deadline_pressure_valve")!
    let checkIn = CheckIn(triggerText: "deadline at work, my boss is on at me", intensity: 5, intent: "soothe")
    var everything: Set<String> { Set(realCatalog.sessions.map(\.slug)) }

    func decide(_ audio: AudioAvailability, sootheFirst: Bool = false) -> PlayabilityDecision {
        Playability.decide(routed: routed, checkIn: checkIn, sootheFirst: sootheFirst, catalog: realCatalog, audio: audio)
    }

    @Test func aPlayableRoutedSessionPlays() {
        let d = decide(AudioAvailability(player: "mpv", playable: everything))
        #expect(d.plan == .play(slug: routed.slug))
        #expect(d.trace.map(\.gate) == ["playability"] && d.trace[0].decision == "play")
        #expect(d.notice == nil)
    }

    @Test func anUnplayableRoutedSessionGoesToTheLegacyMatcher() {
        var playable = everything
        playable.remove(routed.slug)
        let d = decide(AudioAvailability(player: "mpv", playable: playable, reasons: [routed.slug: "no script yet"]))
        guard case let .substitute(slug, routedSlug, match) = d.plan else { Issue.record("\(d.plan)"); return }
        #expect(slug == "after_a_mistake_at_work" && routedSlug == routed.slug && match.sameLane)
        #expect(d.trace.map(\.gate) == ["playability", "legacyMatcher"])
        #expect(d.trace[0].decision == "unplayable" && d.trace[0].detail("reason") == .string("no script yet"))
        #expect(d.trace[1].decision == "substitute" && d.trace[1].detail("slug") == .string(slug))
        #expect(d.notice == "“Deadline Pressure Valve” can’t be played here (no script yet), so playing “After a Mistake at Work” instead: same lane (soothe); shares the words 'work', 'boss'.")
    }

    @Test func aPlayerFailureIsAnotherReasonToSubstitute() {
        let audio = AudioAvailability(player: "mpv", playable: everything)
            .markingFailed(routed.slug, reason: "the player 'mpv' stopped as soon as it started (exit status 2)")
        let d = decide(audio)
        #expect(d.plan.slug != routed.slug)
        #expect(d.trace[0].detail("reason") == .string("the player 'mpv' stopped as soon as it started (exit status 2)"))
    }

    @Test func noPlayerMeansReadAlongWithBothFallbacksInTheTrace() {
        let d = decide(AudioAvailability(player: nil, noPlayerReason: "no audio player found", playable: everything))
        #expect(d.plan == .readAlong(slug: routed.slug))
        #expect(d.trace.map(\.gate) == ["playability", "legacyMatcher", "readAlong"])
        #expect(d.trace.map(\.decision) == ["unplayable", "none", "text"])
        #expect(d.trace[1].detail("reason") == .string("no player, so no session can play"))
        #expect(d.notice?.contains("runs as read-along text") == true)
    }

    @Test func sootheFirstNeverLeavesTheSootheLane() {
        let clarityOnly = Set(realCatalog.sessions.filter { $0.lane == .clarity }.map(\.slug))
        let d = decide(AudioAvailability(player: "mpv", playable: clarityOnly), sootheFirst: true)
        #expect(d.plan == .readAlong(slug: routed.slug))
        #expect(d.trace[1].detail("reason") == .string("no other playable session in lane soothe (soothe first: other lanes not tried)"))
        let relaxed = decide(AudioAvailability(player: "mpv", playable: clarityOnly), sootheFirst: false)
        #expect(relaxed.plan.slug == "sort_the_pile")
    }
}
