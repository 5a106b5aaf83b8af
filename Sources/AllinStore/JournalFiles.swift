import AllinCore
import Foundation

/// The journal's files on disk: a private directory (0700), private files (0600) including SQLite's
/// `-wal` and `-shm`, moving an unreadable file aside, and removing everything on erase.
public enum JournalFiles {
    /// The suffixes SQLite adds next to a database file.
    public static let companionSuffixes = ["-wal", "-shm", "-journal"]

    /// The database file and every companion that may exist beside it.
    public static func allFiles(of path: String) -> [String] { [path] + companionSuffixes.map { path + $0 } }

    /// Creates `directory` (and missing parents) with mode 0700, and narrows an existing one to 0700
    /// when it holds nothing but the journal's files. A shared directory someone points `--data-dir`
    /// at (say `/tmp` or their home) keeps its mode: the journal's files are 0600 in any case.
    public static func prepareDirectory(_ directory: String) throws {
        try checkNotAFile(directory)
        if !FileManager.default.fileExists(atPath: directory) {
            let parent = (directory as NSString).deletingLastPathComponent
            if !parent.isEmpty, parent != directory { try prepareParent(parent) }
            if mkdir(directory, 0o700) != 0, errno != EEXIST {
                throw JournalError.cannotCreateDirectory(path: directory, reason: describe(errno))
            }
        }
        var info = stat()
        guard stat(directory, &info) == 0 else {
            throw JournalError.cannotCreateDirectory(path: directory, reason: describe(errno))
        }
        if info.st_mode & 0o077 != 0, holdsOnlyAllinFiles(directory), chmod(directory, 0o700) != 0 {
            throw JournalError.cannotCreateDirectory(path: directory, reason: "cannot make it private (\(describe(errno)))")
        }
        if access(directory, W_OK | X_OK) != 0 {
            throw JournalError.cannotCreateDirectory(path: directory, reason: describe(errno))
        }
    }

    /// Stops with `cannotCreateDirectory` when `directory`, or a folder on the way to it, is a file,
    /// so what is in the way is named (rather than the journal seeming empty, or nothing to erase).
    public static func checkNotAFile(_ directory: String) throws {
        var info = stat()
        if stat(directory, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw JournalError.cannotCreateDirectory(path: directory, reason: fileInTheWay) }
        } else if errno == ENOTDIR {
            // Name the file on the way.
            var path = directory
            while path != "/", !path.isEmpty {
                path = (path as NSString).deletingLastPathComponent
                if stat(path, &info) == 0 { break }
            }
            throw JournalError.cannotCreateDirectory(path: path, reason: fileInTheWay)
        }
    }

    static let fileInTheWay = "it is a file, not a directory"

    /// Why a new journal could not be made at `path` (nil: it could), found without creating
    /// anything: a file in the way of its directory, or a directory allin may not write to.
    public static func creationProblem(_ path: String) -> JournalError? {
        let directory = (path as NSString).deletingLastPathComponent
        do { try checkNotAFile(directory) } catch let error as JournalError { return error } catch { return nil }
        // The nearest folder that exists is where the first missing one would be made.
        var existing = directory
        while !existing.isEmpty, existing != "/", !FileManager.default.fileExists(atPath: existing) {
            existing = (existing as NSString).deletingLastPathComponent
        }
        guard access(existing.isEmpty ? "." : existing, W_OK | X_OK) == 0 else {
            return existing == directory ? .readOnly(path: path)
                : .cannotCreateDirectory(path: directory, reason: describe(errno))
        }
        return nil
    }

    /// Empty, or only what allin keeps there: `journal.sqlite3` with its companions and moved-aside
    /// copies, and `AppPaths.otherDataNames` (the positions file, the voice, recordings).
    static func holdsOnlyAllinFiles(_ directory: String) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return false }
        return names.allSatisfy {
            $0.hasPrefix(AppPaths.journalFileName) || $0.hasPrefix(".\(AppPaths.journalFileName)") || AppPaths.otherDataNames.contains($0)
        }
    }

    /// For a command that only reads: takes the group's and others' access away from an existing
    /// journal's directory (when it holds only allin's files, as `prepareDirectory` does) and its
    /// files, before SQLite opens it (SQLite gives a new `-wal` the database file's mode). The owner's
    /// bits are kept, so a journal made read-only stays read-only. chmod needs no write access, only
    /// ownership; where it is refused (another owner, a read-only disk) the journal is read as it is.
    public static func tightenExisting(_ path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        let positions = (directory as NSString).appendingPathComponent(AppPaths.positionsFileName)
        func narrow(_ file: String) {
            var info = stat()
            if lstat(file, &info) == 0, info.st_mode & S_IFMT != S_IFLNK, info.st_uid == getuid(), info.st_mode & 0o077 != 0 {
                _ = chmod(file, info.st_mode & 0o700)
            }
        }
        if holdsOnlyAllinFiles(directory) { narrow(directory) }
        for file in allFiles(of: path) + [positions] { narrow(file) }
    }

    /// Parents are created 0700 too (XDG says so) but existing ones are left as they are.
    private static func prepareParent(_ directory: String) throws {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDir) {
            guard isDir.boolValue else { throw JournalError.cannotCreateDirectory(path: directory, reason: fileInTheWay) }
            return
        }
        let parent = (directory as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != directory { try prepareParent(parent) }
        if mkdir(directory, 0o700) != 0, errno != EEXIST {
            throw JournalError.cannotCreateDirectory(path: directory, reason: describe(errno))
        }
    }

    /// Creates the database file empty with mode 0600 before SQLite opens it (SQLite gives `-wal` and
    /// `-shm` the mode of the database file), and narrows any existing file of the journal to 0600.
    public static func prepareFile(_ path: String) throws {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if fd < 0 {
            let code = errno
            switch code {
            case EACCES, EPERM, EROFS: throw JournalError.readOnly(path: path)
            case ENOSPC, EDQUOT: throw JournalError.diskFull(path: path)
            default: throw JournalError.other(path: path, detail: describe(code))
            }
        }
        close(fd)
        tighten(path)
    }

    /// chmod 0600 on the database and its companions, and the positions file beside them, where
    /// they exist and are wider.
    public static func tighten(_ path: String) {
        let positions = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(AppPaths.positionsFileName)
        for file in allFiles(of: path) + [positions] {
            var info = stat()
            if stat(file, &info) == 0, info.st_mode & 0o077 != 0 { _ = chmod(file, 0o600) }
        }
    }

    /// The permission bits of `path`, or nil when it does not exist.
    public static func mode(_ path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    /// Renames the database and its companions to `NAME.unreadable-YYYYMMDD-HHMMSS[-wal|-shm]`, never
    /// deleting anything. Returns the new paths.
    public static func moveAside(_ path: String, now: Date) throws -> [String] {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyyMMdd-HHmmss"
        var base = "\(path).unreadable-\(format.string(from: now))"
        var n = 2
        while allFiles(of: base).contains(where: { FileManager.default.fileExists(atPath: $0) }) {
            base = "\(path).unreadable-\(format.string(from: now))-\(n)"
            n += 1
        }
        var moved: [String] = []
        for (from, to) in zip(allFiles(of: path), allFiles(of: base)) where FileManager.default.fileExists(atPath: from) {
            guard rename(from, to) == 0 else {
                throw JournalError.other(path: from, detail: "could not move it aside: \(describe(errno))")
            }
            _ = chmod(to, 0o600)
            moved.append(to)
        }
        return moved
    }

    /// Files moved aside earlier, beside `path`.
    public static func movedAside(_ path: String) -> [String] {
        let dir = (path as NSString).deletingLastPathComponent
        let prefix = (path as NSString).lastPathComponent + ".unreadable-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { $0.hasPrefix(prefix) }.sorted().map { (dir as NSString).appendingPathComponent($0) }
    }

    /// Deletes the database and its companions; returns those that existed.
    public static func removeAll(_ path: String) throws -> [String] {
        var removed: [String] = []
        for file in allFiles(of: path) where FileManager.default.fileExists(atPath: file) {
            guard unlink(file) == 0 else {
                throw JournalError.other(path: file, detail: "could not remove it: \(describe(errno))")
            }
            removed.append(file)
        }
        return removed
    }

    static func describe(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "the file system is read-only"
        case ENOSPC, EDQUOT: return "the disk is full"
        case ENOTDIR: return "part of the path is a file, not a directory"
        case ENOENT: return "no such directory"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
