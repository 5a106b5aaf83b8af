import AllinCLI
import AllinCore
import AllinUI
import Foundation

/// `allin-dev bench`: route latency on the real and generated catalogs, and detector throughput.
struct BenchCommand {
    let cli: CLI

    func run(_ args: Arguments) async throws -> Int32 {
        let quick = args.has("--quick")
        var runs = quick ? 1 : 3
        if let value = args["--runs"] {
            guard let n = Int(value), (1...100).contains(n) else {
                throw CLIError.usage(command: "bench", message:
                    "--runs: expected a whole number from 1 to 100, got '\(Visible.text(value, limit: 40))'")
            }
            runs = n
        }
        let parts = ["route", "detect", "frames"]
        var only = Set(parts)
        if let value = args["--only"] {
            let asked = value.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
            guard !asked.isEmpty, asked.allSatisfy(parts.contains) else {
                throw CLIError.usage(command: "bench", message:
                    "--only: expected one or more of route, detect, frames (comma-separated), got '\(Visible.text(value, limit: 40))'")
            }
            only = Set(asked)
        }
        let clock = ContinuousClock()
        let loadStart = clock.now
        let catalog = try cli.loadCatalog(args)
        let loadTime = clock.now - loadStart
        if args.has("--journal") { return try await JournalBench(cli: cli).run(quick: quick, catalog: catalog) }
        #if DEBUG
        cli.io.out("note: this is a debug build; run 'swift run -c release allin-dev bench' for real figures\n")
        #endif
        cli.io.out("allin-dev bench — \(ProcessInfo.processInfo.activeProcessorCount) cores; catalog loaded in \(Self.ms(loadTime))\n\n")
        var generator = BenchData(seed: 0x5EED)
        let checkIns = (0..<500).map { _ in generator.checkIn(vocabulary: catalog.vocabulary) }

        var table = TextTable(header: ["catalog", "sessions", "index build", "routes", "p50", "p99", "max"])
        let sizes: [(String, Int?)] = [("real", nil), ("generated", 1_000), ("generated", 10_000), ("generated", 100_000)]
        for (name, size) in sizes where only.contains("route") {
            var cat = catalog
            if let size { cat = generator.catalog(basedOn: catalog, sessions: size) }
            let buildStart = clock.now
            let router = Router(catalog: cat)
            let build = clock.now - buildStart
            let iterations = quick ? 300 : (size == nil ? 20_000 : size! >= 100_000 ? 2_000 : 5_000)
            for c in checkIns.prefix(50) { _ = await router.route(c) }   // warm up
            var samples: [Duration] = []
            samples.reserveCapacity(iterations)
            for i in 0..<iterations {
                let c = checkIns[i % checkIns.count]
                let t0 = clock.now
                let r = await router.route(c)
                samples.append(clock.now - t0)
                if r.trace.isEmpty { cli.io.err("empty trace\n") }
            }
            samples.sort()
            table.rows.append([name, "\(cat.sessions.count)", Self.ms(build), "\(iterations)",
                               Self.us(samples[samples.count / 2]), Self.us(samples[samples.count * 99 / 100]),
                               Self.us(samples.last!)])
        }
        if only.contains("route") {
            cli.io.out("Route latency per check-in (targets: p99 < 100 µs real, < 2 ms at 100,000):\n")
            cli.io.out(table.render() + "\n")
        }

        let detector = CrisisDetector(lexicon: catalog.crisisLexicon)
        let classifier = AffectClassifier(lexicon: catalog.affectLexicon)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // One detector per thread, each from its own catalog load (see Batch.map(_:workers:_:)).
        var workers = [detector]
        if only.contains("detect") {
            for _ in 1..<max(1, cores) { workers.append(CrisisDetector(lexicon: try cli.loadCatalog(args).crisisLexicon)) }
        }
        var t = TextTable(header: ["corpus", "lines", "MB", "layer A", "layer B", "A + B", "A + B, \(cores) threads", "affect"])
        for unicode in [false, true] where only.contains("detect") {
            let lines = generator.corpus(bytes: quick ? 200_000 : 4_000_000, unicode: unicode)
            let bytes = lines.reduce(0) { $0 + $1.utf8.count + 1 }
            var fired = 0
            /// MB/s of the corpus for `work`, which reads every line once: the best of `runs` runs,
            /// as other work on a shared machine only ever slows a run down.
            func megabytesPerSecond(_ work: () -> Void) -> String {
                var best = Double.infinity
                for _ in 0..<runs {
                    let t0 = clock.now
                    work()
                    let c = (clock.now - t0).components
                    best = min(best, Double(c.seconds) + Double(c.attoseconds) / 1e18)
                }
                return String(format: "%.1f", Double(bytes) / 1_000_000 / max(best, 1e-9))
            }
            func throughput(_ body: (String) -> Bool) -> String {
                megabytesPerSecond { for line in lines where body(line) { fired += 1 } }
            }
            let a = throughput { detector.layerA($0).fired }
            let b = throughput { detector.layerB($0).fired }
            let both = throughput { let r = detector.layers($0); return r.a.fired || r.b.fired }
            let parallel = megabytesPerSecond {
                fired += CrisisDetector.layers(lines, workers: workers).reduce(0) { $0 + ($1.a.fired || $1.b.fired ? 1 : 0) }
            }
            let affect = throughput { classifier.classifyText($0).valence == .unpleasant }
            t.rows.append([unicode ? "with Unicode (1 line in 5)" : "everyday ASCII", "\(lines.count)",
                           String(format: "%.1f", Double(bytes) / 1e6), a, b, both, parallel, affect])
        }
        if only.contains("detect") {
            cli.io.out("Detector throughput in MB/s, best of \(runs) run\(runs == 1 ? "" : "s") (target > 20 MB/s; the columns before \"threads\" run on one thread):\n")
            cli.io.out(t.render() + "\n")
        }
        var frames = TextTable(header: ["screen", "frames", "p50", "p99", "max", "full redraw"])
        for size in [Size(width: 80, height: 24), Size(width: 200, height: 60)] where only.contains("frames") {
            let bench = FrameBench(catalog: catalog, size: size)
            _ = await bench.run(passes: 3)   // warm up
            let result = await bench.run(passes: quick ? 5 : 120)
            let sorted = result.samples.sorted()
            func us(_ ns: Double) -> String { String(format: "%.1f µs", ns / 1000) }
            frames.rows.append(["\(size.width)x\(size.height)", "\(result.frames)", us(sorted[sorted.count / 2]),
                                us(sorted[sorted.count * 99 / 100]), us(sorted.last!), us(result.fullRedraw)])
        }
        if only.contains("frames") {
            cli.io.out("Keypress to frame (update + view + diff, in-memory terminal; target p99 < 2 ms at 200x60):\n")
            cli.io.out(frames.render() + "\n")
        }
        cli.io.out("Peak memory (VmHWM): \(Self.peakMemory())\n")
        return 0
    }

    static func us(_ d: Duration) -> String {
        let c = d.components
        return String(format: "%.1f µs", Double(c.seconds) * 1e6 + Double(c.attoseconds) / 1e12)
    }

    static func ms(_ d: Duration) -> String {
        let c = d.components
        return String(format: "%.1f ms", Double(c.seconds) * 1e3 + Double(c.attoseconds) / 1e15)
    }

    static func peakMemory() -> String {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return "unknown" }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return line.map { $0.dropFirst(6).trimmingCharacters(in: .whitespaces) } ?? "unknown"
    }
}

/// Deterministic generated data for the benchmark: catalogs, check-ins and a text corpus.
struct BenchData {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// SplitMix64: small, fast and reproducible.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

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
