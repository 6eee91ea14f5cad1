import Foundation
import MicroblogKit
import ParlaApp
import Pictures
import TerminalKit
import TestSupport
import Testing

/// Issue 29: a picture's recognised text is offered as the start of its description when it is attached; the
/// user edits it or clears it, and Send asks before posting it unchanged.
@Suite struct ComposePictureTextTests {
    /// Decodes every file as one white pixel and reads "PARLA READS 42" in it.
    struct Fixed: PictureDecoding, PictureDrawing, TextRecognizing {
        func decode(_ data: Data, atLeast: (width: Int, height: Int)?) throws -> GrayImage { GrayImage(width: 1, height: 1, pixels: [255]) }
        func draw(_ image: GrayImage, columns: Int, rows: Int, ink: RGB, paper: RGB, symbols: PictureSymbols) throws -> PictureCells {
            PictureCells(columns: 1, rows: 1, characters: ["█"])
        }
        func recognize(_ image: GrayImage, languages: [String]) throws -> String { "PARLA READS 42\n" }
    }

    func attach(_ h: AppHarness, _ path: String) async {
        await h.open()
        await h.press(.char("c"))
        for character in "Look" { await h.press(.char(character)) }
        await h.press(.tab, .tab, .tab, .enter, .tab)
        for character in path { await h.press(.char(character)) }
        await h.press(.enter)
    }

    @Test func aPicturesRecognisedTextIsOfferedAsItsDescriptionAndSendAsksBeforePostingItUnchanged() async throws {
        let path = try ComposeAttachTests.image()
        let h = try AppHarness(pictures: PictureServices(decoder: Fixed(), drawer: Fixed(), recognizer: Fixed()))
        await attach(h, path)
        #expect(h.texts.contains("Text found in heron.png, now the start of its description: PARLA READS 42 . Edit it or clear it; Send asks before posting it unchanged."),
                "\(h.texts.suffix(3))")
        await h.press(.tab, .f(3), .enter)
        #expect(h.texts.last == "The description of heron.png is the text recognised in it, unchanged. Send again to post it as it is, or edit it first.")
        #expect(h.engine.sent.isEmpty)
        await h.press(.enter)
        #expect(h.engine.sent.map(\.attachments) == [[NewAttachment(path: path, description: "PARLA READS 42")]])
    }

    @Test func withoutThePictureLibrariesNothingIsOffered() async throws {
        let path = try ComposeAttachTests.image()
        let h = try AppHarness()
        await attach(h, path)
        #expect(!h.texts.contains { $0.hasPrefix("Text found in") })
    }
}
