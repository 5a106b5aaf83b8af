import Foundation
import Testing
@testable import AllinCore

@Suite("Journal statistics: mood trend, heatmap, days checked in, sessions that helped")
struct JournalStatsTests {
    let today = day("2024-05-15")   // a Wednesday

    func point(_ iso: String, _ before: Int?, _ after: Int?, slug: String? = "a", completed: Bool = true,
               kind: RecommendationKind = .audio) -> JournalPoint {
        JournalPoint(day: day(iso), completed: completed, kind: kind, moodBefore: before, moodAfter: after,
                     sessionSlug: slug, sessionTitle: slug.map { "Title \($0)" })
    }

    @Test func moodTrendAveragesPerDayOverThirtyDays() {
        let points = [
            point("2024-05-15", 3, 7), point("2024-05-15", 5, 6), point("2024-05-10", 2, nil),
            point("2024-04-16", 4, 8),            // first day of the window
            point("2024-04-15", 1, 10),           // one day too old
            point("2024-05-16", 1, 10),           // tomorrow: ignored
        ]
        let t = MoodTrend.compute(points, today: today)
        #expect(t.days.count == 30)
        #expect(t.days.first?.day == day("2024-04-16") && t.days.last?.day == today)
        #expect(t.days.last?.before == 4 && t.days.last?.after == 6.5 && t.days.last?.count == 2)
        #expect(t.days.first { $0.day == day("2024-05-10") }?.after == nil)
        #expect(t.days.first { $0.day == day("2024-05-11") }?.count == 0)
        #expect(t.pairs == 3)
        #expect(t.averageChange == Double(4 + 1 + 4) / 3)
        #expect(t.averageBefore == Double(3 + 5 + 2 + 4) / 4)
    }

    /// The summary's JSON names what it counts: check-ins that count as checked in, not "completed"
    /// (one left unfinished after crisis support opened counts for the streak without being finished).
    @Test func theSummaryJSONSaysCountedAsCheckedIn() {
        let summary = JournalSummary.compute([point("2024-05-15", nil, nil), point("2024-05-14", nil, nil, completed: false)],
                                             today: today)
        guard case let .object(fields) = summary.json else { Issue.record("not an object"); return }
        #expect(fields.first { $0.0 == "countedAsCheckedIn" }?.1 == .int(1))
        #expect(fields.first { $0.0 == "total" }?.1 == .int(2))
        #expect(!fields.contains { $0.0 == "completed" })
    }

    @Test func moodTrendWithNoRatings() {
        let t = MoodTrend.compute([point("2024-05-15", nil, nil)], today: today)
        #expect(t.averageBefore == nil && t.averageChange == nil && t.pairs == 0 && t.days.allSatisfy { $0.count == 0 })
    }

    @Test func heatmapIsTwelveWeeksEndingThisWeek() {
        let points = [point("2024-05-15", nil, nil), point("2024-05-15", nil, nil), point("2024-05-13", nil, nil),
                      point("2024-05-14", nil, nil, completed: false),
                      point("2024-02-26", nil, nil),   // Monday of the first week shown
                      point("2024-02-25", nil, nil)]   // the Sunday before: outside
        let h = Heatmap.build(points, today: today)
        #expect(h.weeks.count == 12 && h.weeks.allSatisfy { $0.count == 7 })
        #expect(h.weeks[0][0]?.day == day("2024-02-26") && h.weeks[0][0]?.count == 1)
        let last = h.weeks[11]
        #expect(last[0]?.day == day("2024-05-13") && last[0]?.level == 1)
        #expect(last[1]?.count == 0)          // unfinished check-ins do not count
        #expect(last[2]?.count == 2 && last[2]?.level == 2)
        #expect(last[3] == nil && last[6] == nil)   // after today
        let cells: [Heatmap.Cell] = h.weeks.flatMap { $0 }.compactMap { $0 }
        let total = cells.map(\.count).reduce(0, +)
        #expect(total == 4)
    }

    @Test func heatmapWeeksCanStartOnSunday() {
        let h = Heatmap.build([], today: today, weeks: 2, firstWeekday: 6)
        #expect(h.weeks[1][0]?.day == day("2024-05-12") && h.weeks[1][3]?.day == today && h.weeks[1][4] == nil)
        #expect(h.weeks[0][0]?.day == day("2024-05-05"))
    }

    @Test("heatmap levels are fixed steps", arguments: [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (9, 4)])
    func levels(count: Int, level: Int) { #expect(Heatmap.level(count) == level) }

    @Test func daysCheckedInOutOfSevenAndThirty() {
        let points = ["2024-05-15", "2024-05-15", "2024-05-09", "2024-05-08", "2024-04-16", "2024-04-15"].map { point($0, nil, nil) }
            + [point("2024-05-14", nil, nil, completed: false)]
        let s = JournalSummary.compute(points, today: today)
        #expect(s.daysLast7 == 2 && s.daysLast30 == 4)
        #expect(s.total == 7 && s.completed == 6)
    }

    @Test func sessionsThatRaisedMoodMost() {
        let points = [
            point("2024-05-01", 3, 8, slug: "walk"), point("2024-05-02", 4, 6, slug: "walk"),  // +3.5
            point("2024-05-03", 2, 6, slug: "breath"),                                          // +4
            point("2024-05-04", 6, 5, slug: "body"),                                            // -1
            point("2024-05-05", 5, nil, slug: "breath"),                                        // no pair
            point("2024-05-06", 1, 10, slug: "skipped", completed: false),                      // unfinished
            point("2024-05-07", 3, 7, slug: "tie"), point("2024-05-08", 3, 7, slug: "tie"),   // +4, twice
        ]
        let ranked = SessionImpact.rank(points)
        #expect(ranked.map(\.slug) == ["tie", "breath", "walk", "body"])
        #expect(ranked[0].count == 2 && ranked[2].averageChange == 3.5 && ranked[1].title == "Title breath")
        #expect(SessionImpact.rank(points, minimumCount: 2).map(\.slug) == ["tie", "walk"])
        #expect(SessionImpact.rank(points, limit: 1).count == 1)
    }

    @Test func searchTermsFoldCaseAndAccents() {
        #expect(JournalSearch.terms("Café, CALM—can't!") == ["cafe", "calm", "can", "t"])
        #expect(JournalSearch.matches("caf", in: ["the café was calm", nil]))
        #expect(JournalSearch.matches("calm cafe", in: [nil, "the café was calm"]))
        #expect(!JournalSearch.matches("storm", in: ["the café was calm"]))
        #expect(JournalSearch.matches("  ", in: [nil]))
    }
}
