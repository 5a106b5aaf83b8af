import AllinCLI
import AllinCore
import AllinRuntime
import AllinStore
import AllinUI
import Foundation

/// `allin-dev bench --journal`: insert rate and query times on a journal of 10,000 check-ins, in a
/// temporary directory (the person's own journal is never touched).
struct JournalBench {
    let cli: CLI

    func run(quick: Bool, catalog: Catalog) async throws -> Int32 {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-bench-\(getpid())-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/journal.sqlite3"
        let rows = quick ? 1_000 : 10_000
        let durableRows = quick ? 50 : 300
        let clock = ContinuousClock()
        var generator = BenchData(seed: 0xD1A7)
        let router = Router(catalog: catalog)
        var routed: [(CheckIn, Recommendation)] = []
        for _ in 0..<200 {
            var c = generator.checkIn(vocabulary: catalog.vocabulary)
            c.kinder = generator.pick(["I am doing my best", "one step at a time", "this feeling will pass", "I can ask for help"])
            routed.append((c, await router.route(c)))
        }
        let zone = TimeZone(identifier: "Europe/London")!
        let start = Date(timeIntervalSince1970: 1_700_000_000)

        cli.io.out("allin-dev bench --journal: SQLite \(Database.libraryVersion), WAL, \(rows) check-ins in \(dir)\n\n")
        func fill(_ store: JournalStore, from: Int, count: Int) throws -> Duration {
            let t0 = clock.now
            for n in from..<(from + count) {
                let (c, r) = routed[n % routed.count]
                let at = start.addingTimeInterval(Double(n) * 3_600 * 5)
                let id = try store.begin(c, recommendation: r, moodBefore: n % 10 + 1, at: at, timeZone: zone)
                try store.complete(id, moodAfter: (n * 7) % 10 + 1, note: n % 3 == 0 ? "walked by the river \(n), felt calmer" : nil,
                                   at: at.addingTimeInterval(900))
            }
            return clock.now - t0
        }
        var results = TextTable(header: ["measure", "result"])
        do {
            let durable = try JournalStore.open(path: path)
            let d = try fill(durable, from: 0, count: durableRows)
            results.rows.append(["check-ins stored, synchronous=FULL (begin + complete, 2 commits each)",
                                 "\(Self.rate(durableRows, d)) /s (\(Self.ms(d / durableRows)) each)"])
        }
        var options = JournalStore.Options()
        options.durable = false
        let fast = try JournalStore.open(path: path, options: options)
        let f = try fill(fast, from: durableRows, count: rows - durableRows)
        results.rows.append(["check-ins stored, synchronous=OFF (filling only)", "\(Self.rate(rows - durableRows, f)) /s"])

        let store = try JournalStore.open(path: path)
        let now = start.addingTimeInterval(Double(rows) * 3_600 * 5)
        func time<T>(_ name: String, repeats: Int = 5, _ body: () throws -> T) rethrows {
            var best = Duration.seconds(1_000)
            var size = ""
            for _ in 0..<repeats {
                let t0 = clock.now
                let result = try body()
                best = min(best, clock.now - t0)
                if let list = result as? [Any] { size = " (\(list.count) rows)" }
            }
            results.rows.append([name + size, Self.ms(best)])
        }
        let opened = clock.now
        _ = try JournalStore.open(path: path)
        results.rows.append(["open + quick_check + migrate check", Self.ms(clock.now - opened)])
        try time("list newest 30") { try store.entries(JournalQuery(limit: 30)) }
        try time("list last 30 days") { try store.entries(JournalQuery(since: LocalDay(now, in: zone).adding(days: -29))) }
        try time("list all") { try store.entries(JournalQuery()) }
        try time("search \"river calm\"") { try store.entries(JournalQuery(search: "river calm", limit: 30)) }
        try time("detail of one entry") { [try store.entry(Int64(rows / 2))].compactMap { $0 } }
        try time("points for the summary") { try store.points() }
        try time("summary (streak, 7/30 days, 30-day trend, 12-week heatmap, top sessions)") {
            try store.summary(now: now, timeZone: zone)
        }
        try time("export JSON", repeats: 2) {
            JournalExport.json(try store.entries(JournalQuery(newestFirst: false)), consents: try store.consents(),
                               schema: JournalSchema.latestVersion, path: path, now: now).utf8.count
        }
        try screen(path: path, now: now, zone: zone, catalog: catalog, into: &results)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        results.rows.append(["database file", WhereCommand.kilobytes(bytes)])
        results.rows.append(["integrity_check", try store.integrityCheck().joined(separator: "; ")])
        results.maxCell = 90
        cli.io.out(results.render())
        return 0
    }

    /// The journal screen of the full-screen front at 80x24, through the same reader the runtime uses:
    /// opening it cold (the file opened and checked, the summary, the newest check-ins, the first
    /// frame), opening it again, a search, the next page, and a keypress in the list.
    private func screen(path: String, now: Date, zone: TimeZone, catalog: Catalog, into results: inout TextTable) throws {
        let clock = ContinuousClock()
        let size = Size(width: 80, height: 24)
        let context = AppContext(catalog: catalog, environment: ["LANG": "en_GB.UTF-8"])
        func opened(_ reader: JournalReader) -> AppState {
            var state = AppState(context: context, size: size)
            var effects = App.update(&state, .keyPressed(.char("J")))
            while let effect = effects.first {
                effects.removeFirst()
                if let msg = reader.answer(effect) { effects += App.update(&state, msg) }
            }
            _ = App.view(state, size: size)
            return state
        }
        let t0 = clock.now
        let cold = JournalReader(try JournalStore.open(path: path), now: now, timeZone: zone)
        var state = opened(cold)
        results.rows.append(["journal screen at 80x24, first open (open + check + summary + newest \(JournalState.pageSize) + frame)",
                             Self.ms(clock.now - t0)])
        var best = Duration.seconds(1_000)
        for _ in 0..<5 {
            let t1 = clock.now
            state = opened(cold)
            best = min(best, clock.now - t1)
        }
        results.rows.append(["journal screen, opened again (journal already open)", Self.ms(best)])
        _ = App.update(&state, .keyPressed(.tab))
        func timed(_ keys: [Key]) -> Duration {
            let t1 = clock.now
            for key in keys {
                var effects = App.update(&state, .keyPressed(key))
                while let effect = effects.first {
                    effects.removeFirst()
                    if let msg = cold.answer(effect) { effects += App.update(&state, msg) }
                }
                _ = App.view(state, size: size)
            }
            return clock.now - t1
        }
        var moves: [Duration] = []
        for key in [Key](repeating: .down, count: 150) { moves.append(timed([key])) }
        moves.sort()
        results.rows.append(["journal screen, ↓ in the list (update + frame), p50 / p99",
                             "\(Self.ms(moves[moves.count / 2])) / \(Self.ms(moves[moves.count * 99 / 100]))"])
        let page = timed([.end])
        results.rows.append(["journal screen, End: next page (\(state.journal?.listed.count ?? 0) loaded) + frame", Self.ms(page)])
        let search = timed([.char("/")] + "river calm".map { Key.char($0) } + [.enter])
        results.rows.append(["journal screen, search \"river calm\" typed + run + drawn (\(state.journal?.listed.count ?? 0) found)",
                             Self.ms(search)])
    }

    static func ms(_ d: Duration) -> String {
        let seconds = Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
        return String(format: "%.2f ms", seconds * 1000)
    }

    static func rate(_ n: Int, _ d: Duration) -> String {
        let seconds = Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
        return String(format: "%.0f", Double(n) / max(seconds, 1e-9))
    }
}
