/// Interned words of the crisis lexicon, looked up straight from UTF-8 bytes.
///
/// Every scan looks up every token, so the table hashes raw bytes (FNV-1a, open addressing)
/// instead of building a `String` per token.
struct CrisisVocabulary: Sendable {
    /// The words by id.
    private(set) var words: [String] = []
    private var keyBytes: [UInt8] = []
    private var keyStarts: [Int32] = [0]
    /// Each word's first eight bytes packed into one integer (`head(_:)`), so a probe that meets
    /// the word confirms a short word with one comparison instead of a byte loop.
    private var keyHeads: [UInt64] = []
    /// Open addressing: each slot packs a word's full 32-bit hash over its id + 1 (0 = empty), so a
    /// probe that meets another word is turned away without reading that word's bytes.
    private var slots: [UInt64] = Array(repeating: 0, count: 1024)
    private var mask = 1023

    var count: Int { words.count }

    /// The id of `word`, adding it when new.
    @discardableResult
    mutating func intern(_ word: String) -> Int32 {
        let bytes = Array(word.utf8)
        if let existing = bytes.withUnsafeBufferPointer({ lookup($0) }) { return existing }
        if (words.count + 1) * 2 > slots.count { grow() }
        let id = Int32(words.count)
        words.append(word)
        keyBytes.append(contentsOf: bytes)
        keyStarts.append(Int32(keyBytes.count))
        keyHeads.append(bytes.withUnsafeBufferPointer { Self.head($0) })
        insert(id: id, hash: Self.hash(bytes.withUnsafeBufferPointer { $0 }))
        return id
    }

    /// The UTF-8 spelling of word `id`.
    @inline(__always)
    func bytes(of id: Int32) -> ArraySlice<UInt8> {
        keyBytes[Int(keyStarts[Int(id)])..<Int(keyStarts[Int(id) + 1])]
    }

    /// Appends the UTF-8 spelling of word `id` to `out`.
    @inline(__always)
    func appendBytes(of id: Int32, to out: inout [UInt8]) {
        let start = Int(keyStarts[Int(id)]), end = Int(keyStarts[Int(id) + 1])
        out.append(contentsOf: keyBytes[start..<end])
    }

    /// The id of `word`, or nil when it is not in the vocabulary.
    func id(of word: String) -> Int32? {
        var word = word
        return word.withUTF8 { lookup($0) }
    }

    /// The id of the word spelled by `bytes`, or nil.
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        lookup(bytes, hash: Self.hash(bytes), head: Self.head(bytes))
    }

    /// Lookup with the hash and the head (`head(_:)`, or `addHead` byte by byte) already computed.
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt32, head: UInt64) -> Int32? {
        guard !bytes.isEmpty else { return nil }
        let tag = UInt64(hash) << 32
        return slots.withUnsafeBufferPointer { slots in
            var slot = Int(hash) & mask
            while true {
                let packed = slots[slot]
                if packed == 0 { return nil }
                if packed & 0xFFFF_FFFF_0000_0000 == tag {
                    let id = Int32(truncatingIfNeeded: packed & 0xFFFF_FFFF) - 1
                    if matches(id: id, bytes, head: head) { return id }
                }
                slot = (slot + 1) & mask
            }
        }
    }

    @inline(__always)
    private func matches(id: Int32, _ bytes: UnsafeBufferPointer<UInt8>, head: UInt64) -> Bool {
        keyStarts.withUnsafeBufferPointer { starts in
            let start = Int(starts[Int(id)])
            guard Int(starts[Int(id) + 1]) - start == bytes.count,
                  keyHeads.withUnsafeBufferPointer({ $0[Int(id)] }) == head else { return false }
            guard bytes.count > 8 else { return true }
            return keyBytes.withUnsafeBufferPointer { keys in
                var i = 8
                while i < bytes.count {
                    if keys[start + i] != bytes[i] { return false }
                    i += 1
                }
                return true
            }
        }
    }

    private mutating func insert(id: Int32, hash: UInt32) {
        var slot = Int(hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = UInt64(hash) << 32 | UInt64(id + 1)
    }

    private mutating func grow() {
        let newCount = slots.count * 2
        slots = Array(repeating: 0, count: newCount)
        mask = newCount - 1
        for id in 0..<words.count {
            let start = Int(keyStarts[id])
            let end = Int(keyStarts[id + 1])
            let h = keyBytes[start..<end].withUnsafeBufferPointer { Self.hash($0) }
            insert(id: Int32(id), hash: h)
        }
    }

    /// The first eight bytes of a word packed into one integer, the first byte lowest (zeros past
    /// the end): equal words have equal heads, and words of eight bytes or fewer with equal
    /// lengths and heads are equal.
    static func head(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0
        for k in 0..<Swift.min(8, bytes.count) { h = addHead(h, bytes[k], at: k) }
        return h
    }

    /// `head` with byte `b`, the word's byte number `k`, folded in (bytes past the eighth add nothing).
    @inline(__always) static func addHead(_ head: UInt64, _ b: UInt8, at k: Int) -> UInt64 {
        k < 8 ? head | UInt64(b) << UInt64(k &* 8) : head
    }

    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        bytes.reduce(hashSeed, step)
    }

    /// FNV-1a's 32-bit starting value; `step` folds in one byte (callers that read a word's bytes
    /// anyway hash as they go).
    static let hashSeed: UInt32 = 2_166_136_261

    @inline(__always) static func step(_ h: UInt32, _ b: UInt8) -> UInt32 {
        (h ^ UInt32(b)) &* 16_777_619
    }
}
