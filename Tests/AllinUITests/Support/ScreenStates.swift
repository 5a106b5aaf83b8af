import AllinTestSupport
@testable import AllinCore
@testable import AllinUI

/// States for every screen, reached by pressing keys as a person would.
enum ScreenStates {
    /// Feeling "Stressed", situation "Work" with text, intensity 5 with "Head": then on the intent fork.
    static func atIntent(width: Int = 80, height: Int = 24, lang: String = "en_GB.UTF-8") -> AppState {
        var s = checkInState(width: width, height: height, lang: lang)
        type(&s, "overw")
        press(&s, .enter)                      // Stressed
        press(&s, .enter)                      // Work, then the text field
        type(&s, "three deadlines this week")
        press(&s, .enter)
        press(&s, .char("5"), .char(" "), .enter)
        return s
    }

    /// The check-in on a given step, for the lane that has it.
    static func on(_ target: Step, width: Int = 80, height: Int = 24) -> AppState {
        if target == .emotion { return checkInState(width: width, height: height) }
        var s = checkInState(width: width, height: height)
        type(&s, "overw")
        press(&s, .enter)
        if target == .situation { return s }
        press(&s, .enter)
        type(&s, "three deadlines this week")
        press(&s, .enter)
        if target == .intensity { return s }
        press(&s, .char("5"), .char(" "), .enter)
        if target == .intent { return s }
        switch target {
        case .claritySubTap: press(&s, .char("2"))
        case .confidenceSubTap: press(&s, .char("3"))
        case .embodyNew: press(&s, .char("3"), .char("1"))
        default:
            press(&s, .char("4"))
            if target == .consent { return s }
            command(&s, "y")
            if target == .belief { return s }
            press(&s, .enter)
            if target == .pattern { return s }
            press(&s, .enter)
            if target == .origin { return s }
            press(&s, .enter)
        }
        return s
    }

    /// A routed check-in on the recommendation screen (soothe lane, or soothe-first by the express gate).
    static func recommendation(express: Bool = false, width: Int = 80, height: Int = 24) async -> AppState {
        var s = checkInState(width: width, height: height)
        type(&s, "overw")
        press(&s, .enter, .enter)
        type(&s, "three deadlines this week")
        press(&s, .enter)
        let effects: [Effect]
        if express {
            effects = press(&s, .char("8"), .enter)
        } else {
            press(&s, .char("5"), .enter)
            effects = press(&s, .char("1"))
        }
        await route(&s, effects)
        return s
    }

    /// The mood question before the session of a routed soothe check-in.
    static func moodBefore(width: Int = 80, height: Int = 24) async -> AppState {
        var s = await recommendation(width: width, height: height)
        press(&s, .enter)
        return s
    }

    /// A start as the player would report it for a plan (the fake's captions, 2 minutes).
    static func start(_ plan: PlaybackPlan, at position: Double = 0, canSeek: Bool = true) -> PlaybackStart {
        let fake = FakeSessionPlayer()
        if case .readAlong = plan {
            return PlaybackStart(slug: plan.slug, mode: .readAlong, duration: fake.captions.duration,
                                 captions: fake.captions, position: position, canSeek: true)
        }
        return PlaybackStart(slug: plan.slug, mode: .audio(player: "mpv", origin: "rendered earlier (cache)"),
                             duration: fake.captions.duration, captions: fake.captions, position: position,
                             canSeek: canSeek)
    }

    /// Every session playable with mpv.
    static let allPlayable = AudioAvailability(player: "mpv", playable: Set(TestCatalog.real.sessions.map(\.slug)))

    /// The session playing (mood 4 before), its effects answered as the runtime would: the
    /// playability check, the start (at `position`), the journal row 7.
    static func playing(width: Int = 80, height: Int = 24, availability: AudioAvailability = allPlayable,
                        position: Double = 0, canSeek: Bool = true) async -> AppState {
        var s = await moodBefore(width: width, height: height)
        press(&s, .char("4"), .enter)
        for effect in App.update(&s, .playabilityChecked(availability)) {
            guard case let .startPlayback(plan) = effect else { continue }
            _ = App.update(&s, .playbackStarted(start(plan, canSeek: canSeek)))
        }
        _ = App.update(&s, .journalBegun(id: 7, problem: nil))
        // A first tick: the player makes sound (the screen says "Playing" only from here).
        _ = App.update(&s, .playerTicked(PlayerStatus(position: position, phase: .playing)))
        return s
    }

    /// The gentle question "Are you safe right now?", asked of a hard day's words at the situation.
    static func askedGently() -> AppState {
        var s = on(.situation)
        press(&s, .tab)
        type(&s, "im so tired of it all")
        press(&s, .enter)
        return s
    }

    /// Every screen once, for drawing and diff tests.
    static func allScreens() -> [AppState] {
        var list: [AppState] = [TestCatalog.state()]
        for step in Step.allCases { list.append(on(step)) }
        var help = TestCatalog.state()
        press(&help, .char("?"))
        list.append(help)
        var support = TestCatalog.state()
        press(&support, .function(2))
        list.append(support)
        press(&support, .escape)
        list.append(support)
        var lab = TestCatalog.state()
        command(&lab, "l")
        list.append(lab)
        return list
    }
}
