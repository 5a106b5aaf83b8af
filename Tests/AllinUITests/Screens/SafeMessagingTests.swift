import AllinTestSupport
import Testing
@testable import AllinCore
@testable import AllinUI

/// Every support screen and message read against the safe-messaging guidance
/// (`../shared/notes/crisis-detection.md` §3.6, docs/safe-messaging.md): brief and hopeful, help is
/// available, no method or means, no "commit", no promise of confidentiality.
@Suite("Safe messaging on support screens")
struct SafeMessagingTests {
    /// Words support must never show: method and means words, "commit", and promises it can't keep.
    static let banned = ["commit", "confidential", "successful", "method", "overdose", "pills", "rope", "noose", "bridge",
                         "jump", "hang ", "gun", "knife", "lethal", "painless"]

    /// The banned words found at the start of a word ("rope" and "ropes", not "European").
    static func problems(_ text: String) -> [String] {
        let folded = text.lowercased()
        return banned.filter { word in
            var from = folded.startIndex
            while let r = folded.range(of: word, range: from..<folded.endIndex) {
                if r.lowerBound == folded.startIndex || !folded[folded.index(before: r.lowerBound)].isLetter { return true }
                from = folded.index(after: r.lowerBound)
            }
            return false
        }
    }

    @Test func aBannedWordCountsAtTheStartOfAWord() {
        #expect(Self.problems("the European Union") == [])
        #expect(Self.problems("a rope, ropes") == ["rope"])
        #expect(Self.problems("it has begun") == [])
    }

    /// Support as each way in shows it, in every listed region, at 40x12, 80x24 and 200x60.
    @Test(arguments: [(40, 12), (80, 24), (200, 60)])
    func everySupportScreenIsClean(width: Int, height: Int) {
        let regions = TestCatalog.context().catalog.helplines.regions.map(\.code) + ["AD", "DK"]
        for region in regions {
            var s = TestCatalog.state(width: width, height: height, lang: "en_\(region).UTF-8")
            press(&s, .function(2))
            var texts = [screen(s).text]
            press(&s, .escape)
            texts.append(screen(s).text)
            command(&s, "n")
            texts.append(screen(s).text)
            command(&s, "g")
            texts.append(screen(s).text)
            // Scrolled to the end, so every line of a long region is read.
            press(&s, .escape)
            for _ in 0..<12 { press(&s, .pageDown); texts.append(screen(s).text) }
            for text in texts { #expect(Self.problems(text).isEmpty, "\(region) \(width)x\(height): \(Self.problems(text))") }
        }
    }

    @Test func aHandoffSpeaksOfHopeAndHelpAndNeverRepeatsTheWords() {
        var s = checkInState()
        press(&s, .tab)
        type(&s, "i have the pills saved and i am taking them all tonight")
        press(&s, .enter)
        #expect(s.screen == .support && s.support?.emergencyFirst == true)
        let text = screen(s).text
        #expect(Self.problems(text).isEmpty, "\(Self.problems(text))")
        #expect(!text.contains("tonight"), "the person's words are not shown back on support")
        for lines in [LinesShown.anyHour, .someHours, .none] {
            #expect(SupportText.intro(s.support!.reason, lines: lines).contains("Help is here right now"))
            #expect(SupportText.intro(s.support!.reason, lines: lines).contains("can get better"))
        }
    }

    /// "No" to "Are you safe right now?" is danger now: the emergency number leads and no plan is
    /// offered "when things feel calmer"; "not sure" opens support as a clear statement does.
    @Test func noToTheGentleQuestionPutsTheEmergencyNumberFirst() {
        let hopeless = CrisisFinding(layer: .a, tier: .concern, rule: "A.concern.selfLoathing", matched: "hopeless",
                                     reason: "Matched self-hatred or hopelessness.")
        for (key, first) in [(Character("n"), true), (Character("s"), false)] {
            var s = checkInState()
            CheckInUpdate.ask(&s, FlowCrisis(step: .situation, field: "triggerText", finding: hopeless),
                              text: "i feel hopeless", action: .next, key: .enter)
            command(&s, key)
            #expect(s.screen == .support && s.support?.emergencyFirst == first, "\(key)")
            let text = screen(s).text
            let all = SupportView.lines(s, width: 80, height: 24).map { $0.map(\.text).joined() }.joined(separator: " ")
            #expect(all.contains("When things feel calmer") == !first, "\(key): \(all)")
            if first, let call = text.range(of: "Call 999"), let line = text.range(of: "Samaritans") {
                #expect(call.lowerBound < line.lowerBound, "the emergency number leads")
            }
        }
    }

    /// The gentle question repeats a person's words only when they are not about a method or a means.
    @Test func theGentleQuestionNeverQuotesMeans() {
        var s = checkInState()
        let model = CrisisFinding(layer: .b, tier: .concern, rule: "B.model", matched: "the pills", reason: "model")
        CheckInUpdate.ask(&s, FlowCrisis(step: .situation, field: "triggerText", finding: model),
                          text: "been thinking about the pills in the cupboard", action: .next, key: .enter)
        #expect(ConcernView.heard(s) == "Some of what you wrote sounds heavy, so I want to check.")
        var t = checkInState()
        let hopeless = CrisisFinding(layer: .a, tier: .concern, rule: "A.concern.selfLoathing", matched: "hopeless",
                                     reason: "Matched self-hatred or hopelessness.")
        CheckInUpdate.ask(&t, FlowCrisis(step: .situation, field: "triggerText", finding: hopeless),
                          text: "i feel hopeless about work", action: .next, key: .enter)
        #expect(ConcernView.heard(t).contains("hopeless about work"))
        // A long answer is quoted where the heavy words stand, not where it began.
        var u = checkInState()
        let tired = CrisisFinding(layer: .a, tier: .concern, rule: "A.concern.cannotGoOn", matched: "tired of it all",
                                  reason: "Matched a sense of not being able to go on.")
        let long = "Work was fine today, the meeting went well and lunch with Sam was nice but honestly im so tired of it all"
        CheckInUpdate.ask(&u, FlowCrisis(step: .situation, field: "triggerText", finding: tired), text: long,
                          action: .next, key: .enter)
        #expect(ConcernView.heard(u) == "You wrote “…with Sam was nice but honestly im so tired of it all”. That sounds heavy, so I want to check.")
        #expect(WhyText.quote(long, words: 6) == "“Work was fine today, the meeting…”", "no matched words: the start")
        #expect(WhyText.quote(long, words: 6, around: "nowhere to be seen") == "“Work was fine today, the meeting…”")
    }

    /// The catalog's own words on support: every helpline note and the directory's advice.
    @Test func helplineNotesAreClean() {
        let directory = TestCatalog.context().catalog.helplines
        for region in directory.regions {
            for line in region.lines {
                #expect(Self.problems(line.note + " " + line.name).isEmpty, "\(region.code) \(line.name)")
            }
        }
        #expect(Self.problems(directory.fallback.advice).isEmpty)
        #expect(Self.problems(SupportText.planOffer).isEmpty)
    }
}
