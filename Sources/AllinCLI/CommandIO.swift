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
    /// Waits up to `timeout` seconds for the next whole line of input and takes it (nil: none came).
    /// For a session playing in the line-based prompts: every line typed meanwhile is read in order
    /// as it comes (`PlayControls`), none left waiting behind another. Lines put back with
    /// `keepForLater` are not returned here.
    func nextLine(within timeout: Double) -> String?
    /// Puts a line taken by `nextLine` back for the prompts after the session: `readInputLine`
    /// returns the lines kept, in order, before any other.
    func keepForLater(_ line: String)
}

extension CommandIO {
    /// Where nothing can fail to be written (a buffer): written, and so true.
    public func outChecked(_ text: String) -> Bool {
        out(text)
        return true
    }

    /// Input that can't be looked at ahead: nothing is taken.
    public func nextLine(within timeout: Double) -> String? {
        usleep(UInt32(max(0, timeout) * 1_000_000))
        return nil
    }

    public func keepForLater(_ line: String) {}
}

/// The process's standard streams.
public final class StandardIO: CommandIO, @unchecked Sendable {
    private let lock = NSLock()
    /// Standard input read ahead of the lines taken (one buffer for `readInputLine`, `takeLine` and
    /// `readInput`, so no byte is lost between them).
    private let inputLock = NSLock()
    private var pending: [UInt8] = []
    private var atEnd = false
    /// Lines read during a session and kept for the prompts after it (`keepForLater`).
    private var kept: [String] = []
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
        inputLock.lock(); defer { inputLock.unlock() }
        if !pending.isEmpty {
            let n = min(count, pending.count)
            defer { pending.removeFirst(n) }
            return Data(pending[..<n])
        }
        return atEnd ? Data() : Self.read(upTo: count)
    }
    public var inputIsTerminal: Bool { isatty(0) == 1 }
    public func readInputLine() -> String? {
        inputLock.lock(); defer { inputLock.unlock() }
        if !kept.isEmpty { return kept.removeFirst() }
        while true {
            if let line = takeBufferedLine() { return line }
            if atEnd {
                guard !pending.isEmpty else { return nil }
                defer { pending = [] }
                return String(decoding: pending, as: UTF8.self)
            }
            fill()
        }
    }
    public func nextLine(within timeout: Double) -> String? {
        inputLock.lock(); defer { inputLock.unlock() }
        let deadline = ProcessInfo.processInfo.systemUptime + timeout
        while !atEnd, !pending.contains(0x0A) {
            let left = Int32(max(0, (deadline - ProcessInfo.processInfo.systemUptime) * 1000))
            var pfd = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&pfd, 1, left) > 0 else { return nil }
            fill()
        }
        if let line = takeBufferedLine() { return line }
        if !pending.isEmpty {
            // The input ended without a line break: its last words are a line too.
            defer { pending = [] }
            return Self.line(pending[...])
        }
        // The end of the input: nothing more will come, so wait out the time.
        let left = deadline - ProcessInfo.processInfo.systemUptime
        if left > 0 { usleep(UInt32(left * 1_000_000)) }
        return nil
    }

    public func keepForLater(_ line: String) {
        inputLock.lock(); defer { inputLock.unlock() }
        kept.append(line)
    }

    /// The first whole line in `pending`, taken from it.
    private func takeBufferedLine() -> String? {
        guard let end = pending.firstIndex(of: 0x0A) else { return nil }
        defer { pending.removeSubrange(...end) }
        return Self.line(pending[..<end])
    }

    /// A line without its line break (and the carriage return of a CRLF).
    private static func line(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.last == 0x0D ? bytes.dropLast() : bytes, as: UTF8.self)
    }

    /// Reads what standard input has (waiting for some); its end or an error sets `atEnd`.
    private func fill() {
        let data = Self.read(upTo: 64 * 1024)
        if data.isEmpty { atEnd = true } else { pending += data }
    }

    private static func read(upTo count: Int) -> Data {
        var data = Data(count: count)
        while true {
            let n = data.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress!, count) }
            if n >= 0 { data.count = n; return data }
            // A read error ends the input, as the end of a file would.
            if errno != EINTR { return Data() }
        }
    }
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
    /// Lines kept for the prompts after a session (`keepForLater`).
    private var kept: [String] = []
    /// The next line at once (the whole input is already here); at its end, waits out `timeout`,
    /// as a pipe with no line typed would.
    public func nextLine(within timeout: Double) -> String? {
        if let line = takeLine() { return line }
        usleep(UInt32(max(0, timeout) * 1_000_000))
        return nil
    }
    public func keepForLater(_ line: String) { lock.withLock { kept.append(line) } }
    public func readInputLine() -> String? {
        if let line = lock.withLock({ kept.isEmpty ? nil : kept.removeFirst() }) { return line }
        return takeLine()
    }
    private func takeLine() -> String? {
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
