import Foundation

/// The check-in router (SPEC §2): crisis A, then crisis B with the affect classifier, the soothe
/// gate, candidates, the choice, and crisis C — each gate recorded in the trace.
public struct Router: Sendable {
    public let catalog: Catalog
    public let detector: CrisisDetector
    public let classifier: AffectClassifier
    public let picker: any SessionPicker
    private let lanes: LaneIndex

    /// Soothe-first holds at or above this intensity with an unpleasant valence (authoritative).
    public static let sootheThreshold = 7

    public init(catalog: Catalog, picker: (any SessionPicker)? = nil) {
        self.init(catalog: catalog, detector: CrisisDetector(lexicon: catalog.crisisLexicon),
                  classifier: AffectClassifier(lexicon: catalog.affectLexicon), picker: picker)
    }

    public init(catalog: Catalog, detector: CrisisDetector, classifier: AffectClassifier,
                picker: (any SessionPicker)? = nil) {
        self.catalog = catalog
        self.detector = detector
        self.classifier = classifier
        self.picker = picker ?? LexicalPicker(catalog: catalog)
        self.lanes = LaneIndex(catalog: catalog)
    }

    /// Routes one check-in. Never throws: unknown ids simply match nothing. `answered` holds answers the
    /// person already answered for in the check-in (said they are safe, or saw support for them): the
    /// crisis rule notes them in the trace and does not ask again. `localHour` (0–23, the person's
    /// local time; nil when unknown) lets sleep sessions fit late in the evening (`lateEvening`).
    public func route(_ checkIn: CheckIn, answered: Set<String> = [], localHour: Int? = nil) async -> Recommendation {
        let vocabulary = catalog.vocabulary
        let intentLane = checkIn.intent.flatMap { vocabulary.intent($0)?.lane } ?? .unblock
        var trace: [TraceEntry] = []
        let texts = checkIn.freeText
        let fields = texts.map(\.field)

        // 1 and 2. The one crisis rule (`CrisisCheck`) reads every free-text answer with layers A and B
        // over one normalisation each; the trace shows each layer's part. A clear statement hands off;
        // the ambiguous band becomes the gentle question on the recommendation.
        let report = CrisisCheck(detector: detector).check(texts, answered: answered)
        trace.append(CrisisGate.entry(gate: "crisisA", decision: report.a, scanned: fields))
        if case let .handoff(d) = report.verdict, d.finding.layer == .a {
            trace.append(CrisisGate.verdict(report))
            return Recommendation(kind: .safetyHandoff, lane: nil, intentLane: intentLane, valence: nil,
                                  sootheFirst: false, session: nil, crisis: d, concern: nil, trace: trace)
        }
        // The affect classifier does not read the crisis result. SPEC §2 runs B and affect concurrently;
        // both are local and take microseconds, and handing one to a child task cost more than it saved
        // (route p99 on the real catalog fell from ~360 µs to under 100 µs), so they run in this task.
        var affect = classifier.classify(AffectInput(checkIn: checkIn, vocabulary: vocabulary))
        // Words answered for, or words the gentle question is about to ask of: a hard feeling.
        if checkIn.holdsAnswered(answered) || report.verdict.decision != nil { affect = affect.readingHeavyWords() }
        trace.append(CrisisGate.entry(gate: "crisisB", decision: report.b, scanned: fields))
        trace.append(TraceEntry(gate: "affect", decision: affect.valence.rawValue, details: [
            ("rule", .string(affect.rule)), ("score", .number((affect.score * 100).rounded() / 100)),
            ("explanation", .string(affect.explanation)),
        ]))
        trace.append(CrisisGate.verdict(report))
        switch report.verdict {
        case let .handoff(d):
            return Recommendation(kind: .safetyHandoff, lane: nil, intentLane: intentLane, valence: affect.valence,
                                  sootheFirst: false, session: nil, crisis: d, concern: nil, trace: trace)
        case let .askedForHelp(field):
            let asked = CrisisDecision(finding: CrisisCheck.askedForHelp, field: field)
            return Recommendation(kind: .safetyHandoff, lane: nil, intentLane: intentLane, valence: affect.valence,
                                  sootheFirst: false, session: nil, crisis: asked, concern: nil, trace: trace)
        case .concern, .clear: break
        }
        let concern = report.verdict.decision

        // 3. The soothe gate.
        let intensity = checkIn.intensity ?? 0
        let sootheFirst = intensity >= Router.sootheThreshold && affect.valence == .unpleasant
        // "May we explore a belief?" answered no: every session of the belief lane explores one, so
        // the check-in is routed with what is known (the feeling) to a session that calms instead.
        let declined = !sootheFirst && intentLane == .unblock && checkIn.consent == false
        let lane = sootheFirst || declined ? Lane.soothe : intentLane
        let gateDecision = sootheFirst ? "sootheFirst" : declined ? "consentDeclined" : "intentLane"
        trace.append(TraceEntry(gate: "sootheGate", decision: gateDecision, details: [
            ("intensity", .int(intensity)), ("threshold", .int(Router.sootheThreshold)),
            ("valence", .string(affect.valence.rawValue)), ("intentLane", .string(intentLane.rawValue)),
            ("activeLane", .string(lane.rawValue)),
        ]))

        // 4. Candidates.
        let pool = candidates(for: checkIn, lane: lane, localHour: localHour)
        var poolDetails: [(String, JSONValue)] = [
            ("lane", .string(lane.rawValue)), ("by", .string(pool.basis)), ("count", .int(pool.indices.count)),
        ]
        if pool.indices.count > Router.listedCandidates {
            poolDetails.append(("notListed", .int(pool.indices.count - Router.listedCandidates)))
        }
        poolDetails.append(("slugs", .array(pool.indices.prefix(Router.listedCandidates).map { .string(catalog.sessions[$0].slug) })))
        if let key = pool.key { poolDetails.append((key.0, .string(key.1))) }
        if let note = pool.sleepLeftOut { poolDetails.append(("sleepSessions", .string(note))) }
        trace.append(TraceEntry(gate: "candidates", decision: pool.narrowing, details: poolDetails))

        // 5. The choice.
        let (slug, choice) = await choose(from: pool.indices, lane: lane, checkIn: checkIn)
        trace.append(choice)

        // 6. Crisis C: nothing resolved.
        guard let slug, let session = catalog.session(slug) else {
            let reason = slug == nil ? "no session and no default for lane \(lane.rawValue)"
                                     : "session '\(slug!)' is not in the catalog"
            let finding = CrisisFinding(layer: .c, tier: .crisis, rule: "C.noAudio", matched: "",
                                        reason: "No session could be resolved (\(reason)); showing support instead of nothing.")
            trace.append(TraceEntry(gate: "crisisC", decision: "fired", details: [("reason", .string(reason))]))
            return Recommendation(kind: .safetyHandoff, lane: lane, intentLane: intentLane, valence: affect.valence,
                                  sootheFirst: sootheFirst, session: nil, crisis: CrisisDecision(finding: finding, field: nil),
                                  concern: concern, trace: trace)
        }
        return Recommendation(kind: .audio, lane: lane, intentLane: intentLane, valence: affect.valence,
                              sootheFirst: sootheFirst, session: session, crisis: nil, concern: concern, trace: trace)
    }

    /// Candidates the trace names; the rest are counted (`notListed`), so a lane of thousands keeps
    /// the trace short and the list never looks complete when it is not.
    static let listedCandidates = 12

    struct Pool {
        var indices: [Int]
        var narrowing: String
        var basis: String
        /// Why sleep sessions were left out of a soothe pool, for the trace; nil when they were not.
        var sleepLeftOut: String? = nil
        /// What narrowed it, as a trace detail the screens put into words: ("family", id), ("need", id)
        /// or ("belief", id).
        var key: (String, String)? = nil
    }

    /// Hours (local time) in which a sleep session fits without sleep being mentioned: 21:00–03:59.
    static func lateEvening(_ hour: Int?) -> Bool {
        guard let hour else { return false }
        return hour >= 21 || hour < 4
    }

    /// The check-in's emotion family: the chosen chip's, else the own word's when the vocabulary knows it,
    /// else what the feeling lexicon reads in the own words when it is sure (it would not ask "Which is
    /// closest?").
    func family(of checkIn: CheckIn) -> String? {
        let vocabulary = catalog.vocabulary
        if let chip = checkIn.emotion.flatMap({ vocabulary.emotion($0) }) { return chip.family }
        guard let own = checkIn.customEmotion else { return nil }
        switch catalog.ownFeeling(own) {
        case let .chip(known): return known.family
        case let .read(feeling): return feeling.asks ? nil : feeling.family
        }
    }

    /// The lane's sessions narrowed as SPEC §2 step 4 says, with two refinements (issue 23): sleep
    /// sessions fit the soothe lane only when sleep is mentioned or it is late evening, and a chosen
    /// belief narrows the unblock lane to its clusters' sessions.
    func candidates(for checkIn: CheckIn, lane: Lane, localHour: Int?) -> Pool {
        switch lane {
        case .soothe:
            if let word = mentionsSleep(checkIn) {
                return Pool(indices: lanes.needs[lane]?["sleep"] ?? [], narrowing: "sleep", basis: "mentions sleep ('\(word)')")
            }
            let late = Router.lateEvening(localHour)
            let sleep = Set(lanes.needs[lane]?["sleep"] ?? [])
            let keep: (Int) -> Bool = { late || !sleep.contains($0) }
            let note: String? = late ? nil : "left out: no sleep in the text and not late evening"
            guard let family = family(of: checkIn) else {
                return Pool(indices: (lanes.byLane[lane] ?? []).filter(keep), narrowing: "lane",
                            basis: "no emotion family for the feeling: the whole lane", sleepLeftOut: note)
            }
            let fits = (lanes.families[lane]?[family] ?? []).filter(keep)
            if fits.isEmpty {
                return Pool(indices: (lanes.byLane[lane] ?? []).filter(keep), narrowing: "lane",
                            basis: "no session for emotion family '\(family)': the whole lane", sleepLeftOut: note)
            }
            return Pool(indices: fits, narrowing: "family", basis: "emotion family '\(family)'", sleepLeftOut: note,
                        key: ("family", family))
        case .clarity, .embody:
            guard let tap = subTap(checkIn, lane: lane) else {
                return Pool(indices: lanes.byLane[lane] ?? [], narrowing: "lane", basis: "no sub-tap chosen: the whole lane")
            }
            return Pool(indices: lanes.needs[lane]?[tap.need] ?? [], narrowing: "need", basis: "sub-tap '\(tap.id)' needs '\(tap.need)'",
                        key: ("need", tap.need))
        case .unblock:
            let all = lanes.byLane[lane] ?? []
            if let belief = checkIn.belief, let clusters = catalog.routing.beliefClusters[belief] {
                let fits = all.filter { catalog.sessions[$0].cluster.map(clusters.contains) == true }
                if !fits.isEmpty {
                    return Pool(indices: fits, narrowing: "belief",
                                basis: "belief '\(belief)' belongs to \(clusters.sorted().joined(separator: ", "))",
                                key: ("belief", belief))
                }
            }
            return Pool(indices: all, narrowing: "lane", basis: "the whole lane")
        }
    }

    /// The first sleep word in the free text, or the sleep situation chip.
    func mentionsSleep(_ checkIn: CheckIn) -> String? {
        if checkIn.situation == "sleep" { return "situation: sleep" }
        for (_, text) in checkIn.freeText {
            if let word = Tokens.words(text).first(where: { catalog.routing.sleepWords.contains($0) }) { return word }
        }
        return nil
    }

    /// SPEC §2 step 5. Returns the slug (nil when even the default is missing) and the trace entry.
    func choose(from pool: [Int], lane: Lane, checkIn: CheckIn) async -> (String?, TraceEntry) {
        let fallback = catalog.laneDefaults[lane]
        let defaultDetail: (String, JSONValue) = ("laneDefault", .optional(fallback))
        if pool.count == 1 {
            let slug = catalog.sessions[pool[0]].slug
            return (slug, TraceEntry(gate: "choice", decision: "single", details: [("slug", .string(slug))]))
        }
        if pool.isEmpty {
            return (fallback, TraceEntry(gate: "choice", decision: "laneDefault", details: [
                ("reason", .string("no candidates")), ("slug", .optional(fallback)),
            ]))
        }
        // The person's own words only (never a chip's label), without filler.
        let query = pickerText(checkIn)
        let why: String
        if LexicalPicker.terms(query, stopWords: catalog.routing.stopWords).isEmpty {
            why = "no words of the person's own to rank by"
        } else {
            let answer = await picker.pick(candidates: pool, text: query, catalog: catalog)
            let situational = answer.flatMap { catalog.sessionIndex[$0.slug] }.map { catalog.sessions[$0].situational } ?? false
            let hasGeneral = pool.contains { !catalog.sessions[$0].situational }
            if let answer, answer.score < catalog.routing.pickerMinScore {
                why = "the closest match ('\(answer.slug)', \(answer.score)) rests on too little: below \(catalog.routing.pickerMinScore)"
            } else if let answer, situational, hasGeneral, answer.score < catalog.routing.situationalMinScore {
                why = "the closest match ('\(answer.slug)', \(answer.score)) is made for one situation, which the words name "
                    + "too faintly: below \(catalog.routing.situationalMinScore)"
            } else if let answer, let index = catalog.sessionIndex[answer.slug], Router.contains(pool, index) {
                return (answer.slug, TraceEntry(gate: "choice", decision: "picker", details: [
                    ("picker", .string(picker.name)), ("slug", .string(answer.slug)), ("score", .number(answer.score)),
                    ("matched", .array(answer.matchedTerms.map(JSONValue.string))),
                ]))
            } else {
                why = answer.map { "picker answered '\($0.slug)', which is not a candidate" } ?? "picker found no match"
            }
        }
        // Still a candidate: the lane default when it fits, else the one made most for this feeling.
        let (slug, how) = bestFit(pool, lane: lane, checkIn: checkIn)
        return (slug, TraceEntry(gate: "choice", decision: "bestFit", details: [
            ("reason", .string(why)), ("how", .string(how)), defaultDetail, ("slug", .string(slug)),
        ]))
    }

    /// The candidate chosen without a picker match. A session made for one situation (an exam, an
    /// interview, money; `situational` in sessions.json) is chosen only through the person's words (the
    /// picker), so here only the general candidates count when there are any. For a sub-tap, the
    /// sessions made first for its need (listed first in their `needs`) come before those that serve it
    /// too. Among those: the lane default when it is one (the lane's general starting point); else, for
    /// a chosen belief, a session of its clusters in routing.json's order (the most fitting first);
    /// else the candidate that lists the check-in's emotion family earliest; else the first in
    /// catalog order.
    func bestFit(_ all: [Int], lane: Lane, checkIn: CheckIn) -> (slug: String, how: String) {
        let general = all.filter { !catalog.sessions[$0].situational }
        var pool = general.isEmpty ? all : general
        var made = ""
        if let need = subTap(checkIn, lane: lane)?.need {
            let rank = { (i: Int) in self.catalog.sessions[i].needs.firstIndex(of: need) ?? Int.max }
            let first = pool.map(rank).min() ?? Int.max
            if first == 0, pool.contains(where: { rank($0) > 0 }) {
                pool = pool.filter { rank($0) == 0 }
                made = ", made first for '\(need)'"
            }
        }
        if let fallback = catalog.laneDefaults[lane], let i = catalog.sessionIndex[fallback], Router.contains(pool, i) {
            return (fallback, "the lane's starting session is a candidate" + made)
        }
        if lane == .unblock, let belief = checkIn.belief, let order = catalog.routing.beliefClusters[belief] {
            for cluster in order {
                if let i = pool.first(where: { catalog.sessions[$0].cluster == cluster }) {
                    return (catalog.sessions[i].slug, "made for the belief's cluster '\(cluster)'")
                }
            }
        }
        if let family = family(of: checkIn) {
            let ranked = pool.compactMap { i in catalog.sessions[i].families.firstIndex(of: family).map { (i, $0) } }
            if let best = ranked.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) {
                return (catalog.sessions[best.0].slug, "made for the emotion family '\(family)'" + made)
            }
        }
        return (catalog.sessions[pool[0]].slug, "the first candidate" + made)
    }

    /// The clarity or embody sub-tap the check-in chose, if any (its need narrows the candidates).
    func subTap(_ checkIn: CheckIn, lane: Lane) -> SubTap? {
        switch lane {
        case .clarity: return catalog.vocabulary.claritySubTaps.first { $0.id == checkIn.claritySubTap }
        case .embody: return catalog.vocabulary.confidenceSubTaps.first { $0.id == checkIn.confidenceSubTap }
        default: return nil
        }
    }

    /// Membership in a candidate list; lists are built in catalog order, so a binary search.
    static func contains(_ sorted: [Int], _ value: Int) -> Bool {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo < sorted.count && sorted[lo] == value
    }

    /// The words the picker ranks against: the person's own free text. Chips already narrowed the
    /// candidates (family, need, belief); their labels are not the person's words, and fed to the
    /// picker one label could outweigh everything typed.
    func pickerText(_ c: CheckIn) -> String {
        c.freeText.map(\.text).joined(separator: " ")
    }
}

/// Sessions grouped by lane, by lane and family, and by lane and need, built once per catalog.
struct LaneIndex: Sendable {
    var byLane: [Lane: [Int]] = [:]
    var families: [Lane: [String: [Int]]] = [:]
    var needs: [Lane: [String: [Int]]] = [:]

    init(catalog: Catalog) {
        for (i, s) in catalog.sessions.enumerated() {
            byLane[s.lane, default: []].append(i)
            for f in Set(s.families) { families[s.lane, default: [:]][f, default: []].append(i) }
            for n in Set(s.needs) { needs[s.lane, default: [:]][n, default: []].append(i) }
        }
    }
}

/// How crisis findings appear in the trace.
enum CrisisGate {
    static func entry(gate: String, decision: CrisisDecision?, scanned: [String]) -> TraceEntry {
        guard let d = decision, d.finding.tier > .none else {
            return TraceEntry(gate: gate, decision: "clear", details: [
                ("scanned", .array(scanned.map(JSONValue.string))),
            ])
        }
        let f = d.finding
        var details: [(String, JSONValue)] = [
            ("tier", .string(f.tier.label)), ("rule", .string(f.rule)), ("field", .optional(d.field)),
            ("matched", .string(f.matched)), ("reason", .string(f.reason)),
        ]
        if let score = f.shownProbability { details.append(("score", .number(score))) }
        // A finding the rule never acts on (`CrisisCheck.actsOn`) is not called "fired" (found from outside).
        if !CrisisCheck.actsOn(d) {
            details.append(("note", .string("the trained model over all the answers read together is not acted on")))
            return TraceEntry(gate: gate, decision: "not acted on", details: details)
        }
        return TraceEntry(gate: gate, decision: f.fired ? "fired" : "concern", details: details)
    }

    /// What the one crisis rule made of the layers' findings.
    static func verdict(_ report: CrisisCheck.Report) -> TraceEntry {
        var details: [(String, JSONValue)] = []
        switch report.verdict {
        case .clear: break
        case let .askedForHelp(field):
            details.append(("field", .string(field)))
        case let .concern(d):
            details += [("field", .optional(d.field)), ("rule", .string(d.finding.rule)),
                        ("why", .string("not a clear statement: the gentle question is asked instead of a handoff"))]
        case let .handoff(d):
            details += [("field", .optional(d.field)), ("rule", .string(d.finding.rule)),
                        ("why", .string("a clear statement"))]
        }
        if !report.answered.isEmpty {
            details.append(("answered", .array(report.answered.map { .string($0.field ?? "") })))
        }
        return TraceEntry(gate: "crisisRule", decision: report.verdict.name, details: details)
    }
}
