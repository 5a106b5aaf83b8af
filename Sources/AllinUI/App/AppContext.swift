import AllinCore

/// What the app reads but never changes: the catalog, the in-flow gates and the person's region.
public struct AppContext: Sendable {
    public let catalog: Catalog
    public let gates: FlowGates
    /// The region from `--region` or the locale; nil when none is known.
    public let region: String?
    /// Where the region came from (e.g. `LANG=en_GB.UTF-8`).
    public let regionSource: String

    /// Each step's list items, built once from the vocabulary.
    private let stepItems: [Step: [ListItem]]

    /// Longest free-text answer, in characters.
    public static let textLimit = 280
    /// Longest own word for the emotion step.
    public static let ownWordLimit = 40

    public init(catalog: Catalog, region: String?, regionSource: String, gates: FlowGates? = nil) {
        self.catalog = catalog
        self.gates = gates ?? FlowGates(catalog: catalog)
        self.region = region
        self.regionSource = regionSource
        var items: [Step: [ListItem]] = [:]
        for step in Step.allCases { items[step] = StepModel.items(step, catalog.vocabulary) }
        self.stepItems = items
    }

    /// The list items of a step (chips, plus "own words" where the step takes them).
    public func items(_ step: Step) -> [ListItem] { stepItems[step] ?? [] }

    /// The context for an environment: `--region` (already validated) wins, then the locale variables.
    public init(catalog: Catalog, environment: [String: String], regionOverride: String? = nil) {
        if let regionOverride {
            self.init(catalog: catalog, region: regionOverride, regionSource: "--region")
        } else if let found = RegionDetector.detect(environment: environment) {
            self.init(catalog: catalog, region: found.region, regionSource: found.source)
        } else {
            self.init(catalog: catalog, region: nil, regionSource: "no country in LC_ALL, LC_MESSAGES or LANG")
        }
    }

    public var vocabulary: Vocabulary { catalog.vocabulary }

    /// Region codes the switch cycles through: the directory's regions, then "other" (nil).
    public var regionChoices: [String?] { catalog.helplines.regions.map { Optional($0.code) } + [nil] }
}
