import Foundation

/// One crisis line: a voice number, a text number, or both, with hours and its sources.
public struct Helpline: Sendable, Equatable {
    public var name: String
    public var phone: String?
    public var sms: String?
    /// The word to text, when the service asks for one (e.g. "SHOUT").
    public var smsKeyword: String?
    public var url: String?
    public var hours: String
    /// True when the source says the line is free; nil when the sources don't say.
    public var free: Bool?
    public var note: String
    public var source: String
    /// Whether `source` is the service's own or a government page, or two independent reports.
    public var sourceKind: SourceKind = .primary
    public var lastVerified: String

    /// Open at every hour of every day: the catalog writes such hours as "24/7" first.
    public var alwaysOpen: Bool { hours.hasPrefix("24/7") }

    /// The hours and, when the sources say so, that calls are free, apart from each other (", free"
    /// read as part of "…08:00 next day").
    public var hoursAndCost: String {
        free == true ? (hours.isEmpty ? "free" : hours + " · free") : hours
    }
}

/// What kind of page a number was checked against.
public enum SourceKind: String, Sendable, Equatable, CaseIterable {
    /// The service's own page, or a government or public health-service page.
    case primary
    /// No such page was found: two independent reputable reports (national news, a university or
    /// hospital) agree.
    case secondary
}

/// A region's emergency number, with any other numbers that also work.
public struct EmergencyNumber: Sendable, Equatable {
    public var number: String
    public var also: [String]
    public var source: String
    public var sourceKind: SourceKind = .primary
    public var lastVerified: String
}

/// The lines of one region (ISO 3166-1 alpha-2 code).
public struct RegionHelplines: Sendable, Equatable {
    public var code: String
    public var name: String
    public var aliases: [String]
    public var emergency: EmergencyNumber
    public var lines: [Helpline]
}

/// What to show where the region is not listed.
public struct HelplineFallback: Sendable, Equatable {
    public var name: String
    public var url: String
    public var hours: String
    public var advice: String
    /// The advice in one short sentence, for a window too short for the whole of it (40×12): the
    /// same numbers, from the same sources.
    public var shortAdvice: String = ""
    /// The directory's own pages.
    public var source: String
    /// The pages for the emergency numbers the advice names.
    public var adviceSource: String = ""
    public var lastVerified: String
}

/// Every region's crisis lines, decoded from `helplines.json`.
public struct HelplineDirectory: Sendable, Equatable {
    /// What to say when the catalog's list of lines can't be read at all (a broken or missing
    /// catalog): the numbers that work in most places and the international directory, so asking for
    /// help never ends with nothing. The same numbers as the catalog's own fallback advice.
    public static let lastResort = """
        If you are in danger now, call your local emergency number: 112 in the European Union and many \
        other countries, 911 in the United States and Canada, 999 in the United Kingdom, 000 in Australia. \
        Crisis lines for every country: https://findahelpline.com
        """
    public var regions: [RegionHelplines]
    public var fallback: HelplineFallback
    /// Every ISO 3166-1 code, with the emergency numbers found for countries without listed lines.
    public var countries = CountryTable()

    public static let fileName = "helplines.json"

    /// The region for a code or alias (case-insensitive), if listed.
    public func region(_ code: String) -> RegionHelplines? {
        let key = code.uppercased()
        return regions.first { $0.code == key || $0.aliases.contains(key) }
    }

    /// The resources to show for a region code; unknown or absent codes get the fallback.
    public func resources(for code: String?) -> CrisisResources {
        if let code, let region = region(code) {
            return CrisisResources(region: region.code, regionName: region.name, known: true,
                                   emergency: region.emergency, lines: region.lines, advice: nil)
        }
        let line = Helpline(name: fallback.name, phone: nil, sms: nil, smsKeyword: nil, url: fallback.url,
                            hours: fallback.hours, free: true, note: "", source: fallback.source,
                            lastVerified: fallback.lastVerified)
        if let code, let country = countries.country(code), let emergency = country.emergency {
            // No lines listed here yet, but a sourced emergency number: that first, then the directory.
            return CrisisResources(region: country.code, regionName: country.name, known: false, emergency: emergency,
                                   lines: [line], advice: nil)
        }
        let shown = code.map { $0.uppercased() } ?? "unknown"
        // A country the table knows is named, though allin has no number of its own for it.
        return CrisisResources(region: shown, regionName: code.flatMap { countries.country($0)?.name }, known: false,
                               emergency: nil, lines: [line], advice: fallback.advice,
                               shortAdvice: fallback.shortAdvice.isEmpty ? nil : fallback.shortAdvice,
                               adviceSource: fallback.adviceSource.isEmpty ? nil : fallback.adviceSource)
    }
}

/// The resolved resources for one region, as shown on the support screen and printed by the CLI.
public struct CrisisResources: Sendable, Equatable {
    /// The region code asked for (upper-cased), or "unknown".
    public var region: String
    public var regionName: String?
    /// False when the region is not in the directory and the fallback is shown.
    public var known: Bool
    public var emergency: EmergencyNumber?
    public var lines: [Helpline]
    /// Plain advice shown for unknown regions.
    public var advice: String?
    /// The advice in one short sentence, where the catalog gives one.
    public var shortAdvice: String? = nil
    /// Where the advice's emergency numbers come from.
    public var adviceSource: String?

    /// True when crisis lines of the region's own are shown; false when there is only the emergency
    /// number (or the advice) and the international directory, and no words may speak of "these lines".
    public var hasLines: Bool { known && !lines.isEmpty }

    /// What words about the lines may promise: none are shown, some are (each with its hours), or at
    /// least one is open at any hour (found from outside: "these people listen, at any hour" was said
    /// over Italy's one line, open 10:00-24:00).
    public var shown: LinesShown {
        guard hasLines else { return .none }
        return lines.contains(where: \.alwaysOpen) ? .anyHour : .someHours
    }
}

/// Which crisis lines support shows, as far as its words may speak of them.
public enum LinesShown: Sendable, Equatable {
    /// No line of the region's own: only the emergency number (or advice) and the directory.
    case none
    /// Lines, none of them open at every hour.
    case someHours
    /// Lines, at least one open at any hour.
    case anyHour
}
