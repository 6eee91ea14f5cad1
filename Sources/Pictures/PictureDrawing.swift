/// A colour as red, green and blue, 0 to 255.
public struct RGB: Sendable, Equatable {
    public var red: Int, green: Int, blue: Int

    public init(_ red: Int, _ green: Int, _ blue: Int) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// How light the colour looks, 0 to 255 (Rec. 601 weights).
    public var luminance: Int { (red * 299 + green * 587 + blue * 114) / 1000 }

    /// `0xRRGGBB`.
    public var packed: UInt32 { UInt32(red & 255) << 16 | UInt32(green & 255) << 8 | UInt32(blue & 255) }
}

/// Which characters a picture is drawn with.
public enum PictureSymbols: Sendable, Equatable {
    /// The space, the full block and the block elements (every terminal with Unicode shows them; no
    /// braille patterns, which are noise on a braille display).
    case blocks
    /// ASCII only, for terminals without Unicode.
    case ascii
}

/// A picture drawn as text: one character a cell, in the ink colour on the paper colour.
public struct PictureCells: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    /// `columns × rows` characters, rows top first.
    public let characters: [Character]

    public init(columns: Int, rows: Int, characters: [Character]) {
        precondition(characters.count == columns * rows, "a drawing needs columns × rows characters")
        self.columns = columns
        self.rows = rows
        self.characters = characters
    }

    /// Row `y` as a string.
    public func line(_ y: Int) -> String { String(characters[(y * columns)..<((y + 1) * columns)]) }
}

/// Draws grey pixels as text in two colours.
public protocol PictureDrawing: Sendable {
    /// Draws `image` as large as `columns` × `rows` allows, keeping its proportions (a cell is about half
    /// as wide as it is tall): the pixels nearer `ink` become the symbols' ink, the others paper.
    ///
    /// - Throws: ``PictureError/missingLibrary(_:)`` when the drawing library is not installed.
    func draw(_ image: GrayImage, columns: Int, rows: Int, ink: RGB, paper: RGB, symbols: PictureSymbols) throws -> PictureCells
}
