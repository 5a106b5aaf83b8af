import Foundation

extension Vocabulary {
    static let topKeys: Set<String> = ["about", "families", "emotions", "situations", "body", "intents", "needs",
                                       "claritySubTaps", "confidenceSubTaps", "beliefs", "patternChips",
                                       "originChips", "kinderChips", "clusters", "areas"]

    /// Decodes and validates `vocabulary.json`, checking every cross-reference.
    public static func decode(_ data: Data, file: String) throws -> Vocabulary {
        var issues: [CatalogIssue] = []
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch {
            throw CatalogProblems([CatalogIssue(file: file, "\(error)")])
        }
        if var top = ObjectReader(root, file: file, entry: nil, issues: &issues) {
            top.rejectUnknownKeys(topKeys)
            issues += top.issues
        } else {
            throw CatalogProblems(issues)
        }

        func enumValue<E: RawRepresentable & CaseIterable>(_ r: inout ObjectReader, _ key: String, _: E.Type) -> E?
        where E.RawValue == String {
            guard let s = r.string(key) else { return nil }
            guard let v = E(rawValue: s) else {
                r.rejectValue("'\(key)' is '\(s)', expected one of \(E.allCases.map(\.rawValue).joined(separator: ", "))")
                return nil
            }
            return v
        }
        func chips(_ key: String) -> [Chip] {
            var out: [Chip] = []
            readEntries(root, key: key, file: file, issues: &issues) { r in
                let id = r.string("id"), label = r.string("label")
                r.rejectUnknownKeys(["id", "label"])
                if let id, let label { out.append(Chip(id: id, label: label)) }
            }
            return out
        }

        var families: [EmotionFamily] = []
        readEntries(root, key: "families", file: file, issues: &issues) { r in
            let id = r.string("id"), label = r.string("label"), v = enumValue(&r, "valence", EmotionValence.self)
            r.rejectUnknownKeys(["id", "label", "valence"])
            if let id, let label, let v { families.append(EmotionFamily(id: id, label: label, valence: v)) }
        }
        let familyIDs = Set(families.map(\.id))
        var emotions: [Emotion] = []
        readEntries(root, key: "emotions", file: file, issues: &issues) { r in
            let id = r.string("id"), label = r.string("label"), family = r.string("family")
            let v = enumValue(&r, "valence", EmotionValence.self), e = enumValue(&r, "energy", Energy.self)
            r.rejectUnknownKeys(["id", "label", "family", "valence", "energy"])
            if let family, !familyIDs.contains(family) { r.rejectValue("family '\(family)' is not in 'families'") }
            if let id, let label, let family, let v, let e {
                emotions.append(Emotion(id: id, label: label, family: family, valence: v, energy: e))
            }
        }
        var intents: [Intent] = []
        readEntries(root, key: "intents", file: file, issues: &issues) { r in
            let id = r.string("id"), label = r.string("label"), lane = enumValue(&r, "lane", Lane.self)
            r.rejectUnknownKeys(["id", "label", "lane"])
            if let id, let label, let lane { intents.append(Intent(id: id, label: label, lane: lane)) }
        }
        var needs: [Need] = []
        readEntries(root, key: "needs", file: file, issues: &issues) { r in
            let id = r.string("id"), label = r.string("label"), lane = enumValue(&r, "lane", Lane.self)
            r.rejectUnknownKeys(["id", "label", "lane"])
            if let id, let label, let lane { needs.append(Need(id: id, label: label, lane: lane)) }
        }
        func subTaps(_ key: String, lane: Lane) -> [SubTap] {
            var out: [SubTap] = []
            readEntries(root, key: key, file: file, issues: &issues) { r in
                let id = r.string("id"), label = r.string("label"), need = r.string("need")
                r.rejectUnknownKeys(["id", "label", "need"])
                if let need {
                    if let n = needs.first(where: { $0.id == need }) {
                        if n.lane != lane { r.rejectValue("need '\(need)' belongs to lane \(n.lane.rawValue), expected \(lane.rawValue)") }
                    } else {
                        r.rejectValue("need '\(need)' is not in 'needs'")
                    }
                }
                if let id, let label, let need { out.append(SubTap(id: id, label: label, need: need)) }
            }
            return out
        }
        let areas = chips("areas")
        var clusters: [Cluster] = []
        readEntries(root, key: "clusters", file: file, issues: &issues) { r in
            let id = r.string("id"), label = r.string("label"), area = r.string("area")
            r.rejectUnknownKeys(["id", "label", "area"])
            if let area, !areas.contains(where: { $0.id == area }) { r.rejectValue("area '\(area)' is not in 'areas'") }
            if let id, let label, let area { clusters.append(Cluster(id: id, label: label, area: area)) }
        }
        let vocabulary = Vocabulary(
            families: families, emotions: emotions, situations: chips("situations"), body: chips("body"),
            intents: intents, needs: needs,
            claritySubTaps: subTaps("claritySubTaps", lane: .clarity),
            confidenceSubTaps: subTaps("confidenceSubTaps", lane: .embody),
            beliefs: chips("beliefs"), patternChips: chips("patternChips"), originChips: chips("originChips"),
            kinderChips: chips("kinderChips"), clusters: clusters, areas: areas)
        issues += vocabulary.structuralIssues(file: file)
        if !issues.isEmpty { throw CatalogProblems(issues) }
        return vocabulary
    }

    /// Rules that span lists: unique ids, id spelling, the four intents, minimum sizes.
    func structuralIssues(file: String) -> [CatalogIssue] {
        var issues: [CatalogIssue] = []
        let lists: [(String, [String])] = [
            ("families", families.map(\.id)), ("emotions", emotions.map(\.id)), ("situations", situations.map(\.id)),
            ("body", body.map(\.id)), ("intents", intents.map(\.id)), ("needs", needs.map(\.id)),
            ("claritySubTaps", claritySubTaps.map(\.id)), ("confidenceSubTaps", confidenceSubTaps.map(\.id)),
            ("beliefs", beliefs.map(\.id)), ("patternChips", patternChips.map(\.id)),
            ("originChips", originChips.map(\.id)), ("kinderChips", kinderChips.map(\.id)),
            ("clusters", clusters.map(\.id)), ("areas", areas.map(\.id)),
        ]
        for (name, ids) in lists {
            var seen = Set<String>()
            for id in ids {
                if !seen.insert(id).inserted { issues.append(CatalogIssue(file: file, entry: "\(name) '\(id)'", "duplicate id")) }
                if !isIdentifier(id) {
                    issues.append(CatalogIssue(file: file, entry: "\(name) '\(id)'", "id must be lower-case snake_case ASCII"))
                }
            }
        }
        if emotions.count < 60 {
            issues.append(CatalogIssue(file: file, entry: "emotions", "needs at least 60 words, has \(emotions.count)"))
        }
        for lane in Lane.allCases where !intents.contains(where: { $0.lane == lane }) {
            issues.append(CatalogIssue(file: file, entry: "intents", "no intent leads to lane \(lane.rawValue)"))
        }
        if intents.count != 4 {
            issues.append(CatalogIssue(file: file, entry: "intents", "needs exactly 4 intents, has \(intents.count)"))
        }
        for family in families where !emotions.contains(where: { $0.family == family.id }) {
            issues.append(CatalogIssue(file: file, entry: "families '\(family.id)'", "no emotion word belongs to this family"))
        }
        return issues
    }
}

/// True for lower-case snake_case ASCII ids such as `too_many_options`.
func isIdentifier(_ s: String) -> Bool {
    guard let first = s.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
    return s.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
}
