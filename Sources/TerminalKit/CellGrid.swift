import ParlaBase

/// A rectangle of cells that screens render into; the backend turns it into terminal output.
///
/// Rendering is a pure function of state into a grid; the grid is plain data, so tests compare
/// its ``lines`` with literal expected text.
public struct CellGrid: Equatable, Sendable {
    public let size: Size
    /// Row-major cells, `size.width * size.height` of them.
    public private(set) var cells: [Cell]

    /// A grid of blank cells in `fill` style.
    public init(size: Size, fill: Style = .plain) {
        self.size = size
        self.cells = Array(repeating: .blank(fill), count: size.width * size.height)
    }

    /// The whole grid as a rectangle.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// The cell at a column and row (must be inside).
    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * size.width + x] }
        set { cells[y * size.width + x] = newValue }
    }

    /// The text of each row, with continuation cells skipped and trailing spaces removed.
    public var lines: [String] {
        (0..<size.height).map { line($0) }
    }

    /// The text of row `y`, trailing spaces removed.
    public func line(_ y: Int) -> String {
        var text = ""
        let start = y * size.width
        for index in start..<(start + size.width) where !cells[index].isContinuation {
            text += cells[index].text
        }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Fills a rectangle (clipped to the grid) with blanks in `style`.
    public mutating func fill(_ rect: Rect, style: Style) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX { self[x, y] = .blank(style) }
        }
    }

    /// Puts one grapheme cluster at `point`; returns the columns used (0 when it did not fit).
    ///
    /// A cluster of several characters (a joined emoji) is put as its ``DisplayWidth/pieces(of:)``, one
    /// cell each, so that every terminal draws it in the columns measured here; it is drawn whole or not
    /// at all. A wide character that would cross the right edge is not drawn; overwriting half of an
    /// existing wide character blanks its other half.
    @discardableResult
    public mutating func put(_ character: Character, at point: Point, style: Style, limit: Int? = nil) -> Int {
        var scalars = character.unicodeScalars.makeIterator()
        _ = scalars.next()
        guard scalars.next() != nil else { return put(Cell(character, style: style), at: point, limit: limit) }
        let pieces = DisplayWidth.pieces(of: character)
        guard pieces.count > 1 else { return pieces.first.map { put(Cell($0, style: style), at: point, limit: limit) } ?? 0 }
        let right = min(size.width, limit ?? size.width)
        guard point.x + DisplayWidth.of(character) <= right else { return 0 }
        var x = point.x
        for piece in pieces { x += put(Cell(piece, style: style), at: Point(x: x, y: point.y), limit: limit) }
        return x - point.x
    }

    private mutating func put(_ cell: Cell, at point: Point, limit: Int?) -> Int {
        guard point.y >= 0, point.y < size.height, point.x >= 0, point.x < size.width else { return 0 }
        let style = cell.style
        let right = min(size.width, limit ?? size.width)
        guard point.x + cell.width <= right else { return 0 }
        clearWide(at: point)
        if cell.width == 2 { clearWide(at: Point(x: point.x + 1, y: point.y)) }
        self[point.x, point.y] = cell
        if cell.width == 2 { self[point.x + 1, point.y] = .continuation(style) }
        return cell.width
    }

    private mutating func clearWide(at point: Point) {
        let existing = self[point.x, point.y]
        if existing.isContinuation, point.x > 0 {
            self[point.x - 1, point.y] = .blank(self[point.x - 1, point.y].style)
        } else if existing.width == 2, point.x + 1 < size.width {
            self[point.x + 1, point.y] = .blank(existing.style)
        }
    }

    /// Writes `text` on one row from `point`, cut to `maxWidth` columns with an ellipsis when longer.
    ///
    /// - Returns: the columns written.
    @discardableResult
    public mutating func write(
        _ text: String, at point: Point, style: Style, maxWidth: Int? = nil, ellipsis: String = "…"
    ) -> Int {
        let room = min(maxWidth ?? (size.width - point.x), size.width - point.x)
        guard room > 0, point.y >= 0, point.y < size.height else { return 0 }
        let fitted = TextLayout.truncate(TextSafety.stripped(text), toWidth: room, ellipsis: ellipsis)
        var x = point.x
        for character in fitted {
            x += put(character, at: Point(x: x, y: point.y), style: style, limit: point.x + room)
        }
        return x - point.x
    }

    /// Writes `text` wrapped at word boundaries inside `rect`; the last visible line ends with an
    /// ellipsis when text remains.
    ///
    /// - Returns: the number of rows used.
    @discardableResult
    public mutating func writeWrapped(_ text: String, in rect: Rect, style: Style, ellipsis: String = "…") -> Int {
        guard rect.width > 0, rect.height > 0 else { return 0 }
        let lines = TextLayout.wrap(text, width: rect.width)
        let shown = min(lines.count, rect.height)
        for index in 0..<shown {
            var line = lines[index]
            if index == shown - 1, lines.count > shown {
                line = TextLayout.endingWithEllipsis(line, width: rect.width, ellipsis: ellipsis)
            }
            write(line, at: Point(x: rect.x, y: rect.y + index), style: style, maxWidth: rect.width, ellipsis: ellipsis)
        }
        return shown
    }

    /// Draws a horizontal rule across `width` columns from `point`.
    public mutating func horizontalRule(at point: Point, width: Int, style: Style, charset: BoxCharset) {
        for x in point.x..<min(size.width, point.x + width) {
            put(charset.horizontal, at: Point(x: x, y: point.y), style: style)
        }
    }

    /// Draws a box on the edge of `rect`, with an optional title in the top edge.
    public mutating func box(_ rect: Rect, style: Style, charset: BoxCharset, title: String? = nil) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let right = rect.maxX - 1, bottom = rect.maxY - 1
        put(charset.topLeft, at: rect.origin, style: style)
        put(charset.topRight, at: Point(x: right, y: rect.y), style: style)
        put(charset.bottomLeft, at: Point(x: rect.x, y: bottom), style: style)
        put(charset.bottomRight, at: Point(x: right, y: bottom), style: style)
        for x in (rect.x + 1)..<right {
            put(charset.horizontal, at: Point(x: x, y: rect.y), style: style)
            put(charset.horizontal, at: Point(x: x, y: bottom), style: style)
        }
        for y in (rect.y + 1)..<bottom {
            put(charset.vertical, at: Point(x: rect.x, y: y), style: style)
            put(charset.vertical, at: Point(x: right, y: y), style: style)
        }
        if let title, rect.width > 4 {
            write(" \(title) ", at: Point(x: rect.x + 1, y: rect.y), style: style, maxWidth: rect.width - 2, ellipsis: charset.ellipsis)
        }
    }
}
