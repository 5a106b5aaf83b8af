/// Number and user-text formatting for explanations, without Foundation's slower formatters.
enum AffectFormat {
    /// At most two decimals, trailing zeros dropped: 1.5, -0.75, 2.
    static func number(_ d: Double) -> String {
        var out = AffectText()
        out.number(d)
        return out.string
    }

    /// One decimal with an explicit sign: +2.5, -1.9, 0.0.
    static func weight(_ d: Double) -> String {
        var out = AffectText()
        out.weight(d)
        return out.string
    }

    /// User text made safe to quote: no control or format characters (escape sequences,
    /// bidi overrides), whitespace collapsed, at most `limit` characters.
    static func quote(_ text: String, limit: Int = 30) -> String {
        var out = String.UnicodeScalarView()
        var count = 0
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let category = scalar.properties.generalCategory
            if category == .control || category == .format || category == .lineSeparator
                || category == .paragraphSeparator || category == .spaceSeparator || category == .surrogate
                || category == .unassigned || category == .privateUse {
                pendingSpace = count > 0
                continue
            }
            if count >= limit {
                out.append("…")
                break
            }
            if pendingSpace {
                out.append(" ")
                pendingSpace = false
                count += 1
                if count >= limit {
                    out.append("…")
                    break
                }
            }
            out.append(scalar)
            count += 1
        }
        return String(out)
    }
}

/// A byte buffer for building explanation and note text: one allocation and one
/// `String` at the end, which is several times cheaper than appending to a `String`.
struct AffectText {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 64) { bytes.reserveCapacity(capacity) }

    var isEmpty: Bool { bytes.isEmpty }
    var string: String { String(decoding: bytes, as: UTF8.self) }

    static func += (text: inout AffectText, s: String) { text.bytes.append(contentsOf: s.utf8) }

    /// 'text' in single quotes.
    mutating func quoted(_ s: String) {
        bytes.append(0x27)
        bytes.append(contentsOf: s.utf8)
        bytes.append(0x27)
    }

    mutating func integer(_ n: Int) {
        if n < 0 { bytes.append(0x2D) }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var m = n.magnitude
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(truncatingIfNeeded: m % 10) + 0x30
                m /= 10
                count += 1
            } while m > 0
            while count > 0 {
                count -= 1
                bytes.append(buffer[count])
            }
        }
    }

    /// At most two decimals, trailing zeros dropped: 1.5, -0.75, 2.
    mutating func number(_ d: Double) {
        guard d.isFinite, abs(d) < 1e12 else { bytes.append(0x30); return }
        let hundredths = Int((abs(d) * 100).rounded())
        if d < 0 && hundredths != 0 { bytes.append(0x2D) }
        integer(hundredths / 100)
        let frac = hundredths % 100
        if frac == 0 { return }
        bytes.append(0x2E)
        bytes.append(UInt8(frac / 10) + 0x30)
        if frac % 10 != 0 { bytes.append(UInt8(frac % 10) + 0x30) }
    }

    /// One decimal with an explicit sign: +2.5, -1.9, 0.0.
    mutating func weight(_ d: Double) {
        guard d.isFinite, abs(d) < 1e12 else { self += "0.0"; return }
        let tenths = Int((abs(d) * 10).rounded())
        if tenths != 0 { bytes.append(d < 0 ? 0x2D : 0x2B) }
        integer(tenths / 10)
        bytes.append(0x2E)
        bytes.append(UInt8(tenths % 10) + 0x30)
    }
}
