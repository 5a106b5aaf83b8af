import AllinCore
import Foundation

/// `allin route`: one check-in (or JSON lines) in, the recommendation and its trace out.
struct RouteCommand {
    let cli: CLI

    func run(_ args: Arguments) async throws -> Int32 {
        if args.has("--json"), args.has("--jsonl") {
            throw CLIError.usage(command: "route", message: "choose one of --json and --jsonl")
        }
        let region = try cli.region(args)
        let catalog = try cli.loadCatalog(args)
        let router = Router(catalog: catalog)
        let source = try cli.input(args)
        if args["--file"] == nil, cli.io.inputIsTerminal {
            cli.io.err("Reading a check-in as JSON from standard input (end with Ctrl-D). See 'allin route --help'.\n")
        }
        if args.has("--jsonl") { return try await runLines(source.lines(command: "route"), router: router, region: region.code) }
        let data = try source.readAll(command: "route")
        let checkIn: CheckIn, hour: Int?
        do {
            (checkIn, hour) = try CheckInParser.parseRouted(data, vocabulary: catalog.vocabulary)
        } catch {
            // A check-in that can't be routed still has its words read: danger in them is never
            // left behind an input error.
            SupportPrint.linesIfFlagged(data, catalog: catalog, region: region.code, io: cli.io)
            throw error
        }
        let recommendation = await router.route(checkIn, localHour: hour)
        let resources = recommendation.kind == .safetyHandoff ? catalog.helplines.resources(for: region.code) : nil
        if args.has("--json") {
            cli.io.out(recommendation.json(resources: resources).serialized(pretty: true) + "\n")
        } else {
            cli.io.out(RouteReport.text(recommendation, resources: resources, regionSource: region.source))
        }
        return 0
    }

    /// One result line per input line; a bad line gets an error object on stdout and a message on
    /// stderr naming the line and key, and the exit code becomes 2. A line over the input limit
    /// stops the run there.
    private func runLines(_ input: InputLines, router: Router, region: String?) async throws -> Int32 {
        var status: Int32 = 0
        var input = input
        while let line = try input.next() {
            let lineNumber = input.number
            let trimmed = line.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D })
            if trimmed.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            do {
                let (checkIn, hour) = try CheckInParser.parseRouted(line, vocabulary: router.catalog.vocabulary)
                let r = await router.route(checkIn, localHour: hour)
                let resources = r.kind == .safetyHandoff ? router.catalog.helplines.resources(for: region) : nil
                cli.io.out(r.json(resources: resources).serialized() + "\n")
            } catch let CLIError.input(field, message) {
                status = 2
                let check = SupportPrint.linesIfFlagged(Data(line), catalog: router.catalog, region: region, io: cli.io)
                cli.io.err("allin route: line \(lineNumber): '\(field)': \(message)\n")
                // The crisis rule's verdict on every word of the line rides with the error (found from
                // outside: a too-long crisis line left stdout with nothing but the error).
                cli.io.out(JSONValue.object([
                    ("line", .int(lineNumber)),
                    ("error", .object([("field", .string(field)), ("message", .string(message))])),
                    ("check", .string(check)),
                ]).serialized() + "\n")
            } catch {
                status = 2
                SupportPrint.linesIfFlagged(Data(line), catalog: router.catalog, region: region, io: cli.io)
                cli.io.err("allin route: line \(lineNumber): \(error)\n")
            }
        }
        return status
    }
}

/// The human-readable form of a recommendation.
enum RouteReport {
    /// A reason without its closing full stop, for a sentence that goes on after it.
    static func withoutFullStop(_ reason: String) -> String {
        reason.hasSuffix(".") ? String(reason.dropLast()) : reason
    }

    static func text(_ r: Recommendation, resources: CrisisResources?, regionSource: String) -> String {
        var out = ""
        switch r.kind {
        case .audio:
            if let s = r.session {
                out += "Session: \(Visible.text(s.title)) (\(s.slug)), \(s.lane.rawValue) lane, \(TimeText.minutes(Double(s.durationSeconds)))\n"
            }
            if r.sootheFirst { out += "Soothe first: intensity is 7 or more and the feeling is unpleasant.\n" }
            if let concern = r.concern {
                out += "Concern (\(concern.finding.tier.label)): \(Visible.text(Self.withoutFullStop(concern.finding.reason))). The app would ask one gentle question here.\n"
            }
        case .safetyHandoff:
            if let c = r.crisis {
                out += "Crisis support: layer \(c.finding.layer.rawValue), \(c.finding.tier.label)"
                if !c.finding.matched.isEmpty { out += " (matched \"\(Visible.text(c.finding.matched, limit: 80))\")" }
                out += "\n  \(Visible.text(c.finding.reason))\n"
            }
            if let resources { out += "\n" + ResourcesReport.text(resources, source: regionSource) }
        }
        out += "\nTrace:\n"
        var table = TextTable(header: ["gate", "decision", "details"])
        for entry in r.trace {
            let details = entry.details.map { key, value in
                "\(key)=\(plain(value))"
            }.joined(separator: "; ")
            table.rows.append([entry.gate, entry.decision, details])
        }
        table.maxCell = 160
        return out + table.render()
    }

    static func plain(_ value: JSONValue) -> String {
        switch value {
        case let .string(s): return s
        case .null: return "-"
        case let .array(items): return items.map(plain).joined(separator: ",")
        default: return value.serialized()
        }
    }
}
