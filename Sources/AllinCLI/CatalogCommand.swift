import AllinAudio
import AllinCore
import AllinUI
import Foundation

/// `allin catalog`: a summary, the whole catalog as JSON, or a validation run.
struct CatalogCommand {
    let cli: CLI

    func run(_ args: Arguments) throws -> Int32 {
        if args.has("--json"), args.has("--check") {
            throw CLIError.usage(command: "catalog", message: "choose one of --json and --check")
        }
        if args.has("--check") {
            let catalog: Catalog, scenarios: [DemoScenario], voices: VoiceCatalog
            do {
                catalog = try cli.loadCatalog(args)
                // The demo's scripted check-ins live in the catalog too, and need its vocabulary.
                let dir = try CatalogLocator.directory(option: args["--catalog"], environment: cli.environment)
                scenarios = try DemoScenarios.load(catalogDirectory: dir, vocabulary: catalog.vocabulary)
                // The session scripts, checked as 'allin audio check' checks them.
                let scripts = AudioLibrary.scriptIssues(catalogDirectory: dir, sessions: catalog.sessions)
                if !scripts.isEmpty { throw CLIError.catalog(scripts.map(\.description)) }
                voices = try VoiceCommand.catalog(args, environment: cli.environment)
            } catch let CLIError.catalog(problems) {
                cli.io.err("catalog check failed: \(problems.count) problem\(problems.count == 1 ? "" : "s")\n")
                for p in problems { cli.io.err("  - \(Visible.text(p))\n") }
                return 1
            }
            cli.io.out("catalog OK: \(catalog.vocabulary.emotions.count) emotions, \(catalog.sessions.count) sessions, "
                       + "\(catalog.helplines.regions.count) helpline regions, \(catalog.affectLexicon.count) lexicon words, "
                       + "\(scenarios.count) demo check-ins, \(voices.voices.count) voices\n")
            return 0
        }
        // Showing the catalog reads only its listing: the detectors are built by `--check` and by
        // the commands that read a person's words.
        let catalog = try cli.loadListing(args)
        if args.has("--json") {
            cli.io.out(CatalogCommand.json(catalog).serialized(pretty: true) + "\n")
            return 0
        }
        cli.io.out(summary(catalog))
        return 0
    }

    static func json(_ c: CatalogListing) -> JSONValue {
        let v = c.vocabulary
        func chips(_ list: [Chip]) -> JSONValue {
            .array(list.map { .object([("id", .string($0.id)), ("label", .string($0.label))]) })
        }
        func taps(_ list: [SubTap]) -> JSONValue {
            .array(list.map { .object([("id", .string($0.id)), ("label", .string($0.label)), ("need", .string($0.need))]) })
        }
        return .object([
            ("emotions", .array(v.emotions.map { e in
                .object([("id", .string(e.id)), ("label", .string(e.label)), ("family", .string(e.family)),
                         ("valence", .string(e.valence.rawValue)), ("energy", .string(e.energy.rawValue))])
            })),
            ("families", .array(v.families.map { f in
                .object([("id", .string(f.id)), ("label", .string(f.label)), ("valence", .string(f.valence.rawValue))])
            })),
            ("situations", chips(v.situations)),
            ("body", chips(v.body)),
            ("intents", .array(v.intents.map { i in
                .object([("id", .string(i.id)), ("label", .string(i.label)), ("lane", .string(i.lane.rawValue))])
            })),
            ("needs", .array(v.needs.map { n in
                .object([("id", .string(n.id)), ("label", .string(n.label)), ("lane", .string(n.lane.rawValue))])
            })),
            ("claritySubTaps", taps(v.claritySubTaps)),
            ("confidenceSubTaps", taps(v.confidenceSubTaps)),
            ("beliefs", chips(v.beliefs)),
            ("patternChips", chips(v.patternChips)),
            ("originChips", chips(v.originChips)),
            ("kinderChips", chips(v.kinderChips)),
            ("sessions", .array(c.sessions.map { s in
                .object([
                    ("slug", .string(s.slug)), ("title", .string(s.title)), ("lane", .string(s.lane.rawValue)),
                    ("description", .string(s.description)), ("tags", .array(s.tags.map(JSONValue.string))),
                    ("families", .array(s.families.map(JSONValue.string))), ("needs", .array(s.needs.map(JSONValue.string))),
                    ("cluster", .optional(s.cluster)), ("durationSeconds", .int(s.durationSeconds)),
                    ("situational", .bool(s.situational)),
                ])
            })),
            ("laneDefaults", .object(Lane.allCases.map { ($0.rawValue, .optional(c.laneDefaults[$0])) })),
            ("helplineRegions", .array(c.helplines.regions.map { .string($0.code) })),
            ("lifeAreas", .array(c.plan.lifeAreas.map { a in
                .object([("id", .string(a.id)), ("label", .string(a.label)), ("clusters", .array(a.clusters.map(JSONValue.string)))])
            })),
            ("planQuestions", .array(c.plan.questions.map { q in
                .object([("id", .string(q.id)), ("prompt", .string(q.prompt)), ("helper", .string(q.helper))])
            })),
        ])
    }

    private func summary(_ c: CatalogListing) -> String {
        let v = c.vocabulary
        var out = "Catalog: \(v.emotions.count) emotion words in \(v.families.count) families, \(c.sessions.count) sessions, "
            + "\(c.helplines.regions.count) helpline regions.\n\n"
        out += "Intents:\n" + v.intents.map { "  \($0.id.padding(toLength: 10, withPad: " ", startingAt: 0)) \($0.label) → \($0.lane.rawValue)\n" }.joined()
        out += "\nEmotion families:\n"
        for f in v.families {
            let words = v.emotions.filter { $0.family == f.id }.map(\.id).joined(separator: ", ")
            out += "  \(f.id) (\(f.valence.rawValue)): \(words)\n"
        }
        out += "\nSituations: " + v.situations.map(\.id).joined(separator: ", ") + "\n"
        out += "Body: " + v.body.map(\.id).joined(separator: ", ") + "\n"
        out += "Clarity sub-taps: " + v.claritySubTaps.map { "\($0.id)→\($0.need)" }.joined(separator: ", ") + "\n"
        out += "Confidence sub-taps: " + v.confidenceSubTaps.map { "\($0.id)→\($0.need)" }.joined(separator: ", ") + "\n"
        out += "Beliefs: " + v.beliefs.map(\.id).joined(separator: ", ") + "\n"
        out += "\nSessions by lane:\n"
        for lane in Lane.allCases {
            let list = c.sessions.filter { $0.lane == lane }
            out += "  \(lane.rawValue) (\(list.count), default \(c.laneDefaults[lane] ?? "-")):\n"
            for s in list { out += "    \(s.slug.padding(toLength: 34, withPad: " ", startingAt: 0)) \(s.title)\n" }
        }
        out += "\nHelpline regions: " + c.helplines.regions.map(\.code).joined(separator: ", ") + "\n"
        return out
    }
}
