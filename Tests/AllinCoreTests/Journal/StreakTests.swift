import Foundation
import Testing
@testable import AllinCore

@Suite("Streak: consecutive local days, one rest day a week")
struct StreakTests {
    let off = StreakRules(restDaysPerWeek: 0)
    let one = StreakRules(restDaysPerWeek: 1)

    @Test func emptyHistory() {
        let s = Streak.compute(days: [], today: day("2024-05-10"))
        #expect(s.days == 0 && s.start == nil && !s.checkedInToday && s.longest == 0 && s.restDays.isEmpty)
    }

    @Test func todayIsNotOverYet() {
        // Yesterday's run still stands before today's check-in.
        let s = Streak.compute(days: days("2024-05-08", "2024-05-09"), today: day("2024-05-10"), rules: off)
        #expect(s.days == 2 && !s.checkedInToday && s.end == day("2024-05-09"))
        let t = Streak.compute(days: days("2024-05-08", "2024-05-09", "2024-05-10"), today: day("2024-05-10"), rules: off)
        #expect(t.days == 3 && t.checkedInToday && t.span == 3)
    }

    @Test func aMissedDayBreaksTheStreakWhenRestDaysAreOff() {
        let s = Streak.compute(days: days("2024-05-06", "2024-05-07", "2024-05-09", "2024-05-10"), today: day("2024-05-10"), rules: off)
        #expect(s.days == 2 && s.start == day("2024-05-09") && s.longest == 2)
        let gone = Streak.compute(days: days("2024-05-07", "2024-05-08"), today: day("2024-05-10"), rules: off)
        #expect(gone.days == 0 && gone.longest == 2)
    }

    @Test func oneRestDayKeepsTheStreakAlive() {
        let s = Streak.compute(days: days("2024-05-06", "2024-05-07", "2024-05-09", "2024-05-10"), today: day("2024-05-10"), rules: one)
        #expect(s.days == 4 && s.restDays == [day("2024-05-08")] && s.span == 5 && s.start == day("2024-05-06"))
    }

    @Test func yesterdayCanBeTheRestDayWhileTodayIsPending() {
        let s = Streak.compute(days: days("2024-05-07", "2024-05-08"), today: day("2024-05-10"), rules: one)
        #expect(s.days == 2 && s.restDays == [day("2024-05-09")])
        let two = Streak.compute(days: days("2024-05-07"), today: day("2024-05-10"), rules: one)
        #expect(two.days == 0 && two.restDays.isEmpty)
    }

    @Test func twoMissedDaysInOneWeekBreakIt() {
        // 05-08 and 05-04 are four days apart: the second rest day is one too many.
        let history = days("2024-05-01", "2024-05-02", "2024-05-03", "2024-05-05", "2024-05-06", "2024-05-07", "2024-05-09", "2024-05-10")
        let s = Streak.compute(days: history, today: day("2024-05-10"), rules: one)
        #expect(s.days == 5 && s.start == day("2024-05-05") && s.restDays == [day("2024-05-08")])
        // With two rest days a week both gaps are bridged.
        let two = Streak.compute(days: history, today: day("2024-05-10"), rules: StreakRules(restDaysPerWeek: 2))
        #expect(two.days == 8 && two.restDays == days("2024-05-08", "2024-05-04"))
    }

    @Test func restDaysAWeekApartAreBothAllowed() {
        var history: [LocalDay] = []
        for n in 0..<21 where n != 3 && n != 10 && n != 17 { history.append(day("2024-05-01").adding(days: n)) }
        let s = Streak.compute(days: history, today: day("2024-05-21"), rules: one)
        #expect(s.days == 18 && s.restDays.count == 3 && s.start == day("2024-05-01"))
    }

    @Test func restDaysNeverStartARun() {
        let s = Streak.compute(days: days("2024-05-10"), today: day("2024-05-10"), rules: StreakRules(restDaysPerWeek: 3))
        #expect(s.days == 1 && s.restDays.isEmpty && s.span == 1)
    }

    @Test func longestRunInHistory() {
        let old = (0..<10).map { day("2024-01-01").adding(days: $0) }
        let recent = days("2024-05-09", "2024-05-10")
        let s = Streak.compute(days: old + recent, today: day("2024-05-10"), rules: one)
        #expect(s.days == 2 && s.longest == 10)
    }

    @Test func acrossMonthEndsLeapDaysAndYearEnds() {
        #expect(Streak.compute(days: days("2024-01-30", "2024-01-31", "2024-02-01", "2024-02-02"), today: day("2024-02-02"), rules: off).days == 4)
        #expect(Streak.compute(days: days("2024-02-28", "2024-02-29", "2024-03-01"), today: day("2024-03-01"), rules: off).days == 3)
        #expect(Streak.compute(days: days("2023-02-28", "2023-03-01"), today: day("2023-03-01"), rules: off).days == 2)
        #expect(Streak.compute(days: days("2024-12-30", "2024-12-31", "2025-01-01", "2025-01-02"), today: day("2025-01-02"), rules: off).days == 4)
        // A rest day on New Year's Eve.
        let s = Streak.compute(days: days("2024-12-29", "2024-12-30", "2025-01-01"), today: day("2025-01-01"), rules: one)
        #expect(s.days == 3 && s.restDays == [day("2024-12-31")])
    }

    @Test func dstSpringForwardAndFallBackInNewYork() {
        let ny = zone("America/New_York")
        // 23:30 each evening across the 23-hour day of 2024-03-10 and the 25-hour day of 2024-11-03.
        for (first, count) in [("2024-03-08", 4), ("2024-11-01", 4)] {
            let start = day(first)
            let instants = (0..<count).map { wallClock(start.adding(days: $0).iso + " 23:30", "America/New_York") }
            let local = instants.map { LocalDay($0, in: ny) }
            #expect(local == (0..<count).map { start.adding(days: $0) })
            let today = LocalDay(instants.last!.addingTimeInterval(600), in: ny)
            #expect(Streak.compute(days: local, today: today, rules: off).days == count)
        }
    }

    @Test func twoLocalDaysThatShareAUTCDayCountTwice() {
        // 20:30 on the 9th and 08:00 on the 10th in New York are both 2024-03-10 in UTC.
        let ny = zone("America/New_York")
        let a = wallClock("2024-03-09 20:30", "America/New_York"), b = wallClock("2024-03-10 08:00", "America/New_York")
        #expect(LocalDay(a, in: zone("UTC")) == LocalDay(b, in: zone("UTC")))
        let s = Streak.compute(days: [LocalDay(a, in: ny), LocalDay(b, in: ny)], today: LocalDay(b, in: ny), rules: off)
        #expect(s.days == 2)
    }

    @Test func londonFallBackNight() {
        let london = zone("Europe/London")
        let instants = [wallClock("2024-10-26 00:30", "Europe/London"), wallClock("2024-10-27 00:30", "Europe/London"),
                        wallClock("2024-10-28 00:30", "Europe/London")]
        let local = instants.map { LocalDay($0, in: london) }
        #expect(local == days("2024-10-26", "2024-10-27", "2024-10-28"))
        #expect(Streak.compute(days: local, today: local.last!, rules: off).days == 3)
    }

    @Test func travelKeepsEachCheckInOnItsOwnLocalDay() {
        // Monday 22:00 in New York is already Tuesday 03:00 in London. Recorded where it happened, the
        // three check-ins are Monday, Tuesday and Wednesday.
        let mon = wallClock("2024-01-15 22:00", "America/New_York")
        let tue = wallClock("2024-01-16 20:00", "Europe/London")
        let wed = wallClock("2024-01-17 09:00", "Europe/London")
        let recorded = [LocalDay(mon, in: zone("America/New_York")), LocalDay(tue, in: zone("Europe/London")),
                        LocalDay(wed, in: zone("Europe/London"))]
        #expect(recorded == days("2024-01-15", "2024-01-16", "2024-01-17"))
        #expect(Streak.compute(days: recorded, today: day("2024-01-17"), rules: off).days == 3)
        // Re-reading all three in London would fold Monday into Tuesday and break the run.
        let relabelled = [mon, tue, wed].map { LocalDay($0, in: zone("Europe/London")) }
        #expect(Streak.compute(days: relabelled, today: day("2024-01-17"), rules: off).days == 2)
    }

    @Test func aCheckInMadeFurtherEastCountsWhenItIsAheadOfToday() {
        // Tuesday 08:00 in Tokyo is still Monday 23:00 in London.
        let tokyo = wallClock("2024-01-16 08:00", "Asia/Tokyo")
        let recorded = days("2024-01-14", "2024-01-15") + [LocalDay(tokyo, in: zone("Asia/Tokyo"))]
        let today = LocalDay(tokyo, in: zone("Europe/London"))
        #expect(today == day("2024-01-15"))
        let s = Streak.compute(days: recorded, today: today, rules: off)
        #expect(s.days == 3 && s.end == day("2024-01-16"))
    }

    @Test func rulesAreClamped() {
        #expect(StreakRules(restDaysPerWeek: -3).restDaysPerWeek == 0)
        #expect(StreakRules(restDaysPerWeek: 9).restDaysPerWeek == 6)
    }

    @Test("property: no 7 consecutive days hold more rest days than allowed, and the run is gap-free",
          arguments: [0, 1, 2, 3])
    func restDayInvariant(rest: Int) {
        var rng = SeededRandom(seed: UInt64(100 + rest))
        let rules = StreakRules(restDaysPerWeek: rest)
        for _ in 0..<300 {
            let today = day("2024-06-30")
            let history = (0..<60).compactMap { n -> LocalDay? in
                Double.random(in: 0..<1, using: &rng) < 0.7 ? today.adding(days: -n) : nil
            }
            let set = Set(history)
            let s = Streak.compute(days: history, today: today, rules: rules)
            guard let start = s.start, let end = s.end else { #expect(s.days == 0); continue }
            let rests = Set(s.restDays)
            for n in start.number...end.number {
                let d = LocalDay(number: n)
                #expect(set.contains(d) != rests.contains(d), "day \(d) must be a check-in or a rest day, not both or neither")
            }
            for d in rests { #expect(rests.filter { $0 >= d && $0 - d < 7 }.count <= rest) }
            #expect(s.days == set.filter { $0 >= start && $0 <= end }.count)
            #expect(s.longest >= s.days)
            // The run can't be extended by one more day under the rules.
            let before = start.adding(days: -1)
            #expect(!set.contains(before))
        }
    }
}
