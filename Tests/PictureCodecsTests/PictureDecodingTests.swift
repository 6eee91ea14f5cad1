import Foundation
import ParlaBase
import PictureCodecs
import Pictures
import Testing
import TestSupport

@Suite struct PictureDecodingTests {
    let decoder = LibraryPictureDecoder()

    /// The disc's centre is dark and its corners light, in each of the four formats.
    @Test func jpegPNGGIFAndWebPAreDecodedToGrey() throws {
        let folder = TestPictures.folder("formats")
        for file in ["disc.jpg", "disc.png", "disc.gif", "disc.webp"] {
            let data = try TestPictures.convert(TestPictures.disc(width: 300, height: 200), to: file, in: folder)
            let image = try decoder.decode(data, atLeast: nil)
            #expect(image.width == 300 && image.height == 200, "\(file)")
            #expect(image[150, 100] < 60, "\(file): the centre is dark")
            #expect(image[2, 2] > 200 && image[297, 197] > 200, "\(file): the corners are light")
        }
    }

    @Test func aJPEGIsDecodedAtAFractionOfItsSizeWhenThatIsEnough() throws {
        let data = try TestPictures.convert(TestPictures.disc(width: 1600, height: 1200), to: "big.jpg", in: TestPictures.folder("scale"))
        let image = try decoder.decode(data, atLeast: (width: 200, height: 100))
        #expect(image.width == 200 && image.height == 150)
    }

    @Test func theHeaderSaysTheFormatAndSizeBeforeDecoding() throws {
        let folder = TestPictures.folder("headers")
        for (file, format) in [("h.jpg", PictureFormat.jpeg), ("h.png", .png), ("h.gif", .gif), ("h.webp", .webp)] {
            let data = try TestPictures.convert(TestPictures.disc(width: 321, height: 123), to: file, in: folder)
            #expect(PictureHeader.read(data) == PictureHeader(format: format, width: 321, height: 123))
        }
        #expect(PictureHeader.read(Data("hello".utf8)) == nil)
    }

    /// Issue 29: a truncated JPEG, a PNG that claims 100,000 × 100,000 pixels, a 50 MB file and a GIF of
    /// 10,000 frames each give a message, nothing crashes, and resident memory stays under 200 MB.
    @Test func hostilePicturesGiveAMessageAndMemoryStaysUnder200MB() throws {
        let localizer = TestLocalization.localizer()
        let folder = TestPictures.folder("hostile")
        let jpeg = try TestPictures.convert(TestPictures.disc(width: 640, height: 480), to: "whole.jpg", in: folder)
        func message(_ data: Data) -> String {
            do {
                _ = try decoder.decode(data, atLeast: nil)
                return "decoded"
            } catch let error as PictureError {
                return error.message(localizer)
            } catch {
                return "\(error)"
            }
        }
        #expect(message(jpeg.prefix(jpeg.count / 2)) == "This JPEG picture is damaged or cut short (Premature end of JPEG file).")
        #expect(message(TestPictures.pngClaiming(width: 100_000, height: 100_000))
            == "This picture is too large: 100000 by 100000 pixels, more than Parla opens.")
        var huge = TestPictures.pngClaiming(width: 100, height: 100)
        huge.append(Data(count: 50 * 1024 * 1024))
        #expect(message(huge) == "This picture's file is too large: 52.4 MB, more than 21.0 MB.")
        let file = folder.appendingPathComponent("huge.png")
        try huge.write(to: file)
        huge = Data()
        #expect(throws: PictureError.tooManyBytes(bytes: 52_428_833, limit: 20 * 1024 * 1024)) {
            try decoder.decodeFile(at: file, limits: .standard, atLeast: nil)
        }
        let frames = TestPictures.gif(frames: 10_000)
        let first = try decoder.decode(frames, atLeast: nil)
        #expect(first.width == 100 && first.height == 100 && first[0, 0] == 0 && first[1, 1] == 255)
        #expect(message(Data(frames.prefix(20))) == "This GIF picture is damaged or cut short (a damaged frame).")
        #expect(message(Data("not a picture at all".utf8)) == "This is not a picture Parla can open (JPEG, PNG, WebP or GIF).")
        #expect(TestPictures.peakResidentMegabytes() < 200)
    }
}
