import MicroblogKit
import Pictures

/// The picture libraries the app shows and reads pictures with (the executable gives Debian's: libjpeg-turbo,
/// libpng, libwebp, giflib, chafa and Tesseract, each loaded on first use).
public struct PictureServices: Sendable {
    public let decoder: any PictureDecoding
    public let drawer: any PictureDrawing
    public let recognizer: any TextRecognizing
    /// Draws in a terminal's pixel graphics (nil: pictures are drawn in characters only).
    public let pixelDrawer: (any PixelPictureDrawing)?

    public init(decoder: any PictureDecoding, drawer: any PictureDrawing, recognizer: any TextRecognizing,
                pixelDrawer: (any PixelPictureDrawing)? = nil) {
        self.decoder = decoder
        self.drawer = drawer
        self.recognizer = recognizer
        self.pixelDrawer = pixelDrawer
    }
}

extension AppContext {
    /// The account's picture reader: its engine's kept media with the picture libraries; nil when either is missing.
    var pictureReader: PictureReader? {
        guard let pictures = services.pictures, let store = engine as? any MediaStore else { return nil }
        return PictureReader(store: store, decoder: pictures.decoder, recognizer: pictures.recognizer)
    }
}
