import AllinCore

/// What the app reads but never changes: the catalog, the in-flow gates and the person's region.
///
/// The full-screen app paints its first frame from the catalog's listing (chips, sessions, helplines)
/// and loads the crisis detector and the affect classifier in the background; until they are loaded
/// `gates` is nil, and `App.update` holds back every message that could read a person's words
/// (`App.worksBeforeDetectors`) until `Msg.detectorsLoaded` has set them. No check is ever skipped:
/// the message waits for the detector.
public struct AppContext: Sendable {
    public let catalog: CatalogListing
    /// The crisis rule and the affect classifier over the whole catalog; nil while they load.
    public private(set) var gates: FlowGates?
    /// The region from `--region` or the locale; nil when none is known.
    public let region: String?
    /// Where the region came from (e.g. `LANG=en_GB.UTF-8`).
    public let regionSource: String

    /// Whether the locale says the terminal takes UTF-8; when it does not, the journal's charts draw in
    /// ASCII. Set from the environment (`LC_ALL`, `LC_CTYPE`, `LANG`); true when built directly.
    public var unicode = true

    /// A demonstration: every screen works, nothing is saved; a banner says so on every screen.
    public var demo = false
    /// The demo's scripted check-ins (`catalog/demo.json`), offered on its home screen.
    public var demoScenarios: [DemoScenario] = []

    /// Each step's list items, built once from the vocabulary.
    private let stepItems: [Step: [ListItem]]

    /// Longest free-text answer, in characters.
    public static let textLimit = TextLimits.freeText
    /// Longest own word for the emotion step.
    public static let ownWordLimit = TextLimits.ownEmotion

    public init(catalog: Catalog, region: String?, regionSource: String, gates: FlowGates? = nil) {
        self.init(listing: catalog.listing, region: region, regionSource: regionSource)
        self.gates = gates ?? FlowGates(catalog: catalog)
    }

    /// A context whose detectors are still loading (`gates` is nil until `detectorsLoaded`).
    public init(listing: CatalogListing, region: String?, regionSource: String) {
        self.catalog = listing
        self.gates = nil
        self.region = region
        self.regionSource = regionSource
        var items: [Step: [ListItem]] = [:]
        for step in Step.allCases { items[step] = StepModel.items(step, catalog.vocabulary) }
        self.stepItems = items
    }

    /// The list items of a step (chips, plus "own words" where the step takes them).
    public func items(_ step: Step) -> [ListItem] { stepItems[step] ?? [] }

    /// The context for an environment: `--region` (already validated) wins, then the config file, then
    /// the locale variables.
    /// `configured` is the config file's `region` (already validated); it comes after `--region`.
    public init(catalog: Catalog, environment: [String: String], regionOverride: String? = nil,
                configured: String? = nil) {
        self.init(listing: catalog.listing, environment: environment, regionOverride: regionOverride,
                  configured: configured)
        gates = FlowGates(catalog: catalog)
    }

    /// A context for an environment whose detectors are still loading.
    public init(listing: CatalogListing, environment: [String: String], regionOverride: String? = nil,
                configured: String? = nil) {
        if let regionOverride {
            self.init(listing: listing, region: regionOverride, regionSource: "--region")
        } else if let configured {
            self.init(listing: listing, region: configured, regionSource: RegionDetector.configSource)
        } else if let found = RegionDetector.detect(environment: environment) {
            self.init(listing: listing, region: found.region, regionSource: found.source)
        } else {
            self.init(listing: listing, region: nil, regionSource: "no country in LC_ALL, LC_MESSAGES or LANG")
        }
        unicode = AppContext.localeIsUTF8(environment)
    }

    /// The detectors, once loaded (`Msg.detectorsLoaded`).
    mutating func detectorsLoaded(_ gates: FlowGates) { self.gates = gates }

    /// True when the first locale variable set (`LC_ALL`, `LC_CTYPE`, `LANG`) names UTF-8.
    public static func localeIsUTF8(_ environment: [String: String]) -> Bool {
        let name = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let folded = name.lowercased()
        return folded.contains("utf-8") || folded.contains("utf8")
    }

    public var vocabulary: Vocabulary { catalog.vocabulary }

    /// Region codes the switch cycles through: the directory's regions, then "other" (nil).
    public var regionChoices: [String?] { catalog.helplines.regions.map { Optional($0.code) } + [nil] }
}

/// The detectors a background load produced, as a message can carry them. A run loads them once, so
/// messages carrying them compare equal without comparing the detectors (which hold the whole catalog).
public struct LoadedDetectors: Equatable, Sendable {
    public let gates: FlowGates

    public init(_ gates: FlowGates) { self.gates = gates }

    public static func == (a: LoadedDetectors, b: LoadedDetectors) -> Bool { true }
}
