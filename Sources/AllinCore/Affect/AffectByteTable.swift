/// An open-addressing hash table from UTF-8 byte strings to small integers.
///
/// The classifier looks up every token of every check-in; hashing raw bytes
/// avoids building a `String` per token, which keeps a classify call in the
/// low microseconds.
struct AffectByteTable: Sendable {
    private var slots: [Int32]
    private var keyStart: [Int32] = []
    private var keyLength: [Int32] = []
    private var values: [Int32] = []
    private var arena: [UInt8] = []
    private var mask: Int

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: -1, count: size)
        mask = size - 1
    }

    var count: Int { values.count }

    /// Adds `key` unless present; returns the value stored for it.
    @discardableResult
    mutating func insert(_ key: [UInt8], value: Int32) -> Int32 {
        if let existing = key.withUnsafeBufferPointer({ lookup($0) }) { return existing }
        if (values.count + 1) * 2 > slots.count { grow() }
        let k = Int32(values.count)
        keyStart.append(Int32(arena.count))
        keyLength.append(Int32(key.count))
        arena.append(contentsOf: key)
        values.append(value)
        place(k, hash: Self.hash(key.withUnsafeBufferPointer { $0 }))
        return value
    }

    func lookup(_ key: UnsafeBufferPointer<UInt8>) -> Int32? {
        var i = Self.hash(key) & mask
        while true {
            let k = slots[i]
            if k < 0 { return nil }
            if matches(Int(k), key) { return values[Int(k)] }
            i = (i + 1) & mask
        }
    }

    private func matches(_ k: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = Int(keyLength[k])
        guard length == key.count else { return false }
        let start = Int(keyStart[k])
        for j in 0..<length where arena[start + j] != key[j] { return false }
        return true
    }

    private mutating func place(_ k: Int32, hash: Int) {
        var i = hash & mask
        while slots[i] >= 0 { i = (i + 1) & mask }
        slots[i] = k
    }

    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        mask = slots.count - 1
        for k in 0..<values.count {
            let start = Int(keyStart[k]), length = Int(keyLength[k])
            let h = arena.withUnsafeBufferPointer {
                Self.hash(UnsafeBufferPointer(rebasing: $0[start..<(start + length)]))
            }
            place(Int32(k), hash: h)
        }
    }

    /// FNV-1a: tokens are short, so a simple byte hash beats anything fancier.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let h = bytes.reduce(FNV1a.seed, FNV1a.step)
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }
}
