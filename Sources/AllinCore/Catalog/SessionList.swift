import Foundation

/// The sessions file: every session and one default per lane.
struct SessionList {
    var sessions: [Session]
    var laneDefaults: [Lane: String]

    static func decode(_ data: Data, file: String) throws -> SessionList {
        var issues: [CatalogIssue] = []
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch {
            throw CatalogProblems([CatalogIssue(file: file, "\(error)")])
        }
        guard var top = ObjectReader(root, file: file, entry: nil, issues: &issues) else { throw CatalogProblems(issues) }
        top.rejectUnknownKeys(["about", "laneDefaults", "sessions"])
        issues += top.issues
        var defaults: [Lane: String] = [:]
        if let value = root["laneDefaults"],
           var r = ObjectReader(value, file: file, entry: "laneDefaults", issues: &issues) {
            for lane in Lane.allCases {
                if let slug = r.string(lane.rawValue) { defaults[lane] = slug }
            }
            r.rejectUnknownKeys(Set(Lane.allCases.map(\.rawValue)))
            issues += r.issues
        } else if root["laneDefaults"] == nil {
            issues.append(CatalogIssue(file: file, "missing 'laneDefaults'"))
        }
        var sessions: [Session] = []
        readEntries(root, key: "sessions", file: file, idField: "slug", issues: &issues) { r in
            let slug = r.string("slug"), title = r.string("title"), description = r.string("description")
            var lane: Lane?
            if let raw = r.string("lane") {
                lane = Lane(rawValue: raw)
                if lane == nil { r.rejectValue("'lane' is '\(raw)', expected soothe, clarity, embody or unblock") }
            }
            let tags = r.stringArray("tags", required: true)
            let families = r.stringArray("families"), needs = r.stringArray("needs")
            let cluster = r.optionalString("cluster")
            let duration = r.int("durationSeconds", in: 30...7200)
            let situational = r.bool("situational", default: false)
            r.rejectUnknownKeys(["slug", "title", "lane", "description", "tags", "families", "needs", "cluster",
                                 "durationSeconds", "situational"])
            if let slug, !isIdentifier(slug) { r.rejectValue("slug must be lower-case snake_case ASCII") }
            if let slug, let title, let description, let lane, let duration {
                sessions.append(Session(slug: slug, title: title, lane: lane, description: description, tags: tags,
                                        families: families, needs: needs, cluster: cluster,
                                        durationSeconds: duration, situational: situational))
            }
        }
        if !issues.isEmpty { throw CatalogProblems(issues) }
        return SessionList(sessions: sessions, laneDefaults: defaults)
    }

    /// Checks sessions against the vocabulary and the catalog rules (coverage per lane, defaults).
    static func crossCheck(sessions: [Session], defaults: [Lane: String], vocabulary: Vocabulary,
                           file: String) -> [CatalogIssue] {
        var issues: [CatalogIssue] = []
        func add(_ entry: String?, _ message: String) { issues.append(CatalogIssue(file: file, entry: entry, message)) }
        var seen = Set<String>()
        for s in sessions {
            let entry = "sessions '\(s.slug)'"
            if !seen.insert(s.slug).inserted { add(entry, "duplicate slug") }
            for f in s.families where vocabulary.family(f) == nil { add(entry, "family '\(f)' is not in vocabulary.json") }
            for n in s.needs {
                if let need = vocabulary.need(n) {
                    if need.lane != s.lane { add(entry, "need '\(n)' belongs to lane \(need.lane.rawValue), not \(s.lane.rawValue)") }
                } else {
                    add(entry, "need '\(n)' is not in vocabulary.json")
                }
            }
            if let c = s.cluster, !vocabulary.clusters.contains(where: { $0.id == c }) {
                add(entry, "cluster '\(c)' is not in vocabulary.json")
            }
        }
        for lane in Lane.allCases {
            let inLane = sessions.filter { $0.lane == lane }
            if inLane.count < 6 { add("lane \(lane.rawValue)", "needs at least 6 sessions, has \(inLane.count)") }
            guard let slug = defaults[lane] else { continue }
            guard let session = sessions.first(where: { $0.slug == slug }) else {
                add("laneDefaults", "\(lane.rawValue) default '\(slug)' is not a session"); continue
            }
            if session.lane != lane { add("laneDefaults", "\(lane.rawValue) default '\(slug)' is in lane \(session.lane.rawValue)") }
        }
        let soothe = sessions.filter { $0.lane == .soothe }
        if soothe.filter({ $0.needs.contains("sleep") }).count < 2 {
            add("lane soothe", "needs at least 2 sleep sessions (need 'sleep')")
        }
        for family in vocabulary.families where family.valence == .unpleasant {
            if !soothe.contains(where: { $0.families.contains(family.id) }) {
                add("lane soothe", "no soothe session covers the unpleasant family '\(family.id)'")
            }
        }
        for tap in vocabulary.claritySubTaps + vocabulary.confidenceSubTaps {
            if !sessions.contains(where: { $0.needs.contains(tap.need) }) {
                add("sub-tap '\(tap.id)'", "no session serves its need '\(tap.need)'")
            }
        }
        return issues
    }
}
