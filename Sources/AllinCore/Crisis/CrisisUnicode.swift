import Foundation

/// Unicode cleanup for non-ASCII input: compatibility folding, format characters, case,
/// confusables, diacritics, apostrophes and meaningful emoji, down to mostly-ASCII bytes.
///
/// Pure-ASCII input never comes here; it is the common case and skips NFKC entirely.
enum CrisisUnicode {
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var acc: UInt8 = 0
        for b in bytes { acc |= b }
        return acc < 0x80
    }

    /// The cleaned bytes of `text`: NFKD (compatibility decomposition, so fullwidth, mathematical
    /// and ligature letters fold and accents split off), then marks dropped, format characters and
    /// variation selectors removed, lowercase, confusables mapped, emoji turned into words.
    static func clean(_ text: String, data: CrisisNormalizationData) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        // Only runs of non-ASCII letters, digits and marks need compatibility decomposition; emoji,
        // punctuation and ASCII do not, and bridging to Foundation per run keeps ordinary lines cheap.
        var run = String.UnicodeScalarView()
        func flush(_ out: inout [UInt8]) {
            guard !run.isEmpty else { return }
            for scalar in String(run).decomposedStringWithCompatibilityMapping.unicodeScalars {
                append(scalar, data: data, to: &out)
            }
            run.removeAll()
        }
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if let fold = data.folded(v) {
                flush(&out)
                out.append(contentsOf: fold)
                continue
            }
            if v >= 0x80 && needsDecomposition(scalar, data: data) {
                run.append(scalar)
                continue
            }
            flush(&out)
            append(scalar, data: data, to: &out)
        }
        flush(&out)
        return out
    }

    private static func needsDecomposition(_ scalar: Unicode.Scalar, data: CrisisNormalizationData) -> Bool {
        if data.apostrophes.contains(scalar) || data.emoji[scalar] != nil { return false }
        let props = scalar.properties
        if props.isAlphabetic || props.numericType != nil { return true }
        switch props.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .spaceSeparator, .otherPunctuation, .dashPunctuation:
            return true
        default:
            return false
        }
    }

    private static func append(_ scalar: Unicode.Scalar, data: CrisisNormalizationData, to out: inout [UInt8]) {
        let v = scalar.value
        if v < 0x80 {
            // ASCII keeps its case, as it does when a whole line is ASCII: the tokenizer folds it,
            // and reads a capital I inside a small-letter word as a possible l ("kiII").
            var b = UInt8(v)
            if b == 96 { b = 39 } // backtick used as an apostrophe
            out.append(b)
            return
        }
        if data.apostrophes.contains(scalar) {
            out.append(39)
            return
        }
        if let word = data.emoji[scalar] {
            out.append(32)
            out.append(contentsOf: word.utf8)
            out.append(32)
            return
        }
        // Variation selectors (FE00–FE0F, E0100–E01EF) and tag characters only restyle the previous character.
        if (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v) || (0xE0000...0xE007F).contains(v) { return }
        let props = scalar.properties
        switch props.generalCategory {
        case .format, .nonspacingMark, .enclosingMark, .spacingMark:
            return
        case .control, .lineSeparator, .paragraphSeparator:
            out.append(10)
            return
        case .spaceSeparator:
            out.append(32)
            return
        case .dashPunctuation:
            out.append(45)
            return
        case .otherPunctuation:
            // Sentence-ending marks of other scripts and the ideographic full stop.
            if v == 0x3002 || v == 0xFF01 || v == 0xFF1F || v == 0x061F || v == 0x0964 {
                out.append(46)
                out.append(32)
            } else {
                out.append(32)
            }
            return
        default:
            break
        }
        guard props.isAlphabetic || props.numericType != nil else {
            out.append(32)
            return
        }
        let lowered = props.changesWhenLowercased ? props.lowercaseMapping : String(scalar)
        for s in lowered.unicodeScalars {
            if s.value < 0x80 {
                out.append(UInt8(s.value))
            } else if let mapped = data.confusables[s] {
                out.append(contentsOf: mapped.utf8)
            } else if s.properties.generalCategory == .nonspacingMark {
                continue
            } else {
                out.append(contentsOf: String(s).utf8)
            }
        }
    }
}
