import Foundation

/// A calendar day in the proleptic Gregorian calendar, as a person living in some time zone sees it.
/// Arithmetic is on a day number (days since 1970-01-01), so it never trips over month ends, leap
/// years or daylight-saving changes.
public struct LocalDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before it).
    public let number: Int

    public init(number: Int) { self.number = number }

    /// The years a day given on the command line may fall in. Outside them a date is a slip of the
    /// keys, and far outside them the calendar no longer agrees with itself (0001-01-01 would be
    /// stored as 0000-12-30).
    public static let acceptedYears = 1970...2200

    /// True when the day's year is in `acceptedYears`.
    public var isInAcceptedYears: Bool { LocalDay.acceptedYears.contains(components.year) }

    /// The day with this year, month (1–12) and day of month; nil when the date does not exist.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= LocalDay.daysIn(month: month, year: year) else { return nil }
        // Count from March so the leap day falls at the end of the shifted year.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = (month + 9) % 12
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        number = era * 146_097 + dayOfEra - 719_468
    }

    /// The local day of `date` in `timeZone` (the offset in force at that instant, DST included).
    public init(_ date: Date, in timeZone: TimeZone) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        number = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    }

    /// Parses `YYYY-MM-DD`; nil for anything else, including dates that do not exist.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Year, month and day of month.
    public var components: (year: Int, month: Int, day: Int) {
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Day of the week, Monday = 0 … Sunday = 6 (1970-01-01 was a Thursday).
    public var weekday: Int { ((number % 7) + 7 + 3) % 7 }

    /// `YYYY-MM-DD`.
    public var iso: String {
        let c = components
        let year = c.year >= 0 ? String(format: "%04d", c.year) : String(c.year)
        return "\(year)-\(String(format: "%02d", c.month))-\(String(format: "%02d", c.day))"
    }

    public var description: String { iso }

    public func adding(days: Int) -> LocalDay { LocalDay(number: number + days) }

    public static func - (a: LocalDay, b: LocalDay) -> Int { a.number - b.number }

    public static func < (a: LocalDay, b: LocalDay) -> Bool { a.number < b.number }

    /// How many days `month` (1-12) of `year` has, leap years counted.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
