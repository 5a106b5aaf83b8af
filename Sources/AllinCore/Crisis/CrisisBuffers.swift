/// Scratch space for `CrisisDetector.layers(_:reusing:)`, which a caller checking many lines keeps
/// from one line to the next so an ordinary line allocates almost nothing: the main view's arena and
/// tokens, the list of views, the scans' presence bitset and backtrack stack, layer B's feature
/// table and the concept scanner's words. The caller owns it (one per thread); the detector holds
/// no state of its own.
///
/// Only capacity is carried from line to line: every buffer is cleared or overwritten before it
/// is read, so results never depend on the line before. Measured when it was introduced:
/// allocations per line fell from 12.6 to 3.7 and A + B rose by about 12% (docs/benchmarks.md).
public struct CrisisBuffers: Sendable {
    var text: [UInt8] = []
    var tokens: [CrisisToken] = []
    /// The tokenizer's buffer for a word it rewrites (apostrophes, repeats, misspellings).
    var scratchWord: [UInt8] = []
    var views: [CrisisView] = []
    var scratch = CrisisScratch()
    var found: [Int64] = []
    var concepts = ConceptBuffers()

    public init() {}

    /// Takes the main view's arrays (and the list) back from a finished call's views.
    mutating func keep(_ done: inout [CrisisView]) {
        if let first = done.indices.first, done[first].kind == .main {
            swap(&text, &done[first].text)
            swap(&tokens, &done[first].tokens)
        }
        done.removeAll(keepingCapacity: true)
        swap(&views, &done)
        // A line far longer than any check-in (a pasted document) grows the buffers with it; those
        // are let go rather than held for the rest of the detector's life.
        if text.capacity > Self.keepLimit || tokens.capacity > Self.keepLimit || scratchWord.capacity > Self.keepLimit {
            text = []; tokens = []; scratchWord = []
        }
        if concepts.bytes.capacity > Self.keepLimit || concepts.tokens.capacity > Self.keepLimit || concepts.keys.capacity > Self.keepLimit {
            concepts = ConceptBuffers()
        }
    }

    /// The most elements a buffer keeps between lines (a line of about 64 KB).
    static let keepLimit = 1 << 16
}

/// The concept scanner's per-line buffers: its words, their folded bytes and the model's feature keys.
struct ConceptBuffers: Sendable {
    var tokens: [ConceptScanner.Token] = []
    var bytes: [UInt8] = []
    var keys: [UInt64] = []
}
