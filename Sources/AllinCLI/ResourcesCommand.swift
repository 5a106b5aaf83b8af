import AllinCore
import AllinUI

/// `allin resources`: the crisis lines for a region.
struct ResourcesCommand {
    let cli: CLI

    func run(_ args: Arguments) throws -> Int32 {
        // Someone asking for help always sees numbers: a --region that names no country allin knows
        // is said to be unknown, the lines that work anywhere follow, and then it ends as the usage
        // error it is (exit 2).
        let region = cli.supportRegion(args)
        let directory: HelplineDirectory
        do {
            directory = try cli.loadHelplines(args)
        } catch {
            // Found from outside: with a broken catalog, asking for help printed nothing but the error.
            cli.io.out(Wrap.lines(HelplineDirectory.lastResort, width: 78).joined(separator: "\n") + "\n")
            throw error
        }
        let resources = directory.resources(for: region.code)
        if args.has("--json") {
            cli.io.out(resources.json.serialized(pretty: true) + "\n")
        } else {
            let unknown = region.problem == nil ? nil : args["--region"]
            cli.io.out(ResourcesReport.text(resources, source: region.source, unknownRegion: unknown))
        }
        if let problem = region.problem { throw problem }
        return 0
    }
}

/// The human-readable form of a region's resources: emergency first, then each line.
enum ResourcesReport {
    /// How the region was chosen, for a command run once: a `--region` given to it is the person's
    /// own choice (the full screen's "as chosen when allin started" would read oddly here).
    static func origin(region: String?, source: String) -> SupportText.RegionOrigin {
        let origin = SupportText.RegionOrigin.of(region: region, source: source)
        return origin == .startup ? .chosen : origin
    }

    /// `unknownRegion` is a `--region` as typed that names no country allin knows.
    static func text(_ r: CrisisResources, source: String, unknownRegion: String? = nil) -> String {
        var out = ""
        let unknown = unknownRegion.map { "'\(Visible.text($0, limit: 20))' is not a country allin knows" }
        let place = r.regionName.map { "\($0) (\(r.region))" } ?? (r.region == "unknown" ? "your region" : r.region)
        let code = r.region == "unknown" ? nil : r.region
        if let unknown {
            out += "Support is available. \(unknown), so here is what works anywhere.\n"
            out += SupportPrint.chooseCountry + "\n\n"
        } else if !r.hasLines {
            // No lines to list: said first, with the way to choose a country, then the one number.
            let said = SupportText.region(r, origin: Self.origin(region: code, source: source))
            out += Wrap.lines("Support is available. " + said, width: 78).joined(separator: "\n") + "\n"
            out += SupportPrint.chooseCountry + "\n\n"
        } else {
            out += "Support is available. Crisis lines for \(place):\n\n"
        }
        if let e = r.emergency {
            let also = e.also.isEmpty ? "" : " (\(e.also.joined(separator: " or ")) also works)"
            out += "  In danger right now: call \(e.number)\(also).\n\n"
        } else if let advice = r.advice {
            out += "  \(advice)\n"
            if let source = r.adviceSource { out += "    source: \(source)\n" }
            out += "\n"
        }
        for line in r.lines {
            out += "  \(line.name)\n"
            if let phone = line.phone { out += "    call \(phone)\n" }
            if let sms = line.sms {
                out += line.smsKeyword.map { "    text \($0) to \(sms)\n" } ?? "    text \(sms)\n"
            }
            if let url = line.url { out += "    \(url)\n" }
            out += "    hours: \(line.hoursAndCost)\n"
            if !line.note.isEmpty { out += "    \(line.note)\n" }
            switch line.sourceKind {
            case .primary: out += "    source: \(line.source) (checked \(line.lastVerified))\n"
            case .secondary:
                out += "    sources: \(line.source) (checked \(line.lastVerified); some details confirmed by two independent reports, not by the service's own page)\n"
            }
        }
        if r.hasLines {
            out += "\n" + SupportText.region(r, origin: Self.origin(region: code, source: source))
                + " For another country use --region XX, or put 'region = XX' in your config file.\n"
        }
        return out
    }
}
