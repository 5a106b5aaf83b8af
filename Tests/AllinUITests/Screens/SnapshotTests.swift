import AllinTestSupport
import Foundation
import Testing
@testable import AllinCore
@testable import AllinUI

/// Plain-text snapshots of every screen at 40x12 (the smallest that holds a screen), 50x16, 80x24
/// and 200x60, plus the too-small message. Re-record with ALLIN_RECORD_SNAPSHOTS=1 swift test --filter SnapshotTests.
@Suite("Screen snapshots")
struct SnapshotTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Snapshots")

    static func states(width: Int, height: Int) async -> [(String, AppState)] {
        var list: [(String, AppState)] = []
        var home = TestCatalog.state(width: width, height: height)
        list.append(("home", home))
        press(&home, .char("?"))
        list.append(("home-help", home))
        for step in Step.allCases { list.append(("checkin-\(step.rawValue)", ScreenStates.on(step, width: width, height: height))) }
        var filtered = checkInState(width: width, height: height)
        type(&filtered, "lone")
        list.append(("checkin-emotion-filter", filtered))
        var own = checkInState(width: width, height: height)
        press(&own, .tab)
        type(&own, "wobbly")
        list.append(("checkin-emotion-own-words", own))
        var closest = checkInState(width: width, height: height)
        press(&closest, .tab)
        type(&closest, "not great")
        press(&closest, .enter)
        list.append(("checkin-emotion-which-is-closest", closest))
        var situation = ScreenStates.on(.situation, width: width, height: height)
        press(&situation, .enter)
        type(&situation, "my manager moved the deadline again")
        list.append(("checkin-situation-text", situation))
        var missing = checkInState(width: width, height: height)
        press(&missing, .right)
        list.append(("checkin-needs-answer", missing))
        let rec = await ScreenStates.recommendation(width: width, height: height)
        list.append(("recommendation", rec))
        list.append(("recommendation-express", await ScreenStates.recommendation(express: true, width: width, height: height)))
        var trace = rec
        command(&trace, "t")
        list.append(("trace", trace))
        list += await sessionStates(width: width, height: height)
        var concern = ScreenStates.on(.intent, width: width, height: height)
        press(&concern, .char("1"))
        let worry = CrisisDecision(finding: CrisisFinding(layer: .a, tier: .concern, rule: "A.hopeless"), field: "triggerText")
        _ = App.update(&concern, .checkInRouted(recommendation(concern: worry)))
        list.append(("concern-question", concern))
        var support = TestCatalog.state(width: width, height: height)
        press(&support, .function(2))
        list.append(("support", support))
        var withPlan = TestCatalog.state(width: width, height: height)
        _ = App.update(&withPlan, .safetyPlanLoaded(SafetyPlan([.reasons: "my kids, the sea", .copingAlone: "a walk round the block",
                                                                .helpers: "Sam 07700 900123"])))
        var planSupport = withPlan
        press(&planSupport, .function(2))
        list.append(("support-with-plan", planSupport))
        command(&withPlan, "p")
        list.append(("safety-plan", withPlan))
        press(&withPlan, .enter)
        type(&withPlan, "not sleeping")
        list.append(("safety-plan-writing", withPlan))
        var demo = DemoTests.demoState(width: width, height: height)
        list.append(("demo-home", demo))
        command(&demo, "d")
        list.append(("demo-scripted", demo))
        var leave = support
        press(&leave, .escape)
        list.append(("support-leave", leave))
        var breathe = support
        command(&breathe, "g")
        list.append(("support-breathing", breathe))
        var us = TestCatalog.state(width: width, height: height, lang: "en_US.UTF-8")
        press(&us, .function(2))
        list.append(("support-us", us))
        var noCountry = TestCatalog.state(width: width, height: height, lang: "C")
        press(&noCountry, .function(2))
        list.append(("support-no-country", noCountry))
        var austria = TestCatalog.state(width: width, height: height, lang: "en_AT.UTF-8")
        press(&austria, .function(2))
        list.append(("support-emergency-only", austria))
        var beliefs = TestCatalog.state(width: width, height: height)
        command(&beliefs, "b")
        _ = App.update(&beliefs, .planLoaded(BeliefsTests.storedPlan(played: 3)))
        list.append(("plan-steps", beliefs))
        var question = BeliefsTests.toRatings(width: width, height: height)
        press(&question, .enter)
        type(&question, "deadlines pile up")
        list.append(("plan-question", question))
        var library = TestCatalog.state(width: width, height: height)
        command(&library, "a")
        _ = App.update(&library, .libraryLoaded(["five_senses_anchor": "2026-12-01"], favourites: ["five_senses_anchor"]))
        list.append(("library", library))
        var countries = support
        command(&countries, "r")
        type(&countries, "ja")
        list.append(("support-countries", countries))
        var tripwire = checkInState(width: width, height: height)
        press(&tripwire, .tab)
        type(&tripwire, "i will kill myself")
        press(&tripwire, .enter)
        list.append(("support-tripwire", tripwire))
        var lab = TestCatalog.state(width: width, height: height)
        let effects = command(&lab, "l"); press(&lab, .down)
        _ = effects
        let labEffects = type(&lab, "kill myself")
        if case let .routeLab(c, revision) = labEffects.last {
            _ = App.update(&lab, .labRouted(revision: revision, await Router(catalog: lab.context.gates!.catalog).route(c)))
        }
        list.append(("lab", lab))
        return list
    }

    /// Mood before, the player in each of its states, mood after, the note and the end.
    static func sessionStates(width: Int, height: Int) async -> [(String, AppState)] {
        var list: [(String, AppState)] = []
        var mood = await ScreenStates.moodBefore(width: width, height: height)
        press(&mood, .char("4"))
        list.append(("mood-before", mood))
        var preparing = mood
        press(&preparing, .enter)
        _ = App.update(&preparing, .playabilityChecked(ScreenStates.allPlayable))
        _ = App.update(&preparing, .preparationProgressed(slug: preparing.session!.player.plan!.slug, fraction: 0.45,
                                                          step: "speaking line 4 of 9"))
        list.append(("player-preparing", preparing))
        var playing = await ScreenStates.playing(width: width, height: height, position: 8)
        list.append(("player-playing", playing))
        var paused = playing
        press(&paused, .char(" ")); command(&paused, "c")
        list.append(("player-paused-captions-off", paused))
        let routed = playing.session!.player.routed.slug
        var unplayable = ScreenStates.allPlayable
        unplayable.playable.remove(routed)
        list.append(("player-substitute", await ScreenStates.playing(width: width, height: height, availability: unplayable,
                                                                     position: 4)))
        let none = AudioAvailability(player: nil, noPlayerReason: "no audio player found", playable: [])
        list.append(("player-read-along", await ScreenStates.playing(width: width, height: height, availability: none,
                                                                     position: 15)))
        var interrupted = playing
        press(&interrupted, .function(2), .escape); command(&interrupted, "y")
        list.append(("player-interrupted", interrupted))
        command(&playing, "x", "y"); press(&playing, .char("7"))
        list.append(("mood-after", playing))
        press(&playing, .enter)
        type(&playing, "shoulders softer, still a bit tired")
        list.append(("note", playing))
        press(&playing, .enter)
        let journal = MemoryJournal()
        let id = try! journal.begin(playing.checkIn!.flow.answers, recommendation: playing.result!.recommendation,
                                    moodBefore: 4, at: Date(timeIntervalSince1970: 1_700_000_000), timeZone: TimeZone(identifier: "UTC")!)
        try! journal.complete(id, moodAfter: 7, note: "x", at: Date(timeIntervalSince1970: 1_700_000_600))
        let summary = try! journal.summary(now: Date(timeIntervalSince1970: 1_700_001_000), timeZone: TimeZone(identifier: "UTC")!)
        _ = App.update(&playing, .journalCompleted(summary: summary, problem: nil))
        list.append(("done", playing))
        var notSaved = await ScreenStates.playing(width: width, height: height)
        _ = App.update(&notSaved, .journalBegun(id: nil, problem: .readOnly(path: "/ro/journal.sqlite3")))
        command(&notSaved, "x", "y", "s"); press(&notSaved, .enter)
        list.append(("done-not-saved", notSaved))
        return list
    }

    @Test("80x24") func standard() async {
        for (name, state) in await Self.states(width: 80, height: 24) {
            let problem = Snapshot.check(screen(state).text, named: "80x24-\(name)", in: Self.directory)
            #expect(problem == nil, "\(problem ?? "")")
        }
    }

    @Test("50x16") func small() async {
        for (name, state) in await Self.states(width: 50, height: 16) {
            let problem = Snapshot.check(screen(state).text, named: "50x16-\(name)", in: Self.directory)
            #expect(problem == nil, "\(problem ?? "")")
        }
    }

    @Test("40x12") func smallest() async {
        for (name, state) in await Self.states(width: 40, height: 12) {
            let problem = Snapshot.check(screen(state).text, named: "40x12-\(name)", in: Self.directory)
            #expect(problem == nil, "\(problem ?? "")")
        }
    }

    @Test("200x60") func large() async {
        for (name, state) in await Self.states(width: 200, height: 60) {
            let problem = Snapshot.check(screen(state).text, named: "200x60-\(name)", in: Self.directory)
            #expect(problem == nil, "\(problem ?? "")")
        }
    }

    @Test("too small") func tooSmall() {
        let state = TestCatalog.state(width: 30, height: 8)
        let problem = Snapshot.check(screen(state).text, named: "30x8-too-small", in: Self.directory)
        #expect(problem == nil, "\(problem ?? "")")
    }
}
