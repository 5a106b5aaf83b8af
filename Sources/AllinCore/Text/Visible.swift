/// Makes user text safe to print to a terminal: control characters, escape sequences and
/// direction overrides become visible placeholders, so nothing typed can drive the terminal.
///
/// This is for showing text, never for storing it: what a person typed is kept as typed (apart from
/// control characters, see `printable`), and escaped where it is drawn.
public enum Visible {
    public static func text(_ s: String, limit: Int? = nil) -> String {
        var out = String.UnicodeScalarView()
        var count = 0
        for scalar in s.unicodeScalars {
            if let limit, count >= limit { out.append("…"); break }
            count += 1
            if isHiddenControl(scalar.value) { out.append("\u{FFFD}") } else { out.append(control(scalar)) }
        }
        return String(out)
    }

    /// `s` with only its control characters (C0, DEL, C1) made visible placeholders, tabs as spaces;
    /// every other character is kept, joiners and direction marks included. What a text field keeps:
    /// no key or paste puts a control character into words, so none is ever stored, and the text
    /// is otherwise the person's own (`text` escapes the rest when it is shown).
    public static func printable(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else { return s }
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars { out.append(control(scalar)) }
        return String(out)
    }

    /// Invisible characters that can change how a line reads on a terminal: direction marks,
    /// embeddings, overrides and isolates (they can reorder a line), the zero-width space, the word
    /// joiner and the invisible operators, and the byte-order mark. Shown as placeholders. The
    /// zero-width joiner and non-joiner are not among them: they are part of emoji sequences and
    /// of many scripts' spelling, and reorder nothing.
    @inline(__always)
    public static func isHiddenControl(_ v: UInt32) -> Bool {
        switch v {
        case 0x061C, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    @inline(__always)
    private static func control(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let v = scalar.value
        switch v {
        case 0x09: return " "
        case 0x00...0x1F: return Unicode.Scalar(0x2400 + v)!   // ␀ … ␟ (ESC shows as ␛)
        case 0x7F: return "\u{2421}"                          // ␡
        case 0x80...0x9F: return "\u{FFFD}"                   // C1 controls, incl. CSI
        default: return scalar
        }
    }
}
