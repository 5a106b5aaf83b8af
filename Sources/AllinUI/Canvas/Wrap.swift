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

    /// Character-wrapped rows for an editor: each row's start offset (in characters) and its text.
    public static func editorRows(_ characters: [Character], width: Int) -> [(start: Int, text: String)] {
        guard width > 0 else { return [] }
        var rows: [(Int, String)] = []
        var start = 0
        var text = ""
        var used = 0
        for (i, ch) in characters.enumerated() {
            let w = TextWidth.of(ch)
            if used + w > width {
                rows.append((start, text))
                start = i
                text = ""
                used = 0
            }
            text.append(ch)
            used += w
        }
        rows.append((start, text))
        return rows
    }
}
