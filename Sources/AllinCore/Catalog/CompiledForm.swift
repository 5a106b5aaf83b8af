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
///     word 5…  the part's fields, each array as its length and then its elements as they lie in
///              memory, padded with zero bytes to a whole word
///
/// Words and elements are in this machine's byte order, so an array loads with one copy of its bytes;
/// a machine of the other order finds the wrong kind and builds its own.
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

    /// A 64-bit digest of `data`'s bytes (not cryptographic: it tells a changed or damaged file from
    /// the one a form was made from).
    public static func digest(_ data: Data) -> UInt64 {
        data.withUnsafeBytes { digest($0) }
    }

    static func digest(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let whole = bytes.count / 8 * 8
        var tail: UInt64 = 0, shift: UInt64 = 0
        for i in whole..<bytes.count {
            tail |= UInt64(bytes[i]) << shift
            shift += 8
        }
        return mix(words(UnsafeRawBufferPointer(rebasing: bytes[..<whole]), seed: mix(0x9E37_79B9_7F4A_7C15, UInt64(bytes.count))), tail)
    }

    /// The checksum of a form's words after the header, given as their bytes.
    static func checksum(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        words(UnsafeRawBufferPointer(rebasing: raw[..<(raw.count / 8 * 8)]), seed: mix(0x632B_E59B_D9B4_E019, UInt64(raw.count / 8)))
    }

    /// Mixes whole words (`raw.count` is a multiple of 8) into four lanes, every fourth word into
    /// the same lane, then the lanes into one. Four chains of `mix` run side by side where one chain
    /// waits on each multiply: the model's 8 MB form took about 4 ms to check with one, about 1 ms
    /// this way (fourteenth session), on every start that uses it.
    private static func words(_ raw: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        var a = seed, b = mix(seed, 1), c = mix(seed, 2), d = mix(seed, 3)
        let count = raw.count / 8
        var i = 0
        while i + 4 <= count {
            a = mix(a, raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
            b = mix(b, raw.loadUnaligned(fromByteOffset: i * 8 + 8, as: UInt64.self))
            c = mix(c, raw.loadUnaligned(fromByteOffset: i * 8 + 16, as: UInt64.self))
            d = mix(d, raw.loadUnaligned(fromByteOffset: i * 8 + 24, as: UInt64.self))
            i += 4
        }
        while i < count {
            a = mix(a, raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
            i += 1
        }
        return mix(mix(mix(a, b), c), d)
    }

    /// Ranges as a form keeps them: each range's bounds, one after the other.
    static func flat(_ ranges: [Range<Int32>]) -> [Int32] { ranges.flatMap { [$0.lowerBound, $0.upperBound] } }

    /// Ranges written by `flat`, each checked to lie within `0..<bound`, else `damaged(what)` (a range
    /// out of bounds would stop the code that reads through it, not just mislead it).
    static func ranges(_ flat: [Int32], within bound: Int, _ what: String = "a range past its list") throws(Problem) -> [Range<Int32>] {
        guard flat.count % 2 == 0 else { throw .damaged("a list of ranges") }
        var ranges: [Range<Int32>] = []
        ranges.reserveCapacity(flat.count / 2)
        for i in stride(from: 0, to: flat.count, by: 2) {
            guard flat[i] >= 0, flat[i] <= flat[i + 1], Int(flat[i + 1]) <= bound else { throw .damaged(what) }
            ranges.append(flat[i]..<flat[i + 1])
        }
        return ranges
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

        /// An array: its length, then its elements' bytes as they lie in memory, padded to a whole word.
        public mutating func array<T: BitwiseCopyable>(_ values: [T]) {
            word(UInt64(values.count))
            values.withUnsafeBytes { data.append(contentsOf: $0) }
            let padding = (8 - data.count % 8) % 8
            if padding > 0 { data.append(contentsOf: repeatElement(0 as UInt8, count: padding)) }
        }

        public mutating func uint64s(_ values: [UInt64]) { array(values) }

        public mutating func uint32s(_ values: [UInt32]) { array(values) }

        public mutating func floats(_ values: [Float]) { array(values) }

        public mutating func bytes(_ values: [UInt8]) { array(values) }

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

    /// Reads a compiled form's fields in the order they were written, after checking its header. The
    /// form's bytes are read where they lie (unsafe buffers: an array is one copy out of them). The
    /// model's form took about 13 ms to check and read when it was first copied into an array of
    /// words and each array rebuilt element by element, about 8 ms this way (thirteenth session).
    public struct Reader {
        private let data: Data
        private let wordCount: Int
        private var at = CompiledForm.headerWords

        /// Checks the kind, version, source digest, probe and checksum before any field is read.
        public init(_ data: Data, kind: UInt64, version: UInt64, source: UInt64, probe: UInt64) throws(Problem) {
            guard data.count >= 8 else { throw .notThisKind }
            guard data.count % 8 == 0 else { throw .damaged("its length is not whole words") }
            guard data.count >= CompiledForm.headerWords * 8 else { throw .damaged("it is shorter than its header") }
            let header = data.withUnsafeBytes { raw in
                (0..<CompiledForm.headerWords).map { raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self) }
            }
            guard header[0] == kind else { throw .notThisKind }
            guard header[1] == version else { throw .otherVersion }
            guard header[2] == source else { throw .otherSource }
            guard header[3] == probe else { throw .otherCode }
            let sum = data.withUnsafeBytes { CompiledForm.checksum(UnsafeRawBufferPointer(rebasing: $0[(CompiledForm.headerWords * 8)...])) }
            guard header[4] == sum else { throw .damaged("its checksum does not match") }
            self.data = data
            self.wordCount = data.count / 8
        }

        public mutating func word() throws(Problem) -> UInt64 {
            guard at < wordCount else { throw .damaged("it ends early") }
            defer { at += 1 }
            return data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at * 8, as: UInt64.self) }
        }

        public mutating func double() throws(Problem) -> Double { Double(bitPattern: try word()) }

        /// An array written by `Writer.array`: its length (checked before any arithmetic on it, so a
        /// count near the largest integer cannot overflow), then one copy of its elements' bytes.
        public mutating func array<T: BitwiseCopyable>(of _: T.Type) throws(Problem) -> [T] {
            let count = try word()
            let size = UInt64(MemoryLayout<T>.stride)
            guard count <= UInt64(wordCount - at) * 8 / size else { throw .damaged("an array runs past the end") }
            let byteCount = Int(count * size)
            let start = at * 8
            at += (byteCount + 7) / 8
            return [T](unsafeUninitializedCapacity: Int(count)) { buffer, initialized in
                data.withUnsafeBytes { raw in
                    UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[start..<(start + byteCount)]))
                }
                initialized = Int(count)
            }
        }

        public mutating func uint64s() throws(Problem) -> [UInt64] { try array(of: UInt64.self) }

        public mutating func uint32s() throws(Problem) -> [UInt32] { try array(of: UInt32.self) }

        public mutating func floats() throws(Problem) -> [Float] { try array(of: Float.self) }

        public mutating func bytes() throws(Problem) -> [UInt8] { try array(of: UInt8.self) }

        /// An `Int32` array whose every element is an index into a list of `bound` items, else `damaged(what)`.
        mutating func indices(below bound: Int, _ what: String) throws(Problem) -> [Int32] {
            let values = try array(of: Int32.self)
            guard values.allSatisfy({ $0 >= 0 && Int($0) < bound }) else { throw .damaged(what) }
            return values
        }

        /// Ranges written as `CompiledForm.flat` gives them, each within `0..<bound` (`CompiledForm.ranges`).
        mutating func ranges(within bound: Int, _ what: String = "a range past its list") throws(Problem) -> [Range<Int32>] {
            try CompiledForm.ranges(try array(of: Int32.self), within: bound, what)
        }

        /// A list written by `Writer.strings`, checked (its ends rise and stay within its bytes).
        public mutating func strings() throws(Problem) -> PackedStrings {
            let ends = try uint32s()
            guard let packed = PackedStrings(bytes: try bytes(), ends: ends) else { throw .damaged("a list of strings") }
            return packed
        }

        /// Throws unless every word has been read.
        public func finish() throws(Problem) {
            guard at == wordCount else { throw .damaged("it has words after its last field") }
        }
    }
}

/// Where the catalog's slow parts can come from their compiled forms (`CompiledForm`), each made from
/// the text the catalog holds: the crisis model, the concept rules, layers A and B's phrase programs
/// and the sentence reading. Each loader runs beside the other parts' work and returns nil when no
/// sound form is at hand, and then the part is decoded from its text.
public struct CompiledParts: Sendable {
    public var model: @Sendable () -> CrisisModel?
    public var concepts: @Sendable () -> ConceptScanner?
    public var programs: @Sendable () -> CompiledPrograms?
    public var sentences: @Sendable () -> AffectSentenceModel?
    /// Whether a form of every part is at hand (each is still checked when it loads): it decides
    /// the order the parts load in (`CrisisLexicon.decode`).
    public var cached: Bool

    public init(model: @escaping @Sendable () -> CrisisModel? = { nil },
                concepts: @escaping @Sendable () -> ConceptScanner? = { nil },
                programs: @escaping @Sendable () -> CompiledPrograms? = { nil },
                sentences: @escaping @Sendable () -> AffectSentenceModel? = { nil }, cached: Bool = false) {
        self.model = model
        self.concepts = concepts
        self.programs = programs
        self.sentences = sentences
        self.cached = cached
    }
}
