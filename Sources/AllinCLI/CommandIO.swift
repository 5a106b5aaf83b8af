import Foundation

/// Where a command reads and writes. The real one uses the process's standard streams; tests use a buffer.
public protocol CommandIO: AnyObject, Sendable {
    func out(_ text: String)
    /// The same, saying whether all of it was written (false: a full disk, a closed pipe).
    func outChecked(_ text: String) -> Bool
    func err(_ text: String)
    /// Up to `count` more bytes of standard input; empty at its end. Commands read through
    /// `InputSource`, which keeps to `InputLimit`.
    func readInput(upTo count: Int) -> Data
    /// True when standard input is a terminal (so reading it would wait for typing).
    var inputIsTerminal: Bool { get }
    /// The next line of standard input without its line break, or nil at the end (`allin --plain`).
    func readInputLine() -> String?
}

extension CommandIO {
    /// Where nothing can fail to be written (a buffer): written, and so true.
    public func outChecked(_ text: String) -> Bool {
        out(text)
        return true
    }
}

/// The process's standard streams.
public final class StandardIO: CommandIO, @unchecked Sendable {
    private let lock = NSLock()
    public init() {}
    public func out(_ text: String) {
        lock.lock(); defer { lock.unlock() }
        // A closed pipe (`allin … | head`) is not a crash: the throwing write reports EPIPE, ignored here.
        try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    }
    public func outChecked(_ text: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        do { try FileHandle.standardOutput.write(contentsOf: Data(text.utf8)) } catch { return false }
        return true
    }
    public func err(_ text: String) {
        lock.lock(); defer { lock.unlock() }
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
    public func readInput(upTo count: Int) -> Data {
        var data = Data(count: count)
        while true {
            let n = data.withUnsafeMutableBytes { read(0, $0.baseAddress!, count) }
            if n >= 0 { data.count = n; return data }
            // A read error ends the input, as the end of a file would.
            if errno != EINTR { return Data() }
        }
    }
    public var inputIsTerminal: Bool { isatty(0) == 1 }
    public func readInputLine() -> String? { Swift.readLine(strippingNewline: true) }
}

/// An in-memory stream pair for tests.
public final class BufferIO: CommandIO, @unchecked Sendable {
    private let lock = NSLock()
    private var input: Data
    private var outText = ""
    private var errText = ""
    public init(input: Data = Data()) { self.input = input }
    public func out(_ text: String) { lock.lock(); outText += text; lock.unlock() }
    public func err(_ text: String) { lock.lock(); errText += text; lock.unlock() }
    /// How far standard input has been read, by either reading function.
    private var readOffset = 0
    public func readInput(upTo count: Int) -> Data {
        lock.lock(); defer { lock.unlock() }
        let start = input.startIndex + readOffset
        let end = min(input.endIndex, start + count)
        readOffset = end - input.startIndex
        return input.subdata(in: start..<end)
    }
    public var inputIsTerminal: Bool { false }
    public func readInputLine() -> String? {
        lock.lock(); defer { lock.unlock() }
        guard readOffset < input.count else { return nil }
        let rest = input[(input.startIndex + readOffset)...]
        let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
        readOffset = end - input.startIndex + (end < rest.endIndex ? 1 : 0)
        var line = String(decoding: input[rest.startIndex..<end], as: UTF8.self)
        if line.hasSuffix("\r") { line.removeLast() }
        return line
    }
    public var stdout: String { lock.lock(); defer { lock.unlock() }; return outText }
    public var stderr: String { lock.lock(); defer { lock.unlock() }; return errText }
}
