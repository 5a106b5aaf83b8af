/// Many short strings kept as one buffer: their UTF-8 bytes back to back and where each one ends.
/// A trained model's 150,000 feature names load as two arrays, not 150,000 strings; a name becomes
/// a `String` only when it is read (a finding names its top three).
public struct PackedStrings: RandomAccessCollection, ExpressibleByArrayLiteral, Equatable, Sendable {
    /// Every string's bytes, in order.
    public private(set) var bytes: [UInt8] = []
    /// Where each string's bytes end in `bytes`.
    public private(set) var ends: [UInt32] = []

    public init() {}

    public init(arrayLiteral elements: String...) {
        self.init(elements)
    }

    /// These strings, packed.
    public init(_ strings: some Sequence<String>) {
        for s in strings { append(utf8: s.utf8) }
    }

    /// From the two arrays of a compiled form; nil unless the ends rise and stay within the bytes.
    init?(bytes: [UInt8], ends: [UInt32]) {
        var previous: UInt32 = 0
        for end in ends {
            guard end >= previous else { return nil }
            previous = end
        }
        guard Int(previous) == bytes.count else { return nil }
        self.bytes = bytes
        self.ends = ends
    }

    public mutating func append(utf8 string: some Collection<UInt8>) {
        bytes.append(contentsOf: string)
        ends.append(UInt32(bytes.count))
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { ends.count }

    public subscript(i: Int) -> String { String(decoding: utf8(i), as: UTF8.self) }

    /// The bytes of the string at `i`, without making a `String`.
    public func utf8(_ i: Int) -> ArraySlice<UInt8> {
        bytes[(i == 0 ? 0 : Int(ends[i - 1]))..<Int(ends[i])]
    }
}
