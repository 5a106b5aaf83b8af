import Testing
@testable import AllinCore

/// Layer B's scorer (design notes §3.5) and the help-request check (§3.6).
struct CrisisLayerBTests {
    func b(_ text: String) throws -> CrisisFinding { try crisisDetector().layerB(text) }

    @Test("Scores stay in 0...1 and the bands follow the thresholds", arguments: [
        "had a nice lunch", "i won't be around much longer", "i want to go to sleep and never wake up", "how many pills would it take",
        "", "💀💀💀", "goodbye",
    ])
    func bands(_ text: String) throws {
        let f = try b(text)
        let score = try #require(f.score)
        #expect((0...1).contains(score))
        #expect(f.layer == .b)
        // A concept rule (crisis/concepts.json) may decide the tier; the weighted score is kept beside it.
        if f.tier != .none && f.rule != "B.score" {
            #expect(f.rule.hasPrefix("B.") && !f.reason.isEmpty && !f.matched.isEmpty)
            return
        }
        switch f.tier {
        case .none: #expect(score < 0.25)
        case .concern: #expect(score >= 0.25 && score < 0.5)
        case .crisis, .immediate: #expect(score >= 0.5)
        }
        if f.tier == .none { #expect(f.rule.isEmpty && f.matched.isEmpty) } else { #expect(f.rule == "B.score") }
    }

    @Test("Euphemism, passive ideation and preparation reach the crisis band", arguments: [
        "i'm going to take a permanent nap", "it's time for me to go, i've made my peace", "i'm ready to see grandpa again, i miss him so much",
        "soon i won't be a burden to anyone anymore", "i've got it all planned out, tonight is the night",
    ])
    func crisisBand(_ text: String) throws {
        let f = try b(text)
        #expect(f.fired, "\(text) → \(f.tier.label) \(f.score ?? -1) \(f.reason)")
    }

    @Test("Everyday context keeps the score low", arguments: [
        "i'm leaving forever, new job in london!", "goodbye twitter, i'm taking a break", "going to bed early tonight, need rest",
        "i'm ready to go on holiday", "the last train home was packed",
    ])
    func ordinaryLow(_ text: String) throws {
        #expect(!(try b(text).fired))
    }

    @Test("A plan or means with a time marker is immediate")
    func immediate() throws {
        let f = try b("i've planned it, i have the pills and tonight is the night, goodbye")
        #expect(f.tier == .immediate, "\(f.score ?? -1) \(f.reason)")
    }

    @Test("The reason names the features and stays one sentence")
    func reasonText() throws {
        let f = try b("i won't be around much longer")
        #expect(f.reason.hasPrefix("Layer B scored "))
        #expect(f.reason.hasSuffix("."))
        #expect(f.matched.count <= 80)
    }

    @Test("layers(_:) equals layerA and layerB called separately", arguments: [
        "i want to die", "had a nice lunch", "i won't be around much longer", "my friend wants to kill herself", "k1ll mys3lf",
    ])
    func combined(_ text: String) throws {
        let d = try crisisDetector()
        let both = d.layers(text)
        #expect(both.a == d.layerA(text))
        #expect(both.b == d.layerB(text))
    }

    // MARK: Help requests

    @Test("A plea for help opens support directly", arguments: [
        "help", "HELP!!!", "sos", "not safe", "emergency", "help me", "i need help", "I need help.", "please help me", "i'm not safe",
        "i don't feel safe", "someone help", "i am in danger", "help me please i cant do this", "it's an emergency",
        "help, this is an emergency", "somebody help me now", "someone please help me i cant breathe",
        "SOS!!!", "sos please", "sos i need help", "please sos", "everything broke. sos", "not safe right now",
        "i am not safe at home", "im scared and not safe", "not safe with myself", "call 911", "someone call an ambulance",
        "please call the police", "mayday", "my kid is not safe at home",
        "oh god help me", "can you help me", "can anyone help me", "is there anyone who can help me", "call for help",
        "i need you to help me", "im scared someone help me",
    ])
    func helpRequests(_ text: String) throws {
        #expect(try crisisDetector().isHelpRequest(text), "\(text)")
    }

    @Test("Ordinary uses of 'help' are not pleas", arguments: [
        "music helps me relax", "i need help with my homework", "can this help me sleep better", "it's not an emergency, just a cold",
        "my friend helped me move", "helpful session today", "", "safe trip home",
        "leave it till it's an emergency", "can someone help me move a sofa on saturday",
        // The words inside an everyday sentence about something else.
        "the sos button on my phone broke", "my phone has an sos mode", "i pressed sos", "the ladder is not safe",
        "the roads are not safe right now", "i had to call the police about the noise",
        "we had to call an ambulance for grandad", "the mayday parade was fun",
        // Found in training check-ins and an outside walk: help told of, not asked for.
        "he'll help me", "mum said she would help me", "dad never let anyone help, proud man",
        "is there anyone who can help me with maths", "she won't let anyone help her",
    ])
    func notHelpRequests(_ text: String) throws {
        #expect(!(try crisisDetector().isHelpRequest(text)), "\(text)")
    }
}
