/// The pixel graphics a terminal draws pictures with.
public enum PixelGraphics: Sendable, Equatable {
    /// DEC sixels (`ESC P … q … ESC \`).
    case sixel
    /// Kitty's graphics protocol (`ESC _ G … ESC \`).
    case kitty
}

/// A picture drawn as a terminal's pixel graphics: the escape sequences, written where the picture's top left cell is,
/// and the cells it covers.
public struct PixelPicture: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    public let bytes: [UInt8]

    public init(columns: Int, rows: Int, bytes: [UInt8]) {
        self.columns = columns
        self.rows = rows
        self.bytes = bytes
    }
}

/// Draws grey pixels as a terminal's pixel graphics, in two colours.
public protocol PixelPictureDrawing: Sendable {
    /// Draws `image` as large as `columns` × `rows` cells of `cellWidth` × `cellHeight` pixels allow, keeping its
    /// proportions: the pixels nearer `ink` in `ink`, the others in `paper`.
    ///
    /// - Throws: ``PictureError/missingLibrary(_:)`` when the drawing library is not installed.
    func pixels(_ image: GrayImage, columns: Int, rows: Int, cellWidth: Int, cellHeight: Int, ink: RGB, paper: RGB,
                graphics: PixelGraphics) throws -> PixelPicture
}
