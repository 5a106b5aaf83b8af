/// Finds the person's region from the locale environment (SPEC §4): `LC_ALL`, then `LC_MESSAGES`,
/// then `LANG`; the first that names a country wins (`en_GB.UTF-8` → GB). `C` and `POSIX` name none.
public enum RegionDetector {
    public static let variables = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// The region and the variable it came from, or nil when no variable names a country.
    public static func detect(environment: [String: String]) -> (region: String, source: String)? {
        for name in variables {
            if let value = environment[name], let region = country(inLocale: value) {
                return (region, "\(name)=\(value)")
            }
        }
        return nil
    }

    /// The country part of a POSIX locale name such as `en_GB.UTF-8@euro`.
    public static func country(inLocale value: String) -> String? {
        let base = value.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
        let parts = base.split(separator: "_")
        guard parts.count >= 2, let last = parts.last, last.count == 2,
              last.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return last.uppercased()
    }

    /// Validates a `--region` value: two ASCII letters (or the alias UK); nil when malformed.
    /// The source named when the region comes from the config file's `region` key.
    public static let configSource = "config"

    public static func normalized(code: String) -> String? {
        let up = code.uppercased()
        if up == "UK" { return "GB" }
        guard up.count == 2, up.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return up
    }
}
