import Foundation
import Testing
@testable import AllinCore

@Suite("LocalDay: calendar days without a calendar object")
struct LocalDayTests {
    @Test func epochAndKnownDays() {
        #expect(LocalDay(year: 1970, month: 1, day: 1)?.number == 0)
        #expect(day("2000-03-01").number == 11_017)
        #expect(day("1969-12-31").number == -1)
        #expect(day("2024-05-13").weekday == 0)   // a Monday
        #expect(day("2024-05-19").weekday == 6)   // a Sunday
        #expect(day("1970-01-01").weekday == 3)   // a Thursday
        #expect(day("1969-12-29").weekday == 0)   // a Monday before the epoch
    }

    @Test func agreesWithFoundationsGregorianCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var rng = SeededRandom(seed: 7)
        for _ in 0..<2000 {
            let n = Int.random(in: -130_000...200_000, using: &rng)   // Foundation is Julian before 1582
            let date = Date(timeIntervalSince1970: Double(n) * 86_400 + 43_200)
            let c = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            let local = LocalDay(number: n)
            #expect(local.components == (c.year!, c.month!, c.day!))
            #expect(LocalDay(year: c.year!, month: c.month!, day: c.day!)?.number == n)
            #expect((local.weekday + 1) % 7 + 1 == c.weekday!)   // Foundation: Sunday = 1
        }
    }

    @Test("ISO text round-trips and bad dates are refused", arguments: [
        ("2024-02-29", true), ("2023-02-29", false), ("2100-02-29", false), ("2000-02-29", true),
        ("2024-04-31", false), ("2024-13-01", false), ("2024-00-10", false), ("2024-1-01", false),
        ("24-01-01", false), (" 2024-01-01", false), ("2024-01-01T00:00", false), ("２０２４-01-01", false),
        ("abcd-ef-gh", false), ("", false), ("2024-12-31", true),
    ])
    func isoParsing(text: String, valid: Bool) {
        let parsed = LocalDay(iso: text)
        #expect((parsed != nil) == valid)
        if let parsed { #expect(parsed.iso == text) }
    }

    @Test func arithmeticAcrossMonthAndYearEnds() {
        #expect(day("2024-01-31").adding(days: 1) == day("2024-02-01"))
        #expect(day("2024-02-28").adding(days: 1) == day("2024-02-29"))
        #expect(day("2023-02-28").adding(days: 1) == day("2023-03-01"))
        #expect(day("2024-12-31").adding(days: 1) == day("2025-01-01"))
        #expect(day("2025-01-01") - day("2024-12-01") == 31)
    }

    @Test("the local day of an instant follows the zone's offset at that instant, DST included", arguments: [
        // Evening in New York is already tomorrow in UTC.
        ("2024-03-09 20:30", "America/New_York", "2024-03-09"),
        ("2024-03-10 03:30", "America/New_York", "2024-03-10"),   // just after spring-forward
        ("2024-11-03 01:30", "America/New_York", "2024-11-03"),   // the repeated hour
        ("2024-10-27 00:30", "Europe/London", "2024-10-27"),      // 23:30 UTC the day before
        ("2024-03-31 02:30", "Europe/London", "2024-03-31"),   // first hour of BST
        ("2024-12-31 23:59", "Pacific/Kiritimati", "2024-12-31"), // UTC+14
        ("2025-01-01 00:00", "Pacific/Pago_Pago", "2025-01-01"),  // UTC-11
        ("2024-06-01 00:15", "Asia/Kolkata", "2024-06-01"),       // a half-hour offset
    ])
    func localDayOfInstant(wall: String, zoneID: String, expected: String) {
        #expect(LocalDay(wallClock(wall, zoneID), in: zone(zoneID)).iso == expected)
    }

    @Test func beforeTheEpochRoundsDown() {
        let justBefore = Date(timeIntervalSince1970: -1)
        #expect(LocalDay(justBefore, in: zone("UTC")).iso == "1969-12-31")
    }
}

@Suite("Journal time text and the stored-JSON reader")
struct JournalTextTests {
    @Test("ISO 8601 text matches Foundation's formatter", arguments: [
        ("2024-05-15 09:00", "Europe/London"), ("2024-01-15 22:00", "America/New_York"),
        ("2024-06-01 00:15", "Asia/Kolkata"), ("2024-10-27 01:30", "Europe/London"), ("1969-07-20 20:17", "UTC"),
        ("2024-12-31 23:59", "Pacific/Kiritimati"), ("2024-03-10 03:30", "America/St_Johns"),
    ])
    func iso(wall: String, zoneID: String) {
        let date = wallClock(wall, zoneID).addingTimeInterval(0.25)
        let f = ISO8601DateFormatter()
        f.timeZone = zone(zoneID)
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        #expect(JournalEntry.iso8601(date, in: zone(zoneID)) == f.string(from: date))
        #expect(JournalEntry.clock(date, in: zone(zoneID)) == String(wall.suffix(5)))
    }

    @Test func readsWhatTheSerializerWritesKeepingKeyOrder() throws {
        let value = JSONValue.object([
            ("z", .string("quote \" backslash \\ newline \n tab \t esc \u{1B} nul \u{0} emoji 👨‍👩‍👧 e\u{301}")),
            ("a", .array([.number(-0.125), .number(1e21), .int(42), .bool(true), .bool(false), .null])),
            ("m", .object([("nested", .array([.object([])]))])), ("empty", .array([])),
        ])
        #expect(try JSONReader.parse(value.serialized()) == value)
        #expect(try JSONReader.parse(value.serialized(pretty: true)) == value)
        #expect(try JSONReader.parse(#""\ud83d\ude00 \u00e9 \/""#) == .string("😀 é /"))
        #expect(try JSONReader.parse(#""\ud83d alone""#) == .string("\u{FFFD} alone"))
    }

    @Test("malformed JSON is refused, never crashes", arguments: [
        "", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "tru", "\"abc", "\"\\x\"", "[1] 2", "{\"a\":}", "\"\u{1}\"",
        String(repeating: "[", count: 10_000),
    ])
    func malformed(text: String) {
        #expect(throws: JSONReader.Failure.self) { try JSONReader.parse(text) }
    }
}

@Suite("LocalDay.acceptedYears")
struct LocalDayAcceptedYearsTests {
    @Test func from1970To2200() {
        #expect(LocalDay.acceptedYears == 1970...2200)
        #expect(LocalDay(iso: "1970-01-01")!.isInAcceptedYears)
        #expect(LocalDay(iso: "2200-12-31")!.isInAcceptedYears)
        #expect(!LocalDay(iso: "1969-12-31")!.isInAcceptedYears)
        #expect(!LocalDay(iso: "2201-01-01")!.isInAcceptedYears)
        #expect(!LocalDay(iso: "0001-01-01")!.isInAcceptedYears)
    }
}
