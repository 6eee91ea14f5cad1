/// A picture in the terminal's own pixel graphics, drawn over a frame: its escape sequences, written from the cell
/// `origin` (the picture's top left), and which graphics they are (kitty's pictures stay until deleted).
public struct TerminalPixels: Equatable, Sendable {
    public var origin: Point
    public var bytes: [UInt8]
    public var graphics: TerminalGraphics

    public init(origin: Point, bytes: [UInt8], graphics: TerminalGraphics) {
        self.origin = origin
        self.bytes = bytes
        self.graphics = graphics
    }
}

/// What a terminal draws in pixels, as it said when asked, and how large a cell is in pixels.
public struct PixelSupport: Equatable, Sendable {
    public var graphics: TerminalGraphics
    public var cellWidth: Int
    public var cellHeight: Int

    /// - Parameters:
    ///   - cellWidth: a cell's width in pixels; a terminal that does not tell is taken as 10 × 20.
    public init(graphics: TerminalGraphics, cellWidth: Int = 10, cellHeight: Int = 20) {
        self.graphics = graphics
        self.cellWidth = cellWidth > 0 ? cellWidth : 10
        self.cellHeight = cellHeight > 0 ? cellHeight : 20
    }

    /// A terminal that draws only characters.
    public static let none = PixelSupport(graphics: [])
}
