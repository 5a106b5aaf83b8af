import Foundation

extension CrisisLexiconBuilder {
    static let wordLists: [(name: String, flag: UInt32)] = [
        ("firstPerson", CrisisWordTable.firstPerson),
        ("secondPerson", CrisisWordTable.secondPerson),
        ("thirdPerson", CrisisWordTable.thirdPerson),
        ("generic", CrisisWordTable.generic),
        ("relations", CrisisWordTable.relation),
        ("mediaSubjects", CrisisWordTable.mediaSubject),
        ("otherReflexive", CrisisWordTable.otherReflexive),
        ("thirdSingularVerbs", CrisisWordTable.thirdSingularVerb),
        ("negators", CrisisWordTable.negator),
        ("negationTransparent", CrisisWordTable.transparent),
        ("clauseWords", CrisisWordTable.clauseWord),
        ("contrastWords", CrisisWordTable.contrast),
        ("nounNegators", CrisisWordTable.nounNegator),
        ("prepositions", CrisisWordTable.preposition),
    ]


    /// Reads `crisis/layer-a.json`: classes, word lists, context frames, idioms, rules, help phrases.
    mutating func readLayerA(_ data: Data?) {
        var r = CrisisJSONReader(file: CrisisLexicon.layerAFile)
        defer { issues += r.issues }
        guard let root = r.root(data) else { return }
        r.checkKeys(root, ["about", "classes", "words", "frames", "idioms", "idiomForbiddenWords", "rules", "help"], nil)
        readClasses(&r, root, layer: .a)

        if let words = r.object(root["words"], nil, "words") {
            r.checkKeys(words, Set(Self.wordLists.map(\.name)), "words")
            for (name, flag) in Self.wordLists {
                var seen: Set<String> = []
                for (i, w) in r.strings(words[name], "words", name).enumerated() {
                    guard Self.isWord(w) else {
                        r.issue("words", "\(name) #\(i): '\(w)' must be one lowercase word")
                        continue
                    }
                    if !seen.insert(w).inserted { r.issue("words", "\(name) #\(i): duplicate word '\(w)'") }
                    vocabulary.intern(w)
                    flagWords.append((w, flag))
                }
                // Each list is also usable in patterns as a class of the same name ("@relations").
                if layers[0].classes[name] == nil {
                    layers[0].classes[name] = seen.sorted().map { [.word($0)] }
                    layers[0].classOrigin[name] = "words \(name)"
                }
            }
        }

        let frameLists: [(name: String, list: WritableKeyPath<CrisisFrames, [Int]>)] = [
            ("negatorPhrases", \.negatorPhrases), ("pseudoNegations", \.pseudoNegations), ("media", \.media),
            ("remotePast", \.remotePast), ("recentTime", \.recentTime), ("pastMarkers", \.pastMarkers),
            ("reportedQuestions", \.reportedQuestions), ("theyDied", \.theyDied), ("theyAreCaredFor", \.theyAreCaredFor), ("theyHaveHelp", \.theyHaveHelp),
            ("theyAreCaredForBut", \.theyAreCaredForBut), ("settledNow", \.settledNow),
            ("settledPast", \.settledPast), ("stillNow", \.stillNow),
        ]
        if let object = r.object(root["frames"], nil, "frames") {
            r.checkKeys(object, Set(frameLists.map(\.name)), "frames")
            for (name, list) in frameLists {
                frames[keyPath: list] = patterns(&r, object[name], "frames", name, layer: .a)
            }
        }

        for w in r.strings(root["idiomForbiddenWords"], nil, "idiomForbiddenWords") { idiomForbidden.insert(w) }
        var idiomIDs: Set<String> = []
        for (entry, value) in items(&r, root, "idioms") {
            guard let obj = r.object(value, entry, "idiom") else { continue }
            r.checkKeys(obj, ["id", "pattern", "note"], entry)
            let id = r.string(obj["id"], entry, "id")
            let named = id.map { "\(entry) (\($0))" } ?? entry
            if let id, !idiomIDs.insert(id).inserted { r.issue(named, "duplicate idiom id '\(id)'") }
            if let entry = pattern(&r, obj["pattern"], named, "pattern", layer: .a), let id {
                idioms.append(CrisisIdiom(id: id, entry: entry))
            }
        }

        var ruleIDs: Set<String> = []
        for (entry, value) in items(&r, root, "rules") {
            guard let obj = r.object(value, entry, "rule") else { continue }
            if let rule = readRule(&r, obj, entry) {
                if !ruleIDs.insert(rule.id).inserted { r.issue("\(entry) (\(rule.id))", "duplicate rule id '\(rule.id)'") }
                rules.append(rule)
            }
        }

        if let help = r.object(root["help"], nil, "help") {
            r.checkKeys(help, ["whole", "ignore", "phrases"], "help")
            for w in r.strings(help["ignore"], "help", "ignore", required: false) {
                if Self.isWord(w) { helpIgnore.insert(vocabulary.intern(w)) } else { r.issue("help", "ignore: '\(w)' must be one lowercase word") }
            }
            for (i, text) in r.strings(help["whole"], "help", "whole").enumerated() {
                guard let words = phrase(&r, text, "help", "whole #\(i)") else { continue }
                helpWhole.append(words.map { vocabulary.intern($0) })
            }
            helpPhrases = patterns(&r, help["phrases"], "help", "phrases", layer: .a)
        }
    }

    private mutating func readRule(_ r: inout CrisisJSONReader, _ obj: [String: JSONValue], _ entry: String) -> CrisisRule? {
        r.checkKeys(obj, ["id", "tier", "what", "patterns", "frame", "negatable", "tense", "thirdPartyTier",
                          "requires", "scope", "escalate", "guards", "topic", "note"], entry)
        let before = r.issues.count
        let id = r.string(obj["id"], entry, "id") ?? ""
        let named = id.isEmpty ? entry : "\(entry) (\(id))"
        if !id.isEmpty && !(id.hasPrefix("A.") && id.count > 2 && id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") })) {
            r.issue(named, "id must look like 'A.name' (letters, digits and dots)")
        }
        let tier = tierField(&r, obj["tier"], named, "tier", required: true) ?? .crisis
        if tier == .none { r.issue(named, "tier must be concern, crisis or immediate") }
        let what = r.string(obj["what"], named, "what") ?? ""
        let pats = patterns(&r, obj["patterns"], named, "patterns", layer: .a)
        var frame = CrisisRule.Frame.resolve
        if let f = r.string(obj["frame"], named, "frame", required: false) {
            if let parsed = CrisisRule.Frame(rawValue: f) { frame = parsed } else {
                r.issue(named, "frame must be one of \(CrisisRule.Frame.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        let negatable = r.bool(obj["negatable"], named, "negatable", default: true)
        var tense = CrisisRule.Tense.check
        if let t = r.string(obj["tense"], named, "tense", required: false) {
            if let parsed = CrisisRule.Tense(rawValue: t) { tense = parsed } else {
                r.issue(named, "tense must be one of \(CrisisRule.Tense.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        let topic = r.bool(obj["topic"], named, "topic", default: false)
        let thirdPartyTier = tierField(&r, obj["thirdPartyTier"], named, "thirdPartyTier", required: false) ?? .crisis
        var requires: [[Int]] = []
        if let list = r.array(obj["requires"], named, "requires", required: false) {
            for (i, group) in list.enumerated() {
                requires.append(patterns(&r, group, named, "requires #\(i)", layer: .a))
            }
        }
        let scope = scopeField(&r, obj["scope"], named, "scope") ?? .sentence
        var escalations: [CrisisRule.Escalation] = []
        if let list = r.array(obj["escalate"], named, "escalate", required: false) {
            for (i, item) in list.enumerated() {
                let field = "escalate #\(i)"
                guard let e = r.object(item, named, field) else { continue }
                r.checkKeys(e, ["tier", "any", "scope"], "\(named) \(field)")
                let t = tierField(&r, e["tier"], named, "\(field) tier", required: true) ?? .immediate
                if t <= tier { r.issue(named, "\(field): tier must be above the rule's tier") }
                let any = patterns(&r, e["any"], named, "\(field) any", layer: .a)
                let s = scopeField(&r, e["scope"], named, "\(field) scope") ?? .line
                escalations.append(CrisisRule.Escalation(tier: t, any: any, scope: s))
            }
        }
        var guards: [CrisisRule.Guard] = []
        if let list = r.array(obj["guards"], named, "guards", required: false) {
            for (i, item) in list.enumerated() {
                let field = "guards #\(i)"
                guard let g = r.object(item, named, field) else { continue }
                r.checkKeys(g, ["after", "before", "previous", "at", "line", "release", "action", "tier", "note"], "\(named) \(field)")
                let after = patterns(&r, g["after"], named, "\(field) after", layer: .a, required: false)
                let beforeP = patterns(&r, g["before"], named, "\(field) before", layer: .a, required: false)
                let previous = patterns(&r, g["previous"], named, "\(field) previous", layer: .a, required: false)
                let at = patterns(&r, g["at"], named, "\(field) at", layer: .a, required: false)
                let line = patterns(&r, g["line"], named, "\(field) line", layer: .a, required: false)
                let release = patterns(&r, g["release"], named, "\(field) release", layer: .a, required: false)
                if after.isEmpty && beforeP.isEmpty && previous.isEmpty && at.isEmpty && line.isEmpty {
                    r.issue(named, "\(field): needs at least one of after, before, previous, at, line")
                }
                var action = CrisisRule.Guard.Action.reject
                switch r.string(g["action"], named, "\(field) action") ?? "reject" {
                case "reject": action = .reject
                case "lower":
                    let t = tierField(&r, g["tier"], named, "\(field) tier", required: false) ?? .concern
                    action = .lower(t)
                default: r.issue(named, "\(field): action must be reject or lower")
                }
                guards.append(CrisisRule.Guard(after: after, before: beforeP, previous: previous, at: at, line: line,
                                               release: release, action: action))
            }
        }
        guard r.issues.count == before else { return nil }
        return CrisisRule(id: id, tier: tier, what: what, patterns: pats, frame: frame, negatable: negatable,
                       tense: tense, topic: topic, thirdPartyTier: thirdPartyTier, requires: requires, requireScope: scope,
                       escalations: escalations, guards: guards)
    }

    private mutating func tierField(_ r: inout CrisisJSONReader, _ value: JSONValue?, _ entry: String, _ field: String, required: Bool) -> CrisisTier? {
        guard let s = r.string(value, entry, field, required: required) else { return nil }
        guard let t = Self.tier(s) else {
            r.issue(entry, "\(field) must be concern, crisis or immediate (or T1-T3)")
            return nil
        }
        return t
    }

    private mutating func scopeField(_ r: inout CrisisJSONReader, _ value: JSONValue?, _ entry: String, _ field: String) -> CrisisRule.Scope? {
        guard let s = r.string(value, entry, field, required: false) else { return nil }
        guard let scope = CrisisRule.Scope(rawValue: s) else {
            r.issue(entry, "\(field) must be clause, sentence or line")
            return nil
        }
        return scope
    }
}
