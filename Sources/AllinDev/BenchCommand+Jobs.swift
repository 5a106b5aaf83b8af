import AllinCLI
import AllinCore
import AllinUI
import Foundation

/// The benchmark's three jobs, each printing its own table.
extension BenchCommand {
    /// Route latency per check-in on the real catalog and on generated ones of 1,000 to 100,000 sessions.
    func routeBench(_ catalog: Catalog, checkIns: [CheckIn], generator: inout BenchData, quick: Bool) async {
        let clock = ContinuousClock()
        var table = TextTable(header: ["catalog", "sessions", "index build", "routes", "p50", "p99", "max"])
        let sizes: [(String, Int?)] = [("real", nil), ("generated", 1_000), ("generated", 10_000), ("generated", 100_000)]
        for (name, size) in sizes {
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
        cli.io.out("Route latency per check-in (targets: p99 < 100 µs real, < 2 ms at 100,000):\n")
        cli.io.out(table.render() + "\n")

    }

    /// Detector and affect throughput on generated corpora, on one thread and on every core.
    func detectorBench(_ catalog: Catalog, args: Arguments, generator: inout BenchData, quick: Bool, runs: Int) throws {
        let clock = ContinuousClock()
        let detector = CrisisDetector(lexicon: catalog.crisisLexicon)
        let classifier = AffectClassifier(lexicon: catalog.affectLexicon)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // One detector per thread, each from its own catalog load (see Batch.map(_:workers:_:)).
        var workers = [detector]
        for _ in 1..<max(1, cores) { workers.append(CrisisDetector(lexicon: try cli.loadCatalog(args).crisisLexicon)) }
        var t = TextTable(header: ["corpus", "lines", "MB", "layer A", "layer B", "A + B", "A + B, \(cores) threads", "affect"])
        for unicode in [false, true] {
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
            var buffers = CrisisBuffers()
            let both = throughput { let r = detector.layers($0, reusing: &buffers); return r.a.fired || r.b.fired }
            let parallel = megabytesPerSecond {
                fired += CrisisDetector.layers(lines, workers: workers).reduce(0) { $0 + ($1.a.fired || $1.b.fired ? 1 : 0) }
            }
            let affect = throughput { classifier.classifyText($0).valence == .unpleasant }
            t.rows.append([unicode ? "with Unicode (1 line in 5)" : "everyday ASCII", "\(lines.count)",
                           String(format: "%.1f", Double(bytes) / 1e6), a, b, both, parallel, affect])
        }
        cli.io.out("Detector throughput in MB/s, best of \(runs) run\(runs == 1 ? "" : "s") (target > 20 MB/s; the columns before \"threads\" run on one thread):\n")
        cli.io.out(t.render() + "\n")
    }

    /// Keypress to frame on the in-memory terminal at 80x24 and 200x60.
    func frameBench(_ catalog: Catalog, quick: Bool) async {
        var frames = TextTable(header: ["screen", "frames", "p50", "p99", "max", "full redraw"])
        for size in [Size(width: 80, height: 24), Size(width: 200, height: 60)] {
            let bench = FrameBench(catalog: catalog, size: size)
            _ = await bench.run(passes: 3)   // warm up
            let result = await bench.run(passes: quick ? 5 : 120)
            let sorted = result.samples.sorted()
            func us(_ ns: Double) -> String { String(format: "%.1f µs", ns / 1000) }
            frames.rows.append(["\(size.width)x\(size.height)", "\(result.frames)", us(sorted[sorted.count / 2]),
                                us(sorted[sorted.count * 99 / 100]), us(sorted.last!), us(result.fullRedraw)])
        }
        cli.io.out("Keypress to frame (update + view + diff, in-memory terminal; target p99 < 2 ms at 200x60):\n")
        cli.io.out(frames.render() + "\n")
    }
}
