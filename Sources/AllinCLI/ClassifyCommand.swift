import AllinCore
import Foundation

/// `allin classify`: both crisis layers and the affect classifier on a text, explained.
struct ClassifyCommand {
    let cli: CLI

    func run(_ args: Arguments) throws -> Int32 {
        if args.has("--jsonl") {
            if !args.positional.isEmpty {
                throw CLIError.usage(command: "classify", message: "--jsonl reads standard input; give no TEXT")
            }
            let catalog = try cli.loadCatalog(args)
            return try runLines(Classification(catalog: catalog), args)
        }
        // The spec asks for TEXT (without --jsonl); words that are all spaces are no text either.
        let text = args.positional.joined(separator: " ")
        guard !text.allSatisfy(\.isWhitespace) else {
            throw CLIError.usage(command: "classify", message: "TEXT is empty; give the words to read")
        }
        let catalog = try cli.loadCatalog(args)
        let result = Classification(catalog: catalog).json(text)
        if args.has("--json") {
            cli.io.out(result.serialized(pretty: true) + "\n")
        } else {
            cli.io.out(Classification.report(result))
        }
        return 0
    }

    /// From this many input lines on, each thread's own catalog load (about 0.1 s) costs less than
    /// the time it saves.
    static let linesForOwnCatalogs = 20_000

    /// Input lines read and classified together before their answers are written.
    static let linesPerBlock = 4096

    /// One answer per input line, in input order. Lines are read in blocks and each block's texts
    /// are classified on every core (the answers are the same as one by one).
    private func runLines(_ classification: Classification, _ args: Arguments) throws -> Int32 {
        var status: Int32 = 0
        var input = InputSource.standardInput(cli.io).lines(command: "classify")
        // One thread per core. Threads sharing one classifier slow each other down (they update the
        // same reference counts), so long inputs give each thread its own, from its own catalog
        // load (about 0.1 s), once that many lines have come; shorter ones share.
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var workers = Array(repeating: classification, count: cores)
        var ownCatalogs = false
        while true {
            // A block of lines is read and classified together; a line over the limit stops the run
            // after the lines before it are answered.
            var block: [(number: Int, bytes: Data)] = []
            var stop: (any Error)?
            do {
                while block.count < Self.linesPerBlock, let line = try input.next() { block.append((input.number, line)) }
            } catch { stop = error }
            if block.isEmpty, stop == nil { break }
            if !ownCatalogs, cores > 1, input.number >= Self.linesForOwnCatalogs {
                for k in 1..<cores { workers[k] = Classification(catalog: try cli.loadCatalog(args)) }
                ownCatalogs = true
            }
            // Each line: a text to classify, a problem to report, or nothing (a blank line).
            var texts: [String] = []
            var items: [(line: Int, text: Int?, field: String, problem: String)] = []
            for (n, line) in block {
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                do {
                    let value = try CheckInParser.json(line)
                    if case let .string(text)? = value["text"] {
                        items.append((n, texts.count, "text", ""))
                        texts.append(text)
                    } else {
                        items.append((n, nil, "text", value["text"] == nil ? "missing" : "must be a string"))
                    }
                } catch let CLIError.input(field, message) where field != "(input)" {
                    items.append((n, nil, field, message))
                } catch {
                    items.append((n, nil, "text", "the line is not valid JSON"))
                }
            }
            let answers = Batch.map(texts, workers: workers, scratch: CrisisBuffers.init) { classification, buffers, text in
                var bytes: [UInt8] = []
                classification.json(text, reusing: &buffers).appendSerialized(to: &bytes)
                return bytes
            }
            // The block's answers are written with one call, not one per line.
            var out: [UInt8] = []
            for item in items {
                if let t = item.text {
                    out += answers[t]
                    out.append(0x0A)
                    continue
                }
                status = 2
                if !out.isEmpty { cli.io.out(String(decoding: out, as: UTF8.self)); out.removeAll(keepingCapacity: true) }
                cli.io.err("allin classify: line \(item.line): '\(item.field)': \(item.problem)\n")
                JSONValue.object([("line", .int(item.line)), ("error", .object([
                    ("field", .string(item.field)), ("message", .string(item.problem)),
                ]))]).appendSerialized(to: &out)
                out.append(0x0A)
            }
            if !out.isEmpty { cli.io.out(String(decoding: out, as: UTF8.self)) }
            if let stop { throw stop }
        }
        return status
    }
}

/// Runs the detectors and classifier on one text and shapes the answer.
struct Classification: Sendable {
    let detector: CrisisDetector
    let classifier: AffectClassifier
    let lexicon: AffectLexicon
    let vocabulary: Vocabulary

    init(catalog: Catalog) {
        detector = CrisisDetector(lexicon: catalog.crisisLexicon)
        classifier = AffectClassifier(lexicon: catalog.affectLexicon)
        lexicon = catalog.affectLexicon
        vocabulary = catalog.vocabulary
    }

    func json(_ text: String) -> JSONValue {
        var buffers = CrisisBuffers()
        return json(text, reusing: &buffers)
    }

    func json(_ text: String, reusing buffers: inout CrisisBuffers) -> JSONValue {
        let (a, b, help) = detector.layersAndHelp(text, reusing: &buffers)
        let affect = classifier.classifyText(text)
        return .object([
            ("crisisA", .object([
                ("fired", .bool(a.fired)), ("tier", .string(a.tier.label)), ("matched", .string(a.matched)),
                ("rule", .string(a.rule)), ("reason", .string(a.reason)),
            ])),
            ("crisisB", .object([
                ("fired", .bool(b.fired)), ("tier", .string(b.tier.label)),
                ("score", .number(b.shownProbability ?? 0)), ("reason", .string(b.reason)),
                ("matched", .string(b.matched)),
            ])),
            ("helpRequest", .bool(help)),
            ("check", .string(CrisisCheck.verdict(field: "text", text: text, a: a, b: b, askedForHelp: help).name)),
            ("valence", .string(affect.valence.rawValue)),
            ("explanation", .string(affect.explanation)),
            ("affect", .object([
                ("rule", .string(affect.rule)), ("score", .number((affect.score * 100).rounded() / 100)),
                ("words", .array(affect.contributions.map { c in
                    .object([("word", .string(c.word)), ("weight", .number((c.weight * 100).rounded() / 100)),
                             ("note", .string(c.note))])
                })),
            ])),
            ("feeling", FeelingReport.json(lexicon.feeling(of: text), vocabulary: vocabulary)),
        ])
    }

    static func report(_ v: JSONValue) -> String {
        func s(_ path: String, _ key: String) -> String { RouteReport.plain(v[path]?[key] ?? .null) }
        var out = ""
        out += "Crisis layer A: \(s("crisisA", "fired") == "true" ? "FIRED" : "not fired") (\(s("crisisA", "tier")))"
        if !s("crisisA", "matched").isEmpty { out += ", matched \"\(Visible.text(s("crisisA", "matched"), limit: 80))\"" }
        out += "\n  \(Visible.text(s("crisisA", "reason"), limit: 200))\n"
        out += "Crisis layer B: \(s("crisisB", "fired") == "true" ? "FIRED" : "not fired") (\(s("crisisB", "tier")), score \(s("crisisB", "score")))\n"
        out += "  \(Visible.text(s("crisisB", "reason"), limit: 200))\n"
        switch RouteReport.plain(v["check"] ?? .null) {
        case "handoff": out += "The check: a clear statement, so the app opens crisis support.\n"
        case "askSafe": out += "The check: not a clear statement, so the app asks \"Are you safe right now?\" in place.\n"
        case "askedForHelp": out += "The check: this text asks for help, so the app opens crisis support.\n"
        default: out += "The check: nothing found, so the check-in goes on.\n"
        }
        out += "Valence: \(RouteReport.plain(v["valence"] ?? .null))\n"
        out += "  \(Visible.text(RouteReport.plain(v["explanation"] ?? .null), limit: 300))\n"
        out += FeelingReport.plain(v["feeling"] ?? .null)
        if s("crisisA", "fired") == "true" || s("crisisB", "fired") == "true" {
            out += "\nIf this is about you: run 'allin resources' for crisis lines in your region.\n"
        }
        return out
    }
}
