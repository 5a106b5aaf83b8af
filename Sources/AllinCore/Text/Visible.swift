/// Makes user text safe to print to a terminal: control characters, escape sequences and
/// direction overrides become visible placeholders, so nothing typed can drive the terminal.
public enum Visible {
    public static func text(_ s: String, limit: Int? = nil) -> String {
        var out = String.UnicodeScalarView()
        var count = 0
        for scalar in s.unicodeScalars {
            if let limit, count >= limit { out.append("…"); break }
            count += 1
            let v = scalar.value
            switch v {
            case 0x09: out.append(" ")
            case 0x00...0x1F: out.append(Unicode.Scalar(0x2400 + v)!)   // ␀ … ␟ (ESC shows as ␛)
            case 0x7F: out.append("\u{2421}")                          // ␡
            case 0x80...0x9F: out.append("\u{FFFD}")                   // C1 controls, incl. CSI
            case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2069, 0xFEFF:
                out.append("\u{FFFD}")                                 // invisible and bidi controls
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
