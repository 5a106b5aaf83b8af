import Foundation

/// Runs the built `allin` binary as a user would, with files for the streams so large outputs never block.
struct BinaryRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutBytes: Data
        var json: Any? { try? JSONSerialization.jsonObject(with: stdoutBytes) }
    }

    static let root: URL = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
            dir = dir.deletingLastPathComponent()
        }
        return dir
    }()

    /// The `allin` executable next to the test bundle.
    static let executable = built("allin")
    /// The developer tools' executable beside it.
    static let devExecutable = built("allin-dev")

    static func built(_ name: String) -> URL {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/\(name)")
    }

    /// Runs `allin-dev` (the model trainer and the benchmarks).
    static func dev(_ args: [String], stdin: Data = Data()) throws -> Result {
        try run(args, stdin: stdin, program: devExecutable)
    }

    static func run(_ args: [String], stdin: Data = Data(), env: [String: String] = [:],
                    inheritLocale: Bool = false, program: URL = executable) throws -> Result {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("allin-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        let inURL = tmp.appendingPathComponent("in"), outURL = tmp.appendingPathComponent("out"),
            errURL = tmp.appendingPathComponent("err")
        try stdin.write(to: inURL)
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = program
        process.arguments = args
        var environment = ["PATH": "/usr/bin:/bin", "HOME": tmp.path, "ALLIN_CATALOG": root.appendingPathComponent("catalog").path]
        for (k, v) in env { environment[k] = v }
        process.environment = environment
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()
        let out = try Data(contentsOf: outURL), err = try Data(contentsOf: errURL)
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err, as: UTF8.self), stdoutBytes: out)
    }

    static func route(_ json: String, _ extra: [String] = [], env: [String: String] = [:]) throws -> Result {
        try run(["route"] + extra, stdin: Data(json.utf8), env: env)
    }
}
