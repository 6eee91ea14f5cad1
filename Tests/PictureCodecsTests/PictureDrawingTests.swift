import Foundation
import PictureCodecs
import Pictures
import Testing

@Suite struct PictureDrawingTests {
    /// The disc is drawn in paper (dark is nearer the black paper), its background in ink; inverting the
    /// colours swaps them. Only the space, the block and the block elements are used.
    @Test func aDarkDiscIsDrawnDifferentlyFromItsLightBackground() throws {
        let data = try TestPictures.convert(TestPictures.disc(width: 400, height: 400), to: "disc.png", in: TestPictures.folder("draw"))
        let image = try LibraryPictureDecoder().decode(data, atLeast: nil)
        for (columns, rows) in [(80, 20), (40, 9)] {
            let drawn = try ChafaPictureDrawer().draw(image, columns: columns, rows: rows, ink: RGB(255, 255, 255), paper: RGB(0, 0, 0), symbols: .blocks)
            #expect(drawn.rows == rows && drawn.columns == rows * 2, "as large as the rows allow, a cell half as wide as tall")
            let centre = drawn.characters[drawn.rows / 2 * drawn.columns + drawn.columns / 2]
            let corner = drawn.characters[0]
            #expect(centre == " " && corner == "█")
            let inverted = try ChafaPictureDrawer().draw(image, columns: columns, rows: rows, ink: RGB(0, 0, 0), paper: RGB(255, 255, 255), symbols: .blocks)
            #expect(inverted.characters[inverted.rows / 2 * inverted.columns + inverted.columns / 2] == "█" && inverted.characters[0] == " ")
            #expect(drawn.characters.allSatisfy { $0 == " " || ("\u{2580}"..."\u{259F}").contains(String($0)) })
        }
    }

    @Test func asciiDrawingUsesOnlyASCII() throws {
        let data = try TestPictures.convert(TestPictures.disc(width: 200, height: 200), to: "disc.png", in: TestPictures.folder("ascii"))
        let image = try LibraryPictureDecoder().decode(data, atLeast: nil)
        let drawn = try ChafaPictureDrawer().draw(image, columns: 40, rows: 10, ink: RGB(255, 255, 255), paper: RGB(0, 0, 0), symbols: .ascii)
        #expect(drawn.characters.allSatisfy { $0.isASCII })
        #expect(drawn.characters[0] != " " && drawn.characters[5 * drawn.columns + drawn.columns / 2] == " ")
    }

    /// Issue 29: on a terminal with pixel graphics the picture is chafa's sixels or kitty graphics, in the cells it
    /// covers: sixel's introducer (`ESC P`, parameters, `q`) to its terminator (`ESC \`); kitty's `ESC _ G` commands.
    @Test func sixelAndKittyBytesOfAPictureAreTheirProtocolsSequences() throws {
        let data = try TestPictures.convert(TestPictures.disc(width: 400, height: 200), to: "disc.png", in: TestPictures.folder("pixels"))
        let image = try LibraryPictureDecoder().decode(data, atLeast: nil)
        let sixel = try ChafaPictureDrawer().pixels(image, columns: 40, rows: 10, cellWidth: 10, cellHeight: 20, ink: RGB(255, 255, 255),
                                                    paper: RGB(0, 0, 0), graphics: .sixel)
        #expect(sixel.columns == 40 && sixel.rows == 10, "a 2:1 picture in 10×20 pixel cells fills 40 × 10 cells")
        let text = String(decoding: sixel.bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}P"), "\(text.prefix(20).debugDescription)")
        let introducer = text.prefix(while: { $0 != "q" })
        #expect(introducer.dropFirst(2).allSatisfy { $0.isNumber || $0 == ";" } && text.dropFirst(introducer.count).first == "q")
        #expect(text.hasSuffix("\u{1B}\\"))
        // Two colours only: the ink and the paper.
        #expect(text.contains("#0;2;100;100;100") && text.contains("#1;2;0;0;0"), "\(text.prefix(60).debugDescription)")
        let kitty = try ChafaPictureDrawer().pixels(image, columns: 40, rows: 10, cellWidth: 10, cellHeight: 20, ink: RGB(255, 255, 255),
                                                    paper: RGB(0, 0, 0), graphics: .kitty)
        #expect(String(decoding: kitty.bytes.prefix(3), as: UTF8.self) == "\u{1B}_G")
        #expect(String(decoding: kitty.bytes.suffix(2), as: UTF8.self) == "\u{1B}\\")
    }
}
