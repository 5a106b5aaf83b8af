import Foundation

/// The format and length of a PCM WAV file, read from its header (espeak-ng and sox write these).
public struct WAVInfo: Sendable, Equatable {
    public var sampleRate: Int
    public var channels: Int
    public var bitsPerSample: Int
    /// Bytes of sample data.
    public var dataBytes: Int
    /// Where the sample data starts in the file (just after the "data" chunk's header).
    public var dataOffset = 44

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
                return WAVInfo(sampleRate: f.rate, channels: f.channels, bitsPerSample: f.bits, dataBytes: dataBytes,
                               dataOffset: body)
            }
            offset = body + size + (size & 1)
        }
        return nil
    }
}

/// 16-bit PCM in and out: the samples of a WAV file as -1…1 (channels averaged), and the bytes of a
/// mono WAV for samples, with a header for a known length or for a stream of unknown length.
public enum PCM16 {
    /// The samples of a 16-bit PCM WAV file and its rate; nil when it is not one.
    public static func read(_ url: URL) -> (rate: Int, samples: [Float])? {
        guard let data = try? Data(contentsOf: url, options: .mappedIfSafe), let info = WAVInfo.parse(data),
              info.bitsPerSample == 16, info.channels >= 1 else { return nil }
        let start = info.dataOffset
        guard start + info.dataBytes <= data.count else { return nil }
        let channels = info.channels
        var samples = [Float](repeating: 0, count: info.frames)
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            for f in 0..<info.frames {
                var sum = 0
                for c in 0..<channels {
                    let i = start + (f * channels + c) * 2
                    sum += Int(Int16(bitPattern: UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8))
                }
                samples[f] = Float(sum) / Float(channels * 32768)
            }
        }
        return (info.sampleRate, samples)
    }

    /// Little-endian 16-bit samples, clamped to full scale.
    public static func bytes(_ samples: [Float]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: samples.count * 2)
        for (i, s) in samples.enumerated() {
            let v = Int16(max(-32768, min(32767, (Double(s) * 32768).rounded())))
            let u = UInt16(bitPattern: v)
            out[2 * i] = UInt8(u & 0xFF)
            out[2 * i + 1] = UInt8(u >> 8)
        }
        return out
    }

    /// A mono 16-bit WAV header for `dataBytes` of samples; nil writes the sizes a stream of
    /// unknown length uses (0xFFFFFFFF), which players read to the end of the stream.
    public static func header(sampleRate: Int, dataBytes: Int?) -> [UInt8] {
        func u32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
        func u16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        let data = dataBytes.map { UInt32(clamping: $0) } ?? 0xFFFF_FFFF
        let riff = dataBytes.map { UInt32(clamping: $0 + 36) } ?? 0xFFFF_FFFF
        return Array("RIFF".utf8) + u32(riff) + Array("WAVE".utf8) + Array("fmt ".utf8) + u32(16) + u16(1) + u16(1)
            + u32(UInt32(sampleRate)) + u32(UInt32(sampleRate * 2)) + u16(2) + u16(16) + Array("data".utf8) + u32(data)
    }
}
