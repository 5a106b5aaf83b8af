import AllinCore
import Foundation

/// Deterministic generated data for the benchmark: catalogs, check-ins and a text corpus.
struct BenchData {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { random.next() }

    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
    mutating func pick<T>(_ list: [T]) -> T { list[int(list.count)] }

    static let sentences = [
        "my manager moved the deadline again and I have three reports due",
        "had an argument with my partner about money last night",
        "I can't sleep, my mind keeps racing about tomorrow",
        "presentation at work on friday and I keep rehearsing it",
        "feeling left out because my friends made plans without me",
        "the exam results come out next week",
        "I keep comparing myself to people online",
        "my mum is in hospital and I am worried",
        "I have to decide whether to take the new job offer",
        "nothing in particular, just a heavy day",
        "I finished the project and feel proud of myself",
        "I want to speak up in meetings but I freeze",
        "I need to set a boundary with my flatmate",
        "too many things on my list and I don't know where to start",
        "the news has been making me anxious all week",
        "woke up at 4am and couldn't get back to sleep",
        "great walk by the sea this morning, I feel calm",
        "I keep procrastinating on my thesis",
        "my dog is ill and the vet bill is huge",
        "job interview tomorrow and my hands are shaking",
    ]

    mutating func checkIn(vocabulary v: Vocabulary) -> CheckIn {
        var c = CheckIn()
        if int(5) == 0 { c.customEmotion = pick(["meh", "wired", "heavy", "fine I guess", "restless"]) } else {
            c.emotion = pick(v.emotions).id
        }
        c.situation = pick(v.situations).id
        c.triggerText = int(8) == 0 ? "" : pick(BenchData.sentences)
        c.intensity = 1 + int(10)
        c.body = [pick(v.body).id]
        c.intent = pick(v.intents).id
        c.claritySubTap = pick(v.claritySubTaps).id
        c.confidenceSubTap = pick(v.confidenceSubTaps).id
        c.embodyNew = int(3) == 0 ? "I walk in calmly and say what I think" : nil
        c.consent = int(4) != 0
        c.belief = pick(v.beliefs).id
        c.pattern = int(3) == 0 ? "I say yes to everything" : nil
        return c
    }

    /// The real catalog with its sessions replaced by `count` generated ones (defaults: one per lane).
    mutating func catalog(basedOn base: Catalog, sessions count: Int) -> Catalog {
        var words: [String] = []
        for s in base.sessions { words += Tokens.words(s.description) + s.tags }
        words = Array(Set(words)).sorted()
        let v = base.vocabulary
        var sessions: [Session] = []
        sessions.reserveCapacity(count)
        for i in 0..<count {
            let lane = Lane.allCases[i % 4]
            let laneNeeds = v.needs.filter { $0.lane == lane }.map(\.id)
            let title = (0..<3).map { _ in pick(words) }.joined(separator: " ")
            let description = (0..<(20 + int(30))).map { _ in pick(words) }.joined(separator: " ")
            let tags = (0..<4).map { _ in pick(words) }
            let families = lane == .soothe || int(2) == 0 ? [pick(v.families).id, pick(v.families).id] : []
            let needs = laneNeeds.isEmpty ? [] : [pick(laneNeeds)]
            sessions.append(Session(slug: "gen_\(i)", title: title, lane: lane, description: description, tags: tags,
                                    families: families, needs: needs, cluster: lane == .unblock ? pick(v.clusters).id : nil,
                                    durationSeconds: 180 + 60 * int(16), situational: int(5) == 0))
        }
        var defaults: [Lane: String] = [:]
        for lane in Lane.allCases { defaults[lane] = sessions.first { $0.lane == lane }?.slug }
        return Catalog(vocabulary: v, sessions: sessions, laneDefaults: defaults, routing: base.routing,
                       helplines: base.helplines, crisisLexicon: base.crisisLexicon, affectLexicon: base.affectLexicon)
    }

    /// Diary-like lines: ordinary sentences, idioms, an occasional crisis phrase; with `unicode`, one
    /// line in five also carries accents, dashes, quotes or emoji.
    mutating func corpus(bytes: Int, unicode: Bool) -> [String] {
        let extras = ["so tired honestly", "the cafe was closed, typical", "busy week", "this deadline is killing me",
                      "I don't want to be here anymore", "lol my phone died", "naive plan but it worked"]
        let unicodeExtras = ["so tired 😩 honestly", "café was closed — typical", "«busy» week", "naïve plan but it worked"]
        var lines: [String] = []
        var total = 0
        while total < bytes {
            var line = pick(BenchData.sentences)
            if unicode && int(5) == 0 { line += ", " + pick(unicodeExtras) } else if int(3) == 0 { line += ", " + pick(extras) }
            if int(4) == 0 { line += " and " + pick(BenchData.sentences) }
            total += line.utf8.count + 1
            lines.append(line)
        }
        return lines
    }
}
