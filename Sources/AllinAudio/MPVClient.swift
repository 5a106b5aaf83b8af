import AllinCore
import Foundation

/// A client for mpv's JSON IPC socket (`--input-ipc-server`): one request per line, answers
/// matched by `request_id`; event lines in between are skipped.
final class MPVClient {
    private let path: String
    private var fd: Int32 = -1
    private var buffer: [UInt8] = []
    private var nextID = 1

    init(socketPath: String) {
        path = socketPath
    }

    deinit { close() }

    var isConnected: Bool { fd >= 0 }

    /// Tries to connect until `timeout` seconds pass (mpv creates the socket shortly after it starts).
    func connect(timeout: Double) -> Bool {
        if fd >= 0 { return true }
        let deadline = Monotonic.now() + timeout
        repeat {
            if tryConnect() { return true }
            usleep(20_000)
        } while Monotonic.now() < deadline
        return false
    }

    private func tryConnect() -> Bool {
        let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard s >= 0 else { return false }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: addr.sun_path) else { Glibc.close(s); return false }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
            raw[bytes.count] = 0
        }
        let ok = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
        guard ok else { Glibc.close(s); return false }
        fd = s
        return true
    }

    func close() {
        if fd >= 0 { Glibc.close(fd); fd = -1 }
    }

    /// Sends a command and waits up to `timeout` seconds for its answer's `data` (nil on error or
    /// timeout; the connection is dropped on a broken socket).
    @discardableResult
    func command(_ words: [JSONValue], timeout: Double = 1) -> JSONValue? {
        guard fd >= 0 else { return nil }
        let id = nextID
        nextID += 1
        let line = JSONValue.object([("command", .array(words)), ("request_id", .int(id))]).serialized() + "\n"
        let data = Array(line.utf8)
        var sent = 0
        while sent < data.count {
            let n = data[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { close(); return nil }
            sent += n
        }
        let deadline = Monotonic.now() + timeout
        while true {
            while let newline = buffer.firstIndex(of: 0x0A) {
                let lineBytes = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                guard let reply = try? JSONValue.parse(Data(lineBytes)),
                      case let .number(rid)? = reply["request_id"], Int(rid) == id else { continue }
                guard case .string("success")? = reply["error"] else { return nil }
                return reply["data"] ?? .null
            }
            let left = deadline - Monotonic.now()
            if left <= 0 { return nil }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(max(1, left * 1000)))
            if ready < 0 { if errno == EINTR { continue }; close(); return nil }
            if ready == 0 { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { close(); return nil }
            buffer += chunk[..<n]
        }
    }

    func number(_ property: String) -> Double? {
        if case let .number(v)? = command([.string("get_property"), .string(property)]) { return v }
        return nil
    }

    func setPause(_ paused: Bool) -> Bool {
        command([.string("set_property"), .string("pause"), .bool(paused)]) != nil
    }

    func seek(to seconds: Double) -> Bool {
        command([.string("seek"), .number(seconds), .string("absolute")]) != nil
    }
}
