import CChafa
import Pictures

extension ChafaPictureDrawer: PixelPictureDrawing {
    public func pixels(_ image: GrayImage, columns: Int, rows: Int, cellWidth: Int, cellHeight: Int, ink: RGB, paper: RGB,
                       graphics: PixelGraphics) throws -> PixelPicture {
        guard CChafa_available() != 0 else { throw PictureError.missingLibrary("libchafa0") }
        let cell = (width: max(1, cellWidth), height: max(1, cellHeight))
        var fitColumns = Int32(max(1, columns)), fitRows = Int32(max(1, rows))
        chafa_calc_canvas_geometry(Int32(image.width), Int32(image.height), &fitColumns, &fitRows, Float(cell.width) / Float(cell.height), 1, 0)
        let size = (columns: max(1, Int(fitColumns)), rows: max(1, Int(fitRows)))
        let source = image.fitted(maxWidth: size.columns * cell.width, maxHeight: size.rows * cell.height)
        // Chafa's two-colour mode draws the lighter pixels in the foreground colour: the lighter of ink and paper.
        let (foreground, background) = ink.luminance < paper.luminance ? (paper, ink) : (ink, paper)
        let config = chafa_canvas_config_new()
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(size.columns), Int32(size.rows))
        chafa_canvas_config_set_cell_geometry(config, Int32(cell.width), Int32(cell.height))
        chafa_canvas_config_set_canvas_mode(config, CCHAFA_CANVAS_MODE_FGBG)
        chafa_canvas_config_set_pixel_mode(config, graphics == .sixel ? CCHAFA_PIXEL_MODE_SIXELS : CCHAFA_PIXEL_MODE_KITTY)
        let bytes = try Self.drawing(source, with: config, foreground: foreground.packed, background: background.packed) { canvas in
            guard let printed = chafa_canvas_print(canvas, nil) else { throw PictureError.missingLibrary("libchafa0") }
            defer { _ = g_string_free(printed, 1) }
            return printed.pointee.str.map { Array(UnsafeRawBufferPointer(start: $0, count: printed.pointee.len)) } ?? []
        }
        return PixelPicture(columns: size.columns, rows: size.rows, bytes: bytes)
    }
}
