import ParlaBase

/// One screen cell: a grapheme cluster, the columns it takes, and its style.
///
/// A two-column character occupies its own cell and marks the next as a continuation
/// (empty text, width 0), so every row always has exactly `width` cells.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster shown; empty for the second half of a wide character.
    public var text: String
    /// Columns taken: 1, 2, or 0 for a continuation cell.
    public var width: Int
    public var style: Style

    /// A cell holding `character`; control characters become a space so nothing raw reaches the terminal.
    public init(_ character: Character, style: Style = .plain) {
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {  // printable ASCII: most cells of a frame
            self.text = String(character)
            self.width = 1
            self.style = style
            return
        }
        let width = DisplayWidth.of(character)
        let safe = character.unicodeScalars.contains(where: TextSafety.isUnsafe)
        if safe || width == 0 {
            self.text = " "
            self.width = 1
        } else {
            self.text = String(character)
            self.width = min(2, width)  // a cluster of several is put as its pieces (CellGrid.put)
        }
        self.style = style
    }

    private init(text: String, width: Int, style: Style) {
        self.text = text
        self.width = width
        self.style = style
    }

    /// A blank cell in `style`.
    public static func blank(_ style: Style = .plain) -> Cell { Cell(text: " ", width: 1, style: style) }

    /// The right half of a wide character.
    public static func continuation(_ style: Style) -> Cell { Cell(text: "", width: 0, style: style) }

    /// Whether this is the right half of a wide character.
    public var isContinuation: Bool { width == 0 }
}
