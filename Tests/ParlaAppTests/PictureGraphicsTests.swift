import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaApp
import Pictures
import TerminalKit
import TestSupport
import Testing

/// Issue 29: pictures in the terminal's own pixels (sixel or kitty graphics) only where the terminal said it has them
/// and the user turned them on; the description line and the hardware cursor stay as in characters, and leaving the
/// view takes the pixels away. Where the terminal has none, turning them on is refused in one sentence.
@Suite struct PictureGraphicsTests {
    static let sixel: [UInt8] = Array("\u{1B}P0;1;0q\"1;1;40;40#0!40~-\u{1B}\\".utf8)

    /// Decodes every file as one grey pixel; draws 4 × 2 cells of characters, or 4 × 2 cells of pixels.
    final class FakePictures: PictureDecoding, PictureDrawing, TextRecognizing, PixelPictureDrawing, @unchecked Sendable {
        let drawnIn = LockedValue<[PixelGraphics]>([])

        func decode(_ data: Data, atLeast: (width: Int, height: Int)?) throws -> GrayImage { GrayImage(width: 1, height: 1, pixels: [128]) }
        func draw(_ image: GrayImage, columns: Int, rows: Int, ink: RGB, paper: RGB, symbols: PictureSymbols) throws -> PictureCells {
            PictureCells(columns: 4, rows: 2, characters: Array("########"))
        }
        func recognize(_ image: GrayImage, languages: [String]) throws -> String { "" }
        func pixels(_ image: GrayImage, columns: Int, rows: Int, cellWidth: Int, cellHeight: Int, ink: RGB, paper: RGB,
                    graphics: PixelGraphics) throws -> PixelPicture {
            drawnIn.withValue { $0.append(graphics) }
            return PixelPicture(columns: 4, rows: 2, bytes: PictureGraphicsTests.sixel)
        }
    }

    /// Home holds a post by Ana with one picture described "A heron".
    func harness(support: PixelSupport, graphicsOn: Bool) throws -> (AppHarness, FakePictures) {
        let engine = FakeEngine()
        var first = post("111", by: ana, "<p>Look at this</p>", minutesAgo: 1)
        first.media = [MediaAttachment(id: "p1", kind: .image, url: "https://parla.test/p1.png", description: "A heron")]
        engine.willBring([first], to: "home")
        engine.media.withValue { $0.files["https://parla.test/p1.png"] = Data([1]) }
        var settings = AppSettings()
        settings.pictureGraphics = graphicsOn
        let pictures = FakePictures()
        let h = try AppHarness(engine: engine, settings: settings,
                               pictures: PictureServices(decoder: pictures, drawer: pictures, recognizer: pictures, pixelDrawer: pictures),
                               pixelSupport: support)
        return (h, pictures)
    }

    @Test func turningPixelGraphicsOnWhereTheTerminalSaidNothingIsRefusedAndStaysOff() async throws {
        let (h, _) = try harness(support: .none, graphicsOn: false)
        await h.open()
        await h.focusSetting("Draw pictures in the terminal's own pixels")
        #expect(h.texts.last == "Draw pictures in the terminal's own pixels (sixel or kitty graphics), where it has them, toggle button, off")
        await h.press(.enter)
        let refusal = "This terminal did not say it draws sixel or kitty graphics, so pictures stay drawn in characters."
        #expect(h.texts.last == refusal)
        #expect(h.lines.joined(separator: " ").contains("This terminal did not say it draws sixel"), "\(h.lines)")
        #expect(h.store.saved?.pictureGraphics != true)
        #expect(h.lines.contains { $0.contains("[ ] Draw pictures in the terminal's own pixels") }, "\(h.lines)")
        #expect(AppSettings().pictureGraphics == false, "off by default")
    }

    @Test func turningPixelGraphicsOnWhereTheTerminalHasSixelsIsSaved() async throws {
        let (h, _) = try harness(support: PixelSupport(graphics: .sixel), graphicsOn: false)
        await h.open()
        await h.focusSetting("Draw pictures in the terminal's own pixels")
        await h.press(.enter)
        #expect(h.texts.last == "on")
        #expect(h.store.saved?.pictureGraphics == true)
    }

    @Test func onATerminalWithSixelsThePictureIsDrawnInPixelsUnderItsDescriptionAndLeavingTakesThemAway() async throws {
        let (h, pictures) = try harness(support: PixelSupport(graphics: .sixel, cellWidth: 9, cellHeight: 18), graphicsOn: true)
        await h.open()
        await h.press(.home, .char("i"))
        // The body (rows 3 to 21, columns 1 to 78) centres the 4 × 2 cells of pixels; its cells stay blank.
        #expect(h.terminal.pixels == TerminalPixels(origin: Point(x: 38, y: 11), bytes: Self.sixel, graphics: .sixel))
        #expect(pictures.drawnIn.withValue { $0 } == [.sixel])
        #expect(h.lines[2].hasPrefix(" > Picture 1 of 1: A heron"), "\(h.lines)")
        #expect(h.cursor?.y == 2, "the hardware cursor stays on the description line")
        #expect(!h.lines.joined().contains("#"), "no characters under the pixels: \(h.lines)")
        await h.press(.escape)
        #expect(h.terminal.pixels == nil)
    }

    @Test func withPixelGraphicsOffThePictureIsDrawnInCharactersEvenOnASixelTerminal() async throws {
        let (h, pictures) = try harness(support: PixelSupport(graphics: .sixel), graphicsOn: false)
        await h.open()
        await h.press(.home, .char("i"))
        #expect(h.terminal.pixels == nil)
        #expect(pictures.drawnIn.withValue { $0 }.isEmpty)
        #expect(h.lines[11].contains("####"), "\(h.lines)")
    }
}
