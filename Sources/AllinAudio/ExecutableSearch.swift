import Foundation

/// Finds programs the way a shell would: a name with a slash is taken as a path, anything else is
/// looked up in each directory of PATH.
public enum ExecutableSearch {
    public static func find(_ program: String, environment: [String: String]) -> URL? {
        guard !program.isEmpty else { return nil }
        if program.contains("/") {
            return isExecutableFile(program) ? URL(fileURLWithPath: program) : nil
        }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") where !dir.isEmpty {
            let candidate = "\(dir)/\(program)"
            if isExecutableFile(candidate) { return URL(fileURLWithPath: candidate) }
        }
        return nil
    }

    static func isExecutableFile(_ path: String) -> Bool {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }
}
