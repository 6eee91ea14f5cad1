import Foundation
import PictureCodecs
import Pictures
import Testing

@Suite struct TextRecognitionTests {
    @Test func theWordsInAPictureAreRecognised() throws {
        let data = try TestPictures.convert(TestPictures.text("PARLA READS 42"), to: "words.png", in: TestPictures.folder("ocr"))
        let image = try LibraryPictureDecoder().decode(data, atLeast: nil)
        #expect(try TesseractRecognizer().recognize(image, languages: RecognitionLanguages.all) == "PARLA READS 42")
    }

    @Test func aPictureWithoutTextGivesNothing() throws {
        let data = try TestPictures.convert(TestPictures.disc(width: 300, height: 300), to: "disc.png", in: TestPictures.folder("ocr-none"))
        let image = try LibraryPictureDecoder().decode(data, atLeast: nil)
        #expect(try TesseractRecognizer().recognize(image, languages: ["eng"]) == "")
    }

    @Test func theRecognitionLanguageFollowsThePostsAndFallsBackToAllThree() {
        #expect(RecognitionLanguages.for(postLanguage: "es") == ["spa"])
        #expect(RecognitionLanguages.for(postLanguage: "ca-ES") == ["cat"])
        #expect(RecognitionLanguages.for(postLanguage: "de") == ["eng", "spa", "cat"])
        #expect(RecognitionLanguages.for(postLanguage: nil) == ["eng", "spa", "cat"])
    }
}
