import Foundation

extension CrisisDetector {
    /// Layer B: which weighted features occur anywhere in the main (and de-leet) view, combined
    /// with hand-set logistic weights (§3.5). Independent of layer A's rules. `found` is a buffer to
    /// reuse (its contents are overwritten).
    func scoreB(_ views: [CrisisView], _ shared: inout CrisisScratch, found: inout [Int64]) -> CrisisFinding {
        let model = lexicon.layerB
        let featureCount = model.features.count
        // Per feature: where it was found (view, start, end packed), or -1; spelled out only for a finding.
        found.removeAll(keepingCapacity: true)
        found.append(contentsOf: repeatElement(-1, count: featureCount))
        for (v, view) in views.enumerated() where view.kind != .despaced {
            let main = view.kind == .main
            var scan = CrisisScan(program: lexicon.programB, tokens: view.tokens, scratch: &shared, sharePresence: main)
            scan.firstMatchPerGroup(lexicon.layerBIndex, groupOf: lexicon.featureOfEntry, found: &found, tag: v)
            scan.giveBack(to: &shared, sharePresence: main)
        }
        var z = model.bias
        for i in 0..<featureCount where found[i] >= 0 { z += model.features[i].weight }
        for inter in model.interactions where inter.all.allSatisfy({ found[$0] >= 0 }) { z += inter.weight }
        let score = 1 / (1 + exp(-z))
        let rounded = (score * 1000).rounded() / 1000
        guard score >= model.concernAt else {
            return .clear(.b, reason: clearReasons[Swift.min(100, Swift.max(0, Int((score * 100).rounded())))], score: rounded)
        }

        let contributing = model.features.indices
            .filter { found[$0] >= 0 && model.features[$0].weight > 0 }
            .sorted { model.features[$0].weight > model.features[$1].weight }
        var tier = CrisisTier.concern
        if score >= model.crisisAt {
            tier = .crisis
            let allHeld = model.immediateAll.allSatisfy { found[$0] >= 0 }
            let anyHeld = model.immediateAny.isEmpty || model.immediateAny.contains { found[$0] >= 0 }
            if score >= model.immediateMinScore && allHeld && anyHeld { tier = .immediate }
        }
        let labels = contributing.prefix(4).map { model.features[$0].label }
        // The words of the three largest features, as far as they fit in 80 characters.
        var matched = ""
        for i in contributing.prefix(3) {
            let packed = found[i]
            let start = Int((packed >> 24) & 0xFF_FFFF), end = Int(packed & 0xFF_FFFF)
            let piece = views[Int(packed >> 48)].span(start..<end, limit: 40)
            if piece.isEmpty { continue }
            let next = matched.isEmpty ? piece : matched + " + " + piece
            if next.count > 80 { break }
            matched = next
        }
        let reason = "Layer B scored \(Self.format(rounded)) from \(Self.list(labels))."
        return CrisisFinding(layer: .b, tier: tier, rule: "B.score", matched: CrisisText.clean(matched),
                             reason: CrisisText.clean(reason, limit: 240), score: rounded)
    }

    static func format(_ x: Double) -> String {
        let n = Int((x * 100).rounded())
        return n >= 100 ? "1.00" : "0.\(n < 10 ? "0" : "")\(n)"
    }

    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return "no single feature"
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
    }
}
