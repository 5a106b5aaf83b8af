import Foundation

/// The local time zone for dating check-ins: `TZ` from the environment when it names a zone
/// (`Europe/London`, `:Europe/London`, `/usr/share/zoneinfo/Europe/London`), else the system's.
public enum LocalZone {
    public static func current(environment: [String: String]) -> TimeZone {
        if var tz = environment["TZ"], !tz.isEmpty {
            if tz.hasPrefix(":") { tz.removeFirst() }
            if let range = tz.range(of: "zoneinfo/") { tz = String(tz[range.upperBound...]) }
            if let zone = TimeZone(identifier: tz) { return zone }
        }
        return TimeZone.current
    }
}
