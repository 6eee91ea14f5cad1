import LVControls
import TerminalKit

/// Lays out a row of buttons and toggles by what they show: each cell gets its control's width and
/// an even share of the room left, so "[ ] Favourite" is not cut while "[Reply]" has room to spare.
/// When the widths do not fit, the cells are equal (and long titles end in an ellipsis).
enum ActionRowLayout {
    /// Whether every row of `columns` controls fits whole in `width` columns.
    static func fitsWhole(_ widths: [Int], columns: Int, width: Int) -> Bool {
        stride(from: 0, to: widths.count, by: max(1, columns)).allSatisfy { start in
            widths[start..<min(start + columns, widths.count)].reduce(0, +) <= width
        }
    }

    /// The cells of `widths.count` controls in rows of `columns`, each at least as wide as its width.
    static func rects(widths: [Int], columns: Int, in area: Rect) -> [Rect] {
        let columns = max(1, columns)
        var rects: [Rect] = []
        for start in stride(from: 0, to: widths.count, by: columns) {
            let row = Array(widths[start..<min(start + columns, widths.count)])
            let y = area.y + start / columns
            let rows = y < area.maxY ? 1 : 0
            let needed = row.reduce(0, +)
            guard needed <= area.width else {
                rects += StackLayout.grid(count: row.count, columns: columns, in: Rect(x: area.x, y: y, width: area.width, height: rows))
                continue
            }
            // The room left is shared as evenly as cells allow; the first cells get the remainder.
            let extra = (area.width - needed) / columns
            let remainder = (area.width - needed) % columns
            var x = area.x
            for (index, width) in row.enumerated() {
                let cell = width + extra + (index < remainder ? 1 : 0)
                rects.append(Rect(x: x, y: y, width: cell, height: rows))
                x += cell
            }
        }
        return rects
    }
}
