import Foundation

/// The binary form of a catalog part that is slow to build from its text (the trained model, the
/// concept rules): what the running code would build from the text, laid out as 64-bit words so
/// loading it is a copy, not a parse. The text in `catalog/` stays the reviewed truth; this form is a cache made from it on
/// this machine, checked before every use, and rebuilt from the text whenever a check fails.
///
///     word 0   kind: which part this is (the model's is "ALLINMB1")
///     word 1   format version of that part's layout
///     word 2   digest of the source text's bytes (a changed text makes the form stale)
///     word 3   probe: a value the code computes from fixed inputs, e.g. feature keys (a change to
///              how the code hashes makes the form stale even when the text did not change)
///     word 4   checksum of every word after it (a damaged file is never used)
///     word 5…  the part's fields, each array as its length and then its elements packed in words
///
/// Words are in this machine's byte order; a machine of the other order finds the wrong kind and
/// builds its own.
public enum CompiledForm {
    static let headerWords = 5

    /// Why a compiled form was not used (the text is decoded instead, and the form rebuilt).
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case notThisKind
        case otherVersion
        case otherSource
        case otherCode
        case damaged(String)

        public var description: String {
            switch self {
            case .notThisKind: return "not a compiled form of this part"
            case .otherVersion: return "made by another version of the format"
            case .otherSource: return "made from another text"
            case .otherCode: return "made by code that hashes differently"
            case let .damaged(why): return "damaged: \(why)"
            }
        }
    }

    /// A 64-bit digest of `data`'s bytes (eight at a time; not cryptographic: it tells a changed or
    /// damaged file from the one a form was made from).
    public static func digest(_ data: Data) -> UInt64 {
        data.withUnsafeBytes { digest($0) }
    }

    static func digest(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h = mix(0x9E37_79B9_7F4A_7C15, UInt64(bytes.count))
        var i = 0
        while i + 8 <= bytes.count {
            h = mix(h, bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        var tail: UInt64 = 0, shift: UInt64 = 0
        while i < bytes.count {
            tail |= UInt64(bytes[i]) << shift
            shift += 8
            i += 1
        }
        return mix(h, tail)
    }

    /// The checksum of a form's words (after the header).
    /// The checksum of whole words, given as their bytes (the writer has bytes, the reader words).
    static func checksum(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        var h = mix(0x632B_E59B_D9B4_E019, UInt64(raw.count / 8))
        for offset in stride(from: 0, to: raw.count / 8 * 8, by: 8) {
            h = mix(h, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        return h
    }

    @inline(__always) static func mix(_ h: UInt64, _ w: UInt64) -> UInt64 {
        var x = (h ^ w) &* 0xBF58_476D_1CE4_E5B9
        x ^= x >> 31
        x &*= 0x94D0_49BB_1331_11EB
        return x ^ (x >> 29)
    }

    /// Builds a compiled form: the fields are written in order, then `bytes` adds the header. The
    /// words go straight into the file's bytes, after room for the header: the model's form is 8 MB,
    /// and building it as an array of words, joining the header on and copying that into `Data` held
    /// two copies more while it was written. A whole check-in in the full-screen app with nothing
    /// cached (the first run after an install or an update) peaked at 87–89 MB that way, 77–78 MB
    /// this way (the target is 80 MB); with the forms cached it peaks at 71 MB either way.
    public struct Writer {
        private var data = Data(count: CompiledForm.headerWords * 8)

        public init() {}

        private mutating func append(_ values: [UInt64]) {
            values.withUnsafeBufferPointer { data.append($0) }
        }

        public mutating func word(_ w: UInt64) { append([w]) }

        public mutating func double(_ d: Double) { word(d.bitPattern) }

        public mutating func uint64s(_ values: [UInt64]) {
            word(UInt64(values.count))
            append(values)
        }

        /// Two to a word, the first in the low half.
        public mutating func uint32s(_ values: [UInt32]) {
            word(UInt64(values.count))
            append(stride(from: 0, to: values.count, by: 2).map { i in
                UInt64(values[i]) | (i + 1 < values.count ? UInt64(values[i + 1]) << 32 : 0)
            })
        }

        public mutating func floats(_ values: [Float]) { uint32s(values.map(\.bitPattern)) }

        /// Eight to a word, the first in the lowest byte.
        public mutating func bytes(_ values: [UInt8]) {
            word(UInt64(values.count))
            append(stride(from: 0, to: values.count, by: 8).map { i in
                var w: UInt64 = 0
                for k in 0..<min(8, values.count - i) { w |= UInt64(values[i + k]) << UInt64(8 * k) }
                return w
            })
        }

        /// A list of strings (or byte strings): where each ends, then their bytes.
        public mutating func strings(_ packed: PackedStrings) {
            uint32s(packed.ends)
            bytes(packed.bytes)
        }

        /// The file's bytes: the header (written into the room left for it), then the fields.
        public consuming func bytes(kind: UInt64, version: UInt64, source: UInt64, probe: UInt64) -> Data {
            let headerBytes = CompiledForm.headerWords * 8
            let checksum = data.withUnsafeBytes { CompiledForm.checksum(UnsafeRawBufferPointer(rebasing: $0[headerBytes...])) }
            data.withUnsafeMutableBytes { raw in
                for (i, w) in [kind, version, source, probe, checksum].enumerated() {
                    raw.storeBytes(of: w, toByteOffset: i * 8, as: UInt64.self)
                }
            }
            return data
        }
    }

    /// Reads a compiled form's fields in the order they were written, after checking its header.
    public struct Reader {
        private let words: [UInt64]
        private var at = CompiledForm.headerWords

        /// Checks the kind, version, source digest, probe and checksum before any field is read.
        public init(_ data: Data, kind: UInt64, version: UInt64, source: UInt64, probe: UInt64) throws(Problem) {
            guard data.count >= 8 else { throw .notThisKind }
            guard data.count % 8 == 0 else { throw .damaged("its length is not whole words") }
            guard data.count >= CompiledForm.headerWords * 8 else { throw .damaged("it is shorter than its header") }
            // One copy of the file into words (the file is whole words, checked above).
            let words = [UInt64](unsafeUninitializedCapacity: data.count / 8) { buffer, count in
                _ = data.copyBytes(to: buffer)
                count = data.count / 8
            }
            guard words[0] == kind else { throw .notThisKind }
            guard words[1] == version else { throw .otherVersion }
            guard words[2] == source else { throw .otherSource }
            guard words[3] == probe else { throw .otherCode }
            guard words[4] == words[CompiledForm.headerWords...].withUnsafeBytes(CompiledForm.checksum) else { throw .damaged("its checksum does not match") }
            self.words = words
        }

        public mutating func word() throws(Problem) -> UInt64 {
            guard at < words.count else { throw .damaged("it ends early") }
            defer { at += 1 }
            return words[at]
        }

        public mutating func double() throws(Problem) -> Double { Double(bitPattern: try word()) }

        /// The length of an array whose elements take `perWord` to a word, and where they start.
        private mutating func span(perWord: Int) throws(Problem) -> (count: Int, start: Int) {
            let count = try word()
            // Checked before any arithmetic on it: a count near the largest integer must not overflow.
            guard count <= UInt64(words.count - at) * UInt64(perWord) else { throw .damaged("an array runs past the end") }
            let wordCount = (count + UInt64(perWord) - 1) / UInt64(perWord)
            defer { at += Int(wordCount) }
            return (Int(count), at)
        }

        public mutating func uint64s() throws(Problem) -> [UInt64] {
            let (count, start) = try span(perWord: 1)
            return Array(words[start..<(start + count)])
        }

        public mutating func uint32s() throws(Problem) -> [UInt32] {
            let (count, start) = try span(perWord: 2)
            return (0..<count).map { UInt32(truncatingIfNeeded: words[start + $0 / 2] >> UInt64(32 * ($0 % 2))) }
        }

        public mutating func floats() throws(Problem) -> [Float] { try uint32s().map(Float.init(bitPattern:)) }

        public mutating func bytes() throws(Problem) -> [UInt8] {
            let (count, start) = try span(perWord: 8)
            return (0..<count).map { UInt8(truncatingIfNeeded: words[start + $0 / 8] >> UInt64(8 * ($0 % 8))) }
        }

        /// A list written by `Writer.strings`, checked (its ends rise and stay within its bytes).
        public mutating func strings() throws(Problem) -> PackedStrings {
            let ends = try uint32s()
            guard let packed = PackedStrings(bytes: try bytes(), ends: ends) else { throw .damaged("a list of strings") }
            return packed
        }

        /// Throws unless every word has been read.
        public func finish() throws(Problem) {
            guard at == words.count else { throw .damaged("it has words after its last field") }
        }
    }
}
