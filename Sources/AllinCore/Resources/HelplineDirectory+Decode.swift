import Foundation

extension HelplineDirectory {
    /// Decodes and validates `helplines.json`; throws `CatalogProblems` naming file and entry.
    public static func decode(_ data: Data, file: String = HelplineDirectory.fileName) throws -> HelplineDirectory {
        var issues: [CatalogIssue] = []
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch {
            throw CatalogProblems([CatalogIssue(file: file, "\(error)")])
        }
        var fallback = HelplineFallback(name: "", url: "", hours: "", advice: "", source: "", lastVerified: "")
        if let value = root["fallback"], var r = ObjectReader(value, file: file, entry: "fallback", issues: &issues) {
            fallback = HelplineFallback(
                name: r.string("name") ?? "", url: r.string("url") ?? "", hours: r.string("hours") ?? "",
                advice: r.string("advice") ?? "", shortAdvice: r.optionalString("shortAdvice") ?? "",
                source: r.string("source") ?? "",
                adviceSource: r.optionalString("adviceSource") ?? "", lastVerified: checkedDate(&r))
            // The short sentence is the advice said briefly: it may name no number the advice (and its
            // sources) do not.
            let named = Set(numbers(in: fallback.advice))
            for n in numbers(in: fallback.shortAdvice) where !named.contains(n) {
                r.rejectValue("'shortAdvice' names \(n), which 'advice' does not")
            }
            issues += r.issues
        } else if root["fallback"] == nil {
            issues.append(CatalogIssue(file: file, "missing 'fallback'"))
        }
        var regions: [RegionHelplines] = []
        var seen = Set<String>()
        readEntries(root, key: "regions", file: file, idField: "code", issues: &issues) { r in
            let code = r.string("code") ?? ""
            if !code.isEmpty, code.count != 2 || code != code.uppercased() {
                r.rejectValue("code '\(code)' must be a two-letter upper-case ISO 3166-1 code")
            }
            if !seen.insert(code).inserted { r.rejectValue("duplicate region code '\(code)'") }
            let name = r.string("name") ?? ""
            let aliases = r.stringArray("aliases").map { $0.uppercased() }
            var emergency = EmergencyNumber(number: "", also: [], source: "", lastVerified: "")
            var nested: [CatalogIssue] = []
            if let value = r.raw("emergency"),
               var e = ObjectReader(value, file: file, entry: "regions '\(code)' emergency", issues: &nested) {
                emergency = EmergencyNumber(number: e.string("number") ?? "", also: e.stringArray("also"),
                                            source: e.string("source") ?? "", sourceKind: sourceKind(&e),
                                            lastVerified: checkedDate(&e))
                if !emergency.number.isEmpty, !isDialable(emergency.number) {
                    e.rejectValue("number '\(emergency.number)' has characters other than digits, spaces and dashes")
                }
                nested += e.issues
            } else if r.raw("emergency") == nil {
                r.rejectValue("missing 'emergency' (every region needs an emergency number)")
            }
            var lines: [Helpline] = []
            readEntries(r.raw("lines").map { JSONValue.object([("lines", $0)]) } ?? .object([]),
                        key: "lines", file: file, idField: "name", issues: &nested) { l in
                let line = Helpline(
                    name: l.string("name") ?? "", phone: l.optionalString("phone"), sms: l.optionalString("sms"),
                    smsKeyword: l.optionalString("smsKeyword"), url: l.optionalString("url"),
                    hours: l.string("hours") ?? "", free: l.raw("free") == .null ? nil : l.bool("free", default: false),
                    note: l.optionalString("note") ?? "", source: l.string("source") ?? "",
                    sourceKind: sourceKind(&l), lastVerified: checkedDate(&l))
                if line.phone == nil, line.sms == nil {
                    l.rejectValue("a line needs a 'phone' or an 'sms' number")
                }
                for number in [line.phone, line.sms].compactMap({ $0 }) where !isDialable(number) {
                    l.rejectValue("number '\(number)' has characters other than digits, spaces and dashes")
                }
                lines.append(line)
            }
            for (i, _) in nested.enumerated() {
                nested[i].entry = nested[i].entry.map { $0.hasPrefix("regions") ? $0 : "regions '\(code)' \($0)" }
            }
            r.absorb(nested)
            if lines.isEmpty, r.raw("lines") != nil { r.rejectValue("needs at least one line") }
            if lines.allSatisfy({ $0.phone == nil }), !lines.isEmpty {
                r.rejectValue("needs at least one voice line (a 'phone')")
            }
            regions.append(RegionHelplines(code: code, name: name, aliases: aliases, emergency: emergency, lines: lines))
        }
        if !issues.isEmpty { throw CatalogProblems(issues) }
        return HelplineDirectory(regions: regions, fallback: fallback)
    }

    static func isDialable(_ number: String) -> Bool {
        !number.isEmpty && number.allSatisfy { $0.isASCII && ($0.isNumber || $0 == " " || $0 == "-") }
    }

    /// Reads `sourceKind` and checks `source` against it: a primary row cites at least one web page, a
    /// secondary row at least two (two independent reports).
    static func sourceKind(_ r: inout ObjectReader) -> SourceKind {
        let raw = r.string("sourceKind") ?? ""
        let pages = (r.optionalString("source") ?? "").split(separator: ";")
            .map(\.trimmed).filter { $0.hasPrefix("http://") || $0.hasPrefix("https://") }
        guard let kind = SourceKind(rawValue: raw) else {
            if !raw.isEmpty { r.rejectValue("'sourceKind' must be primary or secondary, found '\(raw)'") }
            return .primary
        }
        if pages.count < (kind == .secondary ? 2 : 1) {
            r.rejectValue(kind == .secondary ? "a secondary row needs two web pages in 'source' (two independent reports)"
                                             : "'source' needs the web page the number was checked against")
        }
        return kind
    }

    /// The runs of digits in a sentence (the numbers it names).
    static func numbers(in text: String) -> [String] {
        text.split(whereSeparator: { !$0.isASCII || !$0.isNumber }).map(String.init)
    }

    /// Reads `lastVerified`, which must be a YYYY-MM-DD date.
    static func checkedDate(_ r: inout ObjectReader) -> String {
        guard let s = r.string("lastVerified") else { return "" }
        let parts = s.split(separator: "-")
        let ok = parts.count == 3 && parts[0].count == 4 && parts[1].count == 2 && parts[2].count == 2
            && parts.allSatisfy { $0.allSatisfy(\.isNumber) }
        if !ok { r.rejectValue("'lastVerified' must be a date like 2026-01-31, found '\(s)'") }
        return s
    }
}

extension HelplineDirectory {
    /// The crisis lines with the country table, from those two files alone (`files` by catalog
    /// name): what `allin resources` reads, so a problem elsewhere in the catalog never keeps the
    /// lines from showing. `catalog validate` checks the two against each other.
    public static func decode(files: [String: Data]) throws -> HelplineDirectory {
        guard let lines = files[fileName] else { throw CatalogProblems([CatalogIssue(file: fileName, "file is missing")]) }
        var directory = try decode(lines)
        if let table = files[CountryTable.fileName] { directory.countries = try CountryTable.decode(table) }
        return directory
    }
}
