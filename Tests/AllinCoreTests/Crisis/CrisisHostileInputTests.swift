import Testing
@testable import AllinCore

/// Hostile input never crashes, never echoes control characters and stays bounded.
struct CrisisHostileInputTests {
    static let hostile: [String] = [
        "",
        " ",
        "\u{0}\u{1}\u{2}\u{7}\u{8}",
        "\u{1B}[31mi want to die\u{1B}[0m",
        "\u{1B}]0;title\u{7}kill myself",
        "i want\r\nto die\t\u{B}\u{C}",
        "\u{301}\u{301}\u{301}",
        "\u{301}i want to die",
        "😀😃😄😁😆😅😂🤣",
        "💀",
        "🏳️‍🌈👨‍👩‍👧‍👦🧑🏽‍💻",
        "\u{202E}eid ot tnaw i\u{202C}",
        "\u{FEFF}\u{200D}\u{2060}\u{FE0F}",
        "a\u{0}b\u{0}c kill\u{0}myself",
        String(repeating: "'", count: 500),
        String(repeating: "...", count: 500),
        String(repeating: "1", count: 5000),
        String(repeating: "k1ll ", count: 2000),
        String(repeating: "a b ", count: 2000),
        "\u{D7FF}\u{E000}\u{FFFD}\u{10FFFF}",
        "i̇̇̇̇̇̇̇̇ want to die",
    ]

    @Test("Hostile strings never crash and never return control characters", arguments: hostile)
    func survivesHostileInput(_ text: String) throws {
        let d = try crisisDetector()
        let a = d.layerA(text)
        let b = d.layerB(text)
        _ = d.isHelpRequest(text)
        for f in [a, b] {
            #expect(!hasControlCharacters(f.matched))
            #expect(!hasControlCharacters(f.reason))
            #expect(!hasControlCharacters(f.rule))
            #expect(f.matched.count <= 80)
            if let s = f.score { #expect((0...1).contains(s)) }
        }
    }

    /// Text is stored as typed, joiners and direction marks included, so the check reads them as
    /// they were written: an invisible character inside a word or standing for a space hides nothing.
    @Test("Invisible characters, inside a word or between two, do not hide a statement", arguments: [
        "i want to\u{200E}kill myself", "i want to kill\u{200F}myself", "nobody\u{2068}would miss me, theyd just miss the free childcare",
        "i am killing myself\u{200D}today", "i want to k\u{200D}ill myself", "i want to ki\u{202E}ll myself\u{202C}",
        "i want to\u{200B}die", "i want to d\u{2060}ie \u{200F}", "i want to kill myself 👩\u{200D}💻",
    ])
    func invisibleCharactersDoNotHide(_ text: String) throws {
        let check = CrisisCheck(detector: try crisisDetector())
        let verdict = check.check(field: "text", text: text).verdict
        guard case .handoff = verdict else {
            Issue.record("\(text.unicodeScalars.map { $0.value < 0x80 ? String($0) : "<\(String($0.value, radix: 16))>" }.joined()): \(verdict)")
            return
        }
    }

    @Test("Control and escape sequences do not hide a statement")
    func controlCharactersDoNotHide() throws {
        let d = try crisisDetector()
        #expect(d.layerA("\u{1B}[31mi want to die\u{1B}[0m").fired)
        #expect(d.layerA("\u{301}i want to die").fired)
        #expect(d.layerA("i\u{0} want to\u{7} die").fired)
    }

    @Test("A 100 KB line is scanned to the end")
    func longLine() throws {
        let d = try crisisDetector()
        let filler = String(repeating: "had a long day at work and the meeting ran over again ", count: 1900)
        #expect(filler.utf8.count > 100_000)
        #expect(d.layerA(filler).tier < .crisis)
        let withTail = filler + " i want to kill myself"
        let f = d.layerA(withTail)
        #expect(f.fired)
        #expect(f.matched.count <= 80)
        #expect(!(d.layerB(filler).fired))
    }

    @Test("A 100 KB line of triggers and one unbroken 100 KB word stay bounded")
    func longTriggerLine() throws {
        let d = try crisisDetector()
        let triggers = String(repeating: "i want to kill myself tonight ", count: 3500)
        #expect(d.layerA(triggers).tier == .immediate)
        let word = String(repeating: "x", count: 100_000)
        #expect(d.layerA(word).tier == .none)
        let spaced = String(repeating: "e n d m y l i f e ", count: 5000)
        #expect(d.layerA(spaced).fired)
    }
}
