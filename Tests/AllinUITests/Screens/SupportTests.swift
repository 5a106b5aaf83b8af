import AllinCore
import AllinTestSupport
import Testing
@testable import AllinCore
@testable import AllinUI

@Suite("Crisis support: update")
struct SupportTests {
    @Test("the support key opens support from every screen and the way back returns there", arguments: [
        "home", "emotion", "situation-text", "intensity", "embodyNew", "lab", "help",
    ])
    func fromEverywhere(name: String) {
        var s: AppState
        switch name {
        case "home": s = TestCatalog.state()
        case "emotion": s = checkInState()
        case "situation-text":
            s = ScreenStates.on(.situation)
            press(&s, .tab)
        case "intensity": s = ScreenStates.on(.intensity)
        case "embodyNew": s = ScreenStates.on(.embodyNew)
        case "lab":
            s = TestCatalog.state()
            command(&s, "l")
        default:
            s = TestCatalog.state()
            press(&s, .char("?"))
        }
        let from = s.screen
        let checkIn = s.checkIn
        #expect(screen(s).line(s.size.height - 1).contains("F2 support"))
        press(&s, .function(2))
        #expect(s.screen == .support && s.overlay == nil)
        #expect(s.covered == from)
        press(&s, .escape); command(&s, "y")
        #expect(s.screen == from)
        #expect(s.checkIn == checkIn)
        #expect(s.notice?.contains("F2") == true)
    }

    /// From the app's minimum (40×12) up, every region shows a line's number and the emergency number
    /// without scrolling, whether support was asked for or opened by a crisis (T2 or T3).
    @Test("a number and the emergency number above the fold", arguments: [
        Size(width: 40, height: 12), Size(width: 44, height: 13), Size(width: 50, height: 16), Size(width: 60, height: 18),
        Size(width: 80, height: 24), Size(width: 200, height: 60),
    ])
    func numbersAboveTheFold(size: Size) {
        var s = TestCatalog.state(width: size.width, height: size.height)
        for reason in [SupportReason.asked, .notSafe(FlowCrisis(step: .emotion, field: "customEmotion",
                                                                  finding: CrisisFinding(layer: .a, tier: .immediate)))] {
            for region in s.context.regionChoices {
                App.openSupport(&s, reason: reason)
                s.modify(\.support) { $0.region = region }
                let resources = s.context.catalog.helplines.resources(for: region)
                let text = screen(s).text
                if let e = resources.emergency {
                    #expect(text.contains("Call \(e.number)"), "\(size) \(region ?? "other"): emergency")
                }
                if resources.emergency == nil, resources.advice != nil {
                    // No country known: the advice names the emergency numbers, first of all.
                    #expect(text.contains("112") && text.contains("911"), "\(size) \(region ?? "other"): advice")
                } else {
                    let first = resources.lines.first
                    let contact = first?.phone ?? first?.sms ?? first?.url ?? ""
                    #expect(text.contains(contact), "\(size) \(region ?? "other"): \(contact)")
                }
                s.current = .home
            }
        }
    }

    /// Below the minimum size, F2 shows a number at once, with a country or without one (found from
    /// outside: with no country known, F2 at 20×6 changed nothing on the screen).
    @Test(arguments: [("en_GB.UTF-8", "999"), ("C", "112")])
    func belowTheMinimumF2ShowsANumber(lang: String, number: String) {
        var s = TestCatalog.state(width: 80, height: 24, lang: lang)
        press(&s, .function(2))
        let small = App.view(s, size: Size(width: 20, height: 6)).text
        #expect(small.contains(number), "\(small)")
    }

    /// Support promises "at any hour" only where a line it shows is open at any hour (found from
    /// outside: it was said over Italy's one line, open 10:00-24:00), at every size.
    @Test(arguments: [Size(width: 40, height: 12), Size(width: 80, height: 24), Size(width: 200, height: 60)])
    func anyHourOnlyWhereALineIsOpenAtAnyHour(size: Size) {
        var s = TestCatalog.state(width: size.width, height: size.height)
        for region in s.context.regionChoices {
            App.openSupport(&s, reason: .asked)
            s.modify(\.support) { $0.region = region }
            let resources = s.context.catalog.helplines.resources(for: region)
            let text = screen(s).text
            let promised = text.contains("at any hour")
            #expect(promised == (resources.shown == .anyHour), "\(size) \(region ?? "other")")
            s.current = .home
        }
        let italy = s.context.catalog.helplines.resources(for: "IT")
        #expect(italy.shown == .someHours && s.context.catalog.helplines.resources(for: "GB").shown == .anyHour)
        #expect(!SupportText.intro(.asked, lines: .someHours).contains("any hour"))
        #expect(!SupportText.shortIntro(.asked, lines: .someHours).contains("any hour"))
    }

    /// Nothing of a line is cut at any width: every row of every region's support fits the screen,
    /// and every word of each line's hours is somewhere on it (found from outside: Japan's hours read
    /// "10th of each mont" at 40 columns).
    @Test(arguments: [Size(width: 40, height: 12), Size(width: 80, height: 24)])
    func everyRowFitsAndNoHoursAreCut(size: Size) {
        var s = TestCatalog.state(width: size.width, height: size.height)
        for region in s.context.regionChoices {
            App.openSupport(&s, reason: .asked)
            s.modify(\.support) { $0.region = region }
            let rows = SupportView.lines(s, width: size.width, height: size.height)
            let texts = rows.map { $0.map(\.text).joined() }
            for row in texts { #expect(TextWidth.of(row) <= size.width, "\(size) \(region ?? "other"): \(row)") }
            let all = texts.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
            for line in s.context.catalog.helplines.resources(for: region).lines where !line.hoursAndCost.isEmpty {
                let words = line.hoursAndCost.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                #expect(all.contains(words), "\(size) \(region ?? "other"): \(line.hoursAndCost)")
            }
            s.current = .home
        }
    }

    /// "Before you go" never covers the numbers: from 40×12 up, in every region and for every way in, a
    /// line's number and the emergency number (or, with no country known, the 112 and 911 advice) stay
    /// in sight while it asks, and its question and answers are whole.
    @Test("the leave question keeps a number and the emergency number in sight", arguments: [
        Size(width: 40, height: 12), Size(width: 44, height: 13), Size(width: 50, height: 16), Size(width: 60, height: 18),
        Size(width: 80, height: 24), Size(width: 200, height: 60),
    ])
    func leaveQuestionKeepsNumbers(size: Size) {
        var s = TestCatalog.state(width: size.width, height: size.height)
        let tripwire = FlowCrisis(step: .emotion, field: "customEmotion", finding: CrisisFinding(layer: .a, tier: .crisis))
        let immediate = FlowCrisis(step: .emotion, field: "customEmotion", finding: CrisisFinding(layer: .a, tier: .immediate))
        for reason in [SupportReason.asked, .tripwire(tripwire), .notSafe(immediate)] {
            for region in s.context.regionChoices {
                App.openSupport(&s, reason: reason)
                s.modify(\.support) { $0.region = region }
                press(&s, .escape)
                #expect(s.support?.confirmingLeave == true)
                let resources = s.context.catalog.helplines.resources(for: region)
                let text = screen(s).text
                let at = "\(size) \(region ?? "no country") \(reason.tier.map(\.label) ?? "asked")\n\(text)"
                for words in ["Are you safe right now?", "y⏎ yes, go back", "n⏎ not sure: stay", "g⏎ breathe"] {
                    #expect(text.contains(words), "\(words): \(at)")
                }
                if let e = resources.emergency { #expect(text.contains("Call \(e.number)"), "emergency: \(at)") }
                if resources.emergency == nil, resources.advice != nil {
                    #expect(text.contains("112") && text.contains("911"), "advice: \(at)")
                } else {
                    let first = resources.lines.first
                    let contact = first?.phone ?? first?.sms ?? first?.url ?? ""
                    #expect(text.contains(contact), "\(contact): \(at)")
                }
                s.current = .home
            }
        }
    }

    /// Where allin has no lines for the region (no country known, or one with only an emergency number
    /// such as Austria), support says so plainly, offers the country list first, shows the emergency
    /// number (or the advice naming 112 and 911) above the fold, keeps the directory, and never speaks
    /// of lines that are not there, at every size and after "not sure" and the breathing minute.
    @Test("with no lines support says so and offers the country list first", arguments: [
        Size(width: 40, height: 12), Size(width: 80, height: 24), Size(width: 200, height: 60),
    ])
    func noLinesIsSaidPlainly(size: Size) {
        let promises = ["these lines", "Talk to someone now", "These people listen", "these people listen",
                        "Lines for", "lines are still here", "Someone will listen"]
        for (lang, region, number) in [("C", nil, nil), ("en_AT.UTF-8", "AT", "112")] as [(String, String?, String?)] {
            for reason in [SupportReason.asked, .tripwire(FlowCrisis(step: .emotion, field: "customEmotion",
                                                                    finding: CrisisFinding(layer: .a, tier: .crisis)))] {
                var s = TestCatalog.state(width: size.width, height: size.height, lang: lang)
                #expect(s.context.region == region)
                App.openSupport(&s, reason: reason)
                let at = "\(size) \(region ?? "none")"
                let first = screen(s)
                let text = first.text
                #expect(text.contains("allin doesn't know") && text.contains("crisis lines"), "\(at)\n\(text)")
                #expect(text.contains("r  Choose your country"), "\(at)\n\(text)")
                if let number { #expect(text.contains("In danger now? Call \(number)"), "\(at)\n\(text)") }
                else { #expect(text.contains("112") && text.contains("911"), "\(at)\n\(text)") }
                #expect(first.line(0).contains(region.map { "Region \($0)" } ?? "Region not set"), "\(at)")
                // The country list comes before the number's advice and the directory.
                let choose = text.range(of: "Choose your country")!.lowerBound
                #expect(choose < text.range(of: number ?? "112")!.lowerBound, "\(at)")
                let all = SupportView.lines(s, width: size.width, height: size.height).map { $0.map(\.text).joined() }
                    .joined(separator: "\n")
                #expect(all.contains("https://findahelpline.com"), "\(at): the directory")
                // The directory is on the first screen too, not only further down (found from outside:
                // at 40×12 with no country known, the 112/911 advice filled the screen).
                #expect(text.contains("https://findahelpline.com"), "\(at): the directory above the fold\n\(text)")
                var texts = [text, all]
                press(&s, .escape); command(&s, "n")
                texts.append(screen(s).text)
                #expect(s.support?.note?.contains("Type r, then Enter, to choose your country") == true, "\(at)")
                command(&s, "g")
                texts.append(screen(s).text)
                press(&s, .escape)
                texts.append(screen(s).text)
                for shown in texts {
                    for words in promises { #expect(!shown.contains(words), "\(at): \(words)\n\(shown)") }
                }
            }
        }
    }

    /// The home screen offers support, not "crisis lines", where allin has none for the region.
    @Test func homeDoesNotPromiseLinesItHasNot() {
        #expect(screen(TestCatalog.state(lang: "C")).text.contains("press F2 for support"))
        #expect(screen(TestCatalog.state(lang: "en_AT.UTF-8")).text.contains("press F2 for support"))
        #expect(screen(TestCatalog.state(lang: "en_GB.UTF-8")).text.contains("press F2 for crisis lines (GB)"))
    }

    /// The reported case: 40×12, no country known, a crisis in the check-in, then Esc.
    @Test func theLeaveQuestionAt40x12WithNoCountryKeepsTheAdvice() {
        var s = checkInState(width: 40, height: 12, lang: "C")
        #expect(s.context.region == nil)
        press(&s, .tab)
        type(&s, "i want to die")
        press(&s, .enter, .escape)
        #expect(s.screen == .support && s.support?.confirmingLeave == true)
        let text = screen(s).text
        #expect(text.contains("112") && text.contains("911") && text.contains("n⏎ not sure: stay"), "\(text)")
    }

    /// A long safety plan never pushes every number below the fold: the first line and the emergency
    /// number lead, at the sizes where the plan once filled the screen; the breathing minute keeps them too.
    @Test("a long plan keeps a number above the fold", arguments: [
        Size(width: 80, height: 24), Size(width: 70, height: 20), Size(width: 150, height: 24), Size(width: 90, height: 26),
    ])
    func longPlanKeepsNumbers(size: Size) {
        var s = TestCatalog.state(width: size.width, height: size.height)
        let long = String(repeating: "my sister and her kids, the garden in spring, finishing the course. ", count: 9)
        _ = App.update(&s, .safetyPlanLoaded(SafetyPlan([.reasons: long, .helpers: long])))
        App.openSupport(&s, reason: .asked)
        s.modify(\.support) { $0.region = "GB" }
        let text = screen(s).text
        #expect(text.contains("116 123") && text.contains("Call 999") && text.contains("Your safety plan"), "\(size)")
        command(&s, "g")
        let breathing = screen(s).text
        #expect(breathing.contains("Breathe") && breathing.contains("116 123") && breathing.contains("999"), "\(size): breathing")
    }

    @Test func aSingleNoDoesNotEndSupport() {
        var s = TestCatalog.state()
        press(&s, .function(2))
        press(&s, .escape)
        #expect(s.support?.confirmingLeave == true)
        #expect(screen(s).contains("Are you safe right now?"))
        command(&s, "n")
        #expect(s.screen == .support && s.support?.confirmingLeave == false)
        #expect(s.support?.note?.contains("Staying here") == true)
        press(&s, .escape, .escape)
        #expect(s.screen == .support)
        command(&s, "q")
        #expect(s.screen == .support)
    }

    @Test func linesInOrderWithEmergencyLastWhenAsked() {
        var s = TestCatalog.state()
        press(&s, .function(2))
        let text = screen(s).text
        #expect(text.contains("call 116 123"))
        #expect(text.contains("text SHOUT to 85258"))
        #expect(text.contains("Lines for United Kingdom, from your computer's language settings."))
        let samaritans = text.range(of: "Samaritans")!.lowerBound
        let emergency = text.range(of: "Call 999")!.lowerBound
        #expect(samaritans < emergency)
        let canvas = screen(s)
        #expect(canvas.links.contains { $0.url == "tel:116123" && $0.text == "116 123" })
        #expect(canvas.links.contains { $0.url == "sms:85258" })
    }

    @Test func immediateTierPutsTheEmergencyNumberFirst() {
        var s = ScreenStates.on(.intent)
        press(&s, .char("1"))
        let decision = CrisisDecision(finding: CrisisFinding(layer: .a, tier: .immediate, rule: "A.plan", matched: "tonight"),
                                      field: "triggerText")
        _ = App.update(&s, .checkInRouted(recommendation(kind: .safetyHandoff, session: nil, crisis: decision)))
        let text = screen(s).text
        #expect(text.range(of: "Call 999")!.lowerBound < text.range(of: "Samaritans")!.lowerBound)
        // The numbers come before the breathing offer (found from outside: it stood above "Call 999").
        let rows = SupportView.lines(s, width: 80, height: 24).map { $0.map(\.text).joined() }
        let samaritans = rows.firstIndex { $0.contains("Samaritans") }, breathe = rows.firstIndex { $0.contains("Breathe with me") }
        #expect(samaritans != nil && breathe != nil && samaritans! < breathe!, "\(rows)")
    }

    @Test("the region follows the locale", arguments: [
        ("en_GB.UTF-8", "116 123"), ("en_US.UTF-8", "988"), ("en_AU.UTF-8", "13 11 14"), ("C", "findahelpline.com"),
    ])
    func regionFromLocale(lang: String, number: String) {
        var s = TestCatalog.state(lang: lang)
        press(&s, .function(2))
        #expect(screen(s).text.contains(number))
    }

    /// The first line and the emergency number lead (so a long plan can't push them off the screen),
    /// then the person's own plan, then every line, then the breathing exercise.
    @Test func aLineLeadsThenThePersonsOwnPlanThenTheLinesThenBreathing() {
        var s = TestCatalog.state(width: 100, height: 40)
        _ = App.update(&s, .safetyPlanLoaded(SafetyPlan([.reasons: "my kids", .helpers: "Sam 07700 900123",
                                                         .warningSigns: "not sleeping"])))
        press(&s, .function(2))
        let text = screen(s).text
        let plan = text.range(of: "Your safety plan")!.lowerBound
        let reasons = text.range(of: "my kids")!.lowerBound
        let lead = text.range(of: "116 123")!.lowerBound
        let lines = text.range(of: "Samaritans", options: .backwards)!.lowerBound
        let breathe = text.range(of: "Breathe with me")!.lowerBound
        #expect(lead < plan && plan < reasons && reasons < lines && lines < breathe)
        #expect(text.contains("Sam 07700 900123"))
        #expect(!text.contains("not sleeping"), "warning signs are for writing the plan, not for this moment")
        #expect(!text.contains("write a safety plan"))
    }

    /// Support never shows a person their own words saying there is nothing to live for as their
    /// "reasons for living" (found from outside); the parts the crisis rule leaves alone still show.
    @Test func aReasonsPartThatSaysThereAreNoneIsNotShown() {
        var s = TestCatalog.state(width: 100, height: 40)
        #expect(s.context.gates != nil)
        _ = App.update(&s, .safetyPlanLoaded(SafetyPlan([.reasons: "none. i have no reasons left",
                                                         .helpers: "Sam 07700 900123"])))
        press(&s, .function(2))
        let text = screen(s).text
        #expect(!text.contains("no reasons left") && !text.contains("My reasons for living"), "\(text)")
        #expect(text.contains("Your safety plan") && text.contains("Sam 07700 900123"), "\(text)")
    }

    /// A plan with only the parts support doesn't show (warning signs, safer surroundings) gets no empty
    /// heading, and the emergency number is shown once however the plan and the lines are laid out.
    @Test("no empty plan heading and one emergency row", arguments: [
        Size(width: 40, height: 12), Size(width: 80, height: 24), Size(width: 200, height: 60),
    ])
    func noEmptyPlanHeadingAndOneEmergencyRow(size: Size) {
        let hidden = SafetyPlan([.warningSigns: "when i stop sleeping", .saferSurroundings: "keep the spare keys at Sam's"])
        let shown = SafetyPlan([.warningSigns: "when i stop sleeping", .reasons: "my kids"])
        for (plan, heading) in [(hidden, false), (shown, true)] {
            for reason in [SupportReason.asked, .notSafe(FlowCrisis(step: .emotion, field: "customEmotion",
                                                                   finding: CrisisFinding(layer: .a, tier: .immediate)))] {
                var s = TestCatalog.state(width: size.width, height: size.height)
                _ = App.update(&s, .safetyPlanLoaded(plan))
                App.openSupport(&s, reason: reason)
                let all = SupportView.lines(s, width: size.width, height: size.height).map { $0.map(\.text).joined() }
                    .joined(separator: "\n")
                let at = "\(size) heading \(heading) \(reason.tier.map(\.label) ?? "asked")\n\(all)"
                #expect(all.contains("Your safety plan") == heading, "\(at)")
                #expect(all.components(separatedBy: "Call 999").count - 1 == 1, "\(at)")
                #expect(!all.contains("write a safety plan"), "a plan exists: \(at)")
                #expect(all.contains("116 123"), "\(at)")
            }
        }
    }

    @Test func withoutAPlanSupportOffersOneForLaterButNeverInAnImmediateHandoff() {
        var s = TestCatalog.state(width: 100, height: 40)
        press(&s, .function(2))
        #expect(screen(s).text.contains("write a safety plan"))
        #expect(!screen(s).text.contains("Your safety plan"))
    }

    @Test func aShortWindowKeepsTheNumbersFirstAndThePlanAfter() {
        var s = TestCatalog.state(width: 40, height: 12)
        _ = App.update(&s, .safetyPlanLoaded(SafetyPlan([.reasons: "my kids"])))
        press(&s, .function(2))
        let text = screen(s).text
        #expect(text.contains("116 123") && text.contains("999"))
    }

    @Test func rOpensASearchableListOfCountries() {
        var s = TestCatalog.state()
        press(&s, .function(2))
        #expect(s.support?.region == "GB")
        command(&s, "r")
        #expect(s.hasTextFocus)
        #expect(screen(s).contains("Which country's lines?"))
        #expect(screen(s).contains("United Kingdom"))
        type(&s, "germ")
        #expect(screen(s).contains("Germany"))
        press(&s, .enter)
        #expect(s.support?.region == "DE" && s.support?.picker == nil)
        #expect(screen(s).contains("Lines for Germany, as you chose"))
        #expect(screen(s).contains("TelefonSeelsorge"))
        #expect(!screen(s).contains("LANG") && !screen(s).contains("chosen with r"))
        // The country stays for the rest of the run: the header follows it, support opens with it again.
        press(&s, .escape); command(&s, "y")
        #expect(s.screen != .support && s.region == "DE")
        #expect(screen(s).contains("Region DE"))
        press(&s, .function(2))
        #expect(s.support?.region == "DE" && screen(s).contains("Lines for Germany, as you chose"))
        #expect(screen(s).contains("112"))
    }

    @Test func aCountryWithoutListedLinesGetsItsEmergencyNumberAndTheDirectory() {
        var s = TestCatalog.state()
        press(&s, .function(2)); command(&s, "r")
        type(&s, "cote")
        #expect(screen(s).contains("Côte d'Ivoire") || screen(s).contains("Cote d'Ivoire"))
        press(&s, .escape)
        #expect(s.support?.region == "GB" && s.support?.picker == nil, "Esc leaves the lines as they were")
        command(&s, "r")
        type(&s, "andorra")
        press(&s, .enter)
        #expect(s.support?.region == "AD")
        #expect(screen(s).contains("findahelpline.com"))
        command(&s, "r")
        type(&s, "zzzz")
        #expect(screen(s).contains("international directory"), "the directory is always offered")
        // Words that match no country choose nothing (found from outside: typed words chose the
        // directory and took the person's lines away); the directory is chosen from the full list.
        press(&s, .enter)
        #expect(s.support?.region == "AD" && s.notice?.contains("No country matches") == true)
        command(&s, "r")
        press(&s, .pageUp, .up)
        for _ in 0..<400 { press(&s, .down) }
        press(&s, .enter)
        #expect(s.support?.region == nil)
    }

    /// Words typed on support are words: a letter of them never opens the country list, breathing or
    /// the plan, and nothing typed changes the lines shown.
    @Test func wordsTypedOnSupportNeverChangeTheLines() {
        var s = TestCatalog.state()
        press(&s, .function(2))
        type(&s, "really tired of all this, going to bed")
        #expect(s.support?.picker == nil && s.support?.breathing == nil && s.screen == .support)
        press(&s, .enter)
        #expect(s.support?.region == "GB" && s.screen == .support && screen(s).contains("999"))
        type(&s, "please, i want to end my life")
        press(&s, .enter)
        #expect(s.screen == .support && s.support?.reason.tier != nil, "\(String(describing: s.support?.reason))")
        command(&s, "g")
        #expect(s.support?.breathing != nil)
    }

    /// Enter's hint said "show its lines" for every row, also for countries allin has no lines for: it
    /// says what support will show for the highlighted row.
    @Test("Enter's hint is true for the highlighted country", arguments: [
        ("germ", "show its lines", "show this country's crisis lines"),
        ("austria", "show its emergency number", "show its emergency number and a directory of lines"),
        ("andorra", "show the directory", "show the international directory of crisis lines"),
        ("zzzz", "show the directory", "show the international directory of crisis lines"),
    ])
    func enterHint(typed: String, footer: String, help: String) {
        var s = TestCatalog.state()
        press(&s, .function(2)); command(&s, "r")
        type(&s, typed)
        let enter = s.bindings.first { $0.keys.contains(.enter) }
        #expect(enter?.short == footer && enter?.help == help)
        #expect(screen(s).contains("Enter \(footer)"))
        press(&s, .function(1))
        #expect(s.overlay == .help(over: nil) && screen(s).contains(help))
    }

    @Test func lettersGoIntoTheSearchNotToCommands() {
        var s = TestCatalog.state()
        press(&s, .function(2)); command(&s, "r")
        type(&s, "q?g")
        #expect(s.screen == .support && s.overlay == nil && s.support?.breathing == nil)
        #expect(s.support?.picker?.query.text == "q?g")
    }

    /// The search is a text field too: leaving it runs the one crisis check, and a more urgent statement
    /// puts the emergency number first.
    @Test func wordsTypedInTheSearchAreChecked() {
        var s = TestCatalog.state()
        press(&s, .function(2))
        #expect(s.support?.emergencyFirst == false)
        command(&s, "r")
        type(&s, "i have the pills in my hand right now")
        press(&s, .escape)
        #expect(s.support?.picker == nil)
        #expect(s.support?.emergencyFirst == true)
    }

    /// Words that are not a country's name never choose "no country": Enter reads them like any field's
    /// and the lines shown stay as they were.
    @Test(arguments: ["i want to die", "i feel hopeless about everything", "help"])
    func wordsTypedInTheSearchNeverChooseNoCountry(_ words: String) {
        var s = TestCatalog.state()
        press(&s, .function(2)); command(&s, "r")
        type(&s, "germ")
        press(&s, .enter)
        #expect(s.support?.region == "DE")
        command(&s, "r")
        type(&s, words)
        press(&s, .enter)
        #expect(s.support?.picker == nil && s.support?.region == "DE", "\(words)")
        let text = screen(s).text
        #expect(text.contains("Lines for Germany, as you chose") && !text.contains("don't name a country"), "\(words)")
        if words == "i want to die" { #expect(s.support?.reason.tier == .crisis) }
    }

    @Test func theBreathingExerciseIsOneKeyAndMovesWithTicks() {
        var s = TestCatalog.state()
        press(&s, .function(2))
        #expect(!s.wantsTicks)
        command(&s, "g")
        #expect(s.wantsTicks)
        #expect(screen(s).contains("Breathe in"))
        for _ in 0..<4 { _ = App.update(&s, .clockTicked) }
        #expect(s.support?.breathing?.phase == "Hold")
        #expect(screen(s).contains("Hold"))
        for _ in 0..<(Breathing.total - 4) { _ = App.update(&s, .clockTicked) }
        #expect(s.support?.breathing == nil && !s.wantsTicks)
        #expect(screen(s).contains("Well done"))
        command(&s, "g"); press(&s, .escape)
        #expect(s.support?.breathing == nil && s.screen == .support)
    }

    @Test func ticksElsewhereChangeNothing() {
        var s = ScreenStates.on(.intensity)
        let before = s.checkIn
        #expect(App.update(&s, .clockTicked).isEmpty)
        #expect(s.checkIn == before)
    }

    @Test func theTooSmallMessageStillShowsTheNumbers() {
        var s = TestCatalog.state(width: 30, height: 8)
        press(&s, .function(2))
        let text = screen(s).text
        #expect(text.contains("116 123"))
        #expect(text.contains("999"))
    }
}

@Suite("Crisis support: numbers in view under help and in a small window")
struct SupportNumbersInViewTests {
    /// The key help over support keeps the emergency number and the first line's number in view below
    /// its box, from 40×12 up (found from outside: the box covered them).
    @Test(arguments: [(40, 12), (80, 24), (200, 60)])
    func helpOverSupportKeepsTheNumbers(width: Int, height: Int) {
        var s = TestCatalog.state(width: width, height: height)
        press(&s, .function(2))
        press(&s, .char("?"))
        let text = screen(s).text
        #expect(text.contains("Keys: Support") && text.contains("call 999") && text.contains("call 116 123"), "\(text)")
        // With no country known, the advice's numbers wrap whole under the box, never cut.
        var none = TestCatalog.state(width: width, height: height, lang: "C")
        press(&none, .function(2))
        press(&none, .char("?"))
        let words = screen(none).text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("call 112 (911 in the US and Canada)"), "\(screen(none).text)")
    }

    /// Below the minimum size, support's numbers come before the request to enlarge the window.
    @Test func aTinyWindowStillShowsTheEmergencyNumber() {
        var s = TestCatalog.state(width: 20, height: 6)
        press(&s, .function(2))
        let text = screen(s).text
        #expect(text.contains("999") && text.contains("116") && text.contains("123"), "\(text)")
    }
}

@Suite("Crisis support: after an act, the reminder stays")
struct EmergencyReminderTests {
    /// Going back from support opened for an act ("i took all my pills") keeps a reminder to get medical
    /// help on the status line for the rest of the run; support for a wish alone does not.
    @Test(arguments: [("i took all my pills", true), ("i want to disappear", false)])
    func goingBackFromAnActKeepsTheReminder(words: String, act: Bool) {
        for width in [40, 80, 200] {
            var s = TestCatalog.state(width: width, height: width == 200 ? 60 : width == 80 ? 24 : 12)
            command(&s, "c"); press(&s, .tab)
            type(&s, words)
            press(&s, .enter)
            #expect(s.screen == .support, "\(words)")
            press(&s, .escape); command(&s, "y")
            #expect(s.screen == .checkIn)
            s.notice = nil
            let text = screen(s).text
            #expect(text.contains("999") == act && (s.emergencyReminder != nil) == act, "\(width): \(text)")
            let expected = width == 200 ? "even if you feel fine: call 999." : width == 80 ? "Get medical help now: call 999." : "Call 999 now."
            if act { #expect(text.contains(expected), "\(text)") }
        }
    }
}
