import Foundation

/// The format and length of a PCM WAV file, read from its header (espeak-ng and sox write these).
public struct WAVInfo: Sendable, Equatable {
    public var sampleRate: Int
    public var channels: Int
    public var bitsPerSample: Int
    /// Bytes of sample data.
    public var dataBytes: Int

    public var frames: Int { dataBytes / max(1, channels * bitsPerSample / 8) }
    public var duration: Double { Double(frames) / Double(max(1, sampleRate)) }

    public static func read(_ url: URL) -> WAVInfo? {
        guard let data = try? Data(contentsOf: url, options: .mappedIfSafe) else { return nil }
        return parse(data)
    }

    public static func parse(_ data: Data) -> WAVInfo? {
        let bytes = [UInt8](data.prefix(65536))
        guard bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x41, 0x56, 0x45] else {
            return nil
        }
        func u32(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16 | Int(bytes[i + 3]) << 24 }
        func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        var offset = 12
        var format: (rate: Int, channels: Int, bits: Int)?
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = u32(offset + 4)
            let body = offset + 8
            if id == "fmt ", body + 16 <= bytes.count {
                format = (u32(body + 4), u16(body + 2), u16(body + 14))
            } else if id == "data", let f = format {
                // Streams written without seeking leave the size at 0 or 0xFFFFFFFF: use what is there.
                let available = data.count - body
                let dataBytes = size == 0 || size > available ? available : size
                return WAVInfo(sampleRate: f.rate, channels: f.channels, bitsPerSample: f.bits, dataBytes: dataBytes)
            }
            offset = body + size + (size & 1)
        }
        return nil
    }
}
