import Foundation

/// A part of life a plan can cover, with the session clusters that belong to it.
public struct LifeArea: Sendable, Equatable {
    public var id: String
    public var label: String
    public var clusters: [String]

    public init(id: String, label: String, clusters: [String]) {
        self.id = id
        self.label = label
        self.clusters = clusters
    }
}

/// One of the four questions asked for each area.
public struct PlanQuestion: Sendable, Equatable {
    public var id: String
    public var prompt: String
    public var helper: String

    public init(id: String, prompt: String, helper: String) {
        self.id = id
        self.prompt = prompt
        self.helper = helper
    }
}

/// `catalog/plan.json`: the life areas, the four questions, and the last fallback session.
public struct PlanCatalog: Sendable, Equatable {
    public var lifeAreas: [LifeArea]
    public var questions: [PlanQuestion]
    public var finalFallback: String

    public static let fileName = "plan.json"
    /// How many areas a plan covers, and how many questions each area asks.
    public static let areaCount = 3
    public static let questionCount = 4

    public init(lifeAreas: [LifeArea], questions: [PlanQuestion], finalFallback: String) {
        self.lifeAreas = lifeAreas
        self.questions = questions
        self.finalFallback = finalFallback
    }

    public func area(_ id: String) -> LifeArea? { lifeAreas.first { $0.id == id } }

    /// Decodes and validates the file against the vocabulary's clusters and the sessions; every problem
    /// names the file and the entry.
    public static func decode(_ data: Data, clusters: Set<String>, sessions: [Session],
                              file: String = fileName) throws -> PlanCatalog {
        var issues: [CatalogIssue] = []
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch { throw CatalogProblems([CatalogIssue(file: file, "\(error)")]) }
        var areas: [LifeArea] = []
        var seen = Set<String>()
        readEntries(root, key: "lifeAreas", file: file, issues: &issues) { r in
            let id = r.string("id") ?? ""
            if !seen.insert(id).inserted { r.rejectValue("duplicate id '\(id)'") }
            let list = r.stringArray("clusters", required: true)
            for c in list where !clusters.contains(c) { r.rejectValue("cluster '\(c)' is not a cluster in vocabulary.json") }
            if !list.isEmpty, !sessions.contains(where: { $0.cluster.map(list.contains) == true }) {
                r.rejectValue("no session in sessions.json belongs to its clusters")
            }
            r.rejectUnknownKeys(["id", "label", "clusters"])
            areas.append(LifeArea(id: id, label: r.string("label") ?? "", clusters: list))
        }
        if areas.count < areaCount { issues.append(CatalogIssue(file: file, "lifeAreas: needs at least \(areaCount) areas")) }
        var questions: [PlanQuestion] = []
        readEntries(root, key: "planQuestions", file: file, issues: &issues) { r in
            questions.append(PlanQuestion(id: r.string("id") ?? "", prompt: r.string("prompt") ?? "",
                                          helper: r.string("helper") ?? ""))
            r.rejectUnknownKeys(["id", "prompt", "helper"])
        }
        if questions.count != questionCount {
            issues.append(CatalogIssue(file: file, "planQuestions: needs exactly \(questionCount) questions, found \(questions.count)"))
        }
        var fallback = ""
        if case let .string(s)? = root["finalFallback"] {
            fallback = s
            if !sessions.contains(where: { $0.slug == s }) {
                issues.append(CatalogIssue(file: file, "finalFallback: '\(s)' is not a session in sessions.json"))
            }
        } else {
            issues.append(CatalogIssue(file: file, "missing 'finalFallback' (a session slug)"))
        }
        if !issues.isEmpty { throw CatalogProblems(issues) }
        return PlanCatalog(lifeAreas: areas, questions: questions, finalFallback: fallback)
    }
}
