import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaApp
import Pictures
import TerminalKit
import TestSupport
import Testing

/// Issue 29: with "Recognise text in undescribed pictures" on, the text of a post's undescribed picture is read
/// as the post gets focus, off the key loop (here: when the test's executor runs it), once, and kept; `a` and
/// the reader then answer with it at once, and nothing is said over the post when it comes. Off (the default,
/// or turned off in Settings), nothing is read until `a` asks.
@Suite struct PictureTextReadingTests {
    /// Decodes every file as one white pixel and reads "PARLA READS 42" in it, counting the readings.
    final class CountingRecognizer: PictureDecoding, PictureDrawing, TextRecognizing, @unchecked Sendable {
        let readings = LockedValue(0)
        var count: Int { readings.withValue { $0 } }

        func decode(_ data: Data, atLeast: (width: Int, height: Int)?) throws -> GrayImage { GrayImage(width: 1, height: 1, pixels: [255]) }
        func draw(_ image: GrayImage, columns: Int, rows: Int, ink: RGB, paper: RGB, symbols: PictureSymbols) throws -> PictureCells {
            PictureCells(columns: 1, rows: 1, characters: ["█"])
        }
        func recognize(_ image: GrayImage, languages: [String]) throws -> String {
            readings.withValue { $0 += 1 }
            return "PARLA READS 42"
        }
    }

    /// Home holds two posts by Ana, each with one undescribed picture (their files on the engine's "server").
    func harness(readingOn: Bool) throws -> (AppHarness, CountingRecognizer) {
        let engine = FakeEngine()
        var first = post("111", by: ana, "<p>Look at this</p>", minutesAgo: 1)
        first.media = [MediaAttachment(id: "p1", kind: .image, url: "https://parla.test/p1.png")]
        var second = post("110", by: ana, "<p>And this</p>", minutesAgo: 2)
        second.media = [MediaAttachment(id: "p2", kind: .image, url: "https://parla.test/p2.png")]
        engine.willBring([first, second], to: "home")
        engine.media.withValue { media in
            media.files["https://parla.test/p1.png"] = Data([1])
            media.files["https://parla.test/p2.png"] = Data([2])
        }
        var settings = AppSettings()
        settings.recognizeUndescribedPictures = readingOn
        let recognizer = CountingRecognizer()
        let h = try AppHarness(engine: engine, settings: settings,
                               pictures: PictureServices(decoder: recognizer, drawer: recognizer, recognizer: recognizer))
        return (h, recognizer)
    }

    @Test func focusingAPostReadsItsUndescribedPictureOnceAndAAnswersAtOnceFromWhatWasRead() async throws {
        let (h, recognizer) = try harness(readingOn: true)
        await h.open()
        await h.press(.home)
        #expect(recognizer.count == 1)
        // Read quietly: nothing said over the post when the text came.
        #expect(!h.texts.contains { $0.contains("PARLA READS 42") }, "\(h.texts)")
        await h.press(.down, .up)
        #expect(recognizer.count == 2, "the second post's picture is read as it gets focus, the first's not again")
        let said = h.texts.count
        await h.press(.char("a"))
        #expect(Array(h.texts.dropFirst(said)) == ["No description. Text in the picture: PARLA READS 42"])
        #expect(recognizer.count == 2)
        #expect(h.engine.media.withValue { $0.fetched } == ["https://parla.test/p1.png", "https://parla.test/p2.png"])
    }

    @Test func theReaderShowsAPicturesTextReadAsItsPostGotFocus() async throws {
        let (h, _) = try harness(readingOn: true)
        await h.open()
        await h.press(.home, .char("x"))
        #expect(h.lines.contains { $0.contains("Attachment 1: No description. Text in the picture: PARLA READS 42") }, "\(h.lines)")
    }

    @Test func aTextReadWhileTheReaderIsOpenShowsThereWithoutBeingSaid() async throws {
        let (h, _) = try harness(readingOn: true)
        await h.open()
        // The post gets focus and the reader opens before its picture's text is read.
        h.app.handle(.home)
        h.app.handle(.char("x"))
        #expect(!h.lines.contains { $0.contains("PARLA READS 42") })
        let said = h.texts.count
        await h.app.settle()
        #expect(h.lines.contains { $0.contains("Attachment 1: No description. Text in the picture: PARLA READS 42") }, "\(h.lines)")
        #expect(!h.texts.dropFirst(said).contains { $0.contains("PARLA READS 42") }, "\(h.texts)")
    }

    @Test func offByDefaultNothingIsReadUntilAAsks() async throws {
        #expect(AppSettings().recognizeUndescribedPictures == false)
        let (h, recognizer) = try harness(readingOn: false)
        await h.open()
        await h.press(.home, .down, .up)
        #expect(recognizer.count == 0)
        await h.press(.char("a"))
        #expect(h.texts.suffix(2) == ["Reading the text in the picture.", "No description. Text in the picture: PARLA READS 42"])
        #expect(recognizer.count == 1)
    }

    @Test func turningTheSettingOffInSettingsStopsReadingPicturesAsTheirPostIsRead() async throws {
        let (h, recognizer) = try harness(readingOn: true)
        await h.open()
        await h.press(.home)
        #expect(recognizer.count == 1)
        await h.focusSetting("Recognise text in undescribed pictures")
        #expect(h.texts.last == "Recognise text in undescribed pictures as their post is read, toggle button, on")
        await h.press(.enter)
        #expect(h.store.saved?.recognizeUndescribedPictures == false)
        await h.press(.escape, .down)
        #expect(recognizer.count == 1, "the second post's picture is not read now")
    }

    @Test func turningTheSettingOnReadsThePictureOfThePostThatAlreadyHasFocus() async throws {
        let (h, recognizer) = try harness(readingOn: false)
        await h.open()
        await h.press(.home)
        #expect(recognizer.count == 0)
        await h.focusSetting("Recognise text in undescribed pictures")
        // Turned on: the post read below Settings has its picture read in the background, quietly.
        h.app.handle(.enter)
        #expect(recognizer.count == 0, "off the key loop: it waits for the executor")
        await h.app.settle()
        #expect(h.store.saved?.recognizeUndescribedPictures == true)
        #expect(recognizer.count == 1)
        #expect(h.engine.media.withValue { $0.fetched } == ["https://parla.test/p1.png"])
        #expect(h.texts.last == "on", "only the toggle's state is said: \(h.texts.suffix(2))")
        #expect(!h.texts.contains { $0.contains("PARLA READS 42") }, "\(h.texts)")
        // Back on the post, `a` answers at once from what was read.
        await h.press(.escape)
        let said = h.texts.count
        await h.press(.char("a"))
        #expect(Array(h.texts.dropFirst(said)) == ["No description. Text in the picture: PARLA READS 42"])
        #expect(recognizer.count == 1)
    }

    @Test func turningTheSettingOffStopsARecognitionStillWaitingToRun() async throws {
        let (h, recognizer) = try harness(readingOn: true)
        await h.open()
        await h.press(.home)
        #expect(recognizer.count == 1)
        // The second post gets focus: its picture's reading waits for the executor while the user turns it off.
        h.app.handle(.down)
        h.app.handle(.f(9))
        for _ in 0..<80 where h.texts.last?.hasPrefix("Recognise text in undescribed pictures") != true { h.app.handle(.tab) }
        h.app.handle(.enter)
        await h.app.settle()
        #expect(h.store.saved?.recognizeUndescribedPictures == false)
        #expect(recognizer.count == 1)
        #expect(h.engine.media.withValue { $0.fetched } == ["https://parla.test/p1.png"])
    }
}
