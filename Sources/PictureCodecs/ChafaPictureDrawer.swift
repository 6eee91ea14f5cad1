import CChafa
import Pictures

/// Draws pictures with chafa (Debian's libchafa0, loaded on the first picture drawn) in two colours:
/// canvas mode FGBG, with chafa's contrast preprocessing, in block elements or ASCII, never braille. The
/// characters are read back from chafa's canvas, so the screen draws them in its own grid.
public struct ChafaPictureDrawer: PictureDrawing {
    /// A cell is about twice as tall as it is wide.
    public static let fontRatio: Float = 0.5

    public init() {}

    /// The columns and rows a picture of `width` × `height` takes when drawn as large as `columns` × `rows` allows.
    public static func canvasSize(width: Int, height: Int, columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        var fitColumns = Int32(columns), fitRows = Int32(rows)
        chafa_calc_canvas_geometry(Int32(width), Int32(height), &fitColumns, &fitRows, fontRatio, 1, 0)
        return (max(1, Int(fitColumns)), max(1, Int(fitRows)))
    }

    public func draw(_ image: GrayImage, columns: Int, rows: Int, ink: RGB, paper: RGB, symbols: PictureSymbols) throws -> PictureCells {
        guard CChafa_available() != 0 else { throw PictureError.missingLibrary("libchafa0") }
        let size = Self.canvasSize(width: image.width, height: image.height, columns: max(1, columns), rows: max(1, rows))
        // Chafa looks at about eight by eight pixels a cell; more only costs time.
        var source = image.fitted(maxWidth: size.columns * 8, maxHeight: size.rows * 8)
        // Chafa's two-colour mode draws light pixels as the symbols' ink: when the ink is the darker colour
        // (dark text on a light theme, or inverted), the picture's levels are turned over first.
        if ink.luminance < paper.luminance { source = source.inverted }
        let map = chafa_symbol_map_new()
        defer { chafa_symbol_map_unref(map) }
        switch symbols {
        case .blocks: chafa_symbol_map_add_by_tags(map, CCHAFA_SYMBOL_TAG_SPACE | CCHAFA_SYMBOL_TAG_SOLID | CCHAFA_SYMBOL_TAG_BLOCK)
        case .ascii: chafa_symbol_map_add_by_tags(map, CCHAFA_SYMBOL_TAG_SPACE | CCHAFA_SYMBOL_TAG_ASCII)
        }
        let config = chafa_canvas_config_new()
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(size.columns), Int32(size.rows))
        chafa_canvas_config_set_canvas_mode(config, CCHAFA_CANVAS_MODE_FGBG)
        chafa_canvas_config_set_symbol_map(config, map)
        let characters = try Self.drawing(source, with: config, foreground: 0xFFFFFF, background: 0x000000) { canvas in
            var characters: [Character] = []
            characters.reserveCapacity(size.columns * size.rows)
            for y in 0..<size.rows {
                for x in 0..<size.columns {
                    let code = chafa_canvas_get_char_at(canvas, Int32(x), Int32(y))
                    characters.append(Unicode.Scalar(code).map(Character.init) ?? " ")
                }
            }
            return characters
        }
        return PictureCells(columns: size.columns, rows: size.rows, characters: characters)
    }

    /// Draws `source` on a canvas made with `config` in two colours, the lighter pixels in `foreground`, after chafa's
    /// contrast preprocessing; returns what `read` reads of the canvas.
    static func drawing<T>(_ source: GrayImage, with config: OpaquePointer?, foreground: UInt32, background: UInt32,
                           read: (OpaquePointer) throws -> T) throws -> T {
        chafa_canvas_config_set_fg_color(config, foreground)
        chafa_canvas_config_set_bg_color(config, background)
        chafa_canvas_config_set_preprocessing_enabled(config, 1)
        guard let canvas = chafa_canvas_new(config) else { throw PictureError.missingLibrary("libchafa0") }
        defer { chafa_canvas_unref(canvas) }
        let rgba = source.rgba
        rgba.withUnsafeBufferPointer {
            chafa_canvas_draw_all_pixels(canvas, CCHAFA_PIXEL_RGBA8_UNASSOCIATED, $0.baseAddress, Int32(source.width), Int32(source.height),
                                         Int32(source.width * 4))
        }
        return try read(canvas)
    }
}
