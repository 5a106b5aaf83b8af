import Foundation

/// The temporary folders renders work in (`.work-<slug>-<pid>-<id>` in the audio cache, about
/// 15 MB each). A render removes its own when it ends; `removeAll` removes those of renders still
/// running when allin exits (a signal, quit during a render), and `sweepStale` those left by an
/// allin that was killed outright.
public enum RenderWork {
    static let prefix = ".work-"
    private static let lock = NSLock()
    nonisolated(unsafe) private static var active: Set<URL> = []

    /// A new work folder for `slug` under `cacheDirectory`, tracked until `finished`.
    static func begin(slug: String, in cacheDirectory: URL) throws(AudioError) -> URL {
        let work = cacheDirectory.appendingPathComponent("\(prefix)\(slug)-\(getpid())-\(UUID().uuidString.prefix(8))")
        lock.withLock { _ = active.insert(work) }
        do {
            try AudioPaths.ensurePrivateDirectory(work)
        } catch {
            finished(work)
            throw error
        }
        return work
    }

    /// Removes a work folder and stops tracking it.
    static func finished(_ work: URL) {
        try? FileManager.default.removeItem(at: work)
        lock.withLock { _ = active.remove(work) }
    }

    /// Removes the work folders of renders still running (call after their tools were ended). A
    /// render's thread may still be writing a file as its tool dies, which makes one removal fail
    /// (the folder is not empty yet): so it tries again, for up to about half a second. `under`
    /// limits it to one cache directory (tests, whose other renders run in the same process).
    public static func removeAll(under directory: URL? = nil) {
        for _ in 0..<25 {
            let left = lock.withLock { active }.filter { work in
                (directory.map { work.deletingLastPathComponent().path == $0.path } ?? true)
                    && FileManager.default.fileExists(atPath: work.path)
            }
            if left.isEmpty { return }
            for work in left { try? FileManager.default.removeItem(at: work) }
            usleep(20_000)
        }
    }

    /// Removes work folders whose allin is gone (the pid in the name no longer runs), and returns
    /// how many. Folders of another running allin are left alone.
    @discardableResult
    public static func sweepStale(in cacheDirectory: URL) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: cacheDirectory.path) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(prefix) {
            // `.work-<slug>-<pid>-<id>`: the pid is the second field from the end (a slug may hold '-').
            let fields = name.split(separator: "-")
            guard fields.count >= 4, let owner = Int32(fields[fields.count - 2]) else { continue }
            if owner == getpid() || kill(owner, 0) == 0 || errno != ESRCH { continue }
            if (try? FileManager.default.removeItem(at: cacheDirectory.appendingPathComponent(name))) != nil { removed += 1 }
        }
        return removed
    }
}
