import AllinCore
import Foundation
import Testing
@testable import AllinStore

@Suite("JournalStore: what is stored and how it reads back")
struct JournalStoreTests {
    @Test func everyFieldRoundTrips() async throws {
        let store = try JournalStore.inMemory()
        let r = await route(fullCheckIn)
        #expect(r.kind == .audio)
        let id = try store.begin(fullCheckIn, recommendation: r, moodBefore: 3, at: t0, timeZone: london)
        try store.complete(id, moodAfter: 8, note: "Better.\nSecond line \u{1B}]0;title\u{7}", at: t0.addingTimeInterval(900))
        let e = try #require(try store.entry(id))
        #expect(e.checkIn == fullCheckIn)
        #expect(e.startedAt == t0 && e.completedAt == t0.addingTimeInterval(900))
        #expect(e.timeZone == "Europe/London" && e.day.iso == "2024-05-15")
        #expect(e.kind == .audio && e.lane == r.lane && e.intentLane == r.intentLane && e.valence == r.valence)
        #expect(e.sootheFirst == r.sootheFirst && e.sessionSlug == r.session?.slug && e.sessionTitle == r.session?.title)
        #expect(e.crisisTier == nil && e.moodBefore == 3 && e.moodAfter == 8)
        #expect(e.note == "Better.\nSecond line \u{1B}]0;title\u{7}")
        // The stored route is the CLI's JSON shape, trace included, keys in their order.
        let stored = try #require(e.recommendation)
        #expect(stored == r.json(resources: nil))
        #expect(stored["trace"] != nil)
        // With no intent given (calming came first, so it was never asked) no intent lane is claimed.
        var noIntent = fullCheckIn
        noIntent.intent = nil
        let calming = try store.begin(noIntent, recommendation: await route(noIntent), moodBefore: nil, at: t0, timeZone: london)
        #expect(try store.entry(calming)?.intentLane == nil)
        // The same entry through a memory journal reads the same.
        let memory = MemoryJournal()
        let mid = try memory.begin(fullCheckIn, recommendation: r, moodBefore: 3, at: t0, timeZone: london)
        try memory.complete(mid, moodAfter: 8, note: "Better.\nSecond line \u{1B}]0;title\u{7}", at: t0.addingTimeInterval(900))
        var fromMemory = try #require(try memory.entry(mid))
        fromMemory.recommendation = stored
        #expect(fromMemory == e)
    }

    @Test func whatHappenedToTheSessionIsStoredAndRanksOnlyListenedSessions() async throws {
        let store = try JournalStore.inMemory()
        let r = await route(fullCheckIn)
        let heard = try store.begin(fullCheckIn, recommendation: r, moodBefore: 3, at: t0, timeZone: london)
        let record = PlaybackRecord(outcome: .stoppedEarly, audioSeconds: 40.25, readAlongSeconds: 150, length: 300)
        try store.recordPlayback(heard, record)
        try store.complete(heard, moodAfter: 8, note: nil, at: t0.addingTimeInterval(600))
        let e = try #require(try store.entry(heard))
        #expect(e.playback == record && e.playback?.listened == true && e.playback?.mode == "audio_then_read_along")
        // A session stopped after a minute is kept, but does not rank.
        let brief = try store.begin(fullCheckIn, recommendation: r, moodBefore: 2, at: t0.addingTimeInterval(3600), timeZone: london)
        try store.recordPlayback(brief, PlaybackRecord(outcome: .stoppedEarly, audioSeconds: 60, length: 300))
        try store.complete(brief, moodAfter: 10, note: nil, at: t0.addingTimeInterval(3700))
        // Closed before the session began: kept, not played, not complete.
        let unplayed = try store.begin(fullCheckIn, recommendation: r, moodBefore: nil, at: t0.addingTimeInterval(7200), timeZone: london)
        try store.recordPlayback(unplayed, .notPlayed)
        #expect(try store.entry(unplayed)?.playback?.outcome == .notPlayed)
        #expect(try store.entry(unplayed)?.isComplete == false)
        let points = try store.points()
        #expect(points.map(\.listened) == [true, false, false])
        let top = SessionImpact.rank(points)
        #expect(top.count == 1 && top[0].averageChange == 5, "the +8 of the brief session is left out")
        // A handoff has no session: a record for it is ignored, as every other write after it.
        let handoff = try store.begin(crisisCheckIn, recommendation: await route(crisisCheckIn), moodBefore: nil, at: t0,
                                      timeZone: london)
        try store.recordPlayback(handoff, record)
        #expect(try store.entry(handoff)?.playback == nil)
        #expect(throws: JournalError.self) { try store.recordPlayback(999, record) }
    }

    @Test func aHandoffStoresItsTierAndTimeButNoWords() async throws {
        let store = try JournalStore.inMemory()
        let r = await route(crisisCheckIn)
        #expect(r.kind == .safetyHandoff)
        let id = try store.begin(crisisCheckIn, recommendation: r, moodBefore: 5, at: t0, timeZone: london)
        try store.complete(id, moodAfter: 9, note: "not kept", at: t0.addingTimeInterval(60))
        let e = try #require(try store.entry(id))
        #expect(e.kind == .safetyHandoff && e.crisisTier == r.crisis?.finding.tier && e.startedAt == t0 && e.isComplete)
        #expect(e.checkIn == nil && e.recommendation == nil && e.moodBefore == nil && e.moodAfter == nil && e.note == nil)
        // No column of the row holds any of the words, whatever the front passed in.
        let everything = try store.db.query("SELECT * FROM check_ins") { r in
            (0..<r.count).compactMap { r.string($0) }.joined(separator: "|")
        }.joined()
        for secret in ["kill", "secret", "I want", "not kept"] {
            #expect(!everything.contains(secret))
        }
        #expect(try store.entries(JournalQuery(search: "secret")).isEmpty)
    }

    /// "help" typed (or support asked for) is kept as support opened, with no crisis tier, and read back so.
    @Test func supportOpenedWhenAskedIsKeptWithNoTier() throws {
        let store = try JournalStore.inMemory()
        let asked = Recommendation.handoff(finding: CrisisCheck.askedForHelp,
                                           field: "triggerText", intentLane: .unblock)
        let id = try store.begin(CheckIn(triggerText: "help"), recommendation: asked, moodBefore: nil, at: t0, timeZone: london)
        let e = try #require(try store.entry(id))
        #expect(e.kind == .safetyHandoff && e.crisisTier == CrisisTier.none)
        #expect(try store.entries(JournalQuery()).count == 1)
        let crisis = try store.begin(crisisCheckIn, recommendation: .handoff(
            finding: CrisisFinding(layer: .a, tier: .crisis), field: nil, intentLane: .unblock), moodBefore: nil, at: t0, timeZone: london)
        #expect(try store.entry(crisis)?.crisisTier == .crisis)
    }

    @Test("a check-in that opened support and went on is one entry", arguments: [false, true])
    func aCheckInThatWentOnAfterSupportIsOneEntry(inMemory: Bool) async throws {
        let journal: any JournalStoring = inMemory ? MemoryJournal() : try JournalStore.inMemory()
        let handoff = try journal.begin(crisisCheckIn, recommendation: .handoff(
            finding: CrisisFinding(layer: .b, tier: .crisis), field: "triggerText", intentLane: .unblock),
            moodBefore: nil, at: t0, timeZone: london)
        let r = await route(fullCheckIn)
        let begun = try journal.begin(fullCheckIn, recommendation: r, moodBefore: 3, at: t0.addingTimeInterval(60), timeZone: london)
        // The check-in takes the handoff's number: the journal's numbers never skip (found from
        // outside: one check-in listed as "#2", and 'journal show 1' found nothing).
        let merged = try journal.mergeHandoff(handoff, into: begun)
        #expect(merged == handoff)
        let id = merged
        let all = try journal.entries(JournalQuery())
        #expect(all.map(\.id) == [id])
        // The consent given in the check-in follows it to its number.
        if !inMemory { #expect(try journal.consents().map(\.checkInID) == [id]) }
        #expect(all.first?.kind == .audio && all.first?.supportTier == .crisis && all.first?.checkIn == fullCheckIn)
        // The day still counts (it did while the visit stood alone), though the session was left unfinished.
        #expect(all.first?.isComplete == false)
        #expect(try journal.points().map(\.completed) == [true])
        #expect(try journal.summary(now: t0.addingTimeInterval(120), timeZone: london, rules: .standard).streak.days == 1)
        // Merging again, or an audio row as the "handoff", changes nothing.
        try journal.mergeHandoff(handoff, into: id)
        try journal.mergeHandoff(id, into: id)
        #expect(try journal.entries(JournalQuery()).count == 1)
        // Support opened later from the reflection keeps the highest tier; asked-for support alone is tier none.
        try journal.recordSupport(id, tier: .immediate)
        try journal.recordSupport(id, tier: .none)
        #expect(try journal.entry(id)?.supportTier == .immediate)
        let other = try journal.begin(fullCheckIn, recommendation: r, moodBefore: nil, at: t0.addingTimeInterval(120), timeZone: london)
        try journal.recordSupport(other, tier: .none)
        #expect(try journal.entry(other)?.supportTier == CrisisTier.none)
        #expect(try journal.entry(other)?.json["supportDuringCheckIn"] == .string("Support was opened during this check-in, when asked for."))
        #expect(throws: JournalError.notFound(id: 999)) { try journal.recordSupport(999, tier: .crisis) }
    }

    @Test("the schema itself refuses words on a handoff row", arguments: [
        "trigger_text", "custom_emotion", "kinder", "note", "route_json", "emotion", "mood_before",
    ])
    func schemaRefusesHandoffText(column: String) throws {
        let store = try JournalStore.inMemory()
        let value: SQLiteValue = column == "mood_before" ? .integer(3) : column == "route_json" ? .text("{}") : .text("words")
        #expect(throws: SQLiteError.self) {
            try store.db.run("""
                INSERT INTO check_ins (started_at, completed_at, time_zone, local_day, route_kind, crisis_tier, \(column))
                VALUES (1, 1, 'UTC', '1970-01-01', 'safety_handoff', 2, ?)
                """, [value])
        }
        // Without the words the same row is accepted.
        try store.db.run("""
            INSERT INTO check_ins (started_at, completed_at, time_zone, local_day, route_kind, crisis_tier)
            VALUES (1, 1, 'UTC', '1970-01-01', 'safety_handoff', 2)
            """)
    }

    @Test func completingNeverWipesEarlierColumns() async throws {
        let store = try JournalStore.inMemory()
        let id = try store.begin(fullCheckIn, recommendation: await route(fullCheckIn), moodBefore: 4, at: t0, timeZone: london)
        try store.complete(id, moodAfter: nil, note: "first", at: t0.addingTimeInterval(100))
        try store.complete(id, moodAfter: 7, note: nil, at: t0.addingTimeInterval(200))
        try store.complete(id, moodAfter: nil, note: "  \n ", at: t0.addingTimeInterval(300))
        let e = try #require(try store.entry(id))
        #expect(e.checkIn == fullCheckIn && e.kinder == fullCheckIn.kinder && e.moodBefore == 4)
        #expect(e.moodAfter == 7 && e.note == "first" && e.completedAt == t0.addingTimeInterval(100))
        #expect(try store.entries(JournalQuery(search: "first")).map(\.id) == [id])
        try store.complete(id, moodAfter: nil, note: "second", at: t0.addingTimeInterval(400))
        #expect(try store.entries(JournalQuery(search: "first")).isEmpty)
        #expect(try store.entries(JournalQuery(search: "second")).map(\.id) == [id])
    }

    @Test func emptyAnswersRoundTrip() async throws {
        let store = try JournalStore.inMemory()
        let empty = CheckIn(customEmotion: "", triggerText: "", intensity: 3, body: [], pattern: "", kinder: "")
        let id = try store.begin(empty, recommendation: await route(empty), moodBefore: nil, at: t0, timeZone: london)
        #expect(try store.entry(id)?.checkIn == empty)
    }

    @Test func badValuesAreRefusedByName() async throws {
        let store = try JournalStore.inMemory()
        let r = await route(fullCheckIn)
        #expect(throws: JournalError.invalid(field: "moodBefore", message: "must be a whole number from 1 to 10, found 11")) {
            try store.begin(fullCheckIn, recommendation: r, moodBefore: 11, at: t0, timeZone: london)
        }
        let id = try store.begin(fullCheckIn, recommendation: r, moodBefore: nil, at: t0, timeZone: london)
        #expect(throws: JournalError.invalid(field: "moodAfter", message: "must be a whole number from 1 to 10, found 0")) {
            try store.complete(id, moodAfter: 0, note: nil, at: t0)
        }
        #expect(throws: JournalError.notFound(id: 404)) { try store.complete(404, moodAfter: 5, note: nil, at: t0) }
        #expect(try store.entry(404) == nil)
    }

    @Test func consentIsDurableAndRevocable() async throws {
        let store = try JournalStore.inMemory()
        let r = await route(fullCheckIn)
        let first = try store.begin(fullCheckIn, recommendation: r, moodBefore: nil, at: t0, timeZone: london)
        _ = try store.begin(fullCheckIn, recommendation: r, moodBefore: nil, at: t0.addingTimeInterval(60), timeZone: london)
        var noConsent = fullCheckIn
        noConsent.consent = false
        _ = try store.begin(noConsent, recommendation: r, moodBefore: nil, at: t0.addingTimeInterval(90), timeZone: london)
        #expect(try store.consents() == [ConsentRecord(id: 1, grantedAt: t0, checkInID: first)])
        #expect(try store.revokeConsent(at: t0.addingTimeInterval(120)) == 1)
        #expect(try store.revokeConsent(at: t0.addingTimeInterval(130)) == 0)
        #expect(try store.activeConsent() == nil)
        let again = try store.recordConsent(at: t0.addingTimeInterval(180))
        #expect(try store.activeConsent() == again)
        #expect(try store.consents().first?.revokedAt == t0.addingTimeInterval(120))
    }

    @Test func searchIsSafeForAnythingTyped() async throws {
        let store = try JournalStore.inMemory()
        let r = await route(fullCheckIn)
        let id = try store.begin(fullCheckIn, recommendation: r, moodBefore: nil, at: t0, timeZone: london)
        try store.complete(id, moodAfter: 6, note: "Le café était calme", at: t0)
        for query in ["\"", "NEAR(", "*", "a OR", "kinder:x", "-", "(", "'; DROP TABLE check_ins; --", "\u{0}", "🌱"] {
            #expect(throws: Never.self) { try store.entries(JournalQuery(search: query)) }
        }
        #expect(try store.entries(JournalQuery(search: "CAFE etait")).map(\.id) == [id])
        #expect(try store.entries(JournalQuery(search: "learn")).map(\.id) == [id])   // prefix, in the reframe
        #expect(try store.entries(JournalQuery(search: "quarterly")).isEmpty)          // trigger text is not searched
        #expect(try store.count() == 1)
    }

    @Test func listingAndSummaryAgreeWithTheMemoryJournal() async throws {
        let store = try JournalStore.inMemory()
        let memory = MemoryJournal()
        let audio = await route(fullCheckIn), crisis = await route(crisisCheckIn)
        let zones = ["Europe/London", "America/New_York", "Asia/Tokyo"].map { TimeZone(identifier: $0)! }
        for n in 0..<60 {
            let at = t0.addingTimeInterval(Double(n) * 33_000)
            let zone = zones[n % 3]
            let r = n % 17 == 5 ? crisis : audio
            let before = n % 4 == 0 ? nil : n % 10 + 1
            let a = try store.begin(fullCheckIn, recommendation: r, moodBefore: before, at: at, timeZone: zone)
            let b = try memory.begin(fullCheckIn, recommendation: r, moodBefore: before, at: at, timeZone: zone)
            if n % 7 != 3 {
                try store.complete(a, moodAfter: (n * 3) % 10 + 1, note: n % 5 == 0 ? "note \(n)" : nil, at: at.addingTimeInterval(600))
                try memory.complete(b, moodAfter: (n * 3) % 10 + 1, note: n % 5 == 0 ? "note \(n)" : nil, at: at.addingTimeInterval(600))
            }
        }
        let now = t0.addingTimeInterval(60 * 33_000)
        for rules in [StreakRules(restDaysPerWeek: 0), StreakRules(restDaysPerWeek: 1)] {
            #expect(try store.summary(now: now, timeZone: london, rules: rules) == memory.summary(now: now, timeZone: london, rules: rules))
        }
        for q in [JournalQuery(), JournalQuery(since: LocalDay(iso: "2024-05-25")), JournalQuery(search: "note"),
                  JournalQuery(limit: 5), JournalQuery(includeUnfinished: false, newestFirst: false)] {
            let a = try store.entries(q).map { ($0.id, $0.day, $0.moodAfter, $0.note) }
            let b = try memory.entries(q).map { ($0.id, $0.day, $0.moodAfter, $0.note) }
            #expect(a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1) && a.map(\.2) == b.map(\.2) && a.map(\.3) == b.map(\.3))
        }
        #expect(try store.points() == memory.points())
    }

    @Test func deleteEverythingEmptiesEveryTable() async throws {
        let store = try JournalStore.inMemory()
        let id = try store.begin(fullCheckIn, recommendation: await route(fullCheckIn), moodBefore: 2, at: t0, timeZone: london)
        try store.complete(id, moodAfter: 5, note: "gone soon", at: t0)
        try store.deleteEverything()
        #expect(try store.count() == 0 && store.consents().isEmpty)
        #expect(try store.entries(JournalQuery(search: "gone")).isEmpty)
        #expect(try store.db.scalar("SELECT count(*) FROM journal_search") { $0.int(0) } == 0)
        #expect(try store.integrityCheck() == ["ok"])
    }
}

@Suite("JournalStore: the safety plan")
struct SafetyPlanStoreTests {
    @Test func thePlanRoundTripsAndSurvivesReopening() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        var plan = SafetyPlan([.reasons: "my kids \u{1B}[2J", .helpers: "Sam 07700 900123", .copingAlone: "a walk"])
        do {
            let store = try JournalStore.open(path: dir.journal)
            #expect(try store.safetyPlan().isEmpty)
            try store.saveSafetyPlan(plan, at: t0)
        }
        let store = try JournalStore.open(path: dir.journal)
        let back = try store.safetyPlan()
        #expect(back[.reasons] == "my kids \u{1B}[2J" && back[.helpers] == "Sam 07700 900123" && back[.copingAlone] == "a walk")
        #expect(back.updatedAt == t0)
        // Saving replaces the whole plan: a cleared part is gone.
        plan[.copingAlone] = ""
        try store.saveSafetyPlan(plan, at: t0.addingTimeInterval(60))
        #expect(try store.safetyPlan().written.map(\.part) == [.helpers, .reasons])
        // The file keeps the journal's privacy.
        let mode = try FileManager.default.attributesOfItem(atPath: dir.journal)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    /// Saving only the parts written: each is put onto the plan as stored at that moment, so a part
    /// another connection (another allin) saved meanwhile is kept; "" removes a part.
    @Test func savingSomePartsKeepsWhatAnotherSavedMeanwhile() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let mine = try JournalStore.open(path: dir.journal), theirs = try JournalStore.open(path: dir.journal)
        try mine.saveSafetyPlan(SafetyPlan([.warningSigns: "old signs", .copingAlone: "old cope", .reasons: "my kids"]), at: t0)
        try theirs.saveSafetyPlanParts([.warningSigns: "NEW SIGNS"], at: t0.addingTimeInterval(30))
        let saved = try mine.saveSafetyPlanParts([.copingAlone: "  a walk  ", .reasons: ""], at: t0.addingTimeInterval(60))
        #expect(saved[.warningSigns] == "NEW SIGNS" && saved[.copingAlone] == "a walk" && saved[.reasons].isEmpty)
        #expect(saved.sameWords(as: try theirs.safetyPlan()))
        #expect(saved.updatedAt == t0.addingTimeInterval(60))
    }

    @Test func erasingTheJournalErasesThePlan() throws {
        let store = try JournalStore.inMemory()
        try store.saveSafetyPlan(SafetyPlan([.reasons: "my kids"]), at: t0)
        try store.deleteEverything()
        #expect(try store.safetyPlan().isEmpty)
    }

    @Test func theSchemaRefusesAnUnknownPartOrAnEmptyText() throws {
        let store = try JournalStore.inMemory()
        #expect(throws: (any Error).self) {
            try store.db.run("INSERT INTO safety_plan (part, text, updated_at) VALUES ('secrets', 'x', 0)")
        }
        #expect(throws: (any Error).self) {
            try store.db.run("INSERT INTO safety_plan (part, text, updated_at) VALUES ('reasons', '', 0)")
        }
    }
}
