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
        // audio (rendering with each voice) takes minutes, so it runs only when asked for.
        let parts = ["route", "detect", "frames", "startup", "audio"]
        var only = Set(parts.dropLast())
        if let value = args["--only"] {
            let asked = value.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
            guard !asked.isEmpty, asked.allSatisfy(parts.contains) else {
                throw CLIError.usage(command: "bench", message:
                    "--only: expected one or more of route, detect, frames, startup, audio (comma-separated), got '\(Visible.text(value, limit: 40))'")
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
        if only.contains("route") { await routeBench(catalog, checkIns: checkIns, generator: &generator, quick: quick) }
        if only.contains("detect") { try detectorBench(catalog, args: args, generator: &generator, quick: quick, runs: runs) }
        if only.contains("frames") { await frameBench(catalog, quick: quick) }
        if only.contains("startup") {
            let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
                .deletingLastPathComponent().appendingPathComponent("allin").path
            StartupBench(binary: beside, runs: quick ? 5 : 15).report { cli.io.out($0) }
        }
        if only.contains("audio") { try audioBench(catalog, args: args) }
        cli.io.out("Peak memory (VmHWM): \(PeakMemory.kilobytes().map { "\($0) kB" } ?? "unknown")\n")
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

}
