import ParlaBase

/// Width-aware line breaking and truncation.
public enum TextLayout {
    /// Cuts `text` to at most `width` columns, ending with `ellipsis` when anything was cut.
    ///
    /// Wide characters are never split; when the ellipsis itself does not fit, the text is cut bare.
    public static func truncate(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        let ellipsisWidth = DisplayWidth.of(ellipsis)
        let room = ellipsisWidth < width ? width - ellipsisWidth : width
        // One pass that stops as soon as the text is known not to fit: a wheel row of a long post
        // reads only the columns it shows, not the whole post.
        var used = 0
        var cut: String.Index?
        var overflows = false
        for index in text.indices {
            let w = DisplayWidth.of(text[index])
            if cut == nil, used + w > room { cut = index }
            used += w
            if used > width {
                overflows = true
                break
            }
        }
        guard overflows, let cut else { return text }
        var result = String(text[..<cut])
        if ellipsisWidth < width {
            // Do not leave a space dangling before the ellipsis.
            while result.last == " " { result.removeLast() }
            result += ellipsis
        }
        return result
    }

    /// `text` cut so that it ends with `ellipsis` within `width` columns: marks that more follows.
    public static func endingWithEllipsis(_ text: String, width: Int, ellipsis: String = "…") -> String {
        let room = width - DisplayWidth.of(ellipsis)
        guard room > 0 else { return truncate(ellipsis, toWidth: width, ellipsis: "") }
        var kept = truncate(text, toWidth: room, ellipsis: "")
        // Prefer ending at a word boundary when one is in the second half of the line.
        if kept.count < text.count, let space = kept.lastIndex(of: " "),
           DisplayWidth.of(kept[..<space]) >= room / 2 {
            let next = text[text.index(text.startIndex, offsetBy: kept.count)]
            if next != " " { kept = String(kept[..<space]) }
        }
        while kept.last == " " { kept.removeLast() }
        return kept + ellipsis
    }

    /// Breaks `text` into lines of at most `width` columns, at spaces where possible.
    ///
    /// Explicit newlines start new lines (an empty line stays as a paragraph break); a word longer
    /// than a line is broken between grapheme clusters; runs of spaces between words collapse at
    /// the break. Control characters are dropped.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let clean = TextSafety.stripped(String(paragraph))
            lines.append(contentsOf: wrapParagraph(clean, width: width))
        }
        return lines
    }

    private static func wrapParagraph(_ paragraph: String, width: Int) -> [String] {
        let words = paragraph.split(separator: " ", omittingEmptySubsequences: true)
        if words.isEmpty { return [""] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in words {
            var piece = String(word)
            var pieceWidth = DisplayWidth.of(piece)
            if lineWidth > 0 && lineWidth + 1 + pieceWidth <= width {
                line += " " + piece
                lineWidth += 1 + pieceWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            // Hard-break words longer than a line.
            while pieceWidth > width {
                var head = ""
                var headWidth = 0
                var rest = piece[...]
                while let character = rest.first {
                    let w = DisplayWidth.of(character)
                    if headWidth + w > width { break }
                    head.append(character)
                    headWidth += w
                    rest = rest.dropFirst()
                }
                if head.isEmpty {  // a character wider than the line: show it alone and move on
                    head = String(rest.prefix(1))
                    rest = rest.dropFirst()
                }
                lines.append(head)
                piece = String(rest)
                pieceWidth = DisplayWidth.of(piece)
            }
            line = piece
            lineWidth = pieceWidth
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
