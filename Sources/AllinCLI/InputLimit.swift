import AllinCore
import Foundation

/// The most allin takes from one input: all of standard input, a `--file`, or one line of JSON
/// lines. Inputs are read in pieces and never more than the limit and one byte (to notice it is
/// over), so a huge or endless input costs no more memory than the limit.
public enum InputLimit {
    public static let bytes = 1_048_576
    /// The limit in words, as messages and help say it.
    public static let text = "1 MiB"
    static let exactText = "1,048,576"
    /// How much is asked for in one read.
    static let chunk = 65_536
}

/// Where a command's input comes from: standard input or a file, read a piece at a time.
struct InputSource {
    /// How messages name it: `standard input`, `--file 'x.json'` or `'x.jsonl'`.
    let name: String
    /// Reads up to the given number of bytes; empty at the end.
    let read: (Int) throws -> Data

    static func standardInput(_ io: any CommandIO) -> InputSource {
        InputSource(name: "standard input") { io.readInput(upTo: $0) }
    }

    /// The file at `path`, named with `option` when it came from one (`--file`). A file that can't
    /// be opened is an error naming it, before anything is read.
    static func file(_ path: String, option: String? = nil) throws -> InputSource {
        let shown = "'\(Visible.text(path, limit: 200))'"
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw CLIError.file(path: Visible.text(path, limit: 200), message: Self.reason(errno))
        }
        let handle = FileDescriptor(fd)
        return InputSource(name: option.map { "\($0) \(shown)" } ?? shown) { count in
            try handle.read(upTo: count, path: path)
        }
    }

    /// The whole input, when it is no longer than the limit; over it, an error naming the input.
    func readAll(command: String) throws -> Data {
        var data = Data()
        while data.count <= InputLimit.bytes {
            let piece = try read(min(InputLimit.chunk, InputLimit.bytes + 1 - data.count))
            if piece.isEmpty { return data }
            data.append(piece)
        }
        throw CLIError.tooLarge(command: command, input: name, unit: "input")
    }

    /// The input's lines (without their line breaks), read as they are asked for.
    func lines(command: String) -> InputLines { InputLines(source: self, command: command) }

    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "it is a directory"
        case ENOTDIR: return "part of the path is a file, not a directory"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}

/// The lines of an input, one at a time, each no longer than the limit. Line numbers count from 1.
struct InputLines {
    let source: InputSource
    let command: String
    private var buffer: [UInt8] = []
    /// Where the next line starts in `buffer`.
    private var start = 0
    /// Bytes after `start` already known to hold no line break.
    private var scanned = 0
    private var atEnd = false
    /// The number of the line `next` returned last.
    private(set) var number = 0

    init(source: InputSource, command: String) {
        self.source = source
        self.command = command
    }

    /// The next line, nil at the end; a line over the limit is an error naming its number.
    mutating func next() throws -> Data? {
        while true {
            if let end = buffer[(start + scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
                return try take(upTo: end, skip: 1)
            }
            scanned = buffer.count - start
            if scanned > InputLimit.bytes { number += 1; throw overLimit() }
            if atEnd { return start < buffer.count ? try take(upTo: buffer.count, skip: 0) : nil }
            if start > 0 { buffer.removeFirst(start); start = 0 }
            let piece = try source.read(InputLimit.chunk)
            if piece.isEmpty { atEnd = true } else { buffer.append(contentsOf: piece) }
        }
    }

    private mutating func take(upTo end: Int, skip: Int) throws -> Data {
        number += 1
        guard end - start <= InputLimit.bytes else { throw overLimit() }
        let line = Data(buffer[start..<end])
        start = end + skip
        scanned = 0
        return line
    }

    private func overLimit() -> CLIError {
        .tooLarge(command: command, input: "line \(number) of \(source.name)", unit: "line")
    }
}

/// An open file descriptor, closed when the last reference goes.
private final class FileDescriptor: @unchecked Sendable {
    let fd: Int32
    init(_ fd: Int32) { self.fd = fd }
    deinit { close(fd) }

    func read(upTo count: Int, path: String) throws -> Data {
        var data = Data(count: count)
        while true {
            let n = data.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress!, count) }
            if n >= 0 { data.count = n; return data }
            if errno != EINTR {
                throw CLIError.file(path: Visible.text(path, limit: 200), message: InputSource.reason(errno))
            }
        }
    }
}

extension CLI {
    /// The input a command reads: the file named by `--file` when given, else standard input.
    func input(_ args: Arguments) throws -> InputSource {
        guard let path = args["--file"] else { return .standardInput(io) }
        return try .file(path, option: "--file")
    }
}
