import AllinTestSupport
import Foundation
import Testing
@testable import AllinCore
@testable import AllinUI

/// Plain-text snapshots of every screen at 80x24 and at a small size (50x16), plus the too-small
/// message. Re-record with ALLIN_RECORD_SNAPSHOTS=1 swift test --filter SnapshotTests.
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
        press(&trace, .char("t"))
        list.append(("trace", trace))
        var chosen = rec
        press(&chosen, .enter)
        list.append(("session-chosen", chosen))
        var concern = ScreenStates.on(.intent, width: width, height: height)
        press(&concern, .char("1"))
        let worry = CrisisDecision(finding: CrisisFinding(layer: .a, tier: .concern, rule: "A.hopeless"), field: "triggerText")
        _ = App.update(&concern, .checkInRouted(recommendation(concern: worry)))
        list.append(("concern-question", concern))
        var support = TestCatalog.state(width: width, height: height)
        press(&support, .function(2))
        list.append(("support", support))
        var leave = support
        press(&leave, .escape)
        list.append(("support-leave", leave))
        var breathe = support
        press(&breathe, .char("g"))
        list.append(("support-breathing", breathe))
        var us = TestCatalog.state(width: width, height: height, lang: "en_US.UTF-8")
        press(&us, .function(2))
        list.append(("support-us", us))
        var tripwire = checkInState(width: width, height: height)
        press(&tripwire, .tab)
        type(&tripwire, "i will kill myself")
        press(&tripwire, .enter)
        list.append(("support-tripwire", tripwire))
        var lab = TestCatalog.state(width: width, height: height)
        let effects = press(&lab, .char("l"), .down)
        _ = effects
        let labEffects = type(&lab, "kill myself")
        if case let .routeLab(c, revision) = labEffects.last {
            _ = App.update(&lab, .labRouted(revision: revision, await Router(catalog: lab.context.catalog).route(c)))
        }
        list.append(("lab", lab))
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

    @Test("too small") func tooSmall() {
        let state = TestCatalog.state(width: 30, height: 8)
        let problem = Snapshot.check(screen(state).text, named: "30x8-too-small", in: Self.directory)
        #expect(problem == nil, "\(problem ?? "")")
    }
}
