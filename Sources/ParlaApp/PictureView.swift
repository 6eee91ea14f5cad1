import LVControls
import ParlaBase
import Pictures
import SpeechKit
import TerminalKit

/// One picture of a post, drawn as large as its area allows in the theme's two colours, under a line
/// with its description (where the hardware cursor stays, so magnifiers and screen readers follow it).
///
/// `+` and `-` zoom, the arrows pan while zoomed (unzoomed, they move on as anywhere else), `i` inverts. Where the
/// terminal has pixel graphics and the user turned them on, the picture is drawn in them instead of characters
/// (its cells left blank under them); the description line and the cursor stay the same.
final class PictureView: Control {
    /// How pictures are drawn in the terminal's pixels.
    struct PixelMode {
        let drawer: any PixelPictureDrawing
        let support: PixelSupport

        /// Kitty's graphics where the terminal has them (a whole picture at once), else sixels.
        var graphics: PixelGraphics { support.graphics.contains(.kitty) ? .kitty : .sixel }
    }

    /// What the view holds.
    enum Content: Equatable {
        case loading
        case image(GrayImage)
        /// Why the picture cannot be shown, in the user's language.
        case failed(String)
    }

    /// Its place among the post's pictures, from 1.
    let number: Int
    let count: Int
    /// The author's description, made safe; empty when there is none.
    let descriptionText: String
    var content: Content = .loading
    /// 1 (the whole picture) to ``maxZoom``.
    private(set) var zoom = 1
    /// The centre of what is shown, as fractions of the picture's width and height.
    private(set) var centre = (x: 0.5, y: 0.5)
    private(set) var inverted = false
    private let drawer: any PictureDrawing
    private let symbols: PictureSymbols
    /// The last drawing and what it was drawn for (drawing again only when one of them changed).
    private var drawn: (key: String, cells: PictureCells)?
    /// The pixel mode in force now (nil: characters), asked at every frame, so the setting applies at once.
    private let pixelMode: () -> PixelMode?
    /// The last drawing in pixels and what it was drawn for.
    private var drawnPixels: (key: String, picture: PixelPicture)?
    /// The pixels the last frame placed (``pixels(in:context:)``).
    private var placedPixels: TerminalPixels?

    static let maxZoom = 8

    init(number: Int, count: Int, description: String?, drawer: any PictureDrawing, symbols: PictureSymbols,
         pixelMode: @escaping () -> PixelMode? = { nil }) {
        self.pixelMode = pixelMode
        self.number = number
        self.count = count
        self.descriptionText = TextSafety.stripped(description ?? "").split(whereSeparator: \.isNewline).joined(separator: " ")
        self.drawer = drawer
        self.symbols = symbols
    }

    var bindings: [KeyBinding<ControlCommand>] {
        [
            KeyBinding([.char("+"), .char("=")], .zoomIn, "pictures.key.zoom-in"),
            KeyBinding([.char("-")], .zoomOut, "pictures.key.zoom-out"),
            KeyBinding([.char("i")], .invert, "pictures.key.invert"),
            KeyBinding([.left], .panLeft, "pictures.key.pan-left"),
            KeyBinding([.right], .panRight, "pictures.key.pan-right"),
            KeyBinding([.up], .panUp, "pictures.key.pan-up"),
            KeyBinding([.down], .panDown, "pictures.key.pan-down"),
        ]
    }

    /// "Picture 1 of 2".
    func name(_ localizer: Localizer) -> String {
        localizer.string("pictures.view.name", ["n": String(number), "count": String(count)])
    }

    /// The description, or that there is none.
    func described(_ localizer: Localizer) -> String {
        descriptionText.isEmpty ? localizer.string("pictures.no-description") : descriptionText
    }

    func accessibility(context: ControlContext) -> AccessibilityDescription {
        var state: String?
        if case .failed(let message) = content { state = message }
        if case .loading = content { state = context.string("pictures.view.loading") }
        return AccessibilityDescription(label: name(context.localizer), role: .label, value: described(context.localizer), state: state,
                                        hint: context.string("pictures.view.hint"))
    }

    var wholeText: String? { nil }

    func handle(_ key: Key, context: ControlContext) -> ControlResponse? {
        guard let command = command(for: key) else { return nil }
        guard case .image = content else {
            // Arrows move on while there is nothing to pan.
            return [.panLeft, .panRight, .panUp, .panDown].contains(command) ? nil : ControlResponse([say(context.string("pictures.view.nothing"), .edge)])
        }
        switch command {
        case .zoomIn, .zoomOut:
            let next = command == .zoomIn ? min(Self.maxZoom, zoom * 2) : max(1, zoom / 2)
            guard next != zoom else { return ControlResponse([say(context.string(zoom == 1 ? "pictures.view.whole" : "pictures.view.zoom-most"), .edge)]) }
            zoom = next
            if zoom == 1 { centre = (0.5, 0.5) }
            return ControlResponse([say(zoom == 1 ? context.string("pictures.view.whole") : context.string("pictures.view.zoom", ["times": String(zoom)]))])
        case .invert:
            inverted.toggle()
            return ControlResponse([say(context.string(inverted ? "pictures.view.inverted" : "pictures.view.not-inverted"))])
        default:
            guard zoom > 1 else { return nil }
            return pan(command, context: context)
        }
    }

    /// Moves what is shown by a quarter of it; at an edge says so.
    private func pan(_ command: ControlCommand, context: ControlContext) -> ControlResponse {
        let half = 0.5 / Double(zoom), step = 0.5 / Double(zoom)
        var next = centre
        switch command {
        case .panLeft: next.x = max(half, centre.x - step)
        case .panRight: next.x = min(1 - half, centre.x + step)
        case .panUp: next.y = max(half, centre.y - step)
        default: next.y = min(1 - half, centre.y + step)
        }
        guard next != centre else { return ControlResponse([say(context.string("pictures.view.edge"), .edge)]) }
        centre = next
        return .none
    }

    private func say(_ text: String, _ earcon: Earcon? = nil) -> Announcement { .say(Utterance(text, earcon: earcon)) }

    func preferredHeight(width: Int) -> Int { 2 }

    func render(into grid: inout CellGrid, area: Rect, focused: Bool, context: ControlContext) -> Point {
        placedPixels = nil
        guard area.height > 0 else { return area.origin }
        let theme = context.theme
        let start = ControlChrome.marker(into: &grid, area: area, focused: focused, theme: theme)
        let line = name(context.localizer) + ": " + described(context.localizer)
        grid.write(line, at: start, style: theme.style(focused ? .focused : .normal), maxWidth: area.maxX - start.x, ellipsis: theme.charset.ellipsis)
        let body = Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1)
        guard body.height > 0 else { return start }
        switch content {
        case .loading:
            grid.write(context.string("pictures.view.loading"), at: body.origin, style: theme.style(.muted), maxWidth: body.width)
        case .failed(let message):
            grid.writeWrapped(message, in: body, style: theme.style(.alert), ellipsis: theme.charset.ellipsis)
        case .image(let image):
            do {
                if let mode = pixelMode() {
                    let picture = try pixelDrawing(image, in: body.size, theme: theme, mode: mode)
                    let origin = Point(x: body.x + (body.width - picture.columns) / 2, y: body.y + (body.height - picture.rows) / 2)
                    placedPixels = TerminalPixels(origin: origin, bytes: picture.bytes, graphics: mode.graphics == .kitty ? .kitty : .sixel)
                    return start
                }
                let cells = try drawing(image, in: body.size, theme: theme)
                let left = body.x + (body.width - cells.columns) / 2
                let top = body.y + (body.height - cells.rows) / 2
                let style = theme.style(.normal)
                for y in 0..<cells.rows {
                    for x in 0..<cells.columns {
                        _ = grid.put(cells.characters[y * cells.columns + x], at: Point(x: left + x, y: top + y), style: style, limit: body.maxX)
                    }
                }
            } catch let error as PictureError {
                grid.writeWrapped(error.message(context.localizer), in: body, style: theme.style(.alert), ellipsis: theme.charset.ellipsis)
            } catch {
                grid.writeWrapped(String(describing: error), in: body, style: theme.style(.alert))
            }
        }
        return start
    }

    /// What the picture's pixels are drawn over `area` with, where the terminal has pixel graphics and they are on.
    func pixels(in area: Rect, context: ControlContext) -> TerminalPixels? { placedPixels }

    /// The theme's ink and paper (swapped when inverted); a theme that leaves the colours to the terminal is taken
    /// as light text on a dark background.
    private func colours(_ theme: Theme) -> (ink: RGB, paper: RGB) {
        let normal = theme.style(.normal)
        let foreground = normal.foreground.rgb.map { RGB($0.red, $0.green, $0.blue) } ?? RGB(255, 255, 255)
        let background = normal.background.rgb.map { RGB($0.red, $0.green, $0.blue) } ?? RGB(0, 0, 0)
        return inverted ? (background, foreground) : (foreground, background)
    }

    /// What is shown of `image` at the zoom and centre now.
    private func shown(_ image: GrayImage) -> GrayImage {
        guard zoom > 1 else { return image }
        let width = max(1, image.width / zoom), height = max(1, image.height / zoom)
        return image.cropped(x: Int(centre.x * Double(image.width)) - width / 2, y: Int(centre.y * Double(image.height)) - height / 2,
                             width: width, height: height)
    }

    /// The picture's cells for `size`, at the zoom and centre now, in the theme's ink and paper (swapped
    /// when inverted); drawn again only when one of them changed.
    private func drawing(_ image: GrayImage, in size: Size, theme: Theme) throws -> PictureCells {
        let (ink, paper) = colours(theme)
        let key = "\(size.width)x\(size.height) \(zoom) \(centre.x) \(centre.y) \(ink.packed) \(paper.packed)"
        if let drawn, drawn.key == key { return drawn.cells }
        let cells = try drawer.draw(shown(image), columns: size.width, rows: size.height, ink: ink, paper: paper, symbols: symbols)
        drawn = (key, cells)
        return cells
    }

    /// The picture in the terminal's pixels for `size`, as ``drawing(_:in:theme:)`` draws it in cells.
    private func pixelDrawing(_ image: GrayImage, in size: Size, theme: Theme, mode: PixelMode) throws -> PixelPicture {
        let (ink, paper) = colours(theme)
        let key = "\(size.width)x\(size.height) \(zoom) \(centre.x) \(centre.y) \(ink.packed) \(paper.packed) \(mode.graphics) "
            + "\(mode.support.cellWidth)x\(mode.support.cellHeight)"
        if let drawnPixels, drawnPixels.key == key { return drawnPixels.picture }
        let picture = try mode.drawer.pixels(shown(image), columns: size.width, rows: size.height, cellWidth: mode.support.cellWidth,
                                             cellHeight: mode.support.cellHeight, ink: ink, paper: paper, graphics: mode.graphics)
        drawnPixels = (key, picture)
        return picture
    }
}
