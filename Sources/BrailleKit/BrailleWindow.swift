/// The part of the braille line the display shows: the line, where the user has panned to, and an
/// alert shown over it for a while. A pure value: ``BrailleOutput`` writes what ``content`` gives.
///
/// The place on the line (``offset``) is kept while an alert shows and while the same text is shown
/// again; it moves only when the user pans, the text changes (a new item starts at its beginning) or the
/// cursor moves out of sight (the part with the cursor is shown).
public struct BrailleWindow: Sendable, Hashable {
    /// What the focus line holds.
    public private(set) var line = BrailleLine("")
    /// The first cell of the line shown.
    public private(set) var offset = 0
    /// The display's cells.
    public private(set) var width: Int
    /// The alert shown over the line, if any.
    public private(set) var alert: String?
    private var cells: [Unicode.Scalar] = []

    public init(width: Int = 40) {
        self.width = max(1, width)
    }

    /// Shows `newLine` as the focus line.
    public mutating func show(_ newLine: BrailleLine) {
        if newLine.text != line.text {
            cells = newLine.cells
            offset = 0
        }
        line = newLine
        keepCursorInSight()
    }

    /// The display's size changed (or became known).
    public mutating func resize(_ newWidth: Int) {
        width = max(1, newWidth)
        offset = offset / width * width
        keepCursorInSight()
    }

    private mutating func keepCursorInSight() {
        if let cursor = line.cursor, !(offset..<(offset + width)).contains(cursor) {
            offset = max(0, cursor) / width * width
        }
        if offset >= cells.count { offset = max(0, (cells.count - 1) / width * width) }
    }

    /// Moves one display's width along the line (`direction` 1: right, -1: left); false at either end.
    public mutating func pan(_ direction: Int) -> Bool {
        let next = offset + direction.signum() * width
        guard next >= 0, next < cells.count else { return false }
        offset = next
        return true
    }

    /// The character of the line under display cell `cell` (from 0), where a routing key points.
    public func character(at cell: Int) -> Int { offset + cell }

    /// Shows `text` over the line until ``dismissAlert()``.
    public mutating func showAlert(_ text: String) { alert = text }

    /// The focus line comes back, where the user left it.
    public mutating func dismissAlert() { alert = nil }

    /// What the display shows now: `width` cells (blanks at the end) and the cursor's cell, if in sight.
    public var content: BrailleContent {
        if let alert {
            return BrailleContent(cells: Self.fitted(Array(alert.unicodeScalars), width: width), cursor: nil)
        }
        let shown = Array(cells.dropFirst(offset).prefix(width))
        let cursor = line.cursor.flatMap { ($0 - offset >= 0 && $0 - offset < width) ? $0 - offset : nil }
        return BrailleContent(cells: Self.fitted(shown, width: width), cursor: cursor)
    }

    static func fitted(_ cells: [Unicode.Scalar], width: Int) -> [Unicode.Scalar] {
        Array(cells.prefix(width)) + Array(repeating: " ", count: max(0, width - cells.count))
    }
}

/// The cells written to the display and the cursor's cell among them.
public struct BrailleContent: Sendable, Hashable {
    public var cells: [Unicode.Scalar]
    public var cursor: Int?

    /// The cells as text (trailing blanks kept).
    public var text: String { String(String.UnicodeScalarView(cells)) }
}
