import Foundation

extension CrisisLexiconBuilder {
    /// Reads `crisis/layer-b.json`: the weighted features, interactions and bands of §3.5.
    mutating func readLayerB(_ data: Data?) {
        var r = CrisisJSONReader(file: CrisisLexicon.layerBFile)
        defer { issues += r.issues }
        guard let root = r.root(data) else { return }
        r.checkKeys(root, ["about", "bias", "crisisAt", "concernAt", "classes", "features", "interactions", "immediate"], nil)
        let bias = r.number(root["bias"], nil, "bias") ?? 0
        let crisisAt = r.number(root["crisisAt"], nil, "crisisAt") ?? 0.5
        let concernAt = r.number(root["concernAt"], nil, "concernAt") ?? 0.25
        if !(0 < concernAt && concernAt < crisisAt && crisisAt < 1) {
            r.issue(nil, "bands must satisfy 0 < concernAt < crisisAt < 1")
        }
        readClasses(&r, root, layer: .b)

        var features: [CrisisLayerBModel.Feature] = []
        var index: [String: Int] = [:]
        for (entry, value) in items(&r, root, "features") {
            guard let obj = r.object(value, entry, "feature") else { continue }
            r.checkKeys(obj, ["id", "label", "weight", "patterns", "note"], entry)
            let id = r.string(obj["id"], entry, "id") ?? ""
            let named = id.isEmpty ? entry : "\(entry) (\(id))"
            let label = r.string(obj["label"], named, "label") ?? id
            let weight = r.number(obj["weight"], named, "weight")
            let pats = patterns(&r, obj["patterns"], named, "patterns", layer: .b)
            guard !id.isEmpty, let weight else { continue }
            if index[id] != nil {
                r.issue(named, "duplicate feature id '\(id)'")
                continue
            }
            index[id] = features.count
            features.append(CrisisLayerBModel.Feature(id: id, label: label, weight: weight, entries: pats))
        }

        func featureList(_ value: JSONValue?, _ entry: String, _ field: String, required: Bool, _ r: inout CrisisJSONReader) -> [Int] {
            var out: [Int] = []
            for name in r.strings(value, entry, field, required: required) {
                if let i = index[name] { out.append(i) } else { r.issue(entry, "\(field): unknown feature '\(name)'") }
            }
            return out
        }

        var interactions: [CrisisLayerBModel.Interaction] = []
        for (entry, value) in items(&r, root, "interactions", required: false) {
            guard let obj = r.object(value, entry, "interaction") else { continue }
            r.checkKeys(obj, ["all", "weight", "note"], entry)
            let all = featureList(obj["all"], entry, "all", required: true, &r)
            guard let weight = r.number(obj["weight"], entry, "weight") else { continue }
            if all.count < 2 { r.issue(entry, "all must name at least two features") }
            interactions.append(CrisisLayerBModel.Interaction(all: all, weight: weight))
        }

        var minScore = 1.0
        var immAll: [Int] = [], immAny: [Int] = []
        if let imm = r.object(root["immediate"], nil, "immediate") {
            r.checkKeys(imm, ["minScore", "all", "any", "note"], "immediate")
            minScore = r.number(imm["minScore"], "immediate", "minScore") ?? 1
            if !(crisisAt...1).contains(minScore) { r.issue("immediate", "minScore must be between crisisAt and 1") }
            immAll = featureList(imm["all"], "immediate", "all", required: false, &r)
            immAny = featureList(imm["any"], "immediate", "any", required: false, &r)
        }
        layerB = CrisisLayerBModel(bias: bias, crisisAt: crisisAt, concernAt: concernAt, features: features,
                                   interactions: interactions, immediateMinScore: minScore, immediateAll: immAll, immediateAny: immAny)
    }
}
