/// FNV-1a over bytes, one byte at a time: the feature keys of layer B's model and of the sentence
/// reading, and the affect vocabulary's table. Words are short, so a simple byte hash is enough, and
/// because it runs byte by byte a key can go on from another ("first second" from "first"'s key).
enum FNV1a {
    static let seed: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always) static func step(_ h: UInt64, _ b: UInt8) -> UInt64 {
        (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3
    }
}
