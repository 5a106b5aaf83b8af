import Foundation

/// Where allin keeps audio things for this user: the render cache, the config file, the data
/// directory (user recordings, resume positions), the state directory (the player's log) and a
/// private runtime directory for sockets.
/// Directories allin creates are mode 0700 and files 0600.
public struct AudioPaths: Sendable, Equatable {
    /// `$XDG_CACHE_HOME/allin/audio`, else `~/.cache/allin/audio`.
    public var cacheDirectory: URL
    /// `$XDG_CONFIG_HOME/allin/config`, else `~/.config/allin/config`.
    public var configFile: URL
    /// `$XDG_DATA_HOME/allin`, else `~/.local/share/allin`.
    public var dataDirectory: URL
    /// `$XDG_RUNTIME_DIR/allin`, else `/tmp/allin-<uid>`: mpv's IPC sockets.
    public var runtimeDirectory: URL
    /// `$XDG_STATE_HOME/allin`, else `~/.local/state/allin`: the player's log.
    public var stateDirectory: URL

    public init(cacheDirectory: URL, configFile: URL, dataDirectory: URL, runtimeDirectory: URL, stateDirectory: URL? = nil) {
        self.cacheDirectory = cacheDirectory
        self.configFile = configFile
        self.dataDirectory = dataDirectory
        self.runtimeDirectory = runtimeDirectory
        self.stateDirectory = stateDirectory ?? dataDirectory.deletingLastPathComponent().appendingPathComponent("state/allin")
    }

    public init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        func base(_ variable: String, _ fallback: String) -> URL {
            if let v = environment[variable], v.hasPrefix("/") { return URL(fileURLWithPath: v) }
            return URL(fileURLWithPath: home).appendingPathComponent(fallback)
        }
        cacheDirectory = base("XDG_CACHE_HOME", ".cache").appendingPathComponent("allin/audio")
        configFile = base("XDG_CONFIG_HOME", ".config").appendingPathComponent("allin/config")
        dataDirectory = base("XDG_DATA_HOME", ".local/share").appendingPathComponent("allin")
        stateDirectory = base("XDG_STATE_HOME", ".local/state").appendingPathComponent("allin")
        if let r = environment["XDG_RUNTIME_DIR"], r.hasPrefix("/"), r.utf8.count < 60 {
            runtimeDirectory = URL(fileURLWithPath: r).appendingPathComponent("allin")
        } else {
            runtimeDirectory = URL(fileURLWithPath: "/tmp/allin-\(getuid())")
        }
    }

    /// The player's log (its stdout and stderr, the last session only), in the state directory.
    public var playerLog: URL { stateDirectory.appendingPathComponent("player.log") }

    /// `url` as the person would type it: under their home directory as `~/…`.
    public static func display(_ url: URL, environment: [String: String]) -> String {
        let path = url.path
        guard let home = environment["HOME"], home.hasPrefix("/"), home != "/" else { return path }
        let prefix = home.hasSuffix("/") ? home : home + "/"
        return path.hasPrefix(prefix) ? "~/" + path.dropFirst(prefix.count) : path
    }

    /// Creates `url` (and missing parents) with mode 0700, and makes sure an existing one is a
    /// directory owned by this user with mode 0700.
    public static func ensurePrivateDirectory(_ url: URL) throws(AudioError) {
        let path = url.path
        var st = stat()
        if lstat(path, &st) != 0 {
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw AudioError.io(path: path, message: "cannot create the directory")
            }
            guard lstat(path, &st) == 0 else { throw AudioError.io(path: path, message: "cannot create the directory") }
        }
        guard (st.st_mode & S_IFMT) == S_IFDIR else { throw AudioError.io(path: path, message: "is not a directory") }
        guard st.st_uid == getuid() else { throw AudioError.io(path: path, message: "belongs to another user") }
        if st.st_mode & 0o777 != 0o700, chmod(path, 0o700) != 0 {
            throw AudioError.io(path: path, message: "cannot make it private (mode 0700)")
        }
    }

    /// Writes `data` atomically with mode 0600.
    public static func writePrivate(_ data: Data, to url: URL) throws(AudioError) {
        if let code = writePrivately(data, to: url.path) {
            throw AudioError.io(path: url.path, message: "cannot write the file: \(String(cString: strerror(code)).lowercased())")
        }
    }

    /// The one private writer (the render cache, the compiled catalog, exports): through a temporary
    /// file in the same directory, mode 0600 from the start, flushed to disk, then renamed into place,
    /// so a failed write never leaves half a file (nor a readable one). Returns the errno of a
    /// failure, nil on success.
    public static func writePrivately(_ data: Data, to path: String) -> Int32? {
        let url = URL(fileURLWithPath: path)
        let temp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())").path
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return errno }
        var ok = fchmod(fd, 0o600) == 0
        var code: Int32 = 0
        data.withUnsafeBytes { raw in
            var offset = 0
            while ok, offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; ok = false; code = errno } else { offset += n }
            }
        }
        if ok, fsync(fd) != 0 { ok = false; code = errno }
        close(fd)
        if ok, rename(temp, path) != 0 { ok = false; code = errno }
        if !ok { unlink(temp); return code }
        return nil
    }
}
