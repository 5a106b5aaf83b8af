import Foundation

/// One ISO 3166-1 country or territory, with its emergency number where a source was found.
public struct Country: Sendable, Equatable {
    public var code: String
    public var name: String
    public var aliases: [String]
    /// Nil when no source confirmed a number: support then shows the international directory only.
    public var emergency: EmergencyNumber?
    /// The ISO 3166-1 alpha-3 code (GBR), only to suggest the two-letter code to someone who typed it.
    public var alpha3: String?

    public init(code: String, name: String, aliases: [String] = [], emergency: EmergencyNumber? = nil, alpha3: String? = nil) {
        self.code = code
        self.name = name
        self.aliases = aliases
        self.emergency = emergency
        self.alpha3 = alpha3
    }
}

extension Country {
    /// True when `typed` names this country exactly: its code, its three-letter code or one of its
    /// aliases ("usa", "England", "Holland"), case, accents and surrounding spaces ignored.
    public func isNamed(exactly typed: String) -> Bool {
        exactNames.contains(CountryTable.fold(typed.trimmed))
    }

    /// Its code, three-letter code and aliases, folded as `CountryTable.fold` folds what is typed.
    var exactNames: [String] {
        [code.lowercased()] + (alpha3.map { [$0.lowercased()] } ?? []) + aliases.map(CountryTable.fold)
    }
}

/// Every ISO 3166-1 code allin accepts, decoded from `countries.json`.
public struct CountryTable: Sendable, Equatable {
    public let countries: [Country]
    /// The countries in name order with their folded names, exact names (`Country.exactNames`) and
    /// aliases of four letters or more, made once: the country search runs as the person types (and on
    /// every frame of the open list), and folding every name inside the sort made one frame in a
    /// hundred take 10 ms.
    private let byName: [(country: Country, folded: String, exact: [String], longAliases: [String])]

    public static let fileName = "countries.json"

    public init(countries: [Country] = []) {
        self.countries = countries
        byName = countries.map { c in
            (c, CountryTable.fold(c.name), c.exactNames, c.aliases.filter { $0.count > 3 }.map(CountryTable.fold))
        }.sorted { $0.folded < $1.folded }
    }

    public static func == (a: CountryTable, b: CountryTable) -> Bool { a.countries == b.countries }

    /// The country for a code or alias (case-insensitive), if it is an ISO 3166-1 code.
    public func country(_ code: String) -> Country? {
        let key = code.uppercased()
        return countries.first { $0.code == key || $0.aliases.contains(key) }
    }

    /// Codes close to a code that is not one (one letter different), or whose country's name starts with
    /// what was typed, after the country it names exactly (its three-letter code or an alias: GBR and
    /// England give GB): at most three, for "did you mean".
    public func suggestions(for typed: String) -> [String] {
        let key = typed.uppercased()
        let byAlpha3 = countries.filter { $0.isNamed(exactly: typed) }.map(\.code)
        let byName = countries.filter { !key.isEmpty && $0.name.uppercased().hasPrefix(key) }.map(\.code)
        let byLetter = countries.filter { c in
            c.code.count == key.count && zip(c.code, key).filter { $0 != $1 }.count == 1
        }.map(\.code)
        var out: [String] = []
        for code in byAlpha3 + byName + byLetter where !out.contains(code) { out.append(code) }
        return Array(out.prefix(3))
    }

    /// Countries matching what a person typed, best first: a code, three-letter code or alias typed
    /// exactly ("usa", "england"), then names or aliases of four letters or more starting with it
    /// ("scot"), then names with a word starting with it. Case and accents are ignored ("cote" finds
    /// Côte d'Ivoire). An empty query matches every country, in name order.
    public func search(_ typed: String) -> [Country] {
        let key = CountryTable.fold(typed.trimmed)
        guard !key.isEmpty else { return byName.map(\.country) }
        var exact: [Country] = [], start: [Country] = [], word: [Country] = []
        for (c, name, names, longAliases) in byName {
            if names.contains(key) {
                exact.append(c)
            } else if name.hasPrefix(key) || longAliases.contains(where: { $0.hasPrefix(key) }) {
                start.append(c)
            } else if name.split(whereSeparator: { !$0.isLetter }).contains(where: { $0.hasPrefix(key) }) {
                word.append(c)
            }
        }
        return exact + start + word
    }

    /// Lower case without accents, for matching what was typed against names.
    static func fold(_ s: String) -> String {
        s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    }

    /// "; did you mean DE (Germany)?" for a typed code or name that is not one, or "" when nothing is close.
    public func didYouMean(_ typed: String) -> String {
        let near = suggestions(for: typed).map { c in "\(c) (\(country(c)?.name ?? c))" }
        return near.isEmpty ? "" : "; did you mean \(near.joined(separator: " or "))?"
    }

    /// Decodes and validates `countries.json`; throws `CatalogProblems` naming the file and the entry.
    public static func decode(_ data: Data, file: String = CountryTable.fileName) throws -> CountryTable {
        var issues: [CatalogIssue] = []
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch {
            throw CatalogProblems([CatalogIssue(file: file, "\(error)")])
        }
        var countries: [Country] = []
        var seen = Set<String>()
        readEntries(root, key: "countries", file: file, idField: "code", issues: &issues) { r in
            let code = r.string("code") ?? ""
            if code.count != 2 || code != code.uppercased() || !code.allSatisfy({ $0.isASCII && $0.isLetter }) {
                r.rejectValue("code '\(code)' must be two upper-case letters (ISO 3166-1)")
            }
            if !seen.insert(code).inserted { r.rejectValue("duplicate code '\(code)'") }
            let name = r.string("name") ?? ""
            let aliases = r.stringArray("aliases").map { $0.uppercased() }
            let alpha3 = r.optionalString("alpha3")
            if let alpha3, alpha3.count != 3 || !alpha3.allSatisfy({ $0.isASCII && $0.isUppercase }) {
                r.rejectValue("alpha3 '\(alpha3)' must be three upper-case letters (ISO 3166-1 alpha-3)")
            }
            var emergency: EmergencyNumber?
            var nested: [CatalogIssue] = []
            if let value = r.raw("emergency"),
               var e = ObjectReader(value, file: file, entry: "countries '\(code)' emergency", issues: &nested) {
                let number = EmergencyNumber(number: e.string("number") ?? "", also: e.stringArray("also"),
                                             source: e.string("source") ?? "", lastVerified: HelplineDirectory.checkedDate(&e))
                _ = e.optionalString("note")
                let kind = e.string("sourceKind") ?? ""
                if !["primary", "secondary"].contains(kind) {
                    e.rejectValue("sourceKind must be primary or secondary, found '\(kind)'")
                }
                for n in [number.number] + number.also where !HelplineDirectory.isDialable(n) {
                    e.rejectValue("number '\(n)' has characters other than digits, spaces and dashes")
                }
                if number.source.allSatisfy(\.isWhitespace) { e.rejectValue("'source' is empty") }
                nested += e.issues
                emergency = number
            }
            r.absorb(nested)
            countries.append(Country(code: code, name: name, aliases: aliases, emergency: emergency, alpha3: alpha3))
        }
        if !issues.isEmpty { throw CatalogProblems(issues) }
        return CountryTable(countries: countries)
    }
}
