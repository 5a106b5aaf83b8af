import Foundation

/// Everything allin reads from `catalog/`: vocabulary, sessions, routing words, helplines and the
/// detectors' lexicons. Built once, validated as a whole, then shared read-only.
public struct Catalog: Sendable {
    public var vocabulary: Vocabulary
    public var sessions: [Session]
    public var laneDefaults: [Lane: String]
    public var routing: RoutingWords
    public var helplines: HelplineDirectory
    public var crisisLexicon: CrisisLexicon
    public var affectLexicon: AffectLexicon
    /// The beliefs plan's life areas and questions (`plan.json`).
    public var plan = PlanCatalog(lifeAreas: [], questions: [], finalFallback: "")

    public static let vocabularyFile = "vocabulary.json"
    public static let sessionsFile = "sessions.json"

    /// Every catalog-relative file the catalog is decoded from.
    public static var fileNames: [String] {
        [vocabularyFile, sessionsFile, RoutingWords.fileName, HelplineDirectory.fileName, CountryTable.fileName,
         PlanCatalog.fileName] + CrisisLexicon.fileNames + AffectLexicon.fileNames
    }

    public func session(_ slug: String) -> Session? { sessionIndex[slug].map { sessions[$0] } }

    /// The parts a listing holds, for code that shows them.
    public var listing: CatalogListing {
        var listing = CatalogListing(vocabulary: vocabulary, sessions: sessions, laneDefaults: laneDefaults, helplines: helplines,
                                     plan: plan)
        listing.stopWords = routing.stopWords
        return listing
    }

    /// Slug → position in `sessions`, built once.
    public private(set) var sessionIndex: [String: Int]

    public init(vocabulary: Vocabulary, sessions: [Session], laneDefaults: [Lane: String], routing: RoutingWords,
                helplines: HelplineDirectory, crisisLexicon: CrisisLexicon, affectLexicon: AffectLexicon) {
        self.vocabulary = vocabulary
        self.sessions = sessions
        self.laneDefaults = laneDefaults
        self.routing = routing
        self.helplines = helplines
        self.crisisLexicon = crisisLexicon
        self.affectLexicon = affectLexicon
        var index: [String: Int] = [:]
        for (i, s) in sessions.enumerated() where index[s.slug] == nil { index[s.slug] = i }
        self.sessionIndex = index
    }

    /// Decodes and validates every file; throws `CatalogProblems` listing every problem found in any file.
    /// `compiled` holds the crisis lexicon's parts already loaded from their compiled forms.
    public static func decode(files: [String: Data], compiled: CompiledParts = CompiledParts()) throws -> Catalog {
        var reader = CatalogReader(files: files)
        let listing = reader.listing()
        let routing = reader.data(RoutingWords.fileName).flatMap { d in reader.attempt { try RoutingWords.decode(d) } }
        var lexiconFiles: [String: Data] = [:]
        for name in CrisisLexicon.fileNames + AffectLexicon.fileNames {
            if let d = reader.data(name) { lexiconFiles[name] = d }
        }
        func own(_ names: [String]) -> [String: Data]? {
            let mine = lexiconFiles.filter { names.contains($0.key) }
            return mine.count == names.count ? mine : nil
        }
        // The affect lexicon decodes beside the crisis lexicon's parts, on one core while the other
        // builds layers A and B (`CrisisLexicon.decode`).
        let affectFiles = own(AffectLexicon.fileNames)
        let decodeAffect: @Sendable () -> Result<AffectLexicon, any Error>? = {
            affectFiles.map { files in Result { try AffectLexicon.decode(files: files, sentences: compiled.sentences()) } }
        }
        var crisisResult: Result<CrisisLexicon, any Error>?, affectResult: Result<AffectLexicon, any Error>?
        if let files = own(CrisisLexicon.fileNames) {
            (crisisResult, affectResult) = CrisisLexicon.decode(files: files, compiled: compiled, alongside: decodeAffect)
        } else {
            affectResult = decodeAffect()
        }
        let crisis = crisisResult.flatMap { result in reader.attempt { try result.get() } }
        let affect = affectResult.flatMap { result in reader.attempt { try result.get() } }
        if let vocabulary = listing.vocabulary, let affect {
            reader.issues += AffectLexicon.crossCheck(familyIDs: affect.familyIDs, vocabulary: vocabulary)
        }
        if let vocabulary = listing.vocabulary, let routing {
            let beliefs = Set(vocabulary.beliefs.map(\.id)), clusters = Set(vocabulary.clusters.map(\.id))
            for (belief, ids) in routing.beliefClusters.sorted(by: { $0.key < $1.key }) {
                if !beliefs.contains(belief) {
                    reader.issues.append(CatalogIssue(file: RoutingWords.fileName, "beliefClusters: '\(belief)' is not a belief in \(vocabularyFile)"))
                }
                for id in ids.sorted() where !clusters.contains(id) {
                    reader.issues.append(CatalogIssue(file: RoutingWords.fileName, "beliefClusters '\(belief)': '\(id)' is not a cluster in \(vocabularyFile)"))
                }
            }
        }
        let plan = reader.plan(vocabulary: listing.vocabulary, sessions: listing.sessions)
        guard reader.issues.isEmpty, let vocabulary = listing.vocabulary, let helplines = listing.helplines,
              let routing, let crisis, let affect, let plan else {
            throw CatalogProblems(reader.issues)
        }
        var catalog = Catalog(vocabulary: vocabulary, sessions: listing.sessions, laneDefaults: listing.laneDefaults,
                              routing: routing, helplines: helplines, crisisLexicon: crisis, affectLexicon: affect)
        catalog.plan = plan
        return catalog
    }
}

/// What the catalog offers, without the detectors: the chips, the sessions and the helplines. Commands
/// that only show these (`allin catalog`, `allin resources`) read this and never pay for loading the
/// crisis detector; anything that checks or routes a person's words loads the whole `Catalog`.
public struct CatalogListing: Sendable {
    public var vocabulary: Vocabulary
    public var sessions: [Session]
    public var laneDefaults: [Lane: String]
    public var helplines: HelplineDirectory
    public var plan: PlanCatalog
    /// Filler words a search leaves out (`routing.json` `stopWords`).
    public var stopWords: Set<String> = []

    public func session(_ slug: String) -> Session? { sessions.first { $0.slug == slug } }

    /// The files a listing is decoded from.
    public static var fileNames: [String] {
        [Catalog.vocabularyFile, Catalog.sessionsFile, HelplineDirectory.fileName, CountryTable.fileName, PlanCatalog.fileName,
         RoutingWords.fileName]
    }

    /// Decodes and validates the listing's files with the same checks as `Catalog.decode`.
    public static func decode(files: [String: Data]) throws -> CatalogListing {
        var reader = CatalogReader(files: files)
        let parts = reader.listing()
        let plan = reader.plan(vocabulary: parts.vocabulary, sessions: parts.sessions)
        let routing = reader.data(RoutingWords.fileName).flatMap { d in reader.attempt { try RoutingWords.decode(d) } }
        guard reader.issues.isEmpty, let vocabulary = parts.vocabulary, let helplines = parts.helplines, let plan, let routing else {
            throw CatalogProblems(reader.issues)
        }
        var listing = CatalogListing(vocabulary: vocabulary, sessions: parts.sessions, laneDefaults: parts.laneDefaults,
                                     helplines: helplines, plan: plan)
        listing.stopWords = routing.stopWords
        return listing
    }
}

/// Decodes catalog files one by one, collecting every problem instead of stopping at the first.
struct CatalogReader {
    let files: [String: Data]
    var issues: [CatalogIssue] = []

    init(files: [String: Data]) { self.files = files }

    mutating func data(_ name: String) -> Data? {
        if let d = files[name] { return d }
        issues.append(CatalogIssue(file: name, "file is missing"))
        return nil
    }

    mutating func attempt<T>(_ body: () throws -> T) -> T? {
        do { return try body() } catch let problems as CatalogProblems {
            issues += problems.issues
        } catch {
            issues.append(CatalogIssue(file: "catalog", "\(error)"))
        }
        return nil
    }

    /// `plan.json`, checked against the vocabulary's clusters and the sessions.
    mutating func plan(vocabulary: Vocabulary?, sessions: [Session]) -> PlanCatalog? {
        guard let d = data(PlanCatalog.fileName) else { return nil }
        let clusters = Set(vocabulary?.clusters.map(\.id) ?? [])
        return attempt { try PlanCatalog.decode(d, clusters: clusters, sessions: sessions) }
    }

    /// The vocabulary, the sessions (checked against the vocabulary) and the helplines.
    mutating func listing() -> (vocabulary: Vocabulary?, sessions: [Session], laneDefaults: [Lane: String],
                                helplines: HelplineDirectory?) {
        let vocabulary = data(Catalog.vocabularyFile).flatMap { d in attempt { try Vocabulary.decode(d, file: Catalog.vocabularyFile) } }
        var helplines = data(HelplineDirectory.fileName).flatMap { d in attempt { try HelplineDirectory.decode(d) } }
        if let table = data(CountryTable.fileName).flatMap({ d in attempt { try CountryTable.decode(d) } }) {
            for region in helplines?.regions ?? [] where table.country(region.code) == nil {
                issues.append(CatalogIssue(file: HelplineDirectory.fileName,
                                           "regions '\(region.code)': not an ISO 3166-1 code in \(CountryTable.fileName)"))
            }
            helplines?.countries = table
        }
        var sessions: [Session] = []
        var defaults: [Lane: String] = [:]
        if let d = data(Catalog.sessionsFile), let decoded = attempt({ try SessionList.decode(d, file: Catalog.sessionsFile) }) {
            sessions = decoded.sessions
            defaults = decoded.laneDefaults
            if let vocabulary {
                issues += SessionList.crossCheck(sessions: sessions, defaults: defaults,
                                                 vocabulary: vocabulary, file: Catalog.sessionsFile)
            }
        }
        return (vocabulary, sessions, defaults, helplines)
    }
}

/// Words the router reads: what counts as mentioning sleep, the picker's stop-words (filler
/// included), and which session clusters each belief chip belongs to.
public struct RoutingWords: Sendable, Equatable {
    public var sleepWords: Set<String>
    public var stopWords: Set<String>
    /// Belief chip id → the clusters of unblock sessions that speak to it, in the file's order, the
    /// most fitting first (the order the best fit tries them in).
    public var beliefClusters: [String: [String]]
    /// The lowest picker score that chooses a session; below it a match rests on one common word
    /// ("first", "week") and the best fit for the feeling decides instead. 0 keeps every match.
    public var pickerMinScore: Double
    /// The lowest picker score that chooses a session made for one situation (an exam, an interview;
    /// `situational` in sessions.json) over general candidates: the words must name the situation
    /// clearly, not brush it with one word ("kids off school", "tmrw morning"). 0: the same as any.
    public var situationalMinScore: Double

    public static let fileName = "routing.json"

    public init(sleepWords: Set<String>, stopWords: Set<String>, beliefClusters: [String: [String]] = [:],
                pickerMinScore: Double = 0, situationalMinScore: Double = 0) {
        self.sleepWords = sleepWords
        self.stopWords = stopWords
        self.beliefClusters = beliefClusters
        self.pickerMinScore = pickerMinScore
        self.situationalMinScore = situationalMinScore
    }

    public static func decode(_ data: Data, file: String = RoutingWords.fileName) throws -> RoutingWords {
        var issues: [CatalogIssue] = []
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch {
            throw CatalogProblems([CatalogIssue(file: file, "\(error)")])
        }
        guard var r = ObjectReader(root, file: file, entry: nil, issues: &issues) else { throw CatalogProblems(issues) }
        let sleep = r.stringArray("sleepWords", required: true)
        let stop = r.stringArray("stopWords", required: true)
        var beliefClusters: [String: [String]] = [:]
        switch r.raw("beliefClusters") {
        case nil: break
        case let .object(pairs)?:
            for (belief, value) in pairs {
                guard case let .array(items) = value, !items.isEmpty else {
                    r.rejectValue("beliefClusters '\(belief)' must be a non-empty list of cluster ids")
                    continue
                }
                var clusters: [String] = []
                for item in items {
                    if case let .string(id) = item {
                        if !clusters.contains(id) { clusters.append(id) }
                    } else {
                        r.rejectValue("beliefClusters '\(belief)' holds a value that is not a cluster id")
                    }
                }
                beliefClusters[belief] = clusters
            }
        default: r.rejectValue("'beliefClusters' must be an object of belief id → cluster ids")
        }
        func score(_ key: String) -> Double {
            switch r.raw(key) {
            case nil: return 0
            case let .number(n)? where n >= 0 && n <= 100: return n
            default:
                r.rejectValue("'\(key)' must be a number from 0 to 100")
                return 0
            }
        }
        let minScore = score("pickerMinScore"), situationalMinScore = score("situationalMinScore")
        r.rejectUnknownKeys(["about", "sleepWords", "stopWords", "beliefClusters", "pickerMinScore", "situationalMinScore"])
        for w in sleep + stop where w != w.lowercased() || w.contains(" ") || w.isEmpty {
            r.rejectValue("word '\(w)' must be one lower-case word")
        }
        if sleep.isEmpty { r.rejectValue("'sleepWords' is empty") }
        issues += r.issues
        if !issues.isEmpty { throw CatalogProblems(issues) }
        return RoutingWords(sleepWords: Set(sleep), stopWords: Set(stop), beliefClusters: beliefClusters,
                            pickerMinScore: minScore, situationalMinScore: situationalMinScore)
    }
}
