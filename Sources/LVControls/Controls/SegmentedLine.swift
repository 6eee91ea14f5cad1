import ParlaBase
import TerminalKit

/// The one line a ``Segmented`` control draws: its title and options, fitted to a width so that the
/// chosen option is always whole on screen, with the cursor's column on it.
///
/// When every option fits, the line is `Title: one [two] three`. When not, the options around the
/// chosen one are kept (those cut off are marked by the ellipsis at that end) and the title is
/// shortened or left out if it must be, so a low-vision user at 40 columns always sees the option
/// chosen (an option wider than the window itself is cut where the window ends).
public struct SegmentedLine: Equatable, Sendable {
    /// What is drawn.
    public let text: String
    /// The column, from the line's start, of the chosen option's first character (after its `[`).
    public let cursorColumn: Int

    /// Fits the control's line into `width` columns.
    ///
    /// - Parameters:
    ///   - title: the control's title.
    ///   - options: the options, already safe to draw.
    ///   - selected: the index of the option shown as chosen.
    ///   - width: the columns there are.
    ///   - ellipsis: what marks cut text.
    public init(title: String, options: [String], selected: Int, width: Int, ellipsis: String) {
        let parts = options.enumerated().map { $0.offset == selected ? "[\($0.element)]" : $0.element }
        let gap = DisplayWidth.of(ellipsis) + 1
        func span(_ low: Int, _ high: Int) -> Int {
            DisplayWidth.of(parts[low...high].joined(separator: " ")) + (low > 0 ? gap : 0) + (high < parts.count - 1 ? gap : 0)
        }
        var prefix = title.isEmpty ? "" : title + ": "
        if DisplayWidth.of(parts[selected]) + (selected > 0 ? gap : 0) + (selected < parts.count - 1 ? gap : 0) > width {
            // Only the chosen option has room: it alone, without the title or the marks.
            text = parts[selected]
            cursorColumn = 1
            return
        }
        let all = span(0, parts.count - 1)
        var low = selected, high = selected
        if DisplayWidth.of(prefix) + all <= width {
            low = 0
            high = parts.count - 1
        } else {
            let room = width - span(selected, selected)
            if DisplayWidth.of(prefix) > room {
                prefix = room - 2 >= DisplayWidth.of(ellipsis) + 1
                    ? TextLayout.truncate(title, toWidth: room - 2, ellipsis: ellipsis) + ": " : ""
            }
            // Widen around the chosen option, the next one first, while it fits.
            var grew = true
            while grew {
                grew = false
                if high < parts.count - 1, DisplayWidth.of(prefix) + span(low, high + 1) <= width {
                    high += 1
                    grew = true
                }
                if low > 0, DisplayWidth.of(prefix) + span(low - 1, high) <= width {
                    low -= 1
                    grew = true
                }
            }
        }
        let before = (low > 0 ? ellipsis + " " : "") + parts[low..<selected].map { $0 + " " }.joined()
        text = prefix + before + parts[selected...high].joined(separator: " ") + (high < parts.count - 1 ? " " + ellipsis : "")
        cursorColumn = DisplayWidth.of(prefix) + DisplayWidth.of(before) + 1
    }

    /// The rows a segmented control wants in `width` columns (its marker included): one, or, when its title
    /// would not stay whole beside its widest option, the title on rows of its own (wrapped, two at most)
    /// and the options under it ("Theme:" is not left out at 40 columns). The marks of options cut off are counted at
    /// their widest (the ASCII "..."), so a layout that does not know the theme asks for the same rows.
    public static func rows(title: String, options: [String], width: Int) -> Int {
        let widest = options.map { DisplayWidth.of(TextSafety.stripped($0)) }.max() ?? 0
        let marks = options.count > 1 ? 2 * 4 : 0
        guard DisplayWidth.of(TextSafety.stripped(title)) + 2 + widest + 2 + marks > width - 2 else { return 1 }
        return titleRows(title, width: width) + 1
    }

    /// The rows the title takes on its own, wrapped (two at most).
    private static func titleRows(_ title: String, width: Int) -> Int {
        min(2, max(1, TextLayout.wrap(TextSafety.stripped(title) + ":", width: max(1, width - 2)).count))
    }

    /// Draws a segmented control's line in `area`: the focus marker, then the fitted line; given the rows
    /// ``rows(title:options:width:)`` asks for, the title above and the marker with the options under it.
    ///
    /// - Returns: where the cursor goes: the chosen option's first character.
    @discardableResult
    public static func draw(title: String, options: [String], selected: Int, into grid: inout CellGrid, area: Rect, focused: Bool,
                            theme: Theme) -> Point {
        guard area.width > 0, area.height > 0 else { return area.origin }
        var title = title
        var row = area
        let wanted = rows(title: title, options: options, width: area.width)
        if area.height >= 2, wanted >= 2 {
            // The title above; the marker, the options and the cursor on the row under it.
            let rows = min(wanted - 1, area.height - 1)
            let indent = ControlChrome.markerWidth(theme)
            grid.writeWrapped(TextSafety.stripped(title) + ":", in: Rect(x: area.x + indent, y: area.y, width: area.width - indent, height: rows),
                              style: theme.textStyle(focused: focused), ellipsis: theme.charset.ellipsis)
            row = Rect(x: area.x, y: area.y + rows, width: area.width, height: 1)
            title = ""
        }
        let start = ControlChrome.marker(into: &grid, area: row, focused: focused, theme: theme)
        let room = row.maxX - start.x
        let line = SegmentedLine(title: TextSafety.stripped(title), options: options.map { TextSafety.stripped($0) }, selected: selected,
                                 width: room, ellipsis: theme.charset.ellipsis)
        grid.write(line.text, at: start, style: theme.textStyle(focused: focused), maxWidth: room, ellipsis: theme.charset.ellipsis)
        return Point(x: start.x + min(line.cursorColumn, max(0, room - 1)), y: start.y)
    }
}
