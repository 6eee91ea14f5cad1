import Foundation
import PictureCodecs
import Pictures
import TerminalKit

/// picture_12mp_ms and ocr_screenshot_ms (issue 29).
///
/// `picture_12mp_ms`: a 12-megapixel JPEG (4000 × 3000, made by ImageMagick) from its file to an 80×24
/// cell grid, as the picture view does it: the file read, decoded at the view's size (libjpeg-turbo then
/// decodes at a fraction of the full size), drawn by chafa in two colours and written into the grid.
/// `picture_12mp_sixel_ms`: the same file to sixels for 80 × 22 cells of 10 × 20 pixels (the setting "Draw pictures in
/// the terminal's own pixels"), and `picture_12mp_sixel_bytes` the size of what is written to the terminal.
/// `ocr_screenshot_ms`: Tesseract reading a 1,000 × 600 screenshot of text (ten lines of dark text on white)
/// of a post in English, the recogniser already initialised (as it stays for the session); `ocr_first_ms` is
/// the first reading, which loads the model; `ocr_screenshot_three_languages_ms` the same screenshot of a
/// post that names no language (English, Spanish and Catalan).
func pictureBench(runs: Int) throws {
    let runner = ProcessRunner()
    let folder = try runner.temporaryFolder("pictures")
    defer { try? FileManager.default.removeItem(at: folder) }
    let photo = folder.appendingPathComponent("photo.jpg").path
    let screenshot = folder.appendingPathComponent("screenshot.png").path
    step("pictures: making a 12-megapixel JPEG")
    try runner.run("/usr/bin/env", ["convert", "-size", "4000x3000", "gradient:#f0e0c0-#203040", "-fill", "#101010",
                                    "-draw", "circle 2000,1500 2000,300", "-quality", "90", photo], timeout: 120)
    let lines = (1...10).map { "Line \($0): the quick brown fox jumps over the lazy dog, 2026." }.joined(separator: "\n")
    try runner.run("/usr/bin/env", ["convert", "-size", "1000x600", "xc:white", "-fill", "#202020", "-pointsize", "24",
                                    "-annotate", "+20+40", lines, screenshot], timeout: 60)

    step("pictures: 12-megapixel JPEG to the screen")
    let decoder = LibraryPictureDecoder(), drawer = ChafaPictureDrawer()
    var times: [Double] = []
    for _ in 0..<max(20, runs / 10) {
        let start = ContinuousClock.now
        let data = try Data(contentsOf: URL(fileURLWithPath: photo))
        let image = try decoder.decode(data, atLeast: PictureReader.viewDecodeSize)
        let cells = try drawer.draw(image, columns: 80, rows: 22, ink: RGB(255, 255, 255), paper: RGB(0, 0, 0), symbols: .blocks)
        var grid = CellGrid(size: Size(width: 80, height: 24))
        for y in 0..<cells.rows {
            for x in 0..<cells.columns { _ = grid.put(cells.characters[y * cells.columns + x], at: Point(x: x, y: y + 1), style: .plain) }
        }
        times.append(milliseconds(ContinuousClock.now - start))
    }
    figure("picture_12mp_ms", format(percentile(times, 50)))
    figure("picture_12mp_p95_ms", format(percentile(times, 95)))

    step("pictures: 12-megapixel JPEG to sixels")
    var sixels: [Double] = []
    var sixelBytes = 0
    for _ in 0..<max(10, runs / 20) {
        let start = ContinuousClock.now
        let data = try Data(contentsOf: URL(fileURLWithPath: photo))
        let image = try decoder.decode(data, atLeast: PictureReader.viewDecodeSize)
        let picture = try drawer.pixels(image, columns: 80, rows: 22, cellWidth: 10, cellHeight: 20, ink: RGB(255, 255, 255),
                                        paper: RGB(0, 0, 0), graphics: .sixel)
        sixelBytes = picture.bytes.count
        sixels.append(milliseconds(ContinuousClock.now - start))
    }
    figure("picture_12mp_sixel_ms", format(percentile(sixels, 50)))
    figure("picture_12mp_sixel_bytes", String(sixelBytes))

    step("pictures: recognising a 1,000 × 600 screenshot")
    let recognizer = TesseractRecognizer()
    let languages = RecognitionLanguages.for(postLanguage: "en")
    let image = try decoder.decode(try Data(contentsOf: URL(fileURLWithPath: screenshot)), atLeast: nil)
    var start = ContinuousClock.now
    let first = try recognizer.recognize(image, languages: languages)
    figure("ocr_first_ms", format(milliseconds(ContinuousClock.now - start)))
    var readings: [Double] = []
    for _ in 0..<5 {
        start = ContinuousClock.now
        _ = try recognizer.recognize(image, languages: languages)
        readings.append(milliseconds(ContinuousClock.now - start))
    }
    figure("ocr_screenshot_ms", format(percentile(readings, 50)))
    figure("ocr_screenshot_lines_read", String(first.split(separator: "\n").filter { $0.hasPrefix("Line ") }.count))
    let all = RecognitionLanguages.for(postLanguage: nil)
    _ = try recognizer.recognize(image, languages: all)
    var three: [Double] = []
    for _ in 0..<3 {
        start = ContinuousClock.now
        _ = try recognizer.recognize(image, languages: all)
        three.append(milliseconds(ContinuousClock.now - start))
    }
    figure("ocr_screenshot_three_languages_ms", format(percentile(three, 50)))
}
