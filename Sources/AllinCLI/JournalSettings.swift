import AllinCore
import Foundation

/// The journal's setting in the config file (`$XDG_CONFIG_HOME/allin/config`, a `key = value` file):
///
///     rest_days = 1    # missed days in any 7 that keep a streak alive: 0 (off) to 6; default 1
enum JournalSettings {
    static let restDaysKey = "rest_days"

    /// `rest_days` from the config file in `configDirectory`: nil when there is no file or no such
    /// key; a message naming the file and line when the file or the value is bad.
    static func restDays(configDirectory: String?) -> Result<Int?, ConfigProblem> {
        guard let dir = configDirectory else { return .success(nil) }
        let path = dir + "/config"
        guard let data = FileManager.default.contents(atPath: path) else {
            return FileManager.default.fileExists(atPath: path)
                ? .failure(ConfigProblem(text: "the config file \(Visible.text(path)) can't be read")) : .success(nil)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(ConfigProblem(text: "the config file \(Visible.text(path)) is not UTF-8 text"))
        }
        let config: KeyValueConfig
        do { config = try KeyValueConfig.parse(text, file: path) } catch {
            return .failure(ConfigProblem(text: "the config file \(Visible.text(error.problems[0].description))"))
        }
        guard let entry = config.value(restDaysKey) else { return .success(nil) }
        guard let n = Int(entry.value), (0...6).contains(n) else {
            return .failure(ConfigProblem(text: "\(Visible.text(path)) line \(entry.line): \(restDaysKey) must be a whole number from 0 to 6 (0 turns rest days off), found '\(Visible.text(entry.value, limit: 20))'"))
        }
        return .success(n)
    }
}

/// A problem with the config file, in words for the person.
struct ConfigProblem: Error, Equatable {
    var text: String
}
