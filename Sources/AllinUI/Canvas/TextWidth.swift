import AllinCore

/// Column widths with the same per-scalar model ncursesw uses (glibc `wcwidth` in C.UTF-8): zero-width
/// scalars join the previous cell, wide ones take two. Layout and clipping use this, so they agree
/// with where the terminal puts each character.
public enum TextWidth {
    /// 0, 1 or 2. Control characters, direction controls and the other hidden characters of
    /// `Visible.isHiddenControl` count 1 because the canvas shows them as visible placeholders.
    @inline(__always)
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return v == 0 ? 0 : 1 }
        if contains(WidthTable.wide, v) { return 2 }
        if contains(WidthTable.zero, v) { return Visible.isHiddenControl(v) ? 1 : 0 }
        return 1
    }

    /// The columns a string takes.
    public static func of(_ text: String) -> Int {
        var total = 0
        for s in text.unicodeScalars { total += of(s) }
        return total
    }

    /// The columns one character takes.
    public static func of(_ character: Character) -> Int {
        var total = 0
        for s in character.unicodeScalars { total += of(s) }
        return total
    }

    /// The longest prefix of `text` that fits in `width` columns; wide characters that would be cut are dropped.
    public static func prefix(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        var used = 0
        var end = text.startIndex
        for i in text.indices {
            let w = of(text[i])
            if used + w > width { break }
            used += w
            end = text.index(after: i)
        }
        return String(text[..<end])
    }

    /// `text` cut to `width` columns with an ellipsis when it does not fit.
    public static func truncate(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        return prefix(text, width: width - 1) + "…"
    }

    /// Binary search over sorted inclusive (start, end) pairs.
    private static func contains(_ table: [UInt32], _ v: UInt32) -> Bool {
        var lo = 0
        var hi = table.count / 2 - 1
        if hi < 0 || v < table[0] || v > table[table.count - 1] { return false }
        while lo <= hi {
            let mid = (lo + hi) / 2
            if v < table[2 * mid] { hi = mid - 1 } else if v > table[2 * mid + 1] { lo = mid + 1 } else { return true }
        }
        return false
    }
}
