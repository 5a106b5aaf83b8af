/// Word wrapping by display width.
public enum Wrap {
    /// `text` broken into lines of at most `width` columns at spaces; words longer than a line are cut.
    public static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var out: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var w = String(word)
                var ww = TextWidth.of(w)
                if lineWidth > 0, lineWidth + 1 + ww <= width {
                    line += " " + w
                    lineWidth += 1 + ww
                    continue
                }
                if lineWidth > 0 {
                    out.append(line)
                    line = ""
                    lineWidth = 0
                }
                while ww > width {
                    let head = TextWidth.prefix(w, width: width)
                    if head.isEmpty { break }
                    out.append(head)
                    w = String(w.dropFirst(head.count))
                    ww = TextWidth.of(w)
                }
                line = w
                lineWidth = ww
            }
            out.append(line)
        }
        return out
    }

    /// `text` wrapped as `lines` does, keeping its leading spaces and giving every further row the
    /// same indent (a caption under a player, a line's hours under its name).
    public static func indented(_ text: String, width: Int) -> [String] {
        let indent = String(text.prefix { $0 == " " })
        return lines(String(text.dropFirst(indent.count)), width: max(1, width - indent.count)).map { indent + $0 }
    }

    /// Wrapped lines, at most `maxLines`; the last one ends in "…" when text was left out. The "…"
    /// follows a whole word: words are dropped from the last line until it fits, never cut.
    public static func clipped(_ text: String, width: Int, maxLines: Int) -> [String] {
        let all = lines(text, width: width)
        guard all.count > maxLines, maxLines > 0 else { return all }
        var kept = Array(all.prefix(maxLines))
        var last = kept[maxLines - 1]
        while TextWidth.of(last) + 1 > width, let space = last.lastIndex(of: " ") {
            last = String(last[..<space])
        }
        kept[maxLines - 1] = TextWidth.of(last) + 2 <= width ? last + " …" : TextWidth.truncate(last + "…", width: width)
        return kept
    }

    /// The first of `choices` that fits in `width` columns, else the last one cut to fit. For a line
    /// that has shorter wordings, so a narrow screen gets a whole sentence instead of a cut one.
    public static func fitting(_ choices: [String], width: Int) -> String {
        choices.first { TextWidth.of($0) <= width } ?? TextWidth.truncate(choices.last ?? "", width: width)
    }

    /// Rows for an editor: each row's start offset (in characters) and its text. A row breaks after its
    /// last space, so words stay whole (found from outside: at 40×12 "12 floors up" showed as "12 floors u"
    /// over "p"); a word longer than the row breaks where the row ends. Every character, spaces
    /// included, is on exactly one row, so offsets map to the cursor as typed.
    public static func editorRows(_ characters: [Character], width: Int) -> [(start: Int, text: String)] {
        guard width > 0 else { return [] }
        var rows: [(Int, String)] = []
        var start = 0
        var used = 0
        var breakAt: Int?               // just after the row's last space
        for (i, ch) in characters.enumerated() {
            let w = TextWidth.of(ch)
            if used + w > width, ch == " " {
                // A space that would overflow ends its row (it hangs in the column beside the text),
                // so no row starts with one.
                rows.append((start, String(characters[start...i])))
                start = i + 1
                used = 0
                breakAt = nil
                continue
            }
            if used + w > width {
                let end = breakAt.map { $0 > start && $0 < i ? $0 : i } ?? i
                rows.append((start, String(characters[start..<end])))
                start = end
                used = characters[start..<i].reduce(0) { $0 + TextWidth.of($1) }
                breakAt = nil
            }
            used += w
            if ch == " " { breakAt = i + 1 }
        }
        rows.append((start, String(characters[start..<characters.count])))
        return rows
    }
}
