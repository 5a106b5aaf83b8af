import AllinCore
import Foundation

/// The person's config file (`$XDG_CONFIG_HOME/allin/config`, a `key = value` file), read once per
/// use; the audio keys are read by `AudioConfig`, the rest here:
///
///     rest_days = 1    # missed days in any 7 that keep a streak alive: 0 (off) to 6; default 1
///     region = DE      # the country whose crisis lines support shows (an ISO 3166-1 code)
enum ConfigFile {
    /// The parsed file in `configDirectory`: nil when there is none; a message naming the file (and
    /// line) when it can't be read or parsed.
    static func read(configDirectory: String?) -> Result<(config: KeyValueConfig, path: String)?, ConfigProblem> {
        guard let dir = configDirectory else { return .success(nil) }
        let path = dir + "/config"
        guard let data = FileManager.default.contents(atPath: path) else {
            return FileManager.default.fileExists(atPath: path)
                ? .failure(ConfigProblem(text: "the config file \(Visible.text(path)) can't be read")) : .success(nil)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(ConfigProblem(text: "the config file \(Visible.text(path)) is not UTF-8 text"))
        }
        do { return .success((try KeyValueConfig.parse(text, file: path), path)) } catch {
            return .failure(ConfigProblem(text: "the config file \(Visible.text(error.problems[0].description))"))
        }
    }
}

enum JournalSettings {
    static let restDaysKey = "rest_days"

    /// `rest_days` from the config file in `configDirectory`: nil when there is no file or no such
    /// key; a message naming the file and line when the file or the value is bad.
    static func restDays(configDirectory: String?) -> Result<Int?, ConfigProblem> {
        let file: (config: KeyValueConfig, path: String)?
        switch ConfigFile.read(configDirectory: configDirectory) {
        case let .failure(problem): return .failure(problem)
        case let .success(found): file = found
        }
        guard let file, let entry = file.config.value(restDaysKey) else { return .success(nil) }
        guard let n = Int(entry.value), (0...6).contains(n) else {
            return .failure(ConfigProblem(text: "\(Visible.text(file.path)) line \(entry.line): \(restDaysKey) must be a whole number from 0 to 6 (0 turns rest days off), found '\(Visible.text(entry.value, limit: 20))'"))
        }
        return .success(n)
    }
}

enum RegionSettings {
    static let key = "region"

    /// `region` from the config file: nil when there is no file or no such key; a message naming the
    /// file and line when the value is not an ISO 3166-1 code the catalog knows (with a suggestion).
    static func region(configDirectory: String?, table countries: () -> CountryTable?) -> Result<String?, ConfigProblem> {
        let file: (config: KeyValueConfig, path: String)?
        switch ConfigFile.read(configDirectory: configDirectory) {
        case let .failure(problem): return .failure(problem)
        case let .success(found): file = found
        }
        guard let file, let entry = file.config.value(key) else { return .success(nil) }
        let table = countries()
        let known = RegionDetector.normalized(code: entry.value).flatMap { code in
            table.map { $0.countries.isEmpty || $0.country(code) != nil ? code : nil } ?? code
        }
        guard let code = known else {
            let hint = table?.didYouMean(entry.value) ?? ""
            return .failure(ConfigProblem(text: "\(Visible.text(file.path)) line \(entry.line): \(key) must be a two-letter ISO 3166-1 country code such as GB or DE, found '\(Visible.text(entry.value, limit: 20))'\(hint)"))
        }
        return .success(code)
    }
}

/// A problem with the config file, in words for the person.
struct ConfigProblem: Error, Equatable {
    var text: String

    /// The line that says a bad config line is named and left out, for the program or command `name`
    /// ("allin", "allin journal"): a problem that ends with a question ("did you mean GB?") takes no
    /// full stop after it.
    func leftOut(by name: String) -> String {
        "\(name): \(text)\(text.hasSuffix("?") ? "" : ".") That line is left out until it is fixed.\n"
    }
}
